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
    /// Names are the key paths the encoder writes (`user[name]`, `tags[]`), in the same order as
    /// in `encode(_:)`'s text, under the same options.
    ///
    /// - Throws: The errors `encode(_:)` throws.
    public func encodeQueryItems(_ value: some Encodable) throws -> [URLQueryItem] {
        // Escape the separators whatever `unescapedCharacters` says, so the text splits back exactly.
        var splittable = self
        splittable.unescapedCharacters = unescapedCharacters.removing("&=%+")
        var text: [UInt8] = []
        try splittable.encoded(value) { text = $0.array }
        let plusIsSpace = if case .plusReplaced = spaceEncoding { true } else { false }
        return text.split(separator: UInt8(ascii: "&")).map { pair in
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            return URLQueryItem(
                name: Self.unescaped(parts.first ?? [], plusIsSpace: plusIsSpace),
                value: Self.unescaped(parts.dropFirst().first ?? [], plusIsSpace: plusIsSpace)
            )
        }
    }

    private static func unescaped(_ text: ArraySlice<UInt8>, plusIsSpace: Bool) -> String {
        var bytes: [UInt8] = []
        text.withReader { PercentDecoding.decode($0, plusIsSpace: plusIsSpace, into: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
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
