#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension URLEncodedFormEncoder {
    /// Encodes untyped parameters, such as Alamofire's `Parameters`, as form text.
    ///
    /// ```swift
    /// let text = try URLEncodedFormEncoder().encode(parameters: ["a": "apple", "d": ["4": "dose"], "e": true, "f": 12])
    /// // a=apple&d%5B4%5D=dose&e=1&f=12
    /// ```
    ///
    /// Values may be strings, `Bool`s, numbers, `Date`, `Data`, `URL`, `Decimal`, arrays,
    /// `[String: Any]` dictionaries and any `Encodable` value; each follows the encoder's options.
    /// `nil` follows ``nilEncoding``. With the `FoundationAPI` trait (on by default), `NSNumber`
    /// (whose booleans are told from numbers on every platform) and `NSNull` are read too, as
    /// `JSONSerialization` makes them. Dictionary keys are sorted at every level, so the output
    /// is the same on every run even with ``alphabetizeKeyValuePairs`` off.
    ///
    /// - Throws: `EncodingError.invalidValue`, with the coding path, for a value of any other type.
    public func encode(parameters: [String: Any]) throws -> String {
        try encode(AnyParameter(parameters))
    }
}

/// An untyped value made `Encodable`, so it goes through the same encoder as typed ones.
struct AnyParameter: Encodable {
    let value: Any

    init(_ value: Any) {
        self.value = value
    }

    func encode(to encoder: any Encoder) throws {
        if let dictionary = value as? [String: Any] {
            var container = encoder.container(keyedBy: FormCodingKey.self)
            for key in dictionary.keys.sorted() {
                try container.encode(AnyParameter(dictionary[key] as Any), forKey: FormCodingKey(key))
            }
            return
        }
        if let array = value as? [Any] {
            var container = encoder.unkeyedContainer()
            for element in array { try container.encode(AnyParameter(element)) }
            return
        }
        var container = encoder.singleValueContainer()
        if let wrapped = value as? any OptionalParameter {
            guard let unwrapped = wrapped.wrappedParameter else { return try container.encodeNil() }
            return try AnyParameter(unwrapped).encode(to: encoder)
        }
        #if FoundationAPI
        if try Self.encodeFoundationObject(value, into: &container) { return }
        #endif
        guard let encodable = value as? any Encodable else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: encoder.codingPath,
                    debugDescription:
                        "Cannot encode a value of type \(type(of: value)) as a form parameter: use a string, a number, a Bool, an array, a [String: Any] dictionary or an Encodable value."
                )
            )
        }
        try container.encode(encodable)
    }
}

/// Lets an `Optional` stored in `Any` be unwrapped without knowing its type.
private protocol OptionalParameter {
    var wrappedParameter: Any? { get }
}

extension Optional: OptionalParameter {
    var wrappedParameter: Any? { self.map { $0 as Any } }
}
