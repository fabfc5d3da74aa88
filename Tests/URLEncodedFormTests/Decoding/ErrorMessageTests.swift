import Foundation
import Testing

@testable import URLEncodedForm

/// Every message quotes input as a short prefix on one line, whatever the input, and the whole
/// text stays in the error: a value of one `Character` (a digit and 300,000 combining marks,
/// 600 KB) makes messages under 1 KB.
@Suite("Errors: messages are bounded")
struct ErrorMessageTests {
    @Test(
        "a quote is 64 scalars at most, 256 bytes at most, on one line",
        arguments: [
            ("12", "12"),
            ("", ""),
            ("line\nbreak\r\ttab", #"line\nbreak\r\ttab"#),
            ("\u{0}\u{7F}\u{85}\u{2028}", #"\u{0}\u{7F}\u{85}\u{2028}"#),
            ("abc\u{202E}def", #"abc\u{202E}def"#),
            (String(repeating: "x", count: 64), String(repeating: "x", count: 64)),
            (String(repeating: "x", count: 65), String(repeating: "x", count: 64) + "…"),
            (String(repeating: "€", count: 100), String(repeating: "€", count: 64) + "…"),
            (String(repeating: "𝄞", count: 100), String(repeating: "𝄞", count: 63) + "…"),
            ("1" + String(repeating: "\u{301}", count: 300_000), "1" + String(repeating: "\u{301}", count: 63) + "…"),
            ("👩‍👩‍👧", "👩‍👩‍👧"),
        ]
    )
    func quote(text: String, expected: String) {
        let quoted = ErrorQuote.quote(text)
        #expect(quoted == expected)
        #expect(quoted.utf8.count <= ErrorQuote.maximumBytes)
        #expect(quoted.unicodeScalars.count <= ErrorQuote.maximumScalars + 1)
        #expect(ErrorQuote.quotesWhole(text) == (quoted == text))
    }

    /// A digit and 300,000 combining marks: one `Character`. Under a sanitizer, which runs each
    /// decode ten times slower and checks memory and threads rather than lengths, 30,000: still
    /// a message of 60 KB if a quote were not cut.
    static let markCount = StreamedBodyTests.sanitized ? 30_000 : 300_000
    static let marks = "1" + String(repeating: "\u{301}", count: markCount)
    static let lifted = URLEncodedFormDecoder(limits: .unlimited)

    enum Plan: String, Decodable {
        case basic, pro
    }

    struct Form: Decodable {
        var age: Int?
        var plan: Plan?
        var when: Date?
        var blob: Data?
        var link: URL?
        var flag: Bool?
        var list: [Int]?
        var table: [String: Int]?
    }

    static let escapedMarks = "1" + String(repeating: "%CC%81", count: markCount)

    /// Each field given the value, in turn, each message short; the value whole in the error.
    @Test(
        "a 600 KB value makes a short message, and stays whole in the error",
        arguments: ["age", "plan", "when", "blob", "flag", "list[]", "table[k]"]
    )
    func value(field: String) throws {
        var decoder = Self.lifted
        decoder.dateDecoding = .iso8601
        do {
            _ = try decoder.decode(Form.self, from: "\(field)=\(Self.escapedMarks)")
            Issue.record("expected an error")
        } catch let error as DecodingError {
            let context = try #require(error.context)
            #expect(context.debugDescription.utf8.count < 1024, "\(field): \(context.debugDescription.utf8.count) bytes")
            #expect("\(error)".utf8.count < 2048)
            #expect((context.underlyingError as? URLEncodedFormRejectedValue)?.text.utf8.elementsEqual(Self.marks.utf8) == true, "\(field)")
        }
    }

    @Test("every field reported at once: short messages, the values whole, ten fields listed")
    func everyField() throws {
        var decoder = Self.lifted
        decoder.errorReporting = .everyField
        do {
            _ = try decoder.decode(Form.self, from: "age=\(Self.escapedMarks)&plan=\(Self.escapedMarks)")
            Issue.record("expected an error")
        } catch let errors as URLEncodedFormFieldErrors {
            #expect(errors.fields.count == 2)
            #expect(errors.description.utf8.count < 1024)
            for field in errors.fields {
                #expect(field.message.utf8.count < 1024)
                #expect(field.value?.utf8.elementsEqual(Self.marks.utf8) == true)
            }
        }
        // A thousand fields that fail are listed ten at a time.
        let many = (0..<1000).map { "t[k\($0)]=x" }.joined(separator: "&")
        struct Table: Decodable { var t: [String: Int] }
        do {
            _ = try decoder.decode(Table.self, from: many)
            Issue.record("expected an error")
        } catch let errors as URLEncodedFormFieldErrors {
            #expect(errors.fields.count == 1000)
            #expect(errors.description.contains("- and 990 more"))
            #expect(errors.description.utf8.count < 2048)
        }
    }

    @Test("a refusal keeps its key whole and quotes its start")
    func refusal() throws {
        let name = String(repeating: "n", count: 500_000) + "\u{202E}"
        for (input, code) in [
            (name + "[=1", URLEncodedFormDecodingError.Code.malformedKey),
            (name + "=1&" + name + "[a]=2", .conflictingKey),
            (name + String(repeating: "[a]", count: 40) + "=1", .keyTooDeep),
        ] {
            var decoder = Self.lifted
            decoder.dialect.malformedKeys = .error
            if code == .keyTooDeep { decoder.limits.maximumDepth = 32 }
            do {
                _ = try decoder.decode(URLEncodedFormValue.self, from: input)
                Issue.record("expected \(code)")
            } catch let error as URLEncodedFormDecodingError {
                #expect(error.code == code)
                #expect(error.key?.hasPrefix(name) == true)
                #expect(error.description.utf8.count < 1024)
                #expect(!error.description.contains("\u{202E}"))
            }
        }
    }
}
