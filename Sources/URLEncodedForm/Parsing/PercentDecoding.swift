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
    /// A block of 64 bytes (16 near the end) is stored whole, with `+` already turned into a space
    /// when the form says so, and its `%`s are found as one mask. A block with escapes then has
    /// each of them, in order, written as its byte, and the bytes up to the next `%` stored again
    /// right behind that byte, 16 at a time; after its last escape, decoding goes on from the
    /// byte after that escape. Why 64: the loop over a block's escapes ends at a point the
    /// processor cannot guess, and once per 64 bytes mispredicts a quarter as often as once per
    /// 16 (the text decode; Benchmarks/README.md, Shortcuts).
    ///
    /// The room is checked once: `target` holds at least as many bytes as `source`. Decoding never
    /// lengthens, so a source byte's place in the output is never after its own index, and
    /// `written <= index` throughout; a chunk is read and stored only where 16 source bytes
    /// remain from where it is read, and a byte only for a source byte that remains. The stores
    /// below rely on this.
    ///
    /// Out of line, one copy for every caller (each type's value read, names, the sentinel): a
    /// call costs less than the copies did (the small, sign-up and large decodes; Benchmarks/README.md, Shortcuts).
    @inline(never)
    static func decode(_ source: ByteReader, into target: ByteWriter.Window, plusIsSpace: Bool) -> Int {
        precondition(target.count >= source.count, "too little room to decode into")
        // Without plus-as-space, `%` is replaced by itself: one loop serves both forms.
        let plus = ByteScanning.Vector(repeating: plusIsSpace ? UInt8(ascii: "+") : UInt8(ascii: "%"))
        let space = ByteScanning.Vector(repeating: plusIsSpace ? UInt8(ascii: " ") : UInt8(ascii: "%"))
        let end = source.count
        var index = 0
        var written = 0
        while index <= end &- 64 {
            // `0 <= written <= index <= end - 64`: the four reads and stores are proven.
            var mask: UInt64 = 0
            for lane in 0..<4 {
                let vector = storeChunk(source, unchecked: index &+ lane &* 16, to: target, at: written &+ lane &* 16, plus, space)
                mask |= UInt64(ByteScanning.bits(ByteScanning.equal(vector, UInt8(ascii: "%")))) &<< UInt64(lane &* 16)
            }
            if mask == 0 {
                written &+= 64
                index &+= 64
                continue
            }
            (index, written) = decodeEscapes(mask, inBlockAt: index, width: 64, written: written, source, target, plus, space)
        }
        while index <= end &- 16 {
            // `0 <= written <= index <= end - 16`: the read and the store are proven.
            let vector = storeChunk(source, unchecked: index, to: target, at: written, plus, space)
            let percents = ByteScanning.equal(vector, UInt8(ascii: "%"))
            if ByteScanning.isZero(percents) {
                written &+= 16
                index &+= 16
                continue
            }
            let mask = UInt64(ByteScanning.bits(percents))
            (index, written) = decodeEscapes(mask, inBlockAt: index, width: 16, written: written, source, target, plus, space)
        }
        // `index < end`: the loop condition; the two digits are read only when `end - index > 2`.
        while index < end {
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

    /// Writes the escapes of the block of `width` bytes at `start`, already stored at `written`,
    /// whose `%`s are the set bits of `percents`, and returns where decoding goes on: after the
    /// block when nothing in it moved, else after its last escape (or at its last `%`, a lone one
    /// that must move too).
    @inline(__always)
    private static func decodeEscapes(
        _ percents: UInt64, inBlockAt start: Int, width: Int, written: Int, _ source: ByteReader,
        _ target: ByteWriter.Window, _ plus: ByteScanning.Vector, _ space: ByteScanning.Vector
    ) -> (index: Int, written: Int) {
        let end = source.count
        var mask = percents
        var dropped = 0
        while mask != 0 {
            let at = start &+ mask.trailingZeroBitCount
            mask &= mask &- 1
            // The bytes after this `%` up to the next one are stored again from `from` to `to`.
            var from: Int
            var to: Int
            // A `%` without two hex digits is itself. Two digits are never a `%`, so no `%` of
            // the mask is inside an escape.
            if end &- at > 2,
                case let high = hexValue(source.byte(unchecked: at &+ 1)), high < 16,
                case let low = hexValue(source.byte(unchecked: at &+ 2)), low < 16
            {
                // The escape's place: `written + (at - start) - dropped <= at < end`.
                let place = written &+ (at &- start) &- dropped
                target.store(high &<< 4 | low, unchecked: place)
                dropped &+= 2
                from = at &+ 3
                to = place &+ 1
            } else {
                // Stored in its place already, unless an escape before it moved it.
                if dropped == 0 { continue }
                from = at
                to = written &+ (at &- start) &- dropped
            }
            if mask == 0 { return (from, to) }
            let limit = start &+ mask.trailingZeroBitCount
            while from < limit {
                // Too near the end for a chunk: the rest goes one byte at a time.
                guard from <= end &- 16 else { return (from, to) }
                // `from <= end - 16` and `to <= from`: the read and the store are proven.
                storeChunk(source, unchecked: from, to: target, at: to, plus, space)
                from &+= 16
                to &+= 16
            }
        }
        return (start &+ width, written &+ width)
    }

    /// Stores the 16 bytes of `source` at `index` into `target` at `written`, each `plus` made a
    /// `space`, and returns them as stored. Unchecked: callers prove both ranges in bounds.
    @inline(__always)
    @discardableResult
    private static func storeChunk(
        _ source: ByteReader, unchecked index: Int, to target: ByteWriter.Window, at written: Int,
        _ plus: ByteScanning.Vector, _ space: ByteScanning.Vector
    ) -> ByteScanning.Vector {
        var vector = source.chunk(unchecked: index)
        vector.replace(with: space, where: vector .== plus)
        target.store(vector, unchecked: written)
        return vector
    }

    /// The value of a hex digit, or 0xFF for any other byte. Arithmetic rather than a table in
    /// an array, whose bounds check and reference cost more on text that is all escapes.
    @inline(__always)
    private static func hexValue(_ byte: UInt8) -> UInt8 {
        let digit = byte &- UInt8(ascii: "0")
        if digit < 10 { return digit }
        // `| 0x20` lower-cases an ASCII capital.
        let letter = (byte | 0x20) &- UInt8(ascii: "a")
        return letter < 6 ? letter &+ 10 : 0xFF
    }
}
