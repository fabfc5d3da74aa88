/// Reads one node as a single value.
struct FormSingleValueDecodingContainer: SingleValueDecodingContainer {
    let storage: FormDecodingStorage
    let node: Int

    var codingPath: [any CodingKey] { storage.tree.codingPath(of: node) }

    func decodeNil() -> Bool { storage.isNil(node) }

    func decode(_ type: Bool.Type) throws -> Bool { try storage.decodeBool(at: node) }
    func decode(_ type: String.Type) throws -> String { try storage.decodeString(at: node) }
    func decode(_ type: Double.Type) throws -> Double { try storage.decodeFloat(type, at: node) }
    func decode(_ type: Float.Type) throws -> Float { try storage.decodeFloat(type, at: node) }
    func decode(_ type: Int.Type) throws -> Int { try storage.decodeInteger(type, at: node) }
    func decode(_ type: Int8.Type) throws -> Int8 { try storage.decodeInteger(type, at: node) }
    func decode(_ type: Int16.Type) throws -> Int16 { try storage.decodeInteger(type, at: node) }
    func decode(_ type: Int32.Type) throws -> Int32 { try storage.decodeInteger(type, at: node) }
    func decode(_ type: Int64.Type) throws -> Int64 { try storage.decodeInteger(type, at: node) }
    func decode(_ type: UInt.Type) throws -> UInt { try storage.decodeInteger(type, at: node) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try storage.decodeInteger(type, at: node) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try storage.decodeInteger(type, at: node) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try storage.decodeInteger(type, at: node) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try storage.decodeInteger(type, at: node) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try storage.decode(type, at: node) }
}
