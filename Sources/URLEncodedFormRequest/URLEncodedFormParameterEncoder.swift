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

/// Encodes `Encodable` parameters as a JSON body with Foundation's `JSONEncoder`.
public struct JSONParameterEncoder: ParameterEncoder {
    /// The encoder that writes the body. It must not be configured further once shared.
    public let encoder: JSONEncoder

    /// Compact JSON.
    public static var `default`: JSONParameterEncoder { JSONParameterEncoder() }
    /// Indented JSON.
    public static var prettyPrinted: JSONParameterEncoder { JSONParameterEncoder(outputFormatting: .prettyPrinted) }
    /// JSON with object keys sorted, the same bytes on every run.
    public static var sortedKeys: JSONParameterEncoder { JSONParameterEncoder(outputFormatting: .sortedKeys) }

    /// Creates a parameter encoder around `encoder`.
    public init(encoder: JSONEncoder = JSONEncoder()) {
        self.encoder = encoder
    }

    private init(outputFormatting: JSONEncoder.OutputFormatting) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = outputFormatting
        self.init(encoder: encoder)
    }

    /// Makes `parameters` the JSON body and sets `Content-Type: application/json` unless the
    /// request has a `Content-Type`. `nil` leaves the request unchanged.
    ///
    /// - Throws: `JSONEncoder`'s errors unchanged.
    public func encode<Parameters: Encodable>(_ parameters: Parameters?, into request: URLRequest) throws -> URLRequest {
        guard let parameters else { return request }
        var request = request
        request.setBody(try encoder.encode(parameters), contentType: "application/json")
        return request
    }
}
