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
