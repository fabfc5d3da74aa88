import Foundation
import URLEncodedForm

/// A value as the peers' fixtures state it: text, `null`, arrays, and objects compared without
/// regard to member order (qs's objects order integer names first, as JavaScript does).
indirect enum FixtureValue: Equatable, CustomStringConvertible {
    case string(String)
    case null
    case array([FixtureValue])
    case object([String: FixtureValue])

    /// A value from `JSONSerialization`; numbers and booleans, which no form holds, become text.
    init(json: Any) {
        switch json {
        case let text as String: self = .string(text)
        case let array as [Any]: self = .array(array.map(FixtureValue.init(json:)))
        case let object as [String: Any]: self = .object(object.mapValues(FixtureValue.init(json:)))
        case is NSNull: self = .null
        default: self = .string("\(json)")
        }
    }

    init(_ value: URLEncodedFormValue) {
        switch value {
        case .string(let text): self = .string(text)
        case .null: self = .null
        case .array(let elements): self = .array(elements.map(FixtureValue.init))
        case .object(let members): self = .object(Dictionary(members.map { ($0.key, FixtureValue($0.value)) }) { $1 })
        }
    }

    var description: String {
        switch self {
        case .string(let text): return "\"\(text)\""
        case .null: return "null"
        case .array(let elements): return "[" + elements.map(\.description).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: ",") + "}"
        }
    }

    /// The value without the empty arrays and objects inside it, which a form cannot write: what
    /// every peer writes for `tags: []` is nothing at all.
    var withoutEmptyContainers: FixtureValue {
        switch self {
        case .string, .null: return self
        case .array(let elements):
            return .array(elements.map(\.withoutEmptyContainers).filter { !$0.isEmptyContainer })
        case .object(let members):
            return .object(members.mapValues(\.withoutEmptyContainers).filter { !$0.value.isEmptyContainer })
        }
    }

    var isEmptyContainer: Bool {
        switch self {
        case .array(let elements): elements.isEmpty
        case .object(let members): members.isEmpty
        case .string, .null: false
        }
    }

    /// Every text in the value, in order; for comparing what two shapes hold.
    var leaves: [String] {
        switch self {
        case .string(let text): [text]
        case .null: ["<null>"]
        case .array(let elements): elements.flatMap(\.leaves)
        case .object(let members): members.sorted { $0.key < $1.key }.flatMap(\.value.leaves)
        }
    }
}

/// Decodes a form into a type shaped like an expected value, the way a `Decodable` model of that
/// shape reads it: an array where the value has an array (a nested unkeyed container, as
/// `[[String]]` asks), an object where it has an object, `String` where it has text and an
/// optional where it has `null`. So the peers' expectations are checked through the typed
/// decoding users write, not only through the untyped value. A member or element the expected
/// value does not have is read as ``URLEncodedFormValue``.
enum ShapedDecoding {
    static func decode(_ text: String, like shape: FixtureValue, with decoder: URLEncodedFormDecoder) throws -> FixtureValue {
        try ShapedRoot.$shape.withValue(shape) { try decoder.decode(ShapedRoot.self, from: text).value }
    }

    private struct ShapedRoot: Decodable {
        // `.null` has no box: a boxed default would live until exit, where LeakSanitizer, blind
        // to the enum's tagged pointers, reports it as leaked.
        @TaskLocal static var shape = FixtureValue.null
        let value: FixtureValue

        init(from decoder: any Decoder) throws {
            switch Self.shape {
            case .array(let elements):
                var container = try decoder.unkeyedContainer()
                value = try ShapedDecoding.elements(&container, like: elements)
            case .object(let members):
                value = try ShapedDecoding.members(decoder.container(keyedBy: AnyKey.self), like: members)
            case .string, .null:
                value = FixtureValue(try URLEncodedFormValue(from: decoder))
            }
        }
    }

    struct AnyKey: CodingKey {
        let stringValue: String
        let intValue: Int?
        init(stringValue: String) { (self.stringValue, intValue) = (stringValue, nil) }
        init(intValue: Int) { (stringValue, self.intValue) = (String(intValue), intValue) }
    }

    private static func members(_ container: KeyedDecodingContainer<AnyKey>, like shapes: [String: FixtureValue]) throws -> FixtureValue {
        var members: [String: FixtureValue] = [:]
        for key in container.allKeys {
            switch shapes[key.stringValue] {
            case .array(let elements):
                var nested = try container.nestedUnkeyedContainer(forKey: key)
                members[key.stringValue] = try Self.elements(&nested, like: elements)
            case .object(let shapes):
                members[key.stringValue] = try Self.members(container.nestedContainer(keyedBy: AnyKey.self, forKey: key), like: shapes)
            case .null:
                members[key.stringValue] = try container.decodeNil(forKey: key) ? .null : .string(container.decode(String.self, forKey: key))
            case .string:
                members[key.stringValue] = .string(try container.decode(String.self, forKey: key))
            case nil:
                members[key.stringValue] = FixtureValue(try container.decode(URLEncodedFormValue.self, forKey: key))
            }
        }
        return .object(members)
    }

    private static func elements(_ container: inout any UnkeyedDecodingContainer, like shapes: [FixtureValue]) throws -> FixtureValue {
        var elements: [FixtureValue] = []
        while !container.isAtEnd {
            switch elements.count < shapes.count ? shapes[elements.count] : nil {
            case .array(let shapes):
                var nested = try container.nestedUnkeyedContainer()
                elements.append(try Self.elements(&nested, like: shapes))
            case .object(let shapes):
                elements.append(try Self.members(container.nestedContainer(keyedBy: AnyKey.self), like: shapes))
            case .null:
                elements.append(try container.decodeNil() ? .null : .string(container.decode(String.self)))
            case .string:
                elements.append(.string(try container.decode(String.self)))
            case nil:
                elements.append(FixtureValue(try container.decode(URLEncodedFormValue.self)))
            }
        }
        return .array(elements)
    }
}
