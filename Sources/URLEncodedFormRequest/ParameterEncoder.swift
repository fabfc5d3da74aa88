import Foundation
import URLEncodedForm

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Puts typed parameters into a request: its URL query or its body.
///
/// ``URLEncodedFormParameterEncoder`` and ``JSONParameterEncoder`` conform, so a request layer can
/// switch body formats by swapping one value; the shape follows Alamofire's `ParameterEncoder`.
public protocol ParameterEncoder: Sendable {
    /// Returns `request` with `parameters` encoded into it; `nil` parameters leave it unchanged.
    ///
    /// - Throws: ``URLEncodedFormRequestError`` when the request cannot take the parameters, and
    ///   the encoder's own errors unchanged.
    func encode<Parameters: Encodable>(_ parameters: Parameters?, into request: URLRequest) throws -> URLRequest
}

/// Puts untyped parameters (`[String: Any]`) into a request, as Alamofire's `ParameterEncoding`.
///
/// ``URLEncoding``, ``JSONEncoding`` and ``PropertyListEncoding`` conform.
public protocol ParameterEncoding: Sendable {
    /// Returns `request` with `parameters` encoded into it; `nil` parameters leave it unchanged.
    ///
    /// - Throws: ``URLEncodedFormRequestError`` when the request cannot take the parameters, and
    ///   the serializer's own errors unchanged.
    func encode(_ request: URLRequest, with parameters: [String: Any]?) throws -> URLRequest
}

/// Why parameters could not be put into a request.
public enum URLEncodedFormRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The request has no URL, so there is no query to add the parameters to.
    case missingURL
    /// The URL with the parameters added could not be formed.
    case invalidURL(String)

    /// A sentence saying what was missing or wrong.
    public var description: String {
        switch self {
        case .missingURL:
            "The request has no URL, so its parameters cannot be added to its query."
        case .invalidURL(let text):
            "The URL \"\(text)\" could not be formed after adding the parameters to its query."
        }
    }
}

/// Where form parameters go.
public enum ParameterDestination: Sendable, Hashable {
    /// The query for `GET`, `HEAD` and `DELETE` requests, the body otherwise. The default.
    case methodDependent
    /// Always the URL's query.
    case queryString
    /// Always the body.
    case httpBody

    /// Whether parameters go in the URL for a request with this HTTP method (`GET` when `nil`).
    public func encodesParametersInURL(for method: String?) -> Bool {
        switch self {
        case .methodDependent: ["GET", "HEAD", "DELETE"].contains((method ?? "GET").uppercased())
        case .queryString: true
        case .httpBody: false
        }
    }
}

extension URLRequest {
    /// Puts form text where `destination` sends it for this request's method: after the URL's
    /// query, or as the body with the form `Content-Type` unless one is set. The text is made only
    /// once the request is known to take it, so a missing URL is reported before encoding.
    mutating func addForm(_ text: () throws -> String, destination: ParameterDestination) throws {
        if destination.encodesParametersInURL(for: httpMethod) {
            guard url != nil else { throw URLEncodedFormRequestError.missingURL }
            try appendToQuery(try text())
        } else {
            setBody(Data(try text().utf8), contentType: "application/x-www-form-urlencoded; charset=utf-8")
        }
    }

    /// Appends form text to the URL's query with `&`; empty text leaves the URL as it is.
    mutating func appendToQuery(_ query: String) throws {
        guard let url else { throw URLEncodedFormRequestError.missingURL }
        guard !query.isEmpty else { return }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw URLEncodedFormRequestError.invalidURL(url.absoluteString)
        }
        let existing = components.percentEncodedQuery ?? ""
        components.percentEncodedQuery = existing.isEmpty ? query : existing + "&" + query
        guard let newURL = components.url else {
            throw URLEncodedFormRequestError.invalidURL(url.absoluteString)
        }
        self.url = newURL
    }

    /// Sets the body, and `Content-Type` only when the request has none.
    mutating func setBody(_ body: Data, contentType: String) {
        if value(forHTTPHeaderField: "Content-Type") == nil {
            setValue(contentType, forHTTPHeaderField: "Content-Type")
        }
        httpBody = body
    }
}
