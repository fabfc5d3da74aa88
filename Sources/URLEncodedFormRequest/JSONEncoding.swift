import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Encodes `[String: Any]` parameters as a JSON body with `JSONSerialization`.
public struct JSONEncoding: ParameterEncoding {
    /// The serialization options.
    public var options: JSONSerialization.WritingOptions

    /// Compact JSON.
    public static var `default`: JSONEncoding { JSONEncoding() }
    /// Indented JSON.
    public static var prettyPrinted: JSONEncoding { JSONEncoding(options: .prettyPrinted) }

    /// Creates an encoding with `JSONSerialization` options.
    public init(options: JSONSerialization.WritingOptions = []) {
        self.options = options
    }

    /// Makes `parameters` the JSON body and sets `Content-Type: application/json` unless the
    /// request has a `Content-Type`. `nil` leaves the request unchanged.
    ///
    /// - Throws: `EncodingError.invalidValue` when `JSONSerialization` cannot write the
    ///   parameters, instead of the exception it would raise.
    public func encode(_ request: URLRequest, with parameters: [String: Any]?) throws -> URLRequest {
        guard let parameters else { return request }
        guard JSONSerialization.isValidJSONObject(parameters) else {
            throw EncodingError.invalidValue(
                parameters,
                EncodingError.Context(codingPath: [], debugDescription: "The parameters hold a value JSONSerialization cannot write.")
            )
        }
        var request = request
        request.setBody(try JSONSerialization.data(withJSONObject: parameters, options: options), contentType: "application/json")
        return request
    }
}
