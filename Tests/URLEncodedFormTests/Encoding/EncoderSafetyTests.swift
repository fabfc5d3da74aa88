import Foundation
import Testing
import URLEncodedForm

/// No key or value can change the structure of the form: whatever characters they hold, each
/// one is written as exactly one pair and reads back as itself.
@Suite("Encoder safety: keys and values cannot inject structure")
struct EncoderSafetyTests {
    static let hostile = [
        "&", "=", "[", "]", ".", "+", "%", "#", "\r", "\n", "\r\n", "[]", "][", "a[b]", "a]b[", "[0]", "a.b", "..",
        "a&b=c", "%5B", "%5b", "%2e", "%2E", "%25", "+%20+", "?x=1#y", " ", "é[ü]", "a[b][c]=d&e", "\u{0}",
    ]

    enum Style: CaseIterable {
        case brackets, dots

        var encoder: URLEncodedFormEncoder { URLEncodedFormEncoder(keyPathEncoding: self == .dots ? .dots : .brackets) }
        var decoder: URLEncodedFormDecoder { URLEncodedFormDecoder(keyPathDecoding: self == .dots ? .dots : .brackets) }
    }

    @Test("a hostile key or value at the top level reads back as itself", arguments: Style.allCases, hostile)
    func topLevel(style: Style, text: String) throws {
        let form = ["key": text, text: "value", "other": "x"]
        let encoded: String = try style.encoder.encode(form)
        #expect(encoded.split(separator: "&").count == form.count, "\(encoded)")
        #expect(try style.decoder.decode([String: String].self, from: encoded) == form)
    }

    @Test("a hostile key or value nested in objects and arrays reads back as itself", arguments: Style.allCases, hostile)
    func nested(style: Style, text: String) throws {
        let form: [String: [String: [String]]] = ["outer": [text: [text, "b"], "plain": ["c"]]]
        let encoded: String = try style.encoder.encode(form)
        #expect(encoded.split(separator: "&").count == 3, "\(encoded)")
        #expect(try style.decoder.decode([String: [String: [String]]].self, from: encoded) == form)
        // The same through the untyped value, whose members keep their order.
        let value = try URLEncodedFormValue(parsing: encoded, decoder: style.decoder)
        #expect(try URLEncodedFormValue(parsing: value.encoded(with: style.encoder), decoder: style.decoder) == value)
    }

    @Test("a name's own brackets and dots are written as lowercase escapes, so they read as text")
    func marking() throws {
        #expect(try URLEncodedFormEncoder().encode(["a[b]": "1"]) as String == "a%5bb%5d=1")
        #expect(try URLEncodedFormEncoder().encode(["x": ["a[b]": "1"]]) as String == "x%5Ba%5bb%5d%5D=1")
        // With brackets as the key path, a dot is text anyway and is written as Alamofire does.
        #expect(try URLEncodedFormEncoder().encode(["file.txt": "1"]) as String == "file.txt=1")
        #expect(try URLEncodedFormEncoder(keyPathEncoding: .dots).encode(["x": ["a.b": "1"]]) as String == "x.a%2eb=1")
        // Uppercase escapes and bare brackets, as Alamofire and browsers send them, are key paths.
        let decoder = URLEncodedFormDecoder()
        #expect(try decoder.decode([String: [String: String]].self, from: "x%5Ba%5D=1") == ["x": ["a": "1"]])
        #expect(try decoder.decode([String: [String: String]].self, from: "x[a]=1") == ["x": ["a": "1"]])
        #expect(try decoder.decode([String: String].self, from: "x%5ba%5d=1") == ["x[a]": "1"])
        #expect(try URLEncodedFormDecoder(keyPathDecoding: .dots).decode([String: String].self, from: "a%2eb=1") == ["a.b": "1"])
        #expect(try URLEncodedFormDecoder(keyPathDecoding: .dots).decode([String: [String: String]].self, from: "a%2Eb=1") == ["a": ["b": "1"]])
    }

    @Test("an array under the empty name repeats the name, the one form of it that reads back", arguments: Style.allCases)
    func emptyName(style: Style) throws {
        for arrays in [URLEncodedFormEncoder.ArrayEncoding.brackets, .indexInBrackets, .noBrackets] {
            var encoder = style.encoder
            encoder.arrayEncoding = arrays
            let encoded: String = try encoder.encode(["": ["a", "b"], "c": ["d"]])
            #expect(encoded.hasPrefix("=a&=b&c"), "\(encoded)")
            #expect(try style.decoder.decode([String: [String]].self, from: encoded) == ["": ["a", "b"], "c": ["d"]])
        }
    }

    @Test("an array read from a repeated key at the depth limit is written one component deeper")
    func repeatedKeyAtDepthLimit() throws {
        // Found by the round-trip fuzz target: `a=1&a=2` becomes `a[]=1&a[]=2` when written.
        let decoder = URLEncodedFormDecoder(limits: .init(maximumDepth: 3))
        let value = try URLEncodedFormValue(parsing: "x[y][z]=1&x[y][z]=2", decoder: decoder)
        let written = try value.encoded(with: URLEncodedFormEncoder(alphabetizeKeyValuePairs: false))
        #expect(written == "x%5By%5D%5Bz%5D%5B%5D=1&x%5By%5D%5Bz%5D%5B%5D=2")
        #expect(throws: URLEncodedFormDecodingError.self) { try URLEncodedFormValue(parsing: written, decoder: decoder) }
        #expect(try URLEncodedFormValue(parsing: written, decoder: URLEncodedFormDecoder(limits: .init(maximumDepth: 4))) == value)
    }

    @Test("invalid UTF-8 before a marked bracket does not move the mark")
    func markAfterRepair() throws {
        let decoded = try URLEncodedFormDecoder().decode([String: [String: String]].self, from: Array("x%FF%5ba%5d[y]=1".utf8))
        #expect(decoded == ["x\u{FFFD}[a]": ["y": "1"]])
    }
}
