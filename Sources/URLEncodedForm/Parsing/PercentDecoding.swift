/// WHATWG percent-decoding for form names and values: `%XX` with two hex digits is a byte, any
/// other `%` is itself, and `+` is a space when the form says so.
enum PercentDecoding {
    /// Appends the decoded bytes of `source` to `output`.
    static func decode(
        _ source: UnsafeBufferPointer<UInt8>,
        plusIsSpace: Bool,
        into output: inout [UInt8]
    ) {
        output.reserveCapacity(output.count + source.count)
        var index = 0
        let end = source.count
        while index < end {
            let byte = source[index]
            if byte == UInt8(ascii: "%"), end - index > 2,
                case let high = hexValue[Int(source[index + 1])], high < 16,
                case let low = hexValue[Int(source[index + 2])], low < 16
            {
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(byte == UInt8(ascii: "+") && plusIsSpace ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
    }

    /// Hex digit values, 0xFF for every other byte.
    private static let hexValue: [UInt8] = (0...255).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte) - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt8(byte) - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt8(byte) - UInt8(ascii: "A") + 10
        default: 0xFF
        }
    }
}
