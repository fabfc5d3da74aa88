import Foundation
import URLEncodedForm

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Encodes `[String: Any]` parameters as form text into a request's query or body, as
/// Alamofire's `URLEncoding.default`, `.queryString` and `.httpBody` do.
///
/// ```swift
/// let request = try URLEncoding.default.encode(URLRequest(url: url), with: ["q": "swift", "page": 2])
/// // GET …?page=2&q=swift
/// ```
///
/// Keys are sorted at every level; values follow ``URLEncodedFormEncoder/encode(parameters:)``.
public struct URLEncoding: ParameterEncoding {
    /// Where the parameters go.
    public typealias Destination = ParameterDestination

    /// Where the parameters go.
    public var destination: Destination
    /// The encoder that writes the form text; its `arrayEncoding` and `boolEncoding` are
    /// Alamofire's options of the same names.
    public var encoder: URLEncodedFormEncoder

    /// Query for `GET`, `HEAD` and `DELETE`, body otherwise.
    public static var `default`: URLEncoding { URLEncoding() }
    /// Always the query.
    public static var queryString: URLEncoding { URLEncoding(destination: .queryString) }
    /// Always the body.
    public static var httpBody: URLEncoding { URLEncoding(destination: .httpBody) }

    /// Creates an encoding with Alamofire's arguments.
    public init(
        destination: Destination = .methodDependent,
        arrayEncoding: URLEncodedFormEncoder.ArrayEncoding = .brackets,
        boolEncoding: URLEncodedFormEncoder.BoolEncoding = .numeric
    ) {
        self.destination = destination
        encoder = URLEncodedFormEncoder(arrayEncoding: arrayEncoding, boolEncoding: boolEncoding)
    }

    /// Creates an encoding that writes with `encoder`.
    public init(destination: Destination = .methodDependent, encoder: URLEncodedFormEncoder) {
        self.destination = destination
        self.encoder = encoder
    }

    /// Adds `parameters` to the query (after any existing query, joined with `&`), or makes them
    /// the body and sets `Content-Type: application/x-www-form-urlencoded; charset=utf-8` unless
    /// the request has a `Content-Type`. `nil` leaves the request unchanged.
    ///
    /// - Throws: ``URLEncodedFormRequestError/missingURL`` for a query destination without a URL;
    ///   `EncodingError.invalidValue` for a value of an unsupported type.
    public func encode(_ request: URLRequest, with parameters: [String: Any]?) throws -> URLRequest {
        guard let parameters else { return request }
        var request = request
        try request.addForm({ try encoder.encode(parameters: parameters) }, destination: destination)
        return request
    }
}
