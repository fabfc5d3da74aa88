/// WHATWG percent-decoding for form names and values: `%XX` with two hex digits is a byte, any
/// other `%` is itself, and `+` is a space when the form says so.
enum PercentDecoding {
    /// Appends the decoded bytes of `source` to `output`.
    ///
    /// Chunks of 16 bytes without `%` (or `+`, when it is a space) are copied whole; decoding
    /// never lengthens text, so the output is written into space reserved for the whole source
    /// and trimmed after.
    static func decode(
        _ source: UnsafeBufferPointer<UInt8>,
        plusIsSpace: Bool,
        into output: inout [UInt8]
    ) {
        guard let origin = source.baseAddress, !source.isEmpty else { return }
        let start = output.count
        let end = source.count
        output.append(contentsOf: repeatElement(0, count: end))
        var written = 0
        output.withUnsafeMutableBufferPointer { buffer in
            guard let target = buffer.baseAddress.map({ $0 + start }) else { return }
            var index = 0
            while index < end {
                if index &+ 16 <= end {
                    let vector = ByteScanning.load(origin, index)
                    var special = ByteScanning.equal(vector, UInt8(ascii: "%"))
                    if plusIsSpace {
                        special |= ByteScanning.equal(vector, UInt8(ascii: "+"))
                    }
                    let bits = ByteScanning.bits(special)
                    if bits == 0 {
                        ByteScanning.store(vector, target, written)
                        written &+= 16
                        index &+= 16
                        continue
                    }
                    // Copy up to the first special byte, then decode it below.
                    let run = bits.trailingZeroBitCount
                    for offset in 0..<run {
                        target[written &+ offset] = origin[index &+ offset]
                    }
                    written &+= run
                    index &+= run
                }
                let byte = origin[index]
                if byte == UInt8(ascii: "%"), end &- index > 2,
                    case let high = hexValue[Int(origin[index &+ 1])], high < 16,
                    case let low = hexValue[Int(origin[index &+ 2])], low < 16
                {
                    target[written] = high &<< 4 | low
                    index &+= 3
                } else {
                    target[written] = byte == UInt8(ascii: "+") && plusIsSpace ? UInt8(ascii: " ") : byte
                    index &+= 1
                }
                written &+= 1
            }
        }
        output.removeLast(end &- written)
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
