/// Reads one node as a single value.
struct FormSingleValueDecodingContainer: SingleValueDecodingContainer {
    let reader: FormTreeReader
    let node: Int

    var codingPath: [any CodingKey] { reader.codingPath(of: node) }

    func decodeNil() -> Bool { reader.isNil(node) }

    func decode(_ type: Bool.Type) throws -> Bool { try reader.decodeBool(at: node) }
    func decode(_ type: String.Type) throws -> String { try reader.decodeString(at: node) }
    func decode(_ type: Double.Type) throws -> Double { try reader.decodeFloat(type, at: node) }
    func decode(_ type: Float.Type) throws -> Float { try reader.decodeFloat(type, at: node) }
    func decode(_ type: Int.Type) throws -> Int { try reader.decodeInteger(type, at: node) }
    func decode(_ type: Int8.Type) throws -> Int8 { try reader.decodeInteger(type, at: node) }
    func decode(_ type: Int16.Type) throws -> Int16 { try reader.decodeInteger(type, at: node) }
    func decode(_ type: Int32.Type) throws -> Int32 { try reader.decodeInteger(type, at: node) }
    func decode(_ type: Int64.Type) throws -> Int64 { try reader.decodeInteger(type, at: node) }
    func decode(_ type: UInt.Type) throws -> UInt { try reader.decodeInteger(type, at: node) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try reader.decodeInteger(type, at: node) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try reader.decodeInteger(type, at: node) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try reader.decodeInteger(type, at: node) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try reader.decodeInteger(type, at: node) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try reader.decode(type, at: node) }
}
