/// Appends the elements of one array node. Each element is its coding index, `count` when it is
/// made, as in `JSONEncoder`: its place among the array's elements and in its coding path.
struct FormUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let writer: FormEncodingSession
    let array: Int
    private(set) var count: Int

    init(writer: FormEncodingSession, array: Int) {
        self.writer = writer
        self.array = array
        writer.markArray(array)
        count = writer.nextElementIndex(of: array)
    }

    var codingPath: [any CodingKey] { writer.codingPath(of: array) }

    /// The slot of the next element, for a container that may write nothing.
    private mutating func nextElementSlot() -> Int {
        count += 1
        return writer.element(of: array, at: count - 1)
    }

    /// The next element, for a value written straight to it.
    private mutating func nextElement() -> ScalarTarget {
        count += 1
        return .element(count - 1, of: array)
    }

    /// A dropped `nil` takes no index, as in Alamofire.
    mutating func encodeNil() throws {
        guard let scalar = writer.nilScalar else { return }
        writer.writeNil(scalar, to: nextElement())
    }

    mutating func encode(_ value: Bool) throws { writer.write(value, to: nextElement()) }
    mutating func encode(_ value: String) throws { writer.write(value, to: nextElement()) }
    mutating func encode(_ value: Double) throws { writer.write(float: value, to: nextElement()) }
    mutating func encode(_ value: Float) throws { writer.write(float: value, to: nextElement()) }
    mutating func encode(_ value: Int) throws { writer.write(value, to: nextElement()) }
    mutating func encode(_ value: Int8) throws { writer.write(value, to: nextElement()) }
    mutating func encode(_ value: Int16) throws { writer.write(value, to: nextElement()) }
    mutating func encode(_ value: Int32) throws { writer.write(value, to: nextElement()) }
    mutating func encode(_ value: Int64) throws { writer.write(value, to: nextElement()) }
    mutating func encode(_ value: UInt) throws { writer.write(value, to: nextElement()) }
    mutating func encode(_ value: UInt8) throws { writer.write(value, to: nextElement()) }
    mutating func encode(_ value: UInt16) throws { writer.write(value, to: nextElement()) }
    mutating func encode(_ value: UInt32) throws { writer.write(value, to: nextElement()) }
    mutating func encode(_ value: UInt64) throws { writer.write(value, to: nextElement()) }

    /// A scalar is written straight into its element (`Array<Int>` encodes its elements through
    /// this generic method); anything else gets a slot that is made when it writes.
    mutating func encode<Value: Encodable>(_ value: Value) throws { try writer.encode(value, to: nextElement()) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(FormKeyedEncodingContainer<NestedKey>(writer: writer, object: nextElementSlot()))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        FormUnkeyedEncodingContainer(writer: writer, array: nextElementSlot())
    }

    /// An encoder for this array's own path, as Alamofire's encoder does: what it writes takes
    /// the array's place (Alamofire's own test of a subclass that writes through it is in
    /// `AlamofireCompatibilityTests`).
    mutating func superEncoder() -> any Encoder {
        count += 1
        return FormValueEncoder(writer: writer, slot: array)
    }
}
