import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
