import Foundation

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
