import Foundation
import Testing

@testable import URLEncodedForm

@Suite("Percent escaper")
struct PercentEscaperTests {
    @Test(
        "matches Foundation's addingPercentEncoding for the same allowed set",
        arguments: [
            "", "plain", "a b", "100%", "a&b=c", "日本語", "🌍 emoji", "mixed: ~-._?/ #[]", "\u{0}\u{7F}",
            String(repeating: "safe-run ", count: 100) + "é",
        ]
    )
    func matchesFoundation(text: String) throws {
        for allowed in [CharacterSet.afURLQueryAllowed, .alphanumerics, .urlQueryAllowed] {
            let escaper = PercentEscaper(allowing: ASCIISet(allowed))
            let expected = try #require(text.addingPercentEncoding(withAllowedCharacters: allowed.union(.init(charactersIn: " "))))
            let spaced = expected.replacingOccurrences(of: " ", with: "%20")
            #expect(String(decoding: escaper.escaped(text, spaceAsPlus: false), as: UTF8.self) == spaced)
            let plussed = expected.replacingOccurrences(of: " ", with: "+")
            #expect(String(decoding: escaper.escaped(text, spaceAsPlus: true), as: UTF8.self) == plussed)
        }
    }

    @Test(
        "an ASCII set holds exactly the ASCII members of the CharacterSet it is made from",
        arguments: [
            CharacterSet.afURLQueryAllowed, .alphanumerics, .urlQueryAllowed, .whitespacesAndNewlines,
            CharacterSet(charactersIn: "\u{0}\u{7F}é~"), CharacterSet(), URLEncodedFormEncoder.AllowedCharacters.jQuery.characterSet,
        ]
    )
    func asciiSet(of characterSet: CharacterSet) {
        let set = ASCIISet(characterSet)
        for byte in UInt8(0)...0xFF {
            #expect(set.contains(byte) == (byte < 0x80 && characterSet.contains(Unicode.Scalar(byte))), "\(byte)")
            #expect(!set.removing(byte).contains(byte))
        }
        // The shared default escaper is picked for the default set, and only for it.
        #expect((ASCIISet(characterSet) == PercentEscaper.defaultSet) == (characterSet == CharacterSet.afURLQueryAllowed))
        #expect(
            ASCIISet(String((0..<128).map { Character(Unicode.Scalar(UInt8($0))) }.filter { characterSet.contains($0.unicodeScalars.first!) })) == set
        )
    }

    @Test("appends to what the buffer already holds")
    func appends() {
        let escaper = PercentEscaper(allowing: ASCIISet(CharacterSet.afURLQueryAllowed))
        var output = Array("a=".utf8)
        escaper.escape("b&c", spaceAsPlus: false, into: &output)
        #expect(output == Array("a=b%26c".utf8))
    }
}

/// The 16-bytes-at-a-time path against Foundation, on inputs long enough to reach them, with
/// the interesting bytes at every offset of a vector.
@Suite("Escaping long text")
struct LongTextEscapingTests {
    @Test(
        "escaping matches Foundation for sets of few and many ranges",
        arguments: [
            CharacterSet.afURLQueryAllowed,
            CharacterSet.alphanumerics,
            CharacterSet(charactersIn: "aceg02468-/:?[]_~"),
            CharacterSet(),
        ]
    )
    func escaping(allowed: CharacterSet) {
        let escaper = PercentEscaper(allowing: ASCIISet(allowed))
        var foundationAllowed = CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(0x7F)).intersection(allowed)
        foundationAllowed.remove(" ")
        for text in EscapingAlphabet.texts(seed: 7) {
            let expected = text.addingPercentEncoding(withAllowedCharacters: foundationAllowed) ?? ""
            #expect(String(decoding: escaper.escaped(text, spaceAsPlus: false), as: UTF8.self) == expected)
            let plus = expected.replacingOccurrences(of: "%20", with: "+")
            #expect(String(decoding: escaper.escaped(text, spaceAsPlus: true), as: UTF8.self) == plus)
        }
    }

    @Test("text of several 4 KiB blocks escapes as Foundation does, characters split across blocks included")
    func blocks() {
        var random = SeededGenerator(seed: 23)
        let escaper = PercentEscaper(allowing: ASCIISet(CharacterSet.afURLQueryAllowed))
        var allowed = CharacterSet.afURLQueryAllowed
        allowed.remove(" ")
        for length in [4095, 4096, 4097, 8191, 13_000] {
            var text = ""
            while text.utf8.count < length {
                text += EscapingAlphabet.alphabet.randomElement(using: &random) ?? "a"
            }
            let expected = text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
            #expect(String(decoding: escaper.escaped(text, spaceAsPlus: false), as: UTF8.self) == expected)
            #expect(String(decoding: escaper.escaped(text, spaceAsPlus: true), as: UTF8.self) == expected.replacingOccurrences(of: "%20", with: "+"))
            let safe = String(repeating: "abcXYZ019-._~", count: length / 13 + 1)
            #expect(escaper.escaped(safe, spaceAsPlus: false) == Array(safe.utf8))
        }
    }
}
