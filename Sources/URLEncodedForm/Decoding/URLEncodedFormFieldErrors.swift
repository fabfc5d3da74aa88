#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every field of a form that could not be decoded, thrown at once when
/// ``URLEncodedFormDecoder/errorReporting`` is ``URLEncodedFormDecoder/ErrorReporting-swift.enum/everyField``.
///
/// A server re-renders a rejected form with a message beside each bad input:
///
/// ```swift
/// var decoder = URLEncodedFormDecoder()
/// decoder.errorReporting = .everyField
/// do {
///     let signup = try decoder.decode(Signup.self, from: body)
/// } catch let errors as URLEncodedFormFieldErrors {
///     for field in errors.fields {
///         print(field.field, field.message)  // age  Expected Int (a whole number) at "age", …
///     }
///     let ageMessage = errors["age"]?.message
/// }
/// ```
public struct URLEncodedFormFieldErrors: Error, LocalizedError, Sendable, CustomStringConvertible {
    /// The failures, in the order the fields were decoded.
    public let fields: [FieldError]

    /// The failure of the field the form spells `field` (`address[zip]`, `items[2][qty]`), if any.
    public subscript(field: String) -> FieldError? {
        fields.first { $0.field == field }
    }

    /// One line per field, for the first ten fields, so that a form of a thousand bad fields
    /// is a short answer too; ``fields`` holds them all.
    public var description: String {
        let listed = fields.prefix(Self.describedFields).map { "- \($0.field.isEmpty ? "(the form)" : ErrorQuote.quote($0.field)): \($0.message)" }
        let more = fields.count > Self.describedFields ? "\n- and \(fields.count - Self.describedFields) more" : ""
        return "\(fields.count) field\(fields.count == 1 ? "" : "s") could not be decoded:\n" + listed.joined(separator: "\n") + more
    }

    /// The lines ``description`` gives, so that `localizedDescription` lists the fields too.
    public var errorDescription: String? { description }

    private static let describedFields = 10

    /// One field that could not be decoded.
    public struct FieldError: Sendable, CustomStringConvertible {
        /// The field as the form spells it, percent-decoded: `address[zip]`, `items[2][qty]`, or
        /// `address.zip` with ``URLEncodedFormDecoder/KeyPathDecoding-swift.struct/dots``. Empty for
        /// the form as a whole.
        public let field: String
        /// What went wrong.
        public let kind: Kind
        /// The decoder's sentence for it, as the single error would say it.
        public let message: String
        /// The error the field threw: a `DecodingError`, a ``URLEncodedFormDecodingError``, or an
        /// error from a custom strategy or the type's own `init(from:)`.
        public let underlying: any Error
        private let path: [FormCodingKey]

        init(field: String, codingPath: [any CodingKey], error: any Error) {
            self.field = field
            path = codingPath.map { key in key.intValue.map(FormCodingKey.init(index:)) ?? FormCodingKey(key.stringValue) }
            underlying = error
            switch error {
            case DecodingError.keyNotFound(_, let context), DecodingError.valueNotFound(_, let context):
                kind = .missing
                message = context.debugDescription
            case DecodingError.typeMismatch(_, let context):
                kind = .wrongType
                message = context.debugDescription
            case DecodingError.dataCorrupted(let context):
                kind = .invalidValue
                message = context.debugDescription
            case let error as URLEncodedFormDecodingError:
                kind = error.code.isLimit ? .refusedByLimit : .invalidValue
                message = error.description
            default:
                kind = .custom
                message = "\(error)"
            }
        }

        /// The coding path of the field, from the top-level value.
        public var codingPath: [any CodingKey] { path }

        /// The text the form gave the field, whole, when the field failed for its value (a
        /// wrong type, a number too large, a date that is not one): what a page shows again in
        /// the input. `nil` for a field that is missing or is not a value.
        public var value: String? {
            ((underlying as? DecodingError)?.context?.underlyingError as? URLEncodedFormRejectedValue)?.text
        }

        public var description: String { "\(ErrorQuote.quote(field)): \(message)" }

        /// What kind of failure a field had.
        public struct Kind: Sendable, Hashable, CustomStringConvertible {
            public let description: String

            /// The form has no value where the type needs one.
            public static let missing = Kind(description: "missing")
            /// The value is of another shape or type: text where a number goes, an object where
            /// text goes.
            public static let wrongType = Kind(description: "wrongType")
            /// The value has the right shape but cannot be read: a number too large, a date that
            /// is not one, a raw value no case has, an array with a gap.
            public static let invalidValue = Kind(description: "invalidValue")
            /// A limit refused it while it was read, such as an index past
            /// ``URLEncodedFormDecoder/Limits-swift.struct/maximumArrayLength``.
            public static let refusedByLimit = Kind(description: "refusedByLimit")
            /// A custom strategy or the type's own `init(from:)` threw an error of its own.
            public static let custom = Kind(description: "custom")
        }
    }
}

/// A type that names the value to stand in for a field of its type that failed to decode, so
/// that ``URLEncodedFormDecoder/ErrorReporting-swift.enum/everyField`` reads the fields after it.
///
/// The decoder finds stand-ins by itself for text, numbers, `Bool`, optionals, collections,
/// dates, URLs and `CaseIterable` enums, and makes one of any other type by decoding it from an
/// empty object, each of its own fields given its stand-in (a struct, a class, a type that wraps
/// one value). Swift has no safe way to make a value of a type that refuses even that: an enum
/// that is not `CaseIterable`, whose raw value no stand-in names, or a type whose `init(from:)`
/// throws on empty input stops the level that holds it. Conform such a type to go on past it:
///
/// ```swift
/// enum Level: String, Decodable, URLEncodedFormStandIn {
///     case low, high
///     static var formStandIn: Level { .low }
/// }
/// ```
///
/// The stand-in only lets decoding go on: the decode still throws ``URLEncodedFormFieldErrors``,
/// so it never reaches the caller as a decoded value.
public protocol URLEncodedFormStandIn {
    /// The value used in place of a field of this type that failed to decode.
    static var formStandIn: Self { get }
}

/// Thrown upward after a failure was recorded where no value could stand in: the levels above
/// it stop too, without recording it again.
struct FieldErrorsRecorded: Error {}
