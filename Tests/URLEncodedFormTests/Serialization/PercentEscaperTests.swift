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
