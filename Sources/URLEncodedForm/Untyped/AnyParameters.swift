import Foundation

extension URLEncodedFormEncoder {
    /// Encodes untyped parameters, such as Alamofire's `Parameters`, as form text.
    ///
    /// ```swift
    /// let text = try URLEncodedFormEncoder().encode(parameters: ["a": "apple", "d": ["4": "dose"], "e": true, "f": 12])
    /// // a=apple&d%5B4%5D=dose&e=1&f=12
    /// ```
    ///
    /// Values may be strings, `Bool`s, numbers (Swift's or `NSNumber`, whose booleans are told from
    /// numbers on every platform), `Date`, `Data`, `URL`, `Decimal`, arrays, `[String: Any]`
    /// dictionaries and any `Encodable` value; each follows the encoder's options. `nil` and
    /// `NSNull` follow ``nilEncoding``. Dictionary keys are sorted at every level, so the output
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
        if value is NSNull { return try container.encodeNil() }
        if let number = value as? NSNumber, type(of: value) is NSNumber.Type {
            return try Self.encode(number, into: &container)
        }
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

    /// An `NSNumber` (from `JSONSerialization`, or bridged) is a `Bool` when it wraps one. On Apple
    /// platforms that is when it is the `CFBoolean` singleton, since an `Int8` number reports the
    /// same Objective-C type `c` there; Foundation on Linux has no `CFBoolean` to ask, and there
    /// only booleans report `c` (an `Int8` reports `i`).
    private static func encode(_ number: NSNumber, into container: inout any SingleValueEncodingContainer) throws {
        #if canImport(Darwin)
        if CFGetTypeID(number) == CFBooleanGetTypeID() { return try container.encode(number.boolValue) }
        #else
        if String(cString: number.objCType) == "c" { return try container.encode(number.boolValue) }
        #endif
        switch String(cString: number.objCType) {
        case "f", "d": try container.encode(number.doubleValue)
        case "Q", "L", "I", "S", "C": try container.encode(number.uint64Value)
        default: try container.encode(number.int64Value)
        }
    }
}

/// Lets an `Optional` stored in `Any` be unwrapped without knowing its type.
private protocol OptionalParameter {
    var wrappedParameter: Any? { get }
}

extension Optional: OptionalParameter {
    var wrappedParameter: Any? { self.map { $0 as Any } }
}
