#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension URLEncodedFormDecoder {
    /// Decodes a value of `type` from the query of `components`, as it was escaped
    /// (`percentEncodedQuery`); no query is an empty form.
    ///
    /// ```swift
    /// let components = URLComponents(string: "https://example.com/search?q=swift+forms&page=2")!
    /// let search = try URLEncodedFormDecoder().decode(Search.self, from: components)
    /// ```
    ///
    /// `URLComponents.queryItems` leaves `+` unescaped when it builds a query, so a query built
    /// that way needs ``SpaceDecoding/percentEscaped`` for its plus signs to stay plus signs;
    /// a browser's query needs the default, where `+` is a space.
    ///
    /// - Throws: The errors `decode(_:from:)` throws for a `String`.
    public func decode<T: Decodable>(_ type: T.Type, from components: URLComponents) throws -> T {
        try decode(type, from: components.percentEncodedQuery ?? "")
    }

    /// Decodes a value of `type` from the query of `url`; no query is an empty form.
    ///
    /// - Throws: The errors `decode(_:from:)` throws for a `String`.
    public func decode<T: Decodable>(_ type: T.Type, from url: URL) throws -> T {
        try decode(type, from: URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery ?? "")
    }
}
