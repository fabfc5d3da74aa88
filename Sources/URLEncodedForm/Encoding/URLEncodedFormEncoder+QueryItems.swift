#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension URLEncodedFormEncoder {
    /// Encodes `value` as query items with unescaped names and values, for
    /// `URLComponents.queryItems`, which escapes them itself.
    ///
    /// ```swift
    /// var components = URLComponents(string: "https://example.com/search")!
    /// components.queryItems = try URLEncodedFormEncoder().encodeQueryItems(["tags": ["a", "b"]])
    /// // [URLQueryItem(name: "tags[]", value: "a"), URLQueryItem(name: "tags[]", value: "b")]
    /// ```
    ///
    /// The items are the pairs `encode(_:)` writes, from the same walk of the value, in the same
    /// order, under the same options, unescaped: names are key paths (`user[name]`, `tags[]`,
    /// `user.name`), a `nil` under ``NilEncoding-swift.struct/bareKey`` is an item whose `value`
    /// is `nil`, and ``ArrayEncoding-swift.enum/separator(_:)`` joins an array's values into one
    /// item (`ids` = `1,2,3`). Escaping is `URLComponents`' to do, so ``allowedCharacters``,
    /// ``spaceEncoding`` and ``bracketEncoding`` do not apply. `URLComponents` leaves a `+` in a
    /// query item as it is, which a form reader takes for a space; set
    /// `components.percentEncodedQuery = try encoder.encode(value)` for text every reader reads
    /// back as it was.
    ///
    /// - Throws: The errors `encode(_:)` throws; `EncodingError.invalidValue` when ``charset`` is
    ///   not UTF-8 (query items carry Unicode text, which `URLComponents` escapes as UTF-8), and
    ///   under a separator when an element holds the separator, which would read back as two
    ///   elements once joined (the text encoder escapes it instead).
    public func encodeQueryItems(_ value: some Encodable) throws -> [URLQueryItem] {
        if charset.isLegacy {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [],
                    debugDescription: """
                        Query items carry Unicode text, which URLComponents escapes as UTF-8, so they cannot be written in \
                        \(charset.encoding.name): set charset to .utf8, or encode the query as text with encode(_:).
                        """
                )
            )
        }
        return try unescapedPairs(value).map { URLQueryItem(name: $0.name, value: $0.value) }
    }

    /// Writes query items as form text, in their order, repeated names kept, escaped with
    /// ``allowedCharacters`` and ``spaceEncoding``. A `nil` value writes the bare name.
    ///
    /// ```swift
    /// URLEncodedFormEncoder().encode([URLQueryItem(name: "q", value: "a b"), URLQueryItem(name: "q", value: "c")])
    /// // q=a%20b&q=c
    /// ```
    ///
    /// Names are written as they are: no key path, key encoding or sorting applies.
    public func encode(_ items: [URLQueryItem]) -> String {
        encodePairs(items.lazy.map { ($0.name, $0.value) })
    }

    /// Writes name–value pairs as form text, in their order, repeated names kept, escaped with
    /// ``allowedCharacters`` and ``spaceEncoding``.
    ///
    /// ```swift
    /// URLEncodedFormEncoder().encode([("grant_type", "password"), ("username", "ada@example.com")])
    /// // grant_type=password&username=ada%40example.com
    /// ```
    public func encode(_ pairs: [(String, String)]) -> String {
        encodePairs(pairs.lazy.map { ($0.0, Optional($0.1)) })
    }

    private func encodePairs(_ pairs: some Sequence<(String, String?)>) -> String {
        let spaceAsPlus = if case .plusReplaced = spaceEncoding { true } else { false }
        var output: [UInt8] = []
        for (name, value) in pairs {
            if !output.isEmpty { output.append(UInt8(ascii: "&")) }
            escaper.escape(name, spaceAsPlus: spaceAsPlus, into: &output)
            if let value {
                output.append(UInt8(ascii: "="))
                escaper.escape(value, spaceAsPlus: spaceAsPlus, into: &output)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
