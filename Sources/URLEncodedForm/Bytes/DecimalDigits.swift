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
        // At most 20 digits: written last first, then turned around in place.
        appendWriting(upTo: 20) { digits in
            var remaining = magnitude
            var count = 0
            repeat {
                let (quotient, digit) = remaining.quotientAndRemainder(dividingBy: 10)
                digits[count] = UInt8(truncatingIfNeeded: digit) &+ UInt8(ascii: "0")
                count &+= 1
                remaining = quotient
            } while remaining != 0
            digits.reverseFirst(count)
            return count
        }
    }
}

extension ByteWriter.Window {
    /// Turns the first `count` bytes around: digits are found last first.
    func reverseFirst(_ count: Int) {
        var low = 0
        var high = count &- 1
        while low < high {
            let byte = self[low]
            self[low] = self[high]
            self[high] = byte
            low &+= 1
            high &-= 1
        }
    }
}
