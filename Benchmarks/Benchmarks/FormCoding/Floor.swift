import Foundation

// The Codable floor: what visiting a value through the Codable protocols costs with no form work
// at all. No coder can go below it, so `ours / floor` says how much of our time is our own.
//
// - `FloorEncoder` visits every value and discards it.
// - `FloorDecoder` reads from a tree of Swift values built in advance: a dictionary lookup a
//   member, an array index an element, a stored scalar a leaf.

struct FloorEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Keyed<Key>())
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { Unkeyed() }
    func singleValueContainer() -> any SingleValueEncodingContainer { Single() }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        var codingPath: [any CodingKey] { [] }
        mutating func encodeNil(forKey key: Key) {}
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try value.encode(to: FloorEncoder()) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Keyed<NestedKey>())
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { Unkeyed() }
        mutating func superEncoder() -> any Encoder { FloorEncoder() }
        mutating func superEncoder(forKey key: Key) -> any Encoder { FloorEncoder() }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        var codingPath: [any CodingKey] { [] }
        var count = 0
        mutating func encodeNil() { count += 1 }
        mutating func encode<T: Encodable>(_ value: T) throws {
            count += 1
            try value.encode(to: FloorEncoder())
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            count += 1
            return KeyedEncodingContainer(Keyed<NestedKey>())
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            count += 1
            return Unkeyed()
        }
        mutating func superEncoder() -> any Encoder { FloorEncoder() }
    }

    struct Single: SingleValueEncodingContainer {
        var codingPath: [any CodingKey] { [] }
        mutating func encodeNil() {}
        mutating func encode(_ value: String) {}
        mutating func encode(_ value: Bool) {}
        mutating func encode(_ value: Double) {}
        mutating func encode(_ value: Int) {}
        mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: FloorEncoder()) }
    }
}

/// A value as the floor decoder reads it, built once before timing.
indirect enum FloorValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([FloorValue])
    case object([String: FloorValue])

    /// The tree of `value`, through `JSONSerialization` (done once, outside the timing).
    init(_ value: some Encodable) throws {
        self.init(json: try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)))
    }

    private init(json: Any) {
        switch json {
        case let number as NSNumber where String(cString: number.objCType) == "c": self = .bool(number.boolValue)
        case let number as NSNumber: self = .number(number.doubleValue)
        case let text as String: self = .string(text)
        case let array as [Any]: self = .array(array.map(FloorValue.init(json:)))
        case let object as [String: Any]: self = .object(object.mapValues(FloorValue.init(json:)))
        default: self = .null
        }
    }
}

struct FloorDecoder: Decoder {
    let value: FloorValue
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    struct Mismatch: Error {}

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw Mismatch() }
        return KeyedDecodingContainer(Keyed<Key>(members: members))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw Mismatch() }
        return Unkeyed(elements: elements)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(value: value) }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let members: [String: FloorValue]
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

        private func member(_ key: Key) throws -> FloorValue {
            guard let member = members[key.stringValue] else { throw Mismatch() }
            return member
        }

        func decodeNil(forKey key: Key) throws -> Bool {
            guard let member = members[key.stringValue] else { return true }
            if case .null = member { return true }
            return false
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try Single(value: member(key)).decode(type)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try FloorDecoder(value: member(key)).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try FloorDecoder(value: member(key)).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { FloorDecoder(value: .object(members)) }
        func superDecoder(forKey key: Key) throws -> any Decoder { FloorDecoder(value: try member(key)) }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let elements: [FloorValue]
        var codingPath: [any CodingKey] { [] }
        var count: Int? { elements.count }
        var isAtEnd: Bool { currentIndex >= elements.count }
        var currentIndex = 0

        init(elements: [FloorValue]) { self.elements = elements }

        private mutating func next() throws -> FloorValue {
            guard currentIndex < elements.count else { throw Mismatch() }
            defer { currentIndex += 1 }
            return elements[currentIndex]
        }

        mutating func decodeNil() throws -> Bool {
            guard currentIndex < elements.count, case .null = elements[currentIndex] else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try Single(value: next()).decode(type) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try FloorDecoder(value: next()).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try FloorDecoder(value: next()).unkeyedContainer() }
        mutating func superDecoder() throws -> any Decoder { FloorDecoder(value: try next()) }
    }

    struct Single: SingleValueDecodingContainer {
        let value: FloorValue
        var codingPath: [any CodingKey] { [] }

        func decodeNil() -> Bool {
            if case .null = value { return true }
            return false
        }

        func decode(_ type: Bool.Type) throws -> Bool {
            guard case .bool(let flag) = value else { throw Mismatch() }
            return flag
        }

        func decode(_ type: String.Type) throws -> String {
            guard case .string(let text) = value else { throw Mismatch() }
            return text
        }

        func decode(_ type: Double.Type) throws -> Double {
            guard case .number(let number) = value else { throw Mismatch() }
            return number
        }

        func decode(_ type: Int.Type) throws -> Int {
            guard case .number(let number) = value, let integer = Int(exactly: number) else { throw Mismatch() }
            return integer
        }

        // The models hold only String, Int, Bool, Double and containers. Each cast is checked by
        // the metatype test before it, as the library's own scalar fast paths do.
        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            if T.self == String.self { return unsafeBitCast(try decode(String.self), to: T.self) }
            if T.self == Int.self { return unsafeBitCast(try decode(Int.self), to: T.self) }
            if T.self == Bool.self { return unsafeBitCast(try decode(Bool.self), to: T.self) }
            if T.self == Double.self { return unsafeBitCast(try decode(Double.self), to: T.self) }
            return try T(from: FloorDecoder(value: value))
        }
    }
}
