/// WHATWG percent-decoding for form names and values: `%XX` with two hex digits is a byte, any
/// other `%` is itself, and `+` is a space when the form says so.
enum PercentDecoding {
    /// Appends the decoded bytes of `source` to `output`.
    ///
    /// Decoding never lengthens text, so the output is written into room for the whole source and
    /// trimmed after.
    static func decode<Sink: ByteSink & ~Copyable>(_ source: ByteReader, plusIsSpace: Bool, into output: inout Sink) {
        guard !source.isEmpty else { return }
        output.appendWriting(upTo: source.count) { target in
            decode(source, into: target, plusIsSpace: plusIsSpace)
        }
    }

    /// Decodes `source` into `target` and returns how many bytes it wrote.
    ///
    /// Each 16-byte chunk is stored whole, with `+` already turned into a space when the form says
    /// so; only a `%` stops it, and the bytes after the escape are read again as the next chunk.
    ///
    /// The room is checked once: `target` holds at least as many bytes as `source`. Decoding never
    /// lengthens, so `written <= index` throughout; a chunk is stored only where 16 source bytes
    /// remain, and a byte only for a source byte that remains. The stores below rely on this.
    @inline(__always)
    private static func decode(_ source: ByteReader, into target: ByteWriter.Window, plusIsSpace: Bool) -> Int {
        precondition(target.count >= source.count, "too little room to decode into")
        // Without plus-as-space, `%` is "replaced" by itself.
        let plus = ByteScanning.Vector(repeating: plusIsSpace ? UInt8(ascii: "+") : UInt8(ascii: "%"))
        let space = ByteScanning.Vector(repeating: plusIsSpace ? UInt8(ascii: " ") : UInt8(ascii: "%"))
        let end = source.count
        var index = 0
        var written = 0
        while index < end {
            if index <= end &- 16 {
                // `0 <= written <= index <= end - 16`: the read and the store are proven.
                var vector = source.chunk(unchecked: index)
                vector.replace(with: space, where: vector .== plus)
                target.store(vector, unchecked: written)
                let run = ByteScanning.firstNonzeroLane(ByteScanning.equal(vector, UInt8(ascii: "%")))
                written &+= run
                index &+= run
                if run == 16 { continue }
            }
            // `index < end`: the loop condition, or a run of fewer than 16 into a whole chunk; the
            // two digits are read only when `end - index > 2`.
            let byte = source.byte(unchecked: index)
            if byte == UInt8(ascii: "%"), end &- index > 2,
                case let high = hexValue(source.byte(unchecked: index &+ 1)), high < 16,
                case let low = hexValue(source.byte(unchecked: index &+ 2)), low < 16
            {
                target.store(high &<< 4 | low, unchecked: written)
                index &+= 3
            } else {
                target.store(byte == UInt8(ascii: "+") && plusIsSpace ? UInt8(ascii: " ") : byte, unchecked: written)
                index &+= 1
            }
            written &+= 1
        }
        return written
    }

    /// The value of a hex digit, or 0xFF for any other byte. Arithmetic rather than a table: a
    /// table in an array measured a quarter more instructions on text that is all escapes.
    @inline(__always)
    private static func hexValue(_ byte: UInt8) -> UInt8 {
        let digit = byte &- UInt8(ascii: "0")
        if digit < 10 { return digit }
        // `| 0x20` lower-cases an ASCII capital.
        let letter = (byte | 0x20) &- UInt8(ascii: "a")
        return letter < 6 ? letter &+ 10 : 0xFF
    }
}
