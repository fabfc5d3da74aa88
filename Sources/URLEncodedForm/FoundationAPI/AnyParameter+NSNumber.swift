#if FoundationAPI
import Foundation

extension AnyParameter {
    /// Encodes `value` when it is one of the objects `JSONSerialization` makes, `NSNull` or
    /// `NSNumber`; `false` for any other value.
    static func encodeFoundationObject(_ value: Any, into container: inout any SingleValueEncodingContainer) throws -> Bool {
        if value is NSNull {
            try container.encodeNil()
            return true
        }
        guard let number = value as? NSNumber, type(of: value) is NSNumber.Type else { return false }
        try encode(number, into: &container)
        return true
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
#endif
