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
        return try text.split(separator: "\n").map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw Malformed(description: "not an object: \(line.prefix(80))")
            }
            return try AlamofireVector(object)
        }
    }

    init(_ object: [String: Any]) throws {
        guard let id = object["id"] as? Int,
            let rawOptions = object["options"] as? [String: Any],
            let value = object["value"],
            let expected = object["expected"] as? String,
            let compare = object["compare"] as? String
        else { throw Malformed(description: "vector without id, options, value, expected or compare") }
        self.id = id
        options = rawOptions.mapValues { "\($0)" }
        encoder = try Self.encoder(options)
        self.value = try CorpusNode(value)
        self.expected = expected
        comparesPairs = compare == "pairs"
        notes = object["notes"] as? [String] ?? []
    }

    private static func encoder(_ options: [String: String]) throws -> URLEncodedFormEncoder {
        func option(_ name: String) throws -> String {
            guard let value = options[name] else { throw Malformed(description: "no \(name)") }
            return value
        }
        func unknown(_ name: String) throws -> Never {
            throw Malformed(description: "unknown \(name): \(options[name] ?? "")")
        }
        var encoder = URLEncodedFormEncoder()
        switch try option("alphabetizeKeyValuePairs") {
        case "1", "true": encoder.alphabetizeKeyValuePairs = true
        case "0", "false": encoder.alphabetizeKeyValuePairs = false
        default: try unknown("alphabetizeKeyValuePairs")
        }
        switch try option("arrayEncoding") {
        case "brackets": encoder.arrayEncoding = .brackets
        case "noBrackets": encoder.arrayEncoding = .noBrackets
        case "indexInBrackets": encoder.arrayEncoding = .indexInBrackets
        case "custom: key(index)": encoder.arrayEncoding = .custom { "\($0)(\($1))" }
        default: try unknown("arrayEncoding")
        }
        switch try option("boolEncoding") {
        case "numeric": encoder.boolEncoding = .numeric
        case "literal": encoder.boolEncoding = .literal
        default: try unknown("boolEncoding")
        }
        switch try option("dataEncoding") {
        case "base64": encoder.dataEncoding = .base64
        case "deferredToData": encoder.dataEncoding = .deferredToData
        case "custom: lowercase hex":
            encoder.dataEncoding = .custom { data in data.map { String(format: "%02x", $0) }.joined() }
        default: try unknown("dataEncoding")
        }
        switch try option("dateEncoding") {
        case "deferredToDate": encoder.dateEncoding = .deferredToDate
        case "secondsSince1970": encoder.dateEncoding = .secondsSince1970
        case "millisecondsSince1970": encoder.dateEncoding = .millisecondsSince1970
        case "iso8601": encoder.dateEncoding = .iso8601
        case "formatted: yyyy-MM-dd HH:mm, en_US_POSIX, UTC":
            let formatter = DateFormatter()
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            encoder.dateEncoding = .formatted(formatter)
        case "custom: t<whole seconds since 1970>":
            encoder.dateEncoding = .custom { "t\(Int($0.timeIntervalSince1970))" }
        default: try unknown("dateEncoding")
        }
        switch try option("keyEncoding") {
        case "useDefaultKeys": encoder.keyEncoding = .useDefaultKeys
        case "convertToSnakeCase": encoder.keyEncoding = .convertToSnakeCase
        case "convertToKebabCase": encoder.keyEncoding = .convertToKebabCase
        case "uppercased": encoder.keyEncoding = .uppercased
        case "lowercased": encoder.keyEncoding = .lowercased
        default: try unknown("keyEncoding")
        }
        switch try option("keyPathEncoding") {
        case "brackets": encoder.keyPathEncoding = .brackets
        case "dots": encoder.keyPathEncoding = .dots
        default: try unknown("keyPathEncoding")
        }
        switch try option("nilEncoding") {
        case "dropKey": encoder.nilEncoding = .dropKey
        case "dropValue": encoder.nilEncoding = .dropValue
        case "null": encoder.nilEncoding = .null
        default: try unknown("nilEncoding")
        }
        switch try option("spaceEncoding") {
        case "percentEscaped": encoder.spaceEncoding = .percentEscaped
        case "plusReplaced": encoder.spaceEncoding = .plusReplaced
        default: try unknown("spaceEncoding")
        }
        switch try option("allowedCharacters") {
        case "default": encoder.allowedCharacters = URLEncodedFormEncoder.defaultAllowedCharacters
        case "alphanumerics": encoder.allowedCharacters = .alphanumerics
        case "default minus ? and /":
            encoder.allowedCharacters = URLEncodedFormEncoder.defaultAllowedCharacters.subtracting(CharacterSet(charactersIn: "?/"))
        default: try unknown("allowedCharacters")
        }
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
