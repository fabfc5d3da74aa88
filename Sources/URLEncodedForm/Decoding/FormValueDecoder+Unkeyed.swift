/// Reads the elements of a node read as an array, in order.
struct FormUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let reader: FormTreeReader
    let array: Int
    private let elements: [Int]
    private(set) var currentIndex = 0

    init(reader: FormTreeReader, array: Int) throws {
        self.reader = reader
        self.array = array
        elements = try reader.elements(of: array)
    }

    var codingPath: [any CodingKey] { reader.tree.codingPath(of: array) }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The next element, consumed.
    private mutating func next<T>(_ type: T.Type) throws -> Int {
        guard currentIndex < elements.count else { throw pastTheEnd(type) }
        defer { currentIndex += 1 }
        return elements[currentIndex]
    }

    private func pastTheEnd<T>(_ type: T.Type) -> DecodingError {
        DecodingError.valueNotFound(
            type,
            DecodingError.Context(
                codingPath: codingPath + [FormCodingKey(index: currentIndex)],
                debugDescription:
                    "Expected \(type) at index \(currentIndex) of \(reader.describe(array)), but the array has only \(elements.count) elements."
            )
        )
    }

    mutating func decodeNil() throws -> Bool {
        guard currentIndex < elements.count else { throw pastTheEnd(Never?.self) }
        if reader.isNil(elements[currentIndex]) {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try element(type) { [reader] in try reader.decodeBool(at: $0) } }
    mutating func decode(_ type: String.Type) throws -> String { try element(type) { [reader] in try reader.decodeString(at: $0) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try element(type) { [reader] in try reader.decodeFloat(type, at: $0) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try element(type) { [reader] in try reader.decodeFloat(type, at: $0) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try element(type) { [reader] in try reader.decodeInteger(type, at: $0) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try element(type) { [reader] in try reader.decodeInteger(type, at: $0) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try element(type) { [reader] in try reader.decodeInteger(type, at: $0) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try element(type) { [reader] in try reader.decodeInteger(type, at: $0) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try element(type) { [reader] in try reader.decodeInteger(type, at: $0) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try element(type) { [reader] in try reader.decodeInteger(type, at: $0) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try element(type) { [reader] in try reader.decodeInteger(type, at: $0) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try element(type) { [reader] in try reader.decodeInteger(type, at: $0) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try element(type) { [reader] in try reader.decodeInteger(type, at: $0) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try element(type) { [reader] in try reader.decodeInteger(type, at: $0) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try element(type) { [reader] in try reader.decode(type, at: $0) } }

    /// Reads the next element with `read`. When every failed field is reported, a failure is
    /// recorded and the element gets a stand-in; reading past the end is never stood in for.
    @inline(__always)
    private mutating func element<T>(_ type: T.Type, _ read: (Int) throws -> T) throws -> T {
        let node = try next(type)
        guard reader.collectsFieldErrors else { return try read(node) }
        do {
            return try read(node)
        } catch {
            return try reader.standIn(after: error, T.self, element: currentIndex - 1, of: array)
        }
    }

    /// As in keyed containers, an empty element is `""` for a `String?`, `nil` for other types.
    mutating func decodeIfPresent(_ type: String.Type) throws -> String? {
        guard !isAtEnd else { return nil }
        return try reader.decodeString(at: next(type))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try FormValueDecoder(reader: reader, node: next(KeyedDecodingContainer<NestedKey>.self)).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try FormUnkeyedDecodingContainer(reader: reader, array: next([Any].self))
    }

    mutating func superDecoder() throws -> any Decoder {
        FormValueDecoder(reader: reader, node: try next((any Decoder).self))
    }
}
