import Testing

@testable import URLEncodedForm

/// The percent-decoder, 64 and 16 bytes at a time, against the byte-at-a-time reference.
@Suite("Percent-decoding")
struct PercentDecodingTests {
    @Test("unescaping inverts escaping, and reads + as the space option says")
    func unescaping() {
        let escaper = PercentEscaper(allowing: URLEncodedFormEncoder.AllowedCharacters.default.bytes)
        for text in EscapingAlphabet.texts(seed: 11) {
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
            let reference = PercentDecodingReference.decode(raw, plusIsSpace: false)
            #expect(literal == reference)
            raw.append(contentsOf: "%4".utf8)
            var spaced: [UInt8] = []
            raw.withReader { PercentDecoding.decode($0, plusIsSpace: true, into: &spaced) }
            #expect(spaced == PercentDecodingReference.decode(raw, plusIsSpace: true))
        }
    }

    /// Pieces that make escapes dense, cut off, doubled, or next to `+`, and runs without one
    /// longer than a chunk: the shapes where the decoder's blocks hold many escapes or few far
    /// apart, and escapes run past a chunk's end, a block's or the text's.
    static let pieces = [
        "%41", "%e9", "%C3%A9", "%", "%%", "%4", "%g1", "+", "a", "Z", "4", "f", " ", "%2B", "%25", "%2",
        "plain+text+of+twenty", "a run of forty bytes with no escape in it",
    ]

    @Test("dense and broken escapes decode as the byte-at-a-time reference does", arguments: [false, true])
    func denseEscapes(plusIsSpace: Bool) {
        var random = SeededGenerator(seed: 0xDEC0DE)
        var differing: [String] = []
        for _ in 0..<6_000 {
            let count = Int.random(in: 0...90, using: &random)
            let text = (0..<count).map { _ in Self.pieces.randomElement(using: &random) ?? "a" }.joined()
            let raw = Array(text.utf8)
            var decoded: [UInt8] = []
            raw.withReader { PercentDecoding.decode($0, plusIsSpace: plusIsSpace, into: &decoded) }
            if decoded != PercentDecodingReference.decode(raw, plusIsSpace: plusIsSpace), differing.count < 5 {
                differing.append(text)
            }
        }
        #expect(differing == [])
    }

    /// A value and a number whose escapes make them as long as the stack room the reader decodes
    /// short values in, or just shorter or longer, read through the decoder.
    struct Field: Decodable {
        var text: String
        var number: Int
    }

    @Test(
        "a value decodes as the reference does on either side of the reader's stack room",
        arguments: [false, true], [1, 15, 16, 200, 255, 256, 257, 300, 1_000])
    func valuesAroundTheStackRoom(plusIsSpace: Bool, length: Int) throws {
        let decoder = URLEncodedFormDecoder(spaceDecoding: plusIsSpace ? .plusReplaced : .percentEscaped)
        var random = SeededGenerator(seed: UInt64(length))
        for _ in 0..<40 {
            var raw = ""
            while raw.utf8.count < length { raw += Self.pieces.randomElement(using: &random) ?? "a" }
            raw = String(decoding: raw.utf8.prefix(length), as: UTF8.self).replacingOccurrences(of: "&", with: "%26")
            let expected = String(decoding: PercentDecodingReference.decode(Array(raw.utf8), plusIsSpace: plusIsSpace), as: UTF8.self)
            // The number's digits escaped, and as long as the value.
            let digits = String(repeating: "%30", count: max(0, length / 3 - 2)) + "%34%32"
            let field = try decoder.decode(Field.self, from: "text=\(raw)&number=\(digits)")
            #expect(field.text == expected, "\(raw.utf8.count) bytes: \(raw)")
            #expect(field.number == 42)
        }
    }
}
