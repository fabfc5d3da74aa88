/// WHATWG percent-decoding for form names and values: `%XX` with two hex digits is a byte, any
/// other `%` is itself, and `+` is a space when the form says so.
enum PercentDecoding {
    /// Appends the decoded bytes of `source` to `output`.
    ///
    /// Decoding never lengthens text, so the output is written into space reserved for the whole
    /// source and trimmed after.
    static func decode(
        _ source: UnsafeBufferPointer<UInt8>,
        plusIsSpace: Bool,
        into output: inout [UInt8]
    ) {
        guard let origin = source.baseAddress, !source.isEmpty else { return }
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: source.count))
        let written = output.withUnsafeMutableBufferPointer { buffer in
            hexValue.withUnsafeBufferPointer { hexValue in
                guard let target = buffer.baseAddress else { return 0 }
                return decode(origin, count: source.count, into: target + start, hexValue: hexValue, plusIsSpace: plusIsSpace)
            }
        }
        output.removeLast(source.count &- written)
    }

    /// Decodes `count` bytes at `origin` into `target` and returns how many it wrote.
    ///
    /// Each 16-byte chunk is stored whole, with `+` already turned into a space when the form says
    /// so; only a `%` stops it, and the bytes after the escape are read again as the next chunk.
    private static func decode(
        _ origin: UnsafePointer<UInt8>,
        count end: Int,
        into target: UnsafeMutablePointer<UInt8>,
        hexValue: UnsafeBufferPointer<UInt8>,
        plusIsSpace: Bool
    ) -> Int {
        // Without plus-as-space, `%` is "replaced" by itself.
        let plus = ByteScanning.Vector(repeating: plusIsSpace ? UInt8(ascii: "+") : UInt8(ascii: "%"))
        let space = ByteScanning.Vector(repeating: plusIsSpace ? UInt8(ascii: " ") : UInt8(ascii: "%"))
        var index = 0
        var written = 0
        while index < end {
            if index &+ 16 <= end {
                // `written <= index`, so a whole chunk at `written` stays inside the space.
                var vector = ByteScanning.load(origin, index)
                vector.replace(with: space, where: vector .== plus)
                ByteScanning.store(vector, target, written)
                let percents = ByteScanning.equal(vector, UInt8(ascii: "%"))
                if ByteScanning.isZero(percents) {
                    written &+= 16
                    index &+= 16
                    continue
                }
                let run = ByteScanning.bits(percents).trailingZeroBitCount
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
        return written
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
