import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Encodes `[String: Any]` parameters as a property list body with `PropertyListSerialization`.
public struct PropertyListEncoding: ParameterEncoding {
    /// The property list format.
    public var format: PropertyListSerialization.PropertyListFormat
    /// The serialization options.
    public var options: PropertyListSerialization.WriteOptions

    /// XML.
    public static var `default`: PropertyListEncoding { PropertyListEncoding() }
    /// XML.
    public static var xml: PropertyListEncoding { PropertyListEncoding(format: .xml) }
    /// Binary.
    public static var binary: PropertyListEncoding { PropertyListEncoding(format: .binary) }

    /// Creates an encoding with a format and options.
    public init(format: PropertyListSerialization.PropertyListFormat = .xml, options: PropertyListSerialization.WriteOptions = 0) {
        self.format = format
        self.options = options
    }

    /// Makes `parameters` the property list body and sets `Content-Type: application/x-plist`
    /// unless the request has a `Content-Type`. `nil` leaves the request unchanged.
    ///
    /// - Throws: `PropertyListSerialization`'s errors unchanged.
    public func encode(_ request: URLRequest, with parameters: [String: Any]?) throws -> URLRequest {
        guard let parameters else { return request }
        var request = request
        let body = try PropertyListSerialization.data(fromPropertyList: parameters, format: format, options: options)
        request.setBody(body, contentType: "application/x-plist")
        return request
    }
}
