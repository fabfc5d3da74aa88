import Foundation
import Testing
import URLEncodedForm

/// Inputs built to crash, hang or exhaust a decoder. With the default limits each is refused
/// early; with the limits lifted each still decodes, in work linear in its size. Their timings are
/// measured by the benchmarks, not asserted here.
@Suite("Decoder: hostile input")
struct HostileInputTests {
    private let unlimited = URLEncodedFormDecoder(limits: .unlimited)

    /// Reading a value recurses once per level (a type's `init(from:)`, and Swift's release of a
    /// nested `URLEncodedFormValue`), so no limit lets a key nest past 512 components: the
    /// refusal keeps the key whole and quotes its start. (`DeepValueTests` runs the same input
    /// through every entry point in a child process, where a crash would fail cleanly.)
    @Test("a 100,000-component key is refused by default and with every limit lifted")
    func deepKey() throws {
        let key = "a" + String(repeating: "[x]", count: 100_000)
        let input = key + "=1"
        struct Other: Decodable { var b: Int }
        for (decoder, limit) in [(URLEncodedFormDecoder(), 32), (unlimited, 512)] {
            for decode in [
                { _ = try decoder.decode([String: String].self, from: input) },
                { _ = try decoder.decode(Other.self, from: "b=1&" + input) },
                { _ = try decoder.decode(URLEncodedFormValue.self, from: input) },
            ] as [() throws -> Void] {
                do {
                    try decode()
                    Issue.record("expected keyTooDeep")
                } catch let error as URLEncodedFormDecodingError where error.code == .keyTooDeep {
                    #expect(error.limit == limit)
                    #expect(error.key == key)
                    #expect(error.description.utf8.count < 1024)
                }
            }
        }
    }

    @Test("200,000 parameters are refused by default and decoded when allowed")
    func manyParameters() throws {
        let input = (0..<200_000).map { "k\($0)=\($0)" }.joined(separator: "&")
        let longInput = URLEncodedFormDecoder(limits: .init(maximumInputLength: .max))
        #expect(throws: URLEncodedFormDecodingError.tooManyParameters(limit: 1000)) {
            try longInput.decode([String: Int].self, from: input)
        }
        let decoded = try unlimited.decode([String: Int].self, from: input)
        #expect(decoded.count == 200_000)
        #expect(decoded["k199999"] == 199_999)
    }

    @Test("200,000 repeated keys become one array")
    func repeatedKeys() throws {
        let input = String(repeating: "a=1&", count: 200_000)
        #expect(throws: URLEncodedFormDecodingError.self) { try URLEncodedFormDecoder().decode([String: [Int]].self, from: input) }
        #expect(try unlimited.decode([String: [Int]].self, from: input)["a"]?.count == 200_000)
        let indexed = (0..<100_000).reversed().map { "a[\($0)]=\($0)" }.joined(separator: "&")
        #expect(try unlimited.decode([String: [Int]].self, from: indexed)["a"] == Array(0..<100_000))
    }

    @Test("a 3 MB value, escaped or not, decodes")
    func largeValue() throws {
        let plain = String(repeating: "x", count: 3_000_000)
        #expect(throws: URLEncodedFormDecodingError.inputTooLong(length: 3_000_002, limit: 1 << 20)) {
            try URLEncodedFormDecoder().decode([String: String].self, from: "a=" + plain)
        }
        #expect(try unlimited.decode([String: String].self, from: "a=" + plain)["a"]?.utf8.count == 3_000_000)
        let escaped = String(repeating: "%41+", count: 750_000)
        #expect(try unlimited.decode([String: String].self, from: "a=" + escaped)["a"]?.utf8.count == 1_500_000)
        // A 3 MB name, and a 3 MB run of `&` and `=`.
        #expect(try unlimited.decode([String: String].self, from: plain + "=1")[plain] == "1")
        #expect(try unlimited.decode([String: String].self, from: String(repeating: "&", count: 3_000_000)).isEmpty)
        #expect(try unlimited.decode([String: String].self, from: "a" + String(repeating: "=", count: 3_000_000))["a"]?.count == 2_999_999)
    }

    @Test("many keys in one object stay fast to add and to find")
    func wideObject() throws {
        // 100,000 members of one object: past 31 members, keys are found through the object's
        // index (seeded SipHash), so adding and finding each stays O(1) whatever the keys.
        let input = (0..<50_000).map { "o[costarring\($0)]=1&o[liquid\($0)]=2" }.joined(separator: "&")
        let decoded = try unlimited.decode([String: [String: Int]].self, from: input)
        #expect(decoded["o"]?.count == 100_000)
        struct Probe: Decodable { var o: [String: Int] }
        #expect(try unlimited.decode(Probe.self, from: input).o["liquid49999"] == 2)
    }

    /// Each odd input with what it decodes to, untyped, under brackets and under dots: the value
    /// written back with indices and literal brackets, or the refusal's code.
    @Test(
        "odd bytes decode to what they say or are refused, never trap",
        arguments: [
            ("%", "%25=", "%25="),
            ("%%", "%25%25=", "%25%25="),
            ("%%%", "%25%25%25=", "%25%25%25="),
            ("%4", "%254=", "%254="),
            ("%G0=%0G", "%25G0=%250G", "%25G0=%250G"),
            ("=", "=", "="),
            ("==", "=%3D", "=%3D"),
            ("&=&", "=", "="),
            ("[", "%5B=", "%5B="),
            ("]", "%5D=", "%5D="),
            ("[]", "[0]=", "[0]="),
            ("[]=1", "[0]=1", "[0]=1"),
            ("a[]]", "a%5B%5D%5D=", "a%5B%5D%5D="),
            ("a[][", "a%5B%5D%5B=", "a%5B%5D%5B="),
            ("a[]]=1", "a%5B%5D%5D=1", "a%5B%5D%5D=1"),
            ("a[\u{0}]=\u{0}", "a[%00]=%00", "a[%00]=%00"),
            ("%00=%00", "%00=%00", "%00=%00"),
            ("a%5B=1", "a%5B=1", "a%5B=1"),
            ("a%5D=1", "a%5D=1", "a%5D=1"),
            ("a[%5D=1", "a[0]=1", "a[0]=1"),
            ("\u{FFFF}=\u{10FFFF}", "%EF%BF%BF=%F4%8F%BF%BF", "%EF%BF%BF=%F4%8F%BF%BF"),
            ("a[0]=1&a[-1]=2", "a[-1]=2&a[0]=1", "a[-1]=2&a[0]=1"),
            ("a[1]=1", "a[1]=1", "a[1]=1"),
            ("a[0][0][0][0][0]=1", "a[0][0][0][0][0]=1", "a[0][0][0][0][0]=1"),
            ("a[][][][]=1", "a[0][0][0][0]=1", "a[0][0][0][0]=1"),
            (".=.", ".=.", ".=."),
            ("..", "..=", "..="),
            ("a.b.c[d]e=1", "a.b.c%5Bd%5De=1", "a.b.c%5Bd%5De=1"),
        ] as [(String, String, String)]
    )
    func oddBytes(input: String, brackets: String, dots: String) {
        let writer = URLEncodedFormEncoder(arrayEncoding: .indexInBrackets, bracketEncoding: .literal)
        for (decoder, expected) in [(URLEncodedFormDecoder(), brackets), (URLEncodedFormDecoder(keyPathDecoding: .dots), dots)] {
            let outcome: String
            do {
                outcome = try writer.encode(decoder.decode(URLEncodedFormValue.self, from: input))
            } catch let error as URLEncodedFormDecodingError {
                outcome = "refused: \(error.code)"
            } catch {
                outcome = "unexpected: \(error)"
            }
            #expect(outcome == expected, "\(input)")
            // Typed reads either decode or fail with an error a caller can report.
            for result in [
                Result { try decoder.decode([String: String].self, from: input) as Any },
                Result { try decoder.decode([String: [String: [Int]]].self, from: input) as Any },
                Result { try decoder.decode([String: String].self, from: Array(input.utf8) + [0xFF, 0xC3, 0x3D, 0xE2, 0x82]) as Any },
            ] {
                if case .failure(let error) = result {
                    #expect(error is URLEncodedFormDecodingError || error is DecodingError, "\(input): \(error)")
                }
            }
        }
    }

    @Test("random bytes never trap, and what decodes re-encodes")
    func randomBytes() throws {
        var random = SeededGenerator(seed: 0xF0F0)
        let alphabet = Array("ab=&[].%+0139AF\u{0}é".utf8) + [0xFF, 0x80]
        for _ in 0..<3000 {
            let bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? 0 }
            for decoder in [URLEncodedFormDecoder(), URLEncodedFormDecoder(keyPathDecoding: .dots, spaceDecoding: .percentEscaped)] {
                if let flat = try? decoder.decode([String: String].self, from: bytes) {
                    // Flat string maps survive a trip through the encoder.
                    let text: String = try URLEncodedFormEncoder(arrayEncoding: .indexInBrackets).encode(flat)
                    let safe = flat.keys.allSatisfy { !$0.contains("[") && !$0.contains("]") && !$0.contains(".") && !$0.isEmpty }
                    if safe {
                        #expect(try URLEncodedFormDecoder().decode([String: String].self, from: text) == flat)
                    }
                }
                _ = try? decoder.decode([String: [String: [String]]].self, from: bytes)
            }
        }
    }
}
