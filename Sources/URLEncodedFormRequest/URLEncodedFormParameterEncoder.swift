import Foundation
import URLEncodedForm

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Encodes `Encodable` parameters as form text into a request's query or body, as Alamofire's
/// `URLEncodedFormParameterEncoder` does.
///
/// ```swift
/// var request = URLRequest(url: URL(string: "https://example.com/search")!)
/// request = try URLEncodedFormParameterEncoder.default.encode(Search(query: "swift"), into: request)
/// // GET https://example.com/search?query=swift
/// ```
public struct URLEncodedFormParameterEncoder: ParameterEncoder {
    /// Where the parameters go.
    public typealias Destination = ParameterDestination

    /// The encoder that writes the form text.
    public var encoder: URLEncodedFormEncoder
    /// Where the parameters go. ``ParameterDestination/methodDependent`` by default.
    public var destination: Destination

    /// The default encoder, method-dependent.
    public static let `default` = URLEncodedFormParameterEncoder()

    /// Creates a parameter encoder.
    public init(encoder: URLEncodedFormEncoder = URLEncodedFormEncoder(), destination: Destination = .methodDependent) {
        self.encoder = encoder
        self.destination = destination
    }

    /// Adds `parameters` to the query (after any existing query, joined with `&`), or makes them
    /// the body and sets `Content-Type: application/x-www-form-urlencoded; charset=utf-8` unless
    /// the request has a `Content-Type`. `nil` leaves the request unchanged.
    ///
    /// - Throws: ``URLEncodedFormRequestError/missingURL`` for a query destination without a URL;
    ///   the encoder's errors unchanged.
    public func encode<Parameters: Encodable>(_ parameters: Parameters?, into request: URLRequest) throws -> URLRequest {
        guard let parameters else { return request }
        var request = request
        try request.addForm({ try encoder.encode(parameters) }, destination: destination)
        return request
    }
}
