import Foundation
import Testing
import URLEncodedForm

/// What Chromium 156 really submits from pages labelled UTF-8, ISO-8859-1, windows-1252 and
/// latin1, with a `_charset_` input or Rails' `utf8=✓` (`Tests/Fixtures/chromium-legacy-forms.json`,
/// recorded by `Tools/Browser/legacy_forms.py`, which CI runs again against the committed bodies).
@Suite("Decoder: what real browsers submit from legacy pages")
struct BrowserSubmissionTests {
    struct Submission: Sendable {
        var label: String
        var sentinel: String
        var typed: String
        var body: String
    }

    static let submissions: [Submission] = {
        fixtureCases("chromium-legacy-forms.json").cases.compactMap { $0 as? [String: String] }.map {
            Submission(label: $0["label"] ?? "", sentinel: $0["sentinel"] ?? "", typed: $0["typed"] ?? "", body: $0["body"] ?? "")
        }
    }()

    /// A server that serves legacy pages: the sentinel says which charset each form came in,
    /// windows-1252 is what legacy pages send, and references stand for what it lacks.
    static let server = URLEncodedFormDecoder(charset: URLEncodedFormCharset(.windows1252, sentinel: true))

    @Test("every submission reads back as the text typed, the sentinel left out")
    func typedText() throws {
        #expect(Self.submissions.count == 80)
        for submission in Self.submissions {
            let form = try Self.server.decode([String: String].self, from: submission.body)
            // Text that looks like a reference cannot be told from one a legacy page wrote: the
            // browser sends both the same way.
            let legacy = submission.label != "utf-8"
            let expected = legacy ? submission.typed.replacingOccurrences(of: "&#26085;", with: "日") : submission.typed
            #expect(form == ["t": expected], "\(submission.label) \(submission.sentinel): \(submission.body)")
        }
    }

    @Test("ISO-8859-1 read strictly gets windows-1252's characters wrong, which is why browsers' forms need .windows1252")
    func strictLatin1() throws {
        let euro = try #require(Self.submissions.first { $0.label == "iso-8859-1" && $0.typed == "€ 5" && $0.sentinel == "_charset_" })
        #expect(euro.body == "_charset_=windows-1252&t=%80+5")
        #expect(try URLEncodedFormDecoder(charset: .isoLatin1).decode([String: String].self, from: euro.body)["t"] == "\u{80} 5")
        #expect(try URLEncodedFormDecoder(charset: .windows1252).decode([String: String].self, from: euro.body)["t"] == "€ 5")
        // The default reads legacy bytes as invalid UTF-8.
        #expect(try URLEncodedFormDecoder().decode([String: String].self, from: euro.body)["t"] == "\u{FFFD} 5")
    }

    @Test("with numeric references off, the characters a legacy page lacks stay references")
    func references() throws {
        let japanese = try #require(Self.submissions.first { $0.label == "windows-1252" && $0.typed == "日本" && $0.sentinel == "utf8" })
        let decoder = URLEncodedFormDecoder(charset: URLEncodedFormCharset(.windows1252, sentinel: true, numericReferences: false))
        #expect(try decoder.decode([String: String].self, from: japanese.body) == ["t": "&#26085;&#26412;"])
    }
}
