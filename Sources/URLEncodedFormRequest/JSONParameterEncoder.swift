import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
