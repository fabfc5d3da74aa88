/// WHATWG percent-decoding for form names and values: `%XX` with two hex digits is a byte, any
/// other `%` is itself, and `+` is a space when the form says so.
enum PercentDecoding {
    /// Appends the decoded bytes of `source` to `output`.
    ///
    /// Runs of bytes without `%` (or `+`, when it is a space) are found 16 bytes at a time and
    /// copied at once; decoding never lengthens text, so the output is written into space reserved
    /// for the whole source and trimmed after.
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
                let special = nextSpecial(origin, from: index, count: end, plusIsSpace: plusIsSpace)
                let run = special &- index
                if run >= 8 {
                    (target + written).update(from: origin + index, count: run)
                } else {
                    for offset in 0..<run {
                        target[written &+ offset] = origin[index &+ offset]
                    }
                }
                written &+= run
                guard special < end else { break }
                let byte = origin[special]
                if byte == UInt8(ascii: "%"), end &- special > 2,
                    case let high = hexValue[Int(origin[special &+ 1])], high < 16,
                    case let low = hexValue[Int(origin[special &+ 2])], low < 16
                {
                    target[written] = high &<< 4 | low
                    index = special &+ 3
                } else {
                    target[written] = byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte
                    index = special &+ 1
                }
                written &+= 1
            }
        }
        output.removeLast(end &- written)
    }

    /// The index of the next `%`, or `+` when it is a space, at or after `start`; `count` if none.
    @inline(__always)
    private static func nextSpecial(_ origin: UnsafePointer<UInt8>, from start: Int, count: Int, plusIsSpace: Bool) -> Int {
        var index = start
        while index &+ 16 <= count {
            let vector = ByteScanning.load(origin, index)
            var mask = ByteScanning.equal(vector, UInt8(ascii: "%"))
            if plusIsSpace {
                mask |= ByteScanning.equal(vector, UInt8(ascii: "+"))
            }
            if let lane = ByteScanning.firstSetLane(mask) {
                return index &+ lane
            }
            index &+= 16
        }
        while index < count, origin[index] != UInt8(ascii: "%"), !(plusIsSpace && origin[index] == UInt8(ascii: "+")) {
            index &+= 1
        }
        return index
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
