import Testing

@testable import URLEncodedForm

/// The 16-bytes-at-a-time percent-decoder against the byte-at-a-time reference.
@Suite("Percent-decoding")
struct PercentDecodingTests {
    @Test("unescaping inverts escaping, and reads + as the space option says")
    func unescaping() {
        let escaper = PercentEscaper(allowing: ASCIISet(URLEncodedFormEncoder.defaultAllowedCharacters))
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
}
