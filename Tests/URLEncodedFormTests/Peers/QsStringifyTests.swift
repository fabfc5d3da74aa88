import Foundation
import Testing
import URLEncodedForm

/// What the real qs 6.11 writes with `qs.stringify` (`Tests/Fixtures/qs-6.11-stringify.json`,
/// recorded from Debian's node-qs by `Tools/PeerSuites/qs-stringify.js`; CI records it again and
/// compares), written by this encoder under the counterpart options: 200 seeded values under
/// each of nine option sets, and what qs-codec writes for `allowEmptyArrays` under two more.
/// Every text is the peer's, byte for byte, but for four rules, each checked precisely.
@Suite("Encoder: writes what qs.stringify writes")
struct QsStringifyTests {
    /// The encoder for one of the fixture's option sets: qs's order (no sorting), its escaping
    /// and `null` as `name=`. qs escapes UTF-8 as RFC 3986 does (its unreserved characters as
    /// they are, a space as `%20`), and ISO-8859-1 with JavaScript's `escape()`, which leaves
    /// `@*_+-./` as they are and escapes `~`.
    static func encoder(for optionSet: String) -> URLEncodedFormEncoder {
        let alphanumerics = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
        let latin1 = optionSet.hasPrefix("latin1")
        let literal = optionSet.hasPrefix("literal") || optionSet == "comma" || writesEmptyArrays(optionSet)
        return URLEncodedFormEncoder(
            alphabetizeKeyValuePairs: false,
            arrayEncoding: optionSet == "comma" ? .separator(",") : optionSet.hasSuffix("indices") ? .indexInBrackets : .brackets,
            bracketEncoding: literal ? .literal : .percentEscaped,
            nilEncoding: optionSet == "strict-null" ? .bareKey : .dropValue,
            allowedCharacters: CharacterSet(charactersIn: alphanumerics + (latin1 ? "@*_+-./" : "-._~")),
            charset: URLEncodedFormCharset(latin1 ? .isoLatin1 : .utf8, sentinel: optionSet.hasSuffix("sentinel")),
            allowsEmptyArrays: writesEmptyArrays(optionSet),
            // qs numbers an element by its place in the array, counting the ones that write nothing.
            indexGaps: optionSet.hasSuffix("indices") ? .keepPositions : .compact
        )
    }

    /// The option sets of qs's `allowEmptyArrays`, which qs 6.11 lacks: recorded from qs-codec
    /// 1.6.3 (`allow_empty_lists`, `Tests/Fixtures/qs-codec-1.6.3-stringify.json`, by
    /// `Tools/PeerSuites/qs-codec-stringify.py`, for the same 200 values; CI records it again),
    /// with names as they are, since qs-codec leaves the name of an empty list unescaped
    /// whatever it is told.
    static func writesEmptyArrays(_ optionSet: String) -> Bool {
        optionSet.hasPrefix("empty-arrays")
    }

    /// qs's text with each character beyond U+FFFF written as one reference, not as the two
    /// halves of its UTF-16 surrogate pair (`&#55356;&#57101;` → `&#127757;`).
    static func joiningSurrogateReferences(_ text: String) -> String {
        let pattern = /%26%23(\d+)%3B%26%23(\d+)%3B/
        return text.replacing(pattern) { match -> String in
            guard let high = UInt32(match.1), let low = UInt32(match.2), (0xD800...0xDBFF).contains(high), (0xDC00...0xDFFF).contains(low)
            else { return String(match.0) }
            return "%26%23\(0x10000 + (high - 0xD800) << 10 + (low - 0xDC00))%3B"
        }
    }

    /// The text with each escaped comma written as a comma, as qs writes one inside an element.
    static func commasUnescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "%2C", with: ",")
    }

    enum Outcome: String, CaseIterable {
        case same = "the same text"
        /// In ISO-8859-1 qs writes a character beyond U+FFFF (`🌍`) as two references, one for
        /// each UTF-16 surrogate, a JavaScript string's halves; browsers, and this encoder,
        /// write one reference to the character. Checked precisely: with those pairs joined,
        /// the texts are the same.
        case surrogateReferences = "a character beyond U+FFFF is one reference"
        /// With `arrayFormat: 'comma'` qs leaves a comma inside an element as it is (`["1,2"]`
        /// is `a=1,2`, two elements when read); here it is escaped (`a=1%2C2`), so that it reads
        /// back as one. Checked precisely: with `%2C` written as `,`, the texts are the same.
        case separatorInElement = "a comma inside an element is escaped"
        /// qs joins an element that is an array or an object as JavaScript's `toString` writes
        /// it (`x,y`, `[object Object]`); here it is a pair of its own, keyed as `.brackets`
        /// keys it (`m[]=x,y`). Checked precisely: without those elements, the texts are the
        /// same (with commas inside elements as above).
        case containerElements = "an element is an array or an object"
    }

    /// The numbers in EncoderCompatibility.md ("Encoding compared with qs"), so that a text moving from agreement to a rule fails here. Under
    /// `[]`, which has no indices, elements that write nothing change nothing.
    static let expectedCounts: [String: [Outcome: Int]] = [
        "escaped-brackets": [.same: 200],
        "escaped-indices": [.same: 200],
        "literal-brackets": [.same: 200],
        "literal-indices": [.same: 200],
        "latin1": [.same: 174, .surrogateReferences: 26],
        "latin1-sentinel": [.same: 174, .surrogateReferences: 26],
        "utf8-sentinel": [.same: 200],
        "strict-null": [.same: 200],
        "comma": [.same: 121, .separatorInElement: 12, .containerElements: 67],
        "empty-arrays-brackets": [.same: 200],
        "empty-arrays-indices": [.same: 200],
    ]

    @Test(
        "every value is written as qs writes it, or by a rule",
        arguments: [
            "escaped-brackets", "escaped-indices", "literal-brackets", "literal-indices", "latin1", "latin1-sentinel", "utf8-sentinel", "strict-null",
            "comma", "empty-arrays-brackets", "empty-arrays-indices",
        ]
    )
    func optionSet(_ name: String) throws {
        let cases = fixtureCases(Self.writesEmptyArrays(name) ? "qs-codec-1.6.3-stringify.json" : "qs-6.11-stringify.json").cases
        #expect(cases.count == 200)
        let encoder = Self.encoder(for: name)
        var counts: [Outcome: Int] = [:]
        var compactCases = 0
        for testCase in cases {
            let value = OrderedValue(json: testCase["value"] ?? NSNull())
            let written = try #require((testCase["written"] as? [String: [String: String]])?[name])
            let text: String = try encoder.encode(value)
            if text == written["text"] {
                counts[.same, default: 0] += 1
            } else if let qsText = written["text"], name.hasPrefix("latin1"), text == Self.joiningSurrogateReferences(qsText) {
                counts[.surrogateReferences, default: 0] += 1
            } else if name == "comma", Self.commasUnescaped(text) == written["text"] {
                counts[.separatorInElement, default: 0] += 1
            } else if name == "comma", let pruned = written["withoutContainerElements"],
                try Self.commasUnescaped(encoder.encode(value.withoutContainerElements)) == pruned
            {
                counts[.containerElements, default: 0] += 1
            } else {
                Issue.record("\(name): wrote \(text), qs wrote \(written["text"] ?? "")")
            }
            if name.hasSuffix("indices"), !Self.writesEmptyArrays(name) {
                // `.compact` numbers the elements as qs numbers the same value without the
                // elements that write nothing. (qs-codec's recorder prunes empty lists too, which
                // write `name[]` under `allow_empty_lists`, so its pruned text is no reference.)
                var compact = encoder
                compact.indexGaps = .compact
                let compactText: String = try compact.encode(value)
                #expect(compactText == written["withoutEmptyElements"] ?? written["text"], "\(name), compact")
                if written["withoutEmptyElements"] != nil { compactCases += 1 }
            }
        }
        print("qs.stringify \(name): " + Outcome.allCases.map { "\(counts[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", "))
        // The numbers in EncoderCompatibility.md. Under `[]`, which has no indices, empty elements change nothing.
        #expect(counts == Self.expectedCounts[name])
        // The values whose compact numbering differs from qs's own: those holding elements that
        // write nothing (EncoderCompatibility).
        #expect(compactCases == ["escaped-indices": 18, "literal-indices": 18][name] ?? 0)
    }
}

@Suite("Encoder: bracketEncoding")
struct BracketEncodingTests {
    struct Profile: Codable, Equatable {
        var filter: [String: String]
        var tags: [String]
        var items: [[String: Int]]
    }

    static let profile = Profile(filter: ["name": "x y"], tags: ["a", "b"], items: [["qty": 2]])

    @Test(
        "structure brackets and dots are written as they are, or escaped",
        arguments: [
            (
                URLEncodedFormEncoder.BracketEncoding.literal, URLEncodedFormEncoder.ArrayEncoding.brackets,
                "filter[name]=x%20y&items[][qty]=2&tags[]=a&tags[]=b"
            ),
            (.literal, .indexInBrackets, "filter[name]=x%20y&items[0][qty]=2&tags[0]=a&tags[1]=b"),
            (.percentEscaped, .brackets, "filter%5Bname%5D=x%20y&items%5B%5D%5Bqty%5D=2&tags%5B%5D=a&tags%5B%5D=b"),
        ]
    )
    func profile(bracketEncoding: URLEncodedFormEncoder.BracketEncoding, arrayEncoding: URLEncodedFormEncoder.ArrayEncoding, expected: String) throws
    {
        let encoder = URLEncodedFormEncoder(arrayEncoding: arrayEncoding, bracketEncoding: bracketEncoding)
        let text: String = try encoder.encode(Self.profile)
        #expect(text == expected)
        let decoder = URLEncodedFormDecoder()
        #expect(try decoder.decode(Profile.self, from: text) == Self.profile)
    }

    @Test("a dot that structures a path is literal even when the allowed characters leave dots out")
    func dots() throws {
        let allowed = CharacterSet.alphanumerics
        let literal = URLEncodedFormEncoder(keyPathEncoding: .dots, bracketEncoding: .literal, allowedCharacters: allowed)
        let escaped = URLEncodedFormEncoder(keyPathEncoding: .dots, allowedCharacters: allowed)
        let value = ["a": ["b.c": "1"]]
        #expect(try literal.encode(value) as String == "a.b%2Ec=1")
        #expect(try escaped.encode(value) as String == "a%2Eb%2Ec=1")
    }

    /// Brackets inside a name stay escaped, so the two encodings differ only in the
    /// punctuation the encoder adds, and a reader that percent-decodes names before splitting
    /// them (this decoder, qs, PHP) reads both texts alike.
    @Test(
        "names that hold brackets and dots: only the added punctuation differs",
        arguments: ["[", "]", "[]", "][", "a[b]", "a]b[", "[0]", "a.b", "é[ü]", "a[b][c]=d&e"])
    func punctuatedNames(name: String) throws {
        let value = ["n": [name: [name]]]
        let literal: String = try URLEncodedFormEncoder(arrayEncoding: .indexInBrackets, bracketEncoding: .literal).encode(value)
        let escaped: String = try URLEncodedFormEncoder(arrayEncoding: .indexInBrackets).encode(value)
        let escapedName = try #require(name.addingPercentEncoding(withAllowedCharacters: CharacterSet.afURLQueryAllowed))
        #expect(literal == "n[\(escapedName)][0]=\(escapedName)")
        #expect(literal.replacingOccurrences(of: "[", with: "%5B").replacingOccurrences(of: "]", with: "%5D") == escaped)
        // Read alike, a value or the same refusal (most of these names make malformed paths once
        // decoded, in any reader that decodes first).
        func read(_ text: String) -> String {
            do { return "\(try URLEncodedFormDecoder().decode(URLEncodedFormValue.self, from: text))" } catch { return "\(error)" }
        }
        #expect(read(literal) == read(escaped))
    }
}
