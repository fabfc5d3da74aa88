import Foundation

@testable import URLEncodedForm

// The Alamofire 5.12 corpus (`Tests/Fixtures/alamofire-5.12-encoder.jsonl`) as values: read by
// AlamofireCorpusTests, StreamedBodyTests and PairsDecodingTests.

/// One line of the corpus: the value, the encoder its options describe, and the expected text.
struct AlamofireVector {
    let id: Int
    let options: [String: String]
    let encoder: URLEncodedFormEncoder
    let value: CorpusNode
    let expected: String
    /// Alamofire's own text, where `expected` is another on purpose (the vector's `notes` say why).
    let alamofire: String?
    let comparesPairs: Bool
    let notes: [String]

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    static func corpus() throws -> [AlamofireVector] {
        let file = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/alamofire-5.12-encoder.jsonl")
        let text = try String(contentsOf: file, encoding: .utf8)
        let shared = SharedValues()
        return try text.split(separator: "\n").map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw Malformed(description: "not an object: \(line.prefix(80))")
            }
            return try AlamofireVector(object, shared)
        }
    }

    /// The option values one load's vectors share, made once: made for each vector, the date
    /// formatter and the allowed sets took about 40% of a load's time.
    private struct SharedValues {
        let formatter: DateFormatter = {
            let formatter = DateFormatter()
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            return formatter
        }()
        let queryAllowed = URLEncodedFormEncoder.AllowedCharacters(CharacterSet.afURLQueryAllowed)
        let alphanumerics = URLEncodedFormEncoder.AllowedCharacters(CharacterSet.alphanumerics)
        let queryAllowedMinus = URLEncodedFormEncoder.AllowedCharacters(
            CharacterSet.afURLQueryAllowed.subtracting(CharacterSet(charactersIn: "?/")))
    }

    private init(_ object: [String: Any], _ shared: SharedValues) throws {
        guard let id = object["id"] as? Int,
            let rawOptions = object["options"] as? [String: Any],
            let value = object["value"],
            let expected = object["expected"] as? String,
            let compare = object["compare"] as? String
        else { throw Malformed(description: "vector without id, options, value, expected or compare") }
        self.id = id
        options = rawOptions.mapValues { "\($0)" }
        encoder = try Self.encoder(options, shared)
        self.value = try CorpusNode(value)
        self.expected = expected
        alamofire = object["alamofire"] as? String
        comparesPairs = compare == "pairs"
        notes = object["notes"] as? [String] ?? []
    }

    private static func encoder(_ options: [String: String], _ shared: SharedValues) throws -> URLEncodedFormEncoder {
        var encoder = URLEncodedFormEncoder()
        // Sets the option to the value the corpus names; a missing or unknown name is malformed.
        func set<Value>(_ keyPath: WritableKeyPath<URLEncodedFormEncoder, Value>, _ name: String, _ values: [String: Value]) throws {
            guard let value = options[name].flatMap({ values[$0] }) else {
                throw Malformed(description: "unknown or missing \(name): \(options[name] ?? "none")")
            }
            encoder[keyPath: keyPath] = value
        }
        try set(\.alphabetizeKeyValuePairs, "alphabetizeKeyValuePairs", ["1": true, "true": true, "0": false, "false": false])
        try set(
            \.arrayEncoding, "arrayEncoding",
            [
                "brackets": .brackets, "noBrackets": .noBrackets, "indexInBrackets": .indexInBrackets,
                "custom: key(index)": .custom { "\($0)(\($1))" },
            ])
        try set(\.boolEncoding, "boolEncoding", ["numeric": .numeric, "literal": .literal])
        try set(
            \.dataEncoding, "dataEncoding",
            [
                "base64": .base64, "deferredToData": .deferredToData,
                "custom: lowercase hex": .custom { data in data.map { String(format: "%02x", $0) }.joined() },
            ])
        try set(
            \.dateEncoding, "dateEncoding",
            [
                "deferredToDate": .deferredToDate, "secondsSince1970": .secondsSince1970,
                "millisecondsSince1970": .millisecondsSince1970, "iso8601": .iso8601,
                "formatted: yyyy-MM-dd HH:mm, en_US_POSIX, UTC": .formatted(shared.formatter),
                "custom: t<whole seconds since 1970>": .custom { "t\(Int($0.timeIntervalSince1970))" },
            ])
        try set(
            \.keyEncoding, "keyEncoding",
            [
                "useDefaultKeys": .useDefaultKeys, "convertToSnakeCase": .convertToSnakeCase,
                "convertToKebabCase": .convertToKebabCase, "uppercased": .uppercased, "lowercased": .lowercased,
            ])
        try set(\.keyPathEncoding, "keyPathEncoding", ["brackets": .brackets, "dots": .dots])
        try set(\.nilEncoding, "nilEncoding", ["dropKey": .dropKey, "dropValue": .dropValue, "null": .null])
        try set(\.spaceEncoding, "spaceEncoding", ["percentEscaped": .percentEscaped, "plusReplaced": .plusReplaced])
        try set(
            \.allowedCharacters, "allowedCharacters",
            [
                "default": shared.queryAllowed, "alphanumerics": shared.alphanumerics, "default minus ? and /": shared.queryAllowedMinus,
            ])
        return encoder
    }
}

/// A corpus value, encoded through the container calls the corpus names for it.
indirect enum CorpusNode: Encodable {
    /// Members in order; `nested` writes nested values through `nestedContainer` and
    /// `nestedUnkeyedContainer` rather than through `encode(_:forKey:)`.
    case object([(String, CorpusNode)], nested: Bool)
    case dictionary([String: CorpusNode])
    case array([CorpusNode], nested: Bool)
    case string(String)
    case int(Int)
    case int8(Int8)
    case uint64(UInt64)
    case double(Double)
    case float(Float)
    case bool(Bool)
    case date(Date)
    case data(Data)
    case decimal(Decimal)
    /// `encodeNil`.
    case null
    /// `encodeIfPresent(nil as String?, forKey:)`, what a synthesized conformance writes for `nil`.
    case absent

    init(_ json: Any) throws {
        guard let object = json as? [String: Any], let (kind, payload) = object.first(where: { $0.key != "via" }) else {
            throw AlamofireVector.Malformed(description: "not a node: \(json)")
        }
        let nested = object["via"] as? String == "nestedContainer"
        func malformed() -> AlamofireVector.Malformed { .init(description: "bad \(kind): \(payload)") }
        switch kind {
        case "object":
            guard let members = payload as? [[Any]] else { throw malformed() }
            self = .object(
                try members.map { member in
                    guard member.count == 2, let name = member[0] as? String else { throw malformed() }
                    return (name, try CorpusNode(member[1]))
                },
                nested: nested
            )
        case "dictionary":
            guard let members = payload as? [String: Any] else { throw malformed() }
            self = .dictionary(try members.mapValues(CorpusNode.init))
        case "array":
            guard let elements = payload as? [Any] else { throw malformed() }
            self = .array(try elements.map(CorpusNode.init), nested: nested)
        case "string":
            guard let text = payload as? String else { throw malformed() }
            self = .string(text)
        case "int":
            guard let number = payload as? Int else { throw malformed() }
            self = .int(number)
        case "int8":
            guard let number = payload as? Int, let small = Int8(exactly: number) else { throw malformed() }
            self = .int8(small)
        case "uint64":
            guard let text = payload as? String, let number = UInt64(text) else { throw malformed() }
            self = .uint64(number)
        case "double":
            guard let text = payload as? String, let number = Double(text) else { throw malformed() }
            self = .double(number)
        case "float":
            guard let text = payload as? String, let number = Float(text) else { throw malformed() }
            self = .float(number)
        case "bool":
            guard let flag = payload as? Bool else { throw malformed() }
            self = .bool(flag)
        case "date":
            guard let seconds = payload as? Double else { throw malformed() }
            self = .date(Date(timeIntervalSince1970: seconds))
        case "data":
            guard let text = payload as? String, let data = Data(base64Encoded: text) else { throw malformed() }
            self = .data(data)
        case "decimal":
            guard let text = payload as? String, let number = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
            else { throw malformed() }
            self = .decimal(number)
        case "nil": self = .null
        case "absent": self = .absent
        default: throw malformed()
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members, _):
            var container = encoder.container(keyedBy: NameKey.self)
            for (name, member) in members {
                try member.encode(in: &container, forKey: NameKey(name))
            }
        case .dictionary(let members):
            try members.encode(to: encoder)
        case .array(let elements, _):
            var container = encoder.unkeyedContainer()
            for element in elements {
                try element.encode(in: &container)
            }
        case .null, .absent:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .string, .int, .int8, .uint64, .double, .float, .bool, .date, .data, .decimal:
            // Through the container, as Dictionary writes its values, so the encoder sees the type.
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let value): try container.encode(value)
            case .int(let value): try container.encode(value)
            case .int8(let value): try container.encode(value)
            case .uint64(let value): try container.encode(value)
            case .double(let value): try container.encode(value)
            case .float(let value): try container.encode(value)
            case .bool(let value): try container.encode(value)
            case .date(let value): try container.encode(value)
            case .data(let value): try container.encode(value)
            case .decimal(let value): try container.encode(value)
            default: break
            }
        }
    }

    private func encode(in container: inout KeyedEncodingContainer<NameKey>, forKey key: NameKey) throws {
        switch self {
        case .object(let members, nested: true):
            var nested = container.nestedContainer(keyedBy: NameKey.self, forKey: key)
            for (name, member) in members {
                try member.encode(in: &nested, forKey: NameKey(name))
            }
        case .array(let elements, nested: true):
            var nested = container.nestedUnkeyedContainer(forKey: key)
            for element in elements {
                try element.encode(in: &nested)
            }
        case .object, .array, .dictionary: try container.encode(self, forKey: key)
        case .string(let value): try container.encode(value, forKey: key)
        case .int(let value): try container.encode(value, forKey: key)
        case .int8(let value): try container.encode(value, forKey: key)
        case .uint64(let value): try container.encode(value, forKey: key)
        case .double(let value): try container.encode(value, forKey: key)
        case .float(let value): try container.encode(value, forKey: key)
        case .bool(let value): try container.encode(value, forKey: key)
        case .date(let value): try container.encode(value, forKey: key)
        case .data(let value): try container.encode(value, forKey: key)
        case .decimal(let value): try container.encode(value, forKey: key)
        case .null: try container.encodeNil(forKey: key)
        case .absent: try container.encodeIfPresent(nil as String?, forKey: key)
        }
    }

    private func encode(in container: inout any UnkeyedEncodingContainer) throws {
        switch self {
        case .object(let members, nested: true):
            var nested = container.nestedContainer(keyedBy: NameKey.self)
            for (name, member) in members {
                try member.encode(in: &nested, forKey: NameKey(name))
            }
        case .array(let elements, nested: true):
            var nested = container.nestedUnkeyedContainer()
            for element in elements {
                try element.encode(in: &nested)
            }
        case .object, .array, .dictionary: try container.encode(self)
        case .string(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .int8(let value): try container.encode(value)
        case .uint64(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .float(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .date(let value): try container.encode(value)
        case .data(let value): try container.encode(value)
        case .decimal(let value): try container.encode(value)
        case .null, .absent: try container.encodeNil()
        }
    }
}
