import Testing

@testable import URLEncodedForm

@Suite("Decimal digits")
struct DecimalDigitsTests {
    @Test(
        "integers are written as String(value) writes them",
        arguments: [0, 1, 9, 10, 99, 100, 12345, -1, -10, Int.max, Int.min, Int(Int32.min)]
    )
    func digits(value: Int) {
        var bytes: [UInt8] = [UInt8(ascii: "x")]
        bytes.appendDecimal(value)
        #expect(bytes == Array(("x" + String(value)).utf8))
    }

    @Test("unsigned extremes")
    func unsigned() {
        var bytes: [UInt8] = []
        bytes.appendDecimal(UInt64.max)
        #expect(String(decoding: bytes, as: UTF8.self) == String(UInt64.max))
    }
}
