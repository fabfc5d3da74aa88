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

    /// The slot of the next element, for a container that may write nothing.
    private mutating func nextElementSlot() -> Int {
        count += 1
        return storage.element(of: array, at: count - 1)
    }

    /// The next element, for a value written straight to it.
    private mutating func nextElement() -> ScalarTarget {
        count += 1
        return .element(count - 1, of: array)
    }

    /// A dropped `nil` takes no index, as in Alamofire.
    mutating func encodeNil() throws {
        guard storage.nilText != nil else { return }
        storage.writeNil(to: nextElement())
    }

    mutating func encode(_ value: Bool) throws {
        storage.write(value, to: nextElement())
    }

    mutating func encode(_ value: String) throws {
        storage.write(value, to: nextElement())
    }

    mutating func encode(_ value: Double) throws {
        storage.write(float: value, to: nextElement())
    }

    mutating func encode(_ value: Float) throws {
        storage.write(float: value, to: nextElement())
    }

    mutating func encode(_ value: Int) throws {
        storage.write(value, to: nextElement())
    }

    mutating func encode(_ value: Int8) throws {
        storage.write(value, to: nextElement())
    }

    mutating func encode(_ value: Int16) throws {
        storage.write(value, to: nextElement())
    }

    mutating func encode(_ value: Int32) throws {
        storage.write(value, to: nextElement())
    }

    mutating func encode(_ value: Int64) throws {
        storage.write(value, to: nextElement())
    }

    mutating func encode(_ value: UInt) throws {
        storage.write(value, to: nextElement())
    }

    mutating func encode(_ value: UInt8) throws {
        storage.write(value, to: nextElement())
    }

    mutating func encode(_ value: UInt16) throws {
        storage.write(value, to: nextElement())
    }

    mutating func encode(_ value: UInt32) throws {
        storage.write(value, to: nextElement())
    }

    mutating func encode(_ value: UInt64) throws {
        storage.write(value, to: nextElement())
    }

    /// A scalar is written straight into its element (`Array<Int>` encodes its elements through
    /// this generic method); anything else gets a slot that is made when it writes.
    mutating func encode<Value: Encodable>(_ value: Value) throws {
        try storage.encode(value, to: nextElement())
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(FormKeyedEncodingContainer<NestedKey>(storage: storage, object: nextElementSlot()))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        FormUnkeyedEncodingContainer(storage: storage, array: nextElementSlot())
    }

    /// An encoder for this array's own path, as Alamofire's encoder does: what it writes takes
    /// the array's place.
    mutating func superEncoder() -> any Encoder {
        count += 1
        return FormValueEncoder(storage: storage, target: array)
    }
}
