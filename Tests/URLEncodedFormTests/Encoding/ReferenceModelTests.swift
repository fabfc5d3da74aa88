import Foundation
import Testing

@testable import URLEncodedForm

/// Generated values, encoded by the library and by a small string-based model of Alamofire's
/// serializer (Foundation escaping, sort by text), must give the same bytes under every option.
/// The model keeps array order and gives no index to empty elements, as the library documents.
@Suite("Encoder agrees with a reference model")
struct ReferenceModelTests {
    indirect enum Value: Encodable {
        case string(String)
        case array([Value])
        case object([(String, Value)])

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .string(let text):
                var container = encoder.singleValueContainer()
                try container.encode(text)
            case .array(let elements):
                var container = encoder.unkeyedContainer()
                for element in elements { try container.encode(element) }
            case .object(let members):
                var container = encoder.container(keyedBy: NameKey.self)
                for (key, value) in members { try container.encode(value, forKey: NameKey(key)) }
            }
        }
    }

    struct Options {
        var encoder: URLEncodedFormEncoder
        var allowed: CharacterSet
    }

    /// No two fragments differ only by case, so `.uppercased` never merges two generated keys.
    static let fragments = ["a", "b", "Z", "key", "Name", "x y", "&", "=", "[", "]", ".", "%", "+", "?", "/", "é", "🌍", "0", "10", "_"]

    static func text(_ random: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...3, using: &random)).map { _ in fragments.randomElement(using: &random) ?? "" }.joined()
    }

    static func value(depth: Int, _ random: inout SeededGenerator) -> Value {
        let kind = depth == 0 ? 0 : Int.random(in: 0...2, using: &random)
        switch kind {
        case 0: return .string(text(&random))
        case 1: return .array((0..<Int.random(in: 0...3, using: &random)).map { _ in value(depth: depth - 1, &random) })
        default: return object(depth: depth - 1, &random)
        }
    }

    static func object(depth: Int, _ random: inout SeededGenerator) -> Value {
        var seen = Set<String>()
        var members: [(String, Value)] = []
        for _ in 0..<Int.random(in: 0...5, using: &random) {
            let key = text(&random)
            if seen.insert(key).inserted {
                members.append((key, value(depth: depth, &random)))
            }
        }
        return .object(members)
    }

    // MARK: The model

    static func escape(_ text: String, _ options: Options) -> String {
        let escaped = text.addingPercentEncoding(withAllowedCharacters: options.allowed.union(.init(charactersIn: " "))) ?? ""
        if case .plusReplaced = options.encoder.spaceEncoding {
            return escaped.replacingOccurrences(of: " ", with: "+")
        }
        return escaped.replacingOccurrences(of: " ", with: "%20")
    }

    /// A name inside a key path: its own `[` and `]` (and `.` when paths use dots) are written
    /// as lowercase escapes, which read back as text.
    static func escapeName(_ name: String, _ options: Options) -> String {
        let dots = if case .dots = options.encoder.keyPathEncoding.style { true } else { false }
        return name.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "[": "%5b"
            case "]": "%5d"
            case "." where dots: "%2e"
            default: escape(String(scalar), options)
            }
        }.joined()
    }

    /// A path is kept twice: escaped for the text, and raw for a custom array encoding, which
    /// receives the unescaped path.
    struct Path {
        var raw: String
        var escaped: String
    }

    static func model(_ value: Value, path: Path?, _ options: Options) -> String {
        switch value {
        case .string(let text):
            return (path?.escaped ?? "") + "=" + escape(text, options)
        case .array(let elements):
            var parts: [String] = []
            let base = path ?? Path(raw: "", escaped: "")
            for element in elements {
                let elementPath: Path
                switch options.encoder.arrayEncoding {
                case .brackets where base.escaped.isEmpty, .indexInBrackets where base.escaped.isEmpty:
                    // Under the empty name, brackets would make no key path; the name repeats.
                    elementPath = base
                case .brackets: elementPath = Path(raw: base.raw + "[]", escaped: base.escaped + escape("[]", options))
                case .noBrackets: elementPath = base
                case .indexInBrackets:
                    elementPath = Path(
                        raw: base.raw + "[\(parts.count)]", escaped: base.escaped + escape("[", options) + "\(parts.count)" + escape("]", options))
                case .custom(let encode):
                    let text = encode(base.raw, parts.count)
                    elementPath = Path(raw: text, escaped: escape(text, options))
                }
                let part = model(element, path: elementPath, options)
                if !part.isEmpty { parts.append(part) }
            }
            return parts.joined(separator: "&")
        case .object(let members):
            var parts = members.map { key, member -> String in
                let name = options.encoder.keyEncoding.encode(key)
                let memberPath: Path
                if let path {
                    switch options.encoder.keyPathEncoding.style {
                    case .brackets:
                        memberPath = Path(
                            raw: path.raw + "[\(name)]",
                            escaped: path.escaped + escape("[", options) + escapeName(name, options) + escape("]", options))
                    case .dots:
                        memberPath = Path(raw: path.raw + ".\(name)", escaped: path.escaped + escape(".", options) + escapeName(name, options))
                    case .custom(let encode):
                        let text = encode(name)
                        memberPath = Path(raw: path.raw + text, escaped: path.escaped + escape(text, options))
                    }
                } else {
                    memberPath = Path(raw: name, escaped: escapeName(name, options))
                }
                return model(member, path: memberPath, options)
            }.filter { !$0.isEmpty }
            if options.encoder.alphabetizeKeyValuePairs { parts.sort() }
            return parts.joined(separator: "&")
        }
    }

    static let optionTable: [Options] = {
        var table: [Options] = []
        let arrays: [URLEncodedFormEncoder.ArrayEncoding] = [
            .brackets, .noBrackets, .indexInBrackets, .custom { "\($0)<\($1)>" },
        ]
        let keyPaths: [URLEncodedFormEncoder.KeyPathEncoding] = [.brackets, .dots, .init { "/\($0)" }]
        let keys: [URLEncodedFormEncoder.KeyEncoding] = [.useDefaultKeys, .uppercased]
        for array in arrays {
            for keyPath in keyPaths {
                for key in keys {
                    for sorted in [true, false] {
                        for space in [URLEncodedFormEncoder.SpaceEncoding.percentEscaped, .plusReplaced] {
                            for allowed in [URLEncodedFormEncoder.defaultAllowedCharacters, .alphanumerics] {
                                let encoder = URLEncodedFormEncoder(
                                    alphabetizeKeyValuePairs: sorted,
                                    arrayEncoding: array,
                                    keyEncoding: key,
                                    keyPathEncoding: keyPath,
                                    spaceEncoding: space,
                                    allowedCharacters: allowed
                                )
                                table.append(Options(encoder: encoder, allowed: allowed))
                            }
                        }
                    }
                }
            }
        }
        return table
    }()

    @Test("generated values under all option combinations", arguments: 1...8)
    func generated(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        for index in 0..<15 {
            let value = Self.object(depth: 3, &random)
            for (optionIndex, options) in Self.optionTable.enumerated() {
                let expected = Self.model(value, path: nil, options)
                let actual: String = try options.encoder.encode(value)
                #expect(actual == expected, "seed \(seed), value \(index), options \(optionIndex)")
            }
        }
    }
}
