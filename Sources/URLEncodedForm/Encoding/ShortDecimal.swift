/// A `Double` whose `description` is a fixed-point decimal of few digits, kept as those digits
/// and how many of them follow the point, so that the serializer writes it without a `String`:
///
///     0.625      digits 625, fraction digits 3           writes 0.625
///     -42.0      digits 42, fraction digits 0, negative  writes -42.0
///     1e-05      none: `description` writes an exponent
///     0.30000000000000004  none: its 17 digits do not fit the search below
///
/// The search tries 0, 1, 2… fraction digits and keeps the first count at which the rounded
/// digits read back as the same `Double`: that is `description`'s text, its shortest digits
/// that round-trip. While the scaled value stays under 2^50, the `Double`'s rounding interval
/// scaled by the same power of ten is under 1/4 wide, so at most one integer can read back at
/// each count, and the product's rounding error (under 1/8) cannot pick another.
///
/// Written by hand for speed: `Double.description` makes a `String` for every `Double`; this
/// search is a few iterations of a multiply and a divide (the small, medium and rows encodes;
/// Benchmarks/README.md, Shortcuts).
/// `ShortDecimalTests` compares it with `description` on edge values and 400,000 random ones.
struct ShortDecimal {
    /// The digits in the low 56 bits, the fraction digits in the next 7, the sign in the top one.
    private let bits: UInt64

    /// The value as its decimal digits, or `nil` when `description` would write it otherwise (an
    /// exponent, more digits than the search allows, infinity, NaN).
    init?(_ value: Double) {
        let magnitude = value.magnitude
        // `description` writes 0.001 ..< 2^50 without an exponent (exponents start under 0.0001
        // and past 2^53); NaN fails both comparisons.
        if magnitude == 0 {
            bits = value.sign == .minus ? Self.signBit : 0
            return
        }
        guard magnitude >= 0.001, magnitude < Self.limit else { return nil }
        var scale = 1.0  // 10^fractionDigits: exact, as every power of ten to 10^22 is
        var fractionDigits: UInt64 = 0
        while true {
            let scaled = magnitude * scale
            guard scaled < Self.limit else { return nil }
            // Rounded half up by truncation, where `rounded()` is a call into the C library:
            // under 2^50 the sum is exact. Signed: x86 converts to `Int64` in one instruction.
            let digits = Int64(scaled + 0.5)
            if Double(digits) / scale == magnitude {
                bits = UInt64(truncatingIfNeeded: digits) | fractionDigits &<< 56 | (value.sign == .minus ? Self.signBit : 0)
                return
            }
            scale *= 10
            fractionDigits &+= 1
        }
    }

    private static let limit: Double = 0x1p50
    private static let signBit: UInt64 = 1 &<< 63

    /// The decimal digits, without the point.
    var digits: UInt64 { bits & 0x00FF_FFFF_FFFF_FFFF }
    /// How many of ``digits`` follow the point: at least one is written, `42.0`.
    var fractionDigits: Int { Int(truncatingIfNeeded: (bits &>> 56) & 0x7F) }
    var isNegative: Bool { bits & Self.signBit != 0 }

    /// The text `description` writes, for the pairs that keep text (query items).
    var text: String {
        var bytes: [UInt8] = []
        bytes.appendDecimal(self)
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension ByteSink where Self: ~Copyable {
    /// Appends `decimal` as `Double.description` writes it: `-`, the integer digits, `.` and the
    /// fraction digits, at least one.
    mutating func appendDecimal(_ decimal: ShortDecimal) {
        // Written last character first, then turned around in place, in one reservation: at most
        // `-`, 18 fraction digits (0.001 ..< 1 scaled under 2^50), `.` and 16 integer digits.
        appendWriting(upTo: 36) { window in
            var remaining = decimal.digits
            var count = 0
            @inline(__always) func appendDigit() {
                let (quotient, digit) = remaining.quotientAndRemainder(dividingBy: 10)
                window[count] = UInt8(truncatingIfNeeded: digit) &+ UInt8(ascii: "0")
                count &+= 1
                remaining = quotient
            }
            // The fraction's digits, leading zeros included: 0.05 is 5 with two of them.
            if decimal.fractionDigits == 0 {
                window[0] = UInt8(ascii: "0")
                count = 1
            } else {
                for _ in 0..<decimal.fractionDigits { appendDigit() }
            }
            window[count] = UInt8(ascii: ".")
            count &+= 1
            repeat { appendDigit() } while remaining != 0
            if decimal.isNegative {
                window[count] = UInt8(ascii: "-")
                count &+= 1
            }
            window.reverseFirst(count)
            return count
        }
    }
}
