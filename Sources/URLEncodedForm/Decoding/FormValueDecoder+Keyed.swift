/// Reads the members of an object node by coding key.
struct FormKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let reader: FormTreeReader
    let object: Int

    var codingPath: [any CodingKey] { reader.codingPath(of: object) }

    var allKeys: [Key] { reader.keys(of: object).compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool {
        reader.member(of: object, for: key.stringValue) != nil
    }

    private func member(_ key: Key) throws -> Int {
        guard let member = reader.member(of: object, for: key.stringValue) else {
            throw keyNotFound(key)
        }
        return member
    }

    private func keyNotFound(_ key: Key) -> DecodingError {
        let path = reader.keyPath(of: object, appending: reader.lookedUpName(for: key.stringValue))
        return DecodingError.keyNotFound(
            key,
            reader.context(object, "No value for the key \"\(key.stringValue)\": the form has no \"\(reader.quoted(path))\".")
        )
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let member = reader.member(of: object, for: key.stringValue) else { return true }
        return reader.isNil(member)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try leaf(key) { try missingBool(key) ?? reader.decodeBool(at: member(key)) } }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try leaf(key) { try reader.decodeString(at: member(key)) } }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try leaf(key) { try reader.decodeFloat(type, at: member(key)) } }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try leaf(key) { try reader.decodeFloat(type, at: member(key)) } }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try leaf(key) { try reader.decodeInteger(type, at: member(key)) } }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try leaf(key) { try reader.decodeInteger(type, at: member(key)) } }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try leaf(key) { try reader.decodeInteger(type, at: member(key)) } }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try leaf(key) { try reader.decodeInteger(type, at: member(key)) } }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try leaf(key) { try reader.decodeInteger(type, at: member(key)) } }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try leaf(key) { try reader.decodeInteger(type, at: member(key)) } }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try leaf(key) { try reader.decodeInteger(type, at: member(key)) } }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try leaf(key) { try reader.decodeInteger(type, at: member(key)) } }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try leaf(key) { try reader.decodeInteger(type, at: member(key)) } }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try leaf(key) { try reader.decodeInteger(type, at: member(key)) } }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try leaf(key) {
            guard let member = reader.member(of: object, for: key.stringValue) else { return try missingMember(type, key) }
            return try reader.decode(type, at: member)
        }
    }

    /// The value of a member the form does not have: an empty collection or `false` where the
    /// options say so (``FormTreeReader/missingValue(_:)``), or the error. Apart, and never
    /// inlined, because its `T?` makes a generic caller look up `Optional<T>`'s metadata on every
    /// call (every decode workload; Benchmarks/README.md, Shortcuts).
    @inline(never)
    private func missingMember<T>(_ type: T.Type, _ key: Key) throws -> T {
        if let empty = reader.missingValue(type) { return empty }
        if T.self == Bool.self, let bool = missingBool(key) { return reinterpret(bool, as: T.self) }
        throw keyNotFound(key)
    }

    /// `false` for a `Bool` the form does not have, under ``URLEncodedFormDecoder/MissingBool-swift.enum/false``;
    /// `nil` otherwise.
    private func missingBool(_ key: Key) -> Bool? {
        reader.rules.missingBoolIsFalse && reader.member(of: object, for: key.stringValue) == nil ? false : nil
    }

    /// Reads the member `key` with `read`. When every failed field is reported, a failure is
    /// recorded and the member gets a stand-in, so that the rest of the object is read too.
    @inline(__always)
    private func leaf<T: Decodable>(_ key: Key, _ read: () throws -> T) throws -> T {
        guard reader.rules.collectsFieldErrors else { return try read() }
        do {
            return try read()
        } catch {
            return try reader.standIn(after: error, T.self, member: key.stringValue, of: object)
        }
    }

    /// An empty value after `=` is an empty string, not `nil`: `middleName=` is `""`, and only a
    /// missing key is `nil`, unless ``URLEncodedFormDecoder/nilDecoding`` says more reads as `nil`.
    /// For other types an empty value is `nil`.
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let member = reader.member(of: object, for: key.stringValue), !reader.readsAsNil(member) else { return nil }
        // A name repeated where one value is read: `nil` when the value kept is.
        if reader[member].kind == .array, reader.isNil(member) { return nil }
        return try leaf(key) { try reader.decodeString(at: member) }
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        if T.self == String.self {
            return try decodeIfPresent(String.self, forKey: key).map { reinterpret($0, as: T.self) }
        }
        return try leaf(key) { try presentMember(key).map { try reader.decode(type, at: $0) } }
    }

    // The protocol's default `decodeIfPresent` looks the key up three times (`contains`,
    // `decodeNil`, `decode`); optional members are common enough to do it once.

    /// The member for `key`, or `nil` when it is missing or reads as `nil`.
    private func presentMember(_ key: Key) -> Int? {
        guard let member = reader.member(of: object, for: key.stringValue), !reader.isNil(member) else { return nil }
        return member
    }

    private func integerIfPresent<T: FixedWidthInteger & Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        try leaf(key) { try presentMember(key).map { try reader.decodeInteger(type, at: $0) } }
    }

    private func floatIfPresent<T: BinaryFloatingPoint & LosslessStringConvertible & Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        try leaf(key) { try presentMember(key).map { try reader.decodeFloat(type, at: $0) } }
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try leaf(key) { try presentMember(key).map(reader.decodeBool) } }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try floatIfPresent(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try floatIfPresent(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try integerIfPresent(type, key) }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try FormValueDecoder(reader: reader, node: member(key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        // A missing array is an empty one, as in `decode(_:forKey:)`, where a form cannot write
        // one empty.
        guard let member = reader.member(of: object, for: key.stringValue) else {
            if reader.rules.allowsEmptyArrays { throw keyNotFound(key) }
            return try FormUnkeyedDecodingContainer(reader: reader, array: reader.absentMember(of: object, key: key.stringValue))
        }
        return try FormUnkeyedDecodingContainer(reader: reader, array: member)
    }

    /// The same object: the encoder's keyed `superEncoder()` writes the superclass's members
    /// beside the subclass's.
    func superDecoder() throws -> any Decoder {
        FormValueDecoder(reader: reader, node: object)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        let member =
            reader.member(of: object, for: key.stringValue)
            ?? reader.absentMember(of: object, key: key.stringValue)
        return FormValueDecoder(reader: reader, node: member)
    }
}
