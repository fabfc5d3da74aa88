/// The value a `DecodingError` is about, whole, as the form gave it (percent-decoded): the
/// error's message quotes only its start, 64 characters at most. It is the `underlyingError` of
/// the error's context.
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
public struct URLEncodedFormRejectedValue: Error, Sendable, Hashable, CustomStringConvertible {
    /// The value's text.
    public let text: String

    /// Creates the error for `text`.
    public init(text: String) {
        self.text = text
    }

    /// `the value "…"`, its start quoted as a message quotes it.
    public var description: String { "the value \"\(ErrorQuote.quote(text))\"" }
}
