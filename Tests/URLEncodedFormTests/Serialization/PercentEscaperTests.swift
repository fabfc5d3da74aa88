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
        for allowed in [URLEncodedFormEncoder.defaultAllowedCharacters, .alphanumerics, .urlQueryAllowed] {
            let escaper = PercentEscaper(allowing: allowed)
            let expected = try #require(text.addingPercentEncoding(withAllowedCharacters: allowed.union(.init(charactersIn: " "))))
            let spaced = expected.replacingOccurrences(of: " ", with: "%20")
            #expect(String(decoding: escaper.escaped(text, spaceAsPlus: false), as: UTF8.self) == spaced)
            let plussed = expected.replacingOccurrences(of: " ", with: "+")
            #expect(String(decoding: escaper.escaped(text, spaceAsPlus: true), as: UTF8.self) == plussed)
        }
    }

    @Test("appends to what the buffer already holds")
    func appends() {
        let escaper = PercentEscaper(allowing: URLEncodedFormEncoder.defaultAllowedCharacters)
        var output = Array("a=".utf8)
        escaper.escape("b&c", spaceAsPlus: false, into: &output)
        #expect(output == Array("a=b%26c".utf8))
    }
}

/// The 16-bytes-at-a-time paths against Foundation, on inputs long enough to reach them, with
/// the interesting bytes at every offset of a vector.
@Suite("Escaping and unescaping long text")
struct LongTextEscapingTests {
    static let alphabet: [String] = ["a", "Z", "0", "-", ".", "_", "~", "?", "/", " ", "&", "=", "+", "%", "[", "\u{7F}", "\u{0}", "é", "🌍"]

    static func texts(seed: UInt64) -> [String] {
        var random = SeededGenerator(seed: seed)
        return (0..<400).map { _ in
            (0..<Int.random(in: 0...120, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? "a" }.joined()
        }
    }

    @Test(
        "escaping matches Foundation for sets of few and many ranges",
        arguments: [
            URLEncodedFormEncoder.defaultAllowedCharacters,
            CharacterSet.alphanumerics,
            CharacterSet(charactersIn: "aceg02468-/:?[]_~"),
            CharacterSet(),
        ]
    )
    func escaping(allowed: CharacterSet) {
        let escaper = PercentEscaper(allowing: allowed)
        var foundationAllowed = CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(0x7F)).intersection(allowed)
        foundationAllowed.remove(" ")
        for text in Self.texts(seed: 7) {
            let expected = text.addingPercentEncoding(withAllowedCharacters: foundationAllowed) ?? ""
            #expect(String(decoding: escaper.escaped(text, spaceAsPlus: false), as: UTF8.self) == expected)
            let plus = expected.replacingOccurrences(of: "%20", with: "+")
            #expect(String(decoding: escaper.escaped(text, spaceAsPlus: true), as: UTF8.self) == plus)
        }
    }

    @Test("text of several 4 KiB blocks escapes as Foundation does, characters split across blocks included")
    func blocks() {
        var random = SeededGenerator(seed: 23)
        let escaper = PercentEscaper(allowing: URLEncodedFormEncoder.defaultAllowedCharacters)
        var allowed = URLEncodedFormEncoder.defaultAllowedCharacters
        allowed.remove(" ")
        for length in [4095, 4096, 4097, 8191, 13_000] {
            var text = ""
            while text.utf8.count < length {
                text += Self.alphabet.randomElement(using: &random) ?? "a"
            }
            let expected = text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
            #expect(String(decoding: escaper.escaped(text, spaceAsPlus: false), as: UTF8.self) == expected)
            #expect(String(decoding: escaper.escaped(text, spaceAsPlus: true), as: UTF8.self) == expected.replacingOccurrences(of: "%20", with: "+"))
            let safe = String(repeating: "abcXYZ019-._~", count: length / 13 + 1)
            #expect(escaper.escaped(safe, spaceAsPlus: false) == Array(safe.utf8))
        }
    }

    @Test("unescaping inverts escaping, and reads + as the space option says")
    func unescaping() {
        let escaper = PercentEscaper(allowing: URLEncodedFormEncoder.defaultAllowedCharacters)
        for text in Self.texts(seed: 11) {
            for spaceAsPlus in [false, true] {
                let escaped = escaper.escaped(text, spaceAsPlus: spaceAsPlus)
                var decoded: [UInt8] = []
                escaped.withReader { PercentDecoding.decode($0, plusIsSpace: true, into: &decoded) }
                #expect(String(decoding: decoded, as: UTF8.self) == text)
            }
            // Raw text: `%` not followed by two hex digits stays, `+` is kept or made a space.
            var literal: [UInt8] = []
            var raw = Array(text.utf8)
            raw.withReader { PercentDecoding.decode($0, plusIsSpace: false, into: &literal) }
            let reference = Self.referenceDecode(raw, plusIsSpace: false)
            #expect(literal == reference)
            raw.append(contentsOf: "%4".utf8)
            var spaced: [UInt8] = []
            raw.withReader { PercentDecoding.decode($0, plusIsSpace: true, into: &spaced) }
            #expect(spaced == Self.referenceDecode(raw, plusIsSpace: true))
        }
    }

    /// Byte at a time, as the WHATWG standard describes it.
    static func referenceDecode(_ bytes: [UInt8], plusIsSpace: Bool) -> [UInt8] {
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let hex = bytes[min(index + 1, bytes.count)..<min(index + 3, bytes.count)]
            if bytes[index] == UInt8(ascii: "%"), hex.count == 2,
                hex.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
                let value = UInt8(String(decoding: hex, as: UTF8.self), radix: 16)
            {
                output.append(value)
                index += 3
            } else {
                output.append(bytes[index] == UInt8(ascii: "+") && plusIsSpace ? UInt8(ascii: " ") : bytes[index])
                index += 1
            }
        }
        return output
    }
}
