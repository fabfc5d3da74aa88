import Foundation
import Testing

@testable import URLEncodedForm

/// The project's own errors read as their message wherever they are printed: in `catch`, in
/// `localizedDescription`, in `print(error)` of the `DecodingError` around a rejected value.
@Suite("Errors: read well outside a catch")
struct ErrorDescriptionTests {
    static let decoder = URLEncodedFormDecoder(limits: .init(maximumInputLength: 100, maximumDepth: 2))

    /// One error of each of the project's own types, as the decoder throws it.
    static func ownErrors() throws -> [any Error & CustomStringConvertible] {
        struct Signup: Decodable {
            var name: String
            var age: Int
        }
        var errors: [any Error & CustomStringConvertible] = []
        for form in ["a[b][c]=1", "a=1&a[b]=2", String(repeating: "x", count: 101)] {
            errors.append(try #require(throws: URLEncodedFormDecodingError.self) { try decoder.decode([String: String].self, from: form) })
        }
        var every = decoder
        every.errorReporting = .everyField
        errors.append(try #require(throws: URLEncodedFormFieldErrors.self) { try every.decode(Signup.self, from: "age=old") })
        errors.append(URLEncodedFormRejectedValue(text: "old"))
        return errors
    }

    @Test("localizedDescription of each own error type is its message")
    func localizedDescriptions() throws {
        let errors = try Self.ownErrors()
        #expect(errors.count == 5)
        for error in errors {
            #expect(error.localizedDescription == error.description)
            #expect(!error.localizedDescription.contains("The operation could not be completed"))
        }
    }

    @Test(
        "print(error) of a rejected value states the value once, and the underlying error adds its length",
        arguments: [
            ("age=abc", "the value \"abc\"", "the rejected value, 3 bytes, is quoted whole in the message"),
            (
                "age=" + String(repeating: "9x", count: 500), "the value \"9x9x",
                "the rejected value, 1000 bytes, is quoted in the message shortened or escaped"
            ),
            ("age=a%0Ab", #"the value "a\nb""#, "the rejected value, 3 bytes, is quoted in the message shortened or escaped"),
        ]
    )
    func printedDecodingError(form: String, quote: String, underlying: String) throws {
        let error = try #require(throws: DecodingError.self) { try URLEncodedFormDecoder().decode([String: Int].self, from: form) }
        let printed = "\(error)"
        #expect(printed.components(separatedBy: quote).count == 2, "\(printed)")
        #expect(
            printed.hasSuffix(
                "Underlying error: " + underlying + (underlying.hasSuffix("message") ? "" : "; URLEncodedFormRejectedValue.text holds it as sent")),
            "\(printed)")
    }
}
