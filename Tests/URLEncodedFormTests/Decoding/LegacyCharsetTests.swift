import Foundation
import Testing
import URLEncodedForm

/// Forms from pages in a legacy charset: windows-1252 for pages labelled ISO-8859-1, the
/// `_charset_` field a browser fills, and the numeric character references it writes for
/// characters the charset lacks.
@Suite("Decoder: legacy charsets, _charset_ and numeric character references")
struct LegacyCharsetTests {
    @Test(
        "windows-1252 reads 0x80–0x9F as its characters, where ISO-8859-1 has controls",
        arguments: [
            ("%80", "€", "\u{80}"), ("%85", "…", "\u{85}"), ("%91%92%93%94", "‘’“”", "\u{91}\u{92}\u{93}\u{94}"),
            ("%9F", "Ÿ", "\u{9F}"), ("%81%8D%8F%90%9D", "\u{81}\u{8D}\u{8F}\u{90}\u{9D}", "\u{81}\u{8D}\u{8F}\u{90}\u{9D}"),
            ("%E9%FF%A0", "éÿ\u{A0}", "éÿ\u{A0}"), ("a+b", "a b", "a b"),
        ]
    )
    func windows1252(escaped: String, windows: String, latin1: String) throws {
        let form = "k=\(escaped)&%80=1"
        let asWindows = try URLEncodedFormDecoder(charset: .windows1252).decode([String: String].self, from: form)
        #expect(asWindows == ["k": windows, "€": "1"])
        let asLatin1 = try URLEncodedFormDecoder(charset: .isoLatin1).decode([String: String].self, from: form)
        #expect(asLatin1 == ["k": latin1, "\u{80}": "1"])
    }

    @Test("every byte reads as the WHATWG index says, which for 0x80–0x9F is Python's cp1252 where it defines one")
    func windows1252Table() throws {
        let decoder = URLEncodedFormDecoder(charset: .windows1252)
        for byte in 0x80...0xFF {
            let text = try decoder.decode([String: String].self, from: "k=%" + String(byte, radix: 16, uppercase: true))["k"]
            let scalars = try #require(text?.unicodeScalars)
            #expect(scalars.count == 1)
            let expected: UInt32 =
                switch byte {
                case 0x80: 0x20AC
                case 0x8A: 0x0160
                case 0x99: 0x2122
                case 0x9F: 0x0178
                case 0x81, 0x8D, 0x8F, 0x90, 0x9D: UInt32(byte)
                case 0xA0...: UInt32(byte)
                default: scalars.first?.value ?? 0
                }
            #expect(scalars.first?.value == expected, "byte \(byte)")
            #expect(
                byte >= 0xA0 || byte == 0x81 || byte == 0x8D || byte == 0x8F || byte == 0x90 || byte == 0x9D || (scalars.first?.value ?? 0) > 0xFF)
        }
    }

    @Test(
        "with the sentinel on, a browser's _charset_ picks the charset and is not decoded into the value",
        arguments: [
            ("_charset_=UTF-8&t=%C3%A9%E2%82%AC", URLEncodedFormCharset.Encoding.isoLatin1, "é€"),
            ("_charset_=windows-1252&t=%E9%80", .utf8, "é€"),
            ("t=%E9%80&_charset_=windows-1252", .utf8, "é€"),
            ("_charset_=ISO-8859-1&t=%E9%80", .utf8, "é€"),
            ("_charset_=+latin1+&t=%E9", .utf8, "é"),
            ("_charset_=utf8&t=%C3%A9", .windows1252, "é"),
            ("utf8=%E2%9C%93&_charset_=windows-1252&t=%C3%A9", .windows1252, "é"),
            ("utf8=%26%2310003%3B&t=%80", .windows1252, "€"),
            ("utf8=%26%2310003%3B&t=%80", .utf8, "\u{80}"),
        ]
    )
    func charsetParameter(form: String, configured: URLEncodedFormCharset.Encoding, text: String) throws {
        let decoded = try URLEncodedFormDecoder(charset: URLEncodedFormCharset(configured, sentinel: true)).decode([String: String].self, from: form)
        #expect(decoded == ["t": text])
    }

    @Test("a _charset_ the decoder cannot read is refused, naming it; without the sentinel it is an ordinary field")
    func unsupportedCharset() throws {
        let error = URLEncodedFormDecodingError.unsupportedCharset("Shift_JIS")
        #expect(throws: error) {
            try URLEncodedFormDecoder(charset: URLEncodedFormCharset(.utf8, sentinel: true)).decode(
                [String: String].self, from: "_charset_=Shift_JIS&t=%93%FA")
        }
        #expect(error.code == .unsupportedCharset && !error.code.isLimit)
        #expect(error.description.contains("\"Shift_JIS\""))
        #expect(try URLEncodedFormDecoder().decode([String: String].self, from: "_charset_=Shift_JIS") == ["_charset_": "Shift_JIS"])
    }

    @Test(
        "numeric character references are read in legacy-charset values unless turned off, as qs reads them when asked",
        arguments: [
            ("%26%2326085%3B%26%2326412%3B", "日本"),
            ("%26%239786%3B", "☺"),
            ("%26%23128512%3B", "😀"),
            ("a%26%2338%3Bb", "a&b"),
            ("%26%2355357%3B", "&#55357;"),
            ("%26%231114112%3B", "&#1114112;"),
            ("%26%2312345678%3B", "&#12345678;"),
            ("%26%23x41%3B", "&#x41;"),
            ("%26%23%3B%26%2365", "&#;&#65"),
            ("%26%2365%3B%26%2366%3B%E9", "ABé"),
        ]
    )
    func numericEntities(escaped: String, text: String) throws {
        let decoder = URLEncodedFormDecoder(charset: .windows1252)
        #expect(try decoder.decode([String: String].self, from: "t=\(escaped)") == ["t": text])
        // Text when turned off, and never read in a UTF-8 form, where the text is what the user typed.
        let off = URLEncodedFormDecoder(charset: URLEncodedFormCharset(.windows1252, numericReferences: false))
        #expect(try off.decode([String: String].self, from: "t=%26%239786%3B") == ["t": "&#9786;"])
        #expect(try URLEncodedFormDecoder(charset: .utf8).decode([String: String].self, from: "t=%26%239786%3B") == ["t": "&#9786;"])
        // Names are not rewritten, as in qs.
        #expect(try decoder.decode([String: String].self, from: "%26%2365%3B=1") == ["&#65;": "1"])
    }

    @Test("the sentinel's legacy ✓ makes references characters in that form only, and only when they are on")
    func sentinelAndReferences() throws {
        let decoder = URLEncodedFormDecoder(charset: URLEncodedFormCharset(.utf8, sentinel: true))
        #expect(try decoder.decode([String: String].self, from: "utf8=%26%2310003%3B&t=%26%239786%3B") == ["t": "☺"])
        #expect(try decoder.decode([String: String].self, from: "utf8=%E2%9C%93&t=%26%239786%3B") == ["t": "&#9786;"])
        let off = URLEncodedFormDecoder(charset: URLEncodedFormCharset(.utf8, sentinel: true, numericReferences: false))
        #expect(try off.decode([String: String].self, from: "utf8=%26%2310003%3B&t=%26%239786%3B") == ["t": "&#9786;"])
    }
}
