import Testing

@testable import URLEncodedForm

/// What both framework adapters decide from a request's head before reading its body
/// (`FormRequestHead`), and the status and sentence of each refusal (`FormRefusal`). The adapters'
/// own tests send the same refusals through Hummingbird and Vapor.
@Suite("Request head: the media type, charset and limit both adapters read")
struct FormRequestHeadTests {
    @Test(
        "application/x-www-form-urlencoded in any case, with parameters and spaces around them, and nothing else; its charset parameter",
        arguments: [
            ("application/x-www-form-urlencoded", true, nil),
            ("APPLICATION/X-WWW-FORM-URLENCODED", true, nil),
            ("Application/X-WWW-Form-URLEncoded ; charset=UTF-8", true, "UTF-8"),
            ("application/x-www-form-urlencoded;charset=utf-8", true, "utf-8"),
            ("application/x-www-form-urlencoded; CHARSET = \"ISO-8859-1\" ", true, "ISO-8859-1"),
            ("application/x-www-form-urlencoded; a=\"x;charset=no\"; charset=latin1", true, "latin1"),
            ("application/x-www-form-urlencoded; charset=\"wi\\ndows-1252\"", true, "windows-1252"),
            ("application/x-www-form-urlencoded; charset=a; charset=b", true, "a"),
            // Bytes past ASCII, an unclosed quote, a backslash at the end: read, never a trap.
            ("application/x-www-form-urlencoded; charset=\"é\"", true, "é"),
            ("application/x-www-form-urlencoded; charset=日本 ; x=1", true, "日本"),
            ("application/x-www-form-urlencoded; charset=\"abc\\", true, "abc\\"),
            ("application/x-www-form-urlencoded; charset=\"unclosed", true, "unclosed"),
            ("application/x-www-form-urlencoded; charset=", true, ""),
            ("application/x-www-form-urlencoded; charsets=x; xcharset=y", true, nil),
            ("  application/x-www-form-urlencoded\t", true, nil),
            ("application/x-www-form-urlencoded; a=b; c=d", true, nil),
            ("application/x-www-form-urlencoded;", true, nil),
            ("application/x-www-form-urlencodedx", false, nil),
            ("application/x-www-form-urlencode", false, nil),
            ("application/x-www-form-urlencoded x", false, nil),
            ("application /x-www-form-urlencoded", false, nil),
            // `-` and `/` are not letters: their one-bit neighbours (`\r`, `\u{0F}`) are no match.
            ("application\u{0F}x-www-form-urlencoded", false, nil),
            ("application/x\rwww-form-urlencoded", false, nil),
            ("multipart/form-data; boundary=x", false, nil),
            ("application/json; charset=utf-8", false, nil),
            ("", false, nil),
            (";application/x-www-form-urlencoded", false, nil),
        ] as [(String, Bool, String?)]
    )
    func mediaType(contentType: String, isForm: Bool, charset: String?) {
        let mediaType = FormMediaType(contentType)
        #expect((mediaType != nil) == isForm)
        #expect(mediaType?.charset == charset)
    }

    @Test(
        "a charset label is UTF-8 or windows-1252 as the WHATWG Encoding standard reads it, and nothing else",
        arguments: [
            ("utf-8", URLEncodedFormCharset.Encoding.utf8), ("UTF8", .utf8), (" unicode-1-1-utf-8\t", .utf8), ("ISO-8859-1", .windows1252),
            ("latin1", .windows1252), ("US-ASCII", .windows1252), ("windows-1252", .windows1252), ("cp819", .windows1252),
            ("Shift_JIS", nil), ("utf-16", nil), ("iso-8859-15", nil), ("", nil), ("utf-8x", nil),
        ] as [(String, URLEncodedFormCharset.Encoding?)]
    )
    func charsetLabels(label: String, encoding: URLEncodedFormCharset.Encoding?) {
        #expect(URLEncodedFormCharset.Encoding(label: label) == encoding)
    }

    /// How a head is decided, with a decoder allowing 1,000 bytes and a framework allowing
    /// `frameworkLimit`: nil (not a form), a refusal (its status), or a form whose body is read in
    /// an encoding under a limit.
    @Test(
        "a head is a form, not a form, or refused, the same for every framework",
        arguments: [
            // (Content-Type fields, Content-Length, framework limit, outcome)
            (["application/x-www-form-urlencoded"], "10", 2_000, "form utf8 1000"),
            (["application/x-www-form-urlencoded"], nil, 500, "form utf8 500"),
            (["application/x-www-form-urlencoded; charset=ISO-8859-1"], "10", 2_000, "form windows1252 1000"),
            (["application/x-www-form-urlencoded; charset=utf-8"], nil, 2_000, "form utf8 1000"),
            (["application/json"], "10", 2_000, "not a form"),
            ([], nil, 2_000, "not a form"),
            (["application/x-www-form-urlencoded", "application/x-www-form-urlencoded"], "10", 2_000, "415"),
            (["application/json", "application/x-www-form-urlencoded"], "10", 2_000, "415"),
            (["application/x-www-form-urlencoded; charset=Shift_JIS"], "10", 2_000, "415"),
            // A stated length past the smaller limit, before a byte is read: the framework's
            // setting named, or the decoder's own error.
            (["application/x-www-form-urlencoded"], "501", 500, "413 the framework's setting"),
            (["application/x-www-form-urlencoded"], "1001", 2_000, "413 Limits.maximumInputLength"),
            (["application/x-www-form-urlencoded"], "1000", 2_000, "form utf8 1000"),
        ] as [([String], String?, Int, String)]
    )
    func head(contentTypes: [String], contentLength: String?, frameworkLimit: Int, outcome: String) {
        let decoder = URLEncodedFormDecoder(limits: .init(maximumInputLength: 1_000))
        do {
            let head = try FormRequestHead(
                contentType: contentTypes.first, contentTypeFields: contentTypes.count, contentLength: contentLength, decoder: decoder,
                frameworkLimit: frameworkLimit, frameworkSetting: "the framework's setting")
            guard let head else { return #expect(outcome == "not a form") }
            let adjusted = head.adjusted(decoder)
            #expect(outcome == "form \(adjusted.charset.encoding) \(adjusted.limits.maximumInputLength)")
            #expect(head.contentLength == contentLength.flatMap { Int($0) })
        } catch let refusal as FormRefusal {
            #expect(outcome.hasPrefix("\(refusal.status)"), "\(refusal.message)")
            #expect(outcome.dropFirst(4).isEmpty || refusal.message.contains(outcome.dropFirst(4)), "\(refusal.message)")
        } catch let error as URLEncodedFormDecodingError {
            #expect(outcome.hasPrefix("\(error.refusalStatus)"), "\(error)")
            #expect(error.description.contains(outcome.dropFirst(4)), "\(error)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("every refusal's status: 400, 413, 415, 422")
    func statuses() throws {
        #expect(URLEncodedFormDecodingError.inputTooLong(length: 2, limit: 1).refusalStatus == 413)
        for error in [
            URLEncodedFormDecodingError.tooManyParameters(limit: 1), .keyTooDeep(key: "a", limit: 1), .arrayTooLong(key: "a", limit: 1),
            .malformedKey("a["), .conflictingKey("a"), .duplicateKey("a", count: 2), .indexGap("a", index: 1), .unsupportedCharset("x"),
        ] {
            #expect(error.refusalStatus == 400, "\(error.code)")
        }
        #expect(URLEncodedFormFieldErrors(fields: []).refusalStatus == 422)
        #expect(FormRefusal.notAForm(contentType: nil).status == 415)
        #expect(FormRefusal.notAForm(contentType: nil).message.hasSuffix("but the request has no Content-Type."))
        let mismatch = try #require(throws: DecodingError.self) { try URLEncodedFormDecoder().decode([String: Int].self, from: "a=x") }
        let refusal = FormRefusal(mismatch)
        #expect(refusal.status == 400)
        #expect(refusal.message == "Expected Int (a whole number) at \"a\", but found the value \"x\".")
        // Not the decoder's: passed on unchanged.
        struct Custom: Error {}
        #expect(FormRefusal.answer(Custom()) is Custom)
        #expect(FormRefusal.answer(mismatch) as? FormRefusal == refusal)
    }
}
