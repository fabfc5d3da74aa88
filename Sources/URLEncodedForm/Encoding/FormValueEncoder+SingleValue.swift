/// Writes the one value of a slot.
struct FormSingleValueEncodingContainer: SingleValueEncodingContainer {
    let writer: FormEncodingSession
    let slot: Int
    private var holdsValue = false

    init(writer: FormEncodingSession, slot: Int) {
        self.writer = writer
        self.slot = slot
    }

    var codingPath: [any CodingKey] { writer.codingPath(of: slot) }

    /// The slot, the first time a value is written to it.
    private mutating func claim(_ value: @autoclosure () -> Any) throws -> ScalarTarget {
        guard !holdsValue else {
            let context = EncodingError.Context(
                codingPath: codingPath,
                debugDescription: "A single value container holds one value, and a value was already encoded into it."
            )
            throw EncodingError.invalidValue(value(), context)
        }
        holdsValue = true
        return .slot(slot)
    }

    mutating func encodeNil() throws { try writer.writeNil(to: claim(Optional<Any>.none as Any)) }
    mutating func encode(_ value: Bool) throws { try writer.write(value, to: claim(value)) }
    mutating func encode(_ value: String) throws { try writer.write(value, to: claim(value)) }
    mutating func encode(_ value: Double) throws { try writer.write(float: value, to: claim(value)) }
    mutating func encode(_ value: Float) throws { try writer.write(float: value, to: claim(value)) }
    mutating func encode(_ value: Int) throws { try writer.write(value, to: claim(value)) }
    mutating func encode(_ value: Int8) throws { try writer.write(value, to: claim(value)) }
    mutating func encode(_ value: Int16) throws { try writer.write(value, to: claim(value)) }
    mutating func encode(_ value: Int32) throws { try writer.write(value, to: claim(value)) }
    mutating func encode(_ value: Int64) throws { try writer.write(value, to: claim(value)) }
    mutating func encode(_ value: UInt) throws { try writer.write(value, to: claim(value)) }
    mutating func encode(_ value: UInt8) throws { try writer.write(value, to: claim(value)) }
    mutating func encode(_ value: UInt16) throws { try writer.write(value, to: claim(value)) }
    mutating func encode(_ value: UInt32) throws { try writer.write(value, to: claim(value)) }
    mutating func encode(_ value: UInt64) throws { try writer.write(value, to: claim(value)) }
    mutating func encode<Value: Encodable>(_ value: Value) throws { try writer.encode(value, to: claim(value)) }
}
