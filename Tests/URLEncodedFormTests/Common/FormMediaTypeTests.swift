import Testing

@testable import URLEncodedForm

/// The `Content-Type` check both framework adapters make before reading a body: a form in any
/// case and with any parameters is one; a longer, shorter or other media type is not.
@Suite("Form media type: the Content-Type the adapters accept")
struct FormMediaTypeTests {
    @Test(
        "application/x-www-form-urlencoded in any case, with parameters and spaces around them, and nothing else",
        arguments: [
            ("application/x-www-form-urlencoded", true),
            ("APPLICATION/X-WWW-FORM-URLENCODED", true),
            ("Application/X-WWW-Form-URLEncoded ; charset=UTF-8", true),
            ("application/x-www-form-urlencoded;charset=utf-8", true),
            ("  application/x-www-form-urlencoded\t", true),
            ("application/x-www-form-urlencoded; a=b; c=d", true),
            ("application/x-www-form-urlencodedx", false),
            ("application/x-www-form-urlencode", false),
            ("application/x-www-form-urlencoded x", false),
            ("application /x-www-form-urlencoded", false),
            // `-` and `/` are not letters: their one-bit neighbours (`\r`, `\u{0F}`) are no match.
            ("application\u{0F}x-www-form-urlencoded", false),
            ("application/x\rwww-form-urlencoded", false),
            ("multipart/form-data; boundary=x", false),
            ("application/json", false),
            ("", false),
            (";application/x-www-form-urlencoded", false),
        ] as [(String, Bool)]
    )
    func matches(contentType: String, isForm: Bool) {
        #expect(FormMediaType.matches(contentType) == isForm)
    }
}
