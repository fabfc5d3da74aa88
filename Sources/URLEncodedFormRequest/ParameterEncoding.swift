import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
