/// Writes the members of one object node.
struct FormKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: FormEncodingSession
    let object: Int

    var codingPath: [any CodingKey] { writer.codingPath(of: object) }

    /// Where a value written under `key` goes: scalars are written straight to it.
    private func member(_ key: Key) -> ScalarTarget {
        .member(key.stringValue, of: object)
    }

    /// The slot of a container or encoder under `key`.
    private func memberSlot(_ key: Key) -> Int {
        writer.member(of: object, key: key.stringValue)
    }

    mutating func encodeNil(forKey key: Key) throws { writer.writeNil(to: member(key)) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { writer.write(value, to: member(key)) }
    mutating func encode(_ value: String, forKey key: Key) throws { writer.write(value, to: member(key)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { writer.write(float: value, to: member(key)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { writer.write(float: value, to: member(key)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { writer.write(value, to: member(key)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { writer.write(value, to: member(key)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { writer.write(value, to: member(key)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { writer.write(value, to: member(key)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { writer.write(value, to: member(key)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { writer.write(value, to: member(key)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { writer.write(value, to: member(key)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { writer.write(value, to: member(key)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { writer.write(value, to: member(key)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { writer.write(value, to: member(key)) }
    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws { try writer.encode(value, to: member(key)) }

    // The standard library's `encodeIfPresent` skips `nil` silently; these route it through
    // `nilEncoding`, so synthesized optionals honour `.dropValue` and `.null`. Each type has its
    // own body rather than one generic helper taking `Value?`: in this generic container the
    // helper stayed unspecialized and looked up `Optional<Value>`'s metadata on every call
    // (the medium encode's optionals; Benchmarks/README.md, Shortcuts).
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent<Value: Encodable>(_ value: Value?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(FormKeyedEncodingContainer<NestedKey>(writer: writer, object: memberSlot(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        FormUnkeyedEncodingContainer(writer: writer, array: memberSlot(key))
    }

    /// An encoder for this same object, so a superclass's members sit beside the subclass's.
    mutating func superEncoder() -> any Encoder {
        FormValueEncoder(writer: writer, slot: object)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        FormValueEncoder(writer: writer, slot: memberSlot(key))
    }
}
