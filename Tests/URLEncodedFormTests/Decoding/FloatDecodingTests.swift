import Foundation
import Testing
import URLEncodedForm

/// A `Double` is read as the standard library reads its text, to the same bits, whether the
/// decoder takes its fast path for plain decimals or hands the text to `Double(String)`.
@Suite("Decoder: floating-point values")
struct FloatDecodingTests {
    struct Reading: Decodable {
        let v: Double
    }

    /// What the decoder reads from `text`, or `nil` where it refuses it.
    static func decoded(_ text: String) -> Double? {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: ".-")
        let escaped = text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
        return try? URLEncodedFormDecoder().decode(Reading.self, from: "v=" + escaped).v
    }

    static func same(_ a: Double?, _ b: Double?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (let a?, let b?): a.isNaN ? b.isNaN : a.bitPattern == b.bitPattern
        default: false
        }
    }

    @Test(
        "the edges read as Double(String) reads them",
        arguments: [
            "1e+20", "1E5", "-0.0", "-0", "+0", "0", "inf", "-inf", "infinity", "nan", "NaN", "+1.5", "+", "-", "", " 1.5", "1.5 ",
            "1e400", "-1e400", "1e-400", "0.1", "0.30000000000000004", "1.", ".5", "-.5", "007.50", "1.2.3", "0x1p3", "1_0", "1,5",
            "123456789012345", "1234567890123456", "12345678901234567890", "9007199254740993", "0.000000000000000000001",
            "1.0000000000000000000000001", "1" + String(repeating: "0", count: 309), "17976931348623157" + String(repeating: "0", count: 292),
        ]
    )
    func edges(text: String) {
        #expect(Self.same(Self.decoded(text), Double(text)), "\(text): read \(String(describing: Self.decoded(text)))")
    }

    /// Decimal texts of every length the fast path takes and just past it (15 and 16 significant
    /// digits, 22 and 23 after the point), with leading and trailing zeros and either sign.
    @Test("5,000 decimal texts read to the bits Double(String) gives")
    func decimals() {
        var generator = SeededGenerator(seed: 0x5EED_F10A7)
        var mismatches: [String] = []
        for _ in 0..<5_000 {
            let digitCount = Int.random(in: 1...24, using: &generator)
            var digits = (0..<digitCount).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
            if Bool.random(using: &generator) { digits = "000" + digits }
            var text = digits
            if Bool.random(using: &generator), digits.count > 1 {
                let point = Int.random(in: 1..<digits.count, using: &generator)
                text = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
            }
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: text = "-" + text
            case 1: text = "+" + text
            default: break
            }
            if !Self.same(Self.decoded(text), Double(text)) { mismatches.append(text) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }
}
