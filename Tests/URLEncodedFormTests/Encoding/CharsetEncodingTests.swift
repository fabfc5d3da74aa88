import Foundation
import Testing
import URLEncodedForm

@Suite("Encoder: charset, its sentinel and numeric references")
struct CharsetEncodingTests {
    @Test(
        "characters the charset has are one byte, the others references",
        arguments: [
            (URLEncodedFormCharset.Encoding.utf8, false, "a=%E2%82%AC%20%C3%A9%20%E6%97%A5%20%F0%9F%8C%8D&%C3%BC=%C2%80"),
            (.isoLatin1, false, "a=%26%238364%3B%20%E9%20%26%2326085%3B%20%26%23127757%3B&%FC=%80"),
            (.windows1252, false, "a=%80%20%E9%20%26%2326085%3B%20%26%23127757%3B&%FC=%26%23128%3B"),
            (.utf8, true, "utf8=%E2%9C%93&a=%E2%82%AC%20%C3%A9%20%E6%97%A5%20%F0%9F%8C%8D&%C3%BC=%C2%80"),
            (.isoLatin1, true, "utf8=%26%2310003%3B&a=%26%238364%3B%20%E9%20%26%2326085%3B%20%26%23127757%3B&%FC=%80"),
        ]
    )
    func table(encoding: URLEncodedFormCharset.Encoding, sentinel: Bool, expected: String) throws {
        let encoder = URLEncodedFormEncoder(alphabetizeKeyValuePairs: false, charset: URLEncodedFormCharset(encoding, sentinel: sentinel))
        let value = OrderedValue.object([("a", .text("€ é 日 🌍")), ("ü", .text("\u{80}"))])
        #expect(try encoder.encode(value) as String == expected)
    }

    /// windows-1252's row 0x80–0x9F: its 27 characters are their bytes; U+0080–U+009F, which
    /// it lacks but for the five undefined bytes, are references.
    @Test("windows-1252's own row")
    func windows1252Row() throws {
        let encoder = URLEncodedFormEncoder(charset: .windows1252)
        #expect(
            try encoder.encode(["a": "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ"]) as String == "a="
                + (0x80...0x9F).filter { ![0x81, 0x8D, 0x8F, 0x90, 0x9D].contains($0) }.map { String(format: "%%%02X", $0) }.joined())
        #expect(try encoder.encode(["a": "\u{81}\u{85}"]) as String == "a=%81%26%23133%3B")
    }

    @Test("a form with nothing in it stays empty, sentinel or not")
    func emptyForm() throws {
        let encoder = URLEncodedFormEncoder(charset: URLEncodedFormCharset(.utf8, sentinel: true))
        #expect(try encoder.encode([String: String]()) as String == "")
        #expect(try encoder.encode(["a": [String]()]) as String == "")
        #expect(try encoder.encode(["a": "1"]) as String == "utf8=%E2%9C%93&a=1")
    }

    @Test("the sentinel stays first whatever the sorting and the tree", arguments: [true, false])
    func sentinelFirst(sorted: Bool) throws {
        let encoder = URLEncodedFormEncoder(alphabetizeKeyValuePairs: sorted, charset: URLEncodedFormCharset(.utf8, sentinel: true))
        #expect((try encoder.encode(["0": "x", "a": "y"]) as String).hasPrefix("utf8=%E2%9C%93&"))
        // A key written twice: the sentinel stays first.
        #expect(try encoder.encode(KeyedWrites(("a", 1), ("a", 2))) as String == "utf8=%E2%9C%93&a=2")
    }

    @Test(
        "with numeric references off, a character the charset lacks is an error at its coding path",
        arguments: [
            (URLEncodedFormCharset.Encoding.isoLatin1, ["user": ["name": "Zoë €"]], "€", ["user", "name"]),
            (.windows1252, ["user": ["name": "Zoë €", "city": "東京"]], "東", ["user", "city"]),
            (.windows1252, ["user": ["日": "x"]], "日", ["user", "日"]),
        ]
    )
    func refusedCharacters(encoding: URLEncodedFormCharset.Encoding, value: [String: [String: String]], character: String, path: [String]) throws {
        let strict = URLEncodedFormEncoder(charset: URLEncodedFormCharset(encoding, numericReferences: false))
        do {
            let form: String = try strict.encode(value)
            Issue.record("encoded as \(form)")
        } catch EncodingError.invalidValue(let text as String, let context) {
            #expect(text == character)
            #expect(context.codingPath.map(\.stringValue) == path)
            #expect(context.debugDescription.contains("has no byte in \(encoding == .isoLatin1 ? "ISO-8859-1" : "windows-1252")"))
        }
        // What the charset has is written as before, and with references on nothing is refused.
        #expect(try strict.encode(["a": "Zoë"]) as String == "a=Zo%EB")
        #expect(try URLEncodedFormEncoder(charset: URLEncodedFormCharset(encoding)).encode(value) as String != "")
        // In UTF-8 every character has bytes, so the setting changes nothing.
        #expect(
            try URLEncodedFormEncoder(charset: URLEncodedFormCharset(.utf8, numericReferences: false)).encode(value) as String
                == URLEncodedFormEncoder().encode(value) as String)
    }

    @Test("the sentinel is a reference by design in a legacy charset, so it is never refused")
    func strictSentinel() throws {
        let strict = URLEncodedFormEncoder(charset: URLEncodedFormCharset(.windows1252, sentinel: true, numericReferences: false))
        #expect(try strict.encode(["a": "é"]) as String == "utf8=%26%2310003%3B&a=%E9")
    }

    static let fragments = ["a", "Z", " ", "&", "#", "=", "+", "%", "é", "ÿ", "€", "Œ", "\u{80}", "\u{9D}", "日", "🌍", "0"]

    /// Every text reads back through the decoder, which takes the charset from the sentinel and
    /// reads the references. No fragment makes `;`, so no text looks like a reference itself,
    /// and none is a bracket, which no reader tells from a key path's.
    @Test("every text reads back through the sentinel and references", arguments: [URLEncodedFormCharset.Encoding.utf8, .isoLatin1, .windows1252])
    func roundTrip(charset: URLEncodedFormCharset.Encoding) throws {
        var random = SeededGenerator(seed: 2311)
        let encoder = URLEncodedFormEncoder(charset: URLEncodedFormCharset(charset, sentinel: true))
        let decoder = URLEncodedFormDecoder(charset: URLEncodedFormCharset(charset, sentinel: true))
        for _ in 0..<300 {
            // References are read in values only (as in qs), so names keep to what the charset has.
            let lacking: Set<String> = charset == .isoLatin1 ? ["€", "Œ", "日", "🌍"] : charset == .windows1252 ? ["\u{80}", "日", "🌍"] : []
            let names = Self.fragments.filter { !lacking.contains($0) }
            let name = (0..<Int.random(in: 1...4, using: &random)).map { _ in names.randomElement(using: &random)! }.joined()
            let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in Self.fragments.randomElement(using: &random)! }.joined()
            let value = ["n": [name: text]]
            let form: String = try encoder.encode(value)
            #expect(try decoder.decode([String: [String: String]].self, from: form) == value, "\(form)")
        }
    }
}
