/// Writes the one value of a slot.
struct FormSingleValueEncodingContainer: SingleValueEncodingContainer {
    let storage: FormEncodingStorage
    let slot: Int
    private var holdsValue = false

    init(storage: FormEncodingStorage, slot: Int) {
        self.storage = storage
        self.slot = slot
    }

    var codingPath: [any CodingKey] { storage.codingPath(of: slot) }

    private mutating func claim(_ value: @autoclosure () -> Any) throws {
        guard !holdsValue else {
            let context = EncodingError.Context(
                codingPath: codingPath,
                debugDescription: "A single value container holds one value, and a value was already encoded into it."
            )
            throw EncodingError.invalidValue(value(), context)
        }
        holdsValue = true
    }

    mutating func encodeNil() throws {
        try claim(Optional<Any>.none as Any)
        storage.writeNil(to: .slot(slot))
    }

    mutating func encode(_ value: Bool) throws {
        try claim(value)
        storage.write(value, to: .slot(slot))
    }

    mutating func encode(_ value: String) throws {
        try claim(value)
        storage.write(value, to: .slot(slot))
    }

    mutating func encode(_ value: Double) throws {
        try claim(value)
        storage.write(float: value, to: .slot(slot))
    }

    mutating func encode(_ value: Float) throws {
        try claim(value)
        storage.write(float: value, to: .slot(slot))
    }

    mutating func encode(_ value: Int) throws {
        try claim(value)
        storage.write(value, to: .slot(slot))
    }

    mutating func encode(_ value: Int8) throws {
        try claim(value)
        storage.write(value, to: .slot(slot))
    }

    mutating func encode(_ value: Int16) throws {
        try claim(value)
        storage.write(value, to: .slot(slot))
    }

    mutating func encode(_ value: Int32) throws {
        try claim(value)
        storage.write(value, to: .slot(slot))
    }

    mutating func encode(_ value: Int64) throws {
        try claim(value)
        storage.write(value, to: .slot(slot))
    }

    mutating func encode(_ value: UInt) throws {
        try claim(value)
        storage.write(value, to: .slot(slot))
    }

    mutating func encode(_ value: UInt8) throws {
        try claim(value)
        storage.write(value, to: .slot(slot))
    }

    mutating func encode(_ value: UInt16) throws {
        try claim(value)
        storage.write(value, to: .slot(slot))
    }

    mutating func encode(_ value: UInt32) throws {
        try claim(value)
        storage.write(value, to: .slot(slot))
    }

    mutating func encode(_ value: UInt64) throws {
        try claim(value)
        storage.write(value, to: .slot(slot))
    }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        try claim(value)
        try storage.encode(value, to: .slot(slot))
    }
}
