import Testing

@testable import URLEncodedForm

/// A `Double` is written with ``ShortDecimal`` where its digits are few, and must read exactly
/// as `description`, the text the encoder wrote before and Alamofire writes.
@Suite("Short decimals: Doubles written without description, byte for byte as description")
struct ShortDecimalTests {
    /// The text the encoder's fast path writes, or `nil` where it leaves the value to
    /// `description`.
    private static func fastText(_ value: Double) -> String? {
        ShortDecimal(value).map { decimal in
            var bytes: [UInt8] = []
            bytes.appendDecimal(decimal)
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    static let edgeValues: [Double] = [
        0.0, -0.0, 0.001, 0.001.nextDown, 0.001.nextUp, 0.0015, 0.625, 1.0, -42.0, 0.1, 0.2, 0.3, 0.1 + 0.2,
        0.05, -0.05, 0.007, 100.0, 9.995, 2.675, 1.005, 123_456.789, 1e15, 0x1p50, 0x1p50.nextDown,
        999_999_999_999_999.0, 1e-5, 0.0001, .leastNonzeroMagnitude, .greatestFiniteMagnitude, .infinity, -.infinity, .nan,
        51.5074, -0.1278, 19.99, 0.003, 1.0 / 3.0, 2.0 / 3.0,
    ]

    @Test("edge values: zeros, the range's ends, leading fraction zeros, halfway digits", arguments: edgeValues)
    func edges(value: Double) {
        if let text = Self.fastText(value) { #expect(text == value.description) }
    }

    @Test("the values the fast path must take are taken: few digits in 0.001 ..< 2^50, and zeros")
    func taken() {
        for value in [0.0, -0.0, 0.001, 0.625, 1.0, -42.0, 0.1, 0.05, 19.99, 51.5074, 123_456.789, 1e15] {
            #expect(Self.fastText(value) == value.description, "\(value)")
        }
        for value in [0.0001, 1e-5, 0x1p50, 1e16, 0.1 + 0.2, .infinity, .nan] {
            #expect(ShortDecimal(value) == nil, "\(value)")
        }
    }

    /// Decimals of up to 15 digits with 0 to 18 of them after the point, their neighbours one
    /// `ulp` away, and random bit patterns: whatever the fast path takes, it writes as
    /// `description` does.
    @Test("random values read as description", arguments: 0..<4)
    func random(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var taken = 0
        for _ in 0..<100_000 {
            let digits = generator.next() >> (14 + generator.next() % 40)
            let fractionDigits = Int(generator.next() % 19)
            var scale = 1.0
            for _ in 0..<fractionDigits { scale *= 10 }
            let decimal = Double(digits) / scale * (generator.next() & 1 == 0 ? 1 : -1)
            let bits = Double(bitPattern: generator.next())
            for value in [decimal, decimal.nextUp, decimal.nextDown, bits] {
                guard let text = Self.fastText(value) else { continue }
                taken += 1
                #expect(text == value.description)
            }
        }
        // Most decimals built above have few digits and are in range: the path is exercised.
        #expect(taken > 60_000)
    }

    @Test("through the encoder: the pair's value is description's text, under any allowed characters")
    func encoded() throws {
        struct Reading: Encodable {
            let value: Double
            let values: [Double]
        }
        let reading = Reading(value: 0.625, values: [-0.05, 1e-5, 42, 0.1 + 0.2])
        let expected = "value=0.625&values%5B%5D=-0.05&values%5B%5D=1e-05&values%5B%5D=42.0&values%5B%5D=0.30000000000000004"
        #expect(try URLEncodedFormEncoder().encode(reading) == expected)
        // A set of allowed characters without `.` escapes it, as the text path does.
        let noDot = URLEncodedFormEncoder(allowedCharacters: URLEncodedFormEncoder.AllowedCharacters("abcdefghijklmnopqrstuvwxyz0123456789-"))
        #expect(try noDot.encode(reading).hasPrefix("value=0%2E625&"))
        let items = try URLEncodedFormEncoder().encodeQueryItems(reading)
        #expect(items.first?.value == "0.625")
    }
}
