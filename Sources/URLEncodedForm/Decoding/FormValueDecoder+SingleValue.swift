/// Reads one node as a single value.
struct FormSingleValueDecodingContainer: SingleValueDecodingContainer {
    let reader: FormTreeReader
    let node: Int

    var codingPath: [any CodingKey] { reader.codingPath(of: node) }

    func decodeNil() -> Bool { reader.isNil(node) }

    func decode(_ type: Bool.Type) throws -> Bool { try value { try reader.decodeBool(at: node) } }
    func decode(_ type: String.Type) throws -> String { try value { try reader.decodeString(at: node) } }
    func decode(_ type: Double.Type) throws -> Double { try value { try reader.decodeFloat(type, at: node) } }
    func decode(_ type: Float.Type) throws -> Float { try value { try reader.decodeFloat(type, at: node) } }
    func decode(_ type: Int.Type) throws -> Int { try value { try reader.decodeInteger(type, at: node) } }
    func decode(_ type: Int8.Type) throws -> Int8 { try value { try reader.decodeInteger(type, at: node) } }
    func decode(_ type: Int16.Type) throws -> Int16 { try value { try reader.decodeInteger(type, at: node) } }
    func decode(_ type: Int32.Type) throws -> Int32 { try value { try reader.decodeInteger(type, at: node) } }
    func decode(_ type: Int64.Type) throws -> Int64 { try value { try reader.decodeInteger(type, at: node) } }
    func decode(_ type: UInt.Type) throws -> UInt { try value { try reader.decodeInteger(type, at: node) } }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try value { try reader.decodeInteger(type, at: node) } }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try value { try reader.decodeInteger(type, at: node) } }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try value { try reader.decodeInteger(type, at: node) } }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try value { try reader.decodeInteger(type, at: node) } }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try value { try reader.decode(type, at: node) } }

    /// Reads the value with `read`. Inside a stand-in being made for a failed field, a failure
    /// gets a stand-in too, so that a type that wraps one value (`struct ID { let value: Int }`)
    /// can stand in.
    @inline(__always)
    private func value<T: Decodable>(_ read: () throws -> T) throws -> T {
        guard reader.rules.collectsFieldErrors else { return try read() }
        do {
            return try read()
        } catch {
            return try reader.standInValue(after: error, T.self)
        }
    }
}
