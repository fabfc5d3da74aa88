extension ByteSink where Self: ~Copyable {
    /// Appends the decimal digits of `value`, as `String(value)` would, without making a `String`.
    mutating func appendDecimal<Integer: FixedWidthInteger>(_ value: Integer) {
        if Integer.isSigned, value < 0 {
            append(UInt8(ascii: "-"))
        }
        // Every standard integer's magnitude fits in 64 bits (Int64.min's is 2^63).
        appendDecimal(magnitude: UInt64(truncatingIfNeeded: value.magnitude))
    }

    mutating func appendDecimal(magnitude: UInt64) {
        if magnitude < 10 {
            append(UInt8(truncatingIfNeeded: magnitude) &+ UInt8(ascii: "0"))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var remaining = magnitude
            var start = digits.count
            repeat {
                let (quotient, digit) = remaining.quotientAndRemainder(dividingBy: 10)
                start -= 1
                digits[start] = UInt8(truncatingIfNeeded: digit) &+ UInt8(ascii: "0")
                remaining = quotient
            } while remaining != 0
            append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }
}
