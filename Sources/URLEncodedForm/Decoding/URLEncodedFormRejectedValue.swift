#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The value a `DecodingError` is about, whole, as the form gave it (percent-decoded): the
/// error's message quotes only its start, 64 characters at most. It is the `underlyingError` of
/// the error's context, and its description says what the message does not: how long the value
/// is, and whether the message quoted it whole, so that `print(error)` does not repeat the quote.
///
/// ```swift
/// do {
///     _ = try URLEncodedFormDecoder().decode([String: Int].self, from: "age=twelve")
/// } catch DecodingError.typeMismatch(_, let context) {
///     let submitted = (context.underlyingError as? URLEncodedFormRejectedValue)?.text  // "twelve"
/// }
/// ```
///
/// With ``URLEncodedFormDecoder/ErrorReporting-swift.enum/everyField``, each field's
/// ``URLEncodedFormFieldErrors/FieldError/value`` is this text, for a page that shows the form
/// again with what was typed.
public struct URLEncodedFormRejectedValue: Error, LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// The value's text.
    public let text: String

    /// Creates the error for `text`.
    public init(text: String) {
        self.text = text
    }

    /// The value's length, and whether the error's message quotes it whole (64 characters at most,
    /// control characters escaped):
    /// `the rejected value, 3 bytes, is quoted whole in the message`, or, for a long one,
    /// `the rejected value, 1800001 bytes, is quoted in the message shortened or escaped; URLEncodedFormRejectedValue.text holds it as sent`.
    public var description: String {
        let length = "\(text.utf8.count) byte\(text.utf8.count == 1 ? "" : "s")"
        guard ErrorQuote.quotesWhole(text) else {
            return "the rejected value, \(length), is quoted in the message shortened or escaped; URLEncodedFormRejectedValue.text holds it as sent"
        }
        return "the rejected value, \(length), is quoted whole in the message"
    }

    /// The description, for `localizedDescription`.
    public var errorDescription: String? { description }
}
