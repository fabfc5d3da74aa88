/// Appends the elements of one array node.
struct FormUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let storage: FormEncodingStorage
    let array: Int
    private(set) var count = 0

    init(storage: FormEncodingStorage, array: Int) {
        self.storage = storage
        self.array = array
    }

    var codingPath: [any CodingKey] { storage.codingPath(of: array) }

    /// The slot of the next element, for a value that may write nothing.
    private mutating func nextElement() -> Int {
        count += 1
        return storage.element(of: array, at: count - 1)
    }

    /// The node of the next element, for a scalar.
    private mutating func nextElementNode() -> Int {
        count += 1
        return storage.elementNode(of: array, at: count - 1)
    }

    mutating func encodeNil() throws {
        guard let text = storage.nilText else { return }
        storage.write(text, into: nextElementNode())
    }

    mutating func encode(_ value: Bool) throws {
        storage.write(value, into: nextElementNode())
    }

    mutating func encode(_ value: String) throws {
        storage.write(value, into: nextElementNode())
    }

    mutating func encode(_ value: Double) throws {
        storage.write(float: value, into: nextElementNode())
    }

    mutating func encode(_ value: Float) throws {
        storage.write(float: value, into: nextElementNode())
    }

    mutating func encode(_ value: Int) throws {
        storage.write(value, into: nextElementNode())
    }

    mutating func encode(_ value: Int8) throws {
        storage.write(value, into: nextElementNode())
    }

    mutating func encode(_ value: Int16) throws {
        storage.write(value, into: nextElementNode())
    }

    mutating func encode(_ value: Int32) throws {
        storage.write(value, into: nextElementNode())
    }

    mutating func encode(_ value: Int64) throws {
        storage.write(value, into: nextElementNode())
    }

    mutating func encode(_ value: UInt) throws {
        storage.write(value, into: nextElementNode())
    }

    mutating func encode(_ value: UInt8) throws {
        storage.write(value, into: nextElementNode())
    }

    mutating func encode(_ value: UInt16) throws {
        storage.write(value, into: nextElementNode())
    }

    mutating func encode(_ value: UInt32) throws {
        storage.write(value, into: nextElementNode())
    }

    mutating func encode(_ value: UInt64) throws {
        storage.write(value, into: nextElementNode())
    }

    /// A scalar is written straight into its element (`Array<Int>` encodes its elements through
    /// this generic method); anything else gets a slot that is made when it writes.
    mutating func encode<Value: Encodable>(_ value: Value) throws {
        count += 1
        let (storage, array, index) = (storage, array, count - 1)
        if try storage.writeScalar(value, into: { storage.elementNode(of: array, at: index) }) { return }
        try value.encode(to: FormValueEncoder(storage: storage, target: storage.element(of: array, at: index)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(FormKeyedEncodingContainer<NestedKey>(storage: storage, object: nextElement()))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        FormUnkeyedEncodingContainer(storage: storage, array: nextElement())
    }

    /// An encoder for this array's own path, as Alamofire's encoder does: what it writes takes
    /// the array's place.
    mutating func superEncoder() -> any Encoder {
        count += 1
        return FormValueEncoder(storage: storage, target: array)
    }
}
