/// A parsed form without a type: text, arrays and objects whose members keep their order, as
/// Node's `qs.parse` returns it (and, with the decoder's presets, PHP's `parse_str` and Rack's
/// `parse_nested_query`: ``URLEncodedFormDecoder/Dialect-swift.struct/untypedIndices``).
///
/// ```swift
/// let form = try URLEncodedFormValue(parsing: "user[name]=Ada&tags[]=a&tags[]=b")
/// form["user"]?["name"]  // .string("Ada")
/// form["tags"]           // .array([.string("a"), .string("b")])
/// let text = try form.encoded()  // tags%5B%5D=a&tags%5B%5D=b&user%5Bname%5D=Ada (sorted)
/// ```
///
/// Parsing uses ``URLEncodedFormDecoder``'s parser, options and limits; `encoded(with:)` uses
/// ``URLEncodedFormEncoder``'s serializer and options. The value is also `Codable`, so it can be a
/// member of a typed model that holds free-form fields.
public enum URLEncodedFormValue: Sendable, Hashable {
    /// A value: `a=1` holds `.string("1")`. A bare name (`?flag`) holds `.string("")`.
    case string(String)
    /// Elements in order, however the form wrote them: `a[]=1`, `a[0]=1`, and a name repeated
    /// without brackets (`a=1&a=2`) under the decoder's default `dialect.duplicateKeys = .combine`; under
    /// `.last` or `.first` that name holds one ``string(_:)``.
    case array([URLEncodedFormValue])
    /// Members in the order the form first named them. Index keys are an array where the
    /// decoder's ``URLEncodedFormDecoder/Dialect-swift.struct/untypedIndices`` says so: by default `a[0]=x&a[1]=y`
    /// is `["x", "y"]`, as qs, PHP and jQuery read it, and `a[1]=x&a[3]=y`, whose gap says where
    /// each value was, an object named `"1"` and `"3"`.
    case object([Member])
    /// A bare name (`?a`) read with ``URLEncodedFormDecoder/NilDecoding/bareKey``, as qs's
    /// `strictNullHandling` reads it. Encoded, it follows the encoder's `nilEncoding`.
    case null

    /// A member of an object.
    public struct Member: Sendable, Hashable {
        /// The member's name, percent-decoded.
        public var key: String
        /// The member's value.
        public var value: URLEncodedFormValue

        /// Creates a member.
        public init(key: String, value: URLEncodedFormValue) {
            self.key = key
            self.value = value
        }
    }

    /// Parses form text.
    ///
    /// The value nests as deep as the decoder's `maximumDepth` allows (32 by default, 512 at
    /// most). Building it does not recurse; Swift releases a nested value recursively, which is
    /// why no limit lets a parsed value nest deeper than 512 levels.
    ///
    /// - Parameters:
    ///   - text: Form text, such as a query string without its `?`.
    ///   - decoder: Supplies the space and key-path options and the limits. The defaults unless
    ///     told.
    /// - Throws: ``URLEncodedFormDecodingError`` for input past a limit, or a conflicting key
    ///   (or a malformed one, under `dialect.malformedKeys = .error`).
    public init(parsing text: String, decoder: URLEncodedFormDecoder = URLEncodedFormDecoder()) throws {
        self = try decoder.decode(URLEncodedFormValue.self, from: text)
    }

    /// Parses the UTF-8 bytes of form text.
    ///
    /// - Throws: The errors `init(parsing:decoder:)` throws for a `String`.
    public init(parsing bytes: some Collection<UInt8>, decoder: URLEncodedFormDecoder = URLEncodedFormDecoder()) throws {
        self = try decoder.decode(URLEncodedFormValue.self, from: bytes)
    }

    /// The form text of this value, which must be an object.
    ///
    /// - Parameter encoder: Supplies every encoding option. The defaults unless told.
    /// - Throws: `EncodingError.invalidValue` when the value is not an object.
    public func encoded(with encoder: URLEncodedFormEncoder = URLEncodedFormEncoder()) throws -> String {
        try encoder.encode(self)
    }

    /// The member named `key` of an object; `nil` for a missing member or another kind of value.
    public subscript(key: String) -> URLEncodedFormValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The element at `index` of an array; `nil` out of range or for another kind of value.
    public subscript(index: Int) -> URLEncodedFormValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The text of a `.string`, or `nil`.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}

extension URLEncodedFormValue: ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    /// `"text"` is `.string("text")`.
    public init(stringLiteral value: String) {
        self = .string(value)
    }

    /// `["a", "b"]` is an array.
    public init(arrayLiteral elements: URLEncodedFormValue...) {
        self = .array(elements)
    }

    /// `["key": "value"]` is an object whose members keep the literal's order.
    public init(dictionaryLiteral elements: (String, URLEncodedFormValue)...) {
        self = .object(elements.map { Member(key: $0.0, value: $0.1) })
    }
}

extension URLEncodedFormValue: Codable {
    /// Writes text as a single value, arrays as unkeyed containers and objects as keyed ones, in
    /// member order, so any encoder (JSON included) can hold a form.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .object(let members):
            var container = encoder.container(keyedBy: FormCodingKey.self)
            for member in members { try container.encode(member.value, forKey: FormCodingKey(member.key)) }
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        }
    }

    /// Reads any decoder's data as text, arrays and objects. ``URLEncodedFormDecoder`` builds the
    /// value straight from its parsed tree instead, keeping member order.
    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.singleValueContainer(), container.decodeNil() {
            self = .null
        } else if let container = try? decoder.singleValueContainer(), let text = try? container.decode(String.self) {
            self = .string(text)
        } else if var container = try? decoder.unkeyedContainer() {
            var elements: [URLEncodedFormValue] = []
            while !container.isAtEnd { elements.append(try container.decode(URLEncodedFormValue.self)) }
            self = .array(elements)
        } else {
            let container = try decoder.container(keyedBy: FormCodingKey.self)
            self = .object(
                try container.allKeys.map { Member(key: $0.stringValue, value: try container.decode(URLEncodedFormValue.self, forKey: $0)) })
        }
    }
}
