/// Whether bytes are well-formed UTF-8, 16 ASCII bytes at a time: what lets a decoded value
/// become a `String` without the standard library checking it again.
///
///     "caf\u{E9}"  63 61 66 C3 A9     .valid   (C3 A9 is one two-byte sequence)
///     "cafe"       63 61 66 65        .ascii
///     63 61 66 E9                     .invalid (E9 starts a three-byte sequence that is cut off)
///     C0 AF / ED A0 80 / F4 90 80 80  .invalid (an overlong `/`, a surrogate, past U+10FFFF)
///
/// Written here rather than left to `String(decoding:as:)` for speed: that initializer checks
/// every byte of text that is not all ASCII one at a time, and a form's values are mostly ASCII
/// with a few letters escaped (the text and rows decodes; Benchmarks/README.md, Shortcuts). The rules are Unicode's table of well-formed byte
/// sequences (Table 3-7), the ones the standard library applies; `UTF8ValidationTests` compares
/// the two on every sequence of one and two bytes, on longer ones from every lead byte with the
/// others at the edges of Unicode's ranges, and on random mixes.
enum UTF8Validation {
    enum Result: Equatable {
        /// Every byte is below 0x80.
        case ascii
        /// Well-formed UTF-8 with at least one byte of 0x80 or more.
        case valid
        /// Not UTF-8: `String(decoding:as:)` would replace something with U+FFFD.
        case invalid
    }

    /// Checks the bytes from `start` to the end. The ones before `start` are not checked, but
    /// may be read: a short text at the end of a larger buffer is read as its last 16 bytes.
    static func check(_ bytes: ByteReader, from start: Int = 0) -> Result {
        let end = bytes.count
        precondition(start >= 0 && start <= end, "start outside the bytes")
        var index = start
        var ascii = true
        while index < end {
            // Runs of ASCII, 32 bytes at a time, in a loop of their own: as one loop with the
            // other cases, checking an encode's output cost three times the standard library's
            // ASCII check (the text encode; Benchmarks/README.md, Shortcuts).
            // `0 <= index <= end - 32`: both chunks are inside the bytes.
            while index <= end &- 32, isASCII(bytes.chunk(unchecked: index) | bytes.chunk(unchecked: index &+ 16)) {
                index &+= 32
            }
            if index <= end &- 16 {
                // `0 <= index <= end - 16`: the chunk is inside the bytes.
                let chunk = bytes.chunk(unchecked: index)
                if isASCII(chunk) {
                    index &+= 16
                    continue
                }
                // Skips the ASCII bytes before the first that is not.
                index &+= ByteScanning.firstNonzeroLane(chunk & ByteScanning.Vector(repeating: 0x80))
            } else if end >= 16 {
                // The last bytes, as the last 16: the lanes before `index`, checked already, are
                // shifted out of the mask. `0 < end - 16 < index`: the chunk is inside the bytes.
                let start = end &- 16
                let high = highBits(bytes.chunk(unchecked: start)) &>> UInt32(truncatingIfNeeded: index &- start)
                if high == 0 { break }
                index &+= high.trailingZeroBitCount
            }
            // `index < end`: the loop condition, or a byte of a chunk just read.
            let lead = bytes.byte(unchecked: index)
            if lead < 0x80 {
                index &+= 1
                continue
            }
            ascii = false
            let length = sequenceLength(bytes, at: index, lead: lead)
            if length == 0 { return .invalid }
            index &+= length
        }
        return ascii ? .ascii : .valid
    }

    @inline(__always)
    private static func isASCII(_ chunk: ByteScanning.Vector) -> Bool {
        let halves = unsafeBitCast(chunk, to: (UInt64, UInt64).self)
        return (halves.0 | halves.1) & 0x8080_8080_8080_8080 == 0
    }

    /// One bit per byte of `chunk` at 0x80 or above, byte 0 lowest.
    @inline(__always)
    private static func highBits(_ chunk: ByteScanning.Vector) -> UInt32 {
        // A value cast, not a pointer one: `unsafeBitCast` itself checks that the sizes match.
        let halves = unsafeBitCast(chunk, to: (UInt64, UInt64).self)
        // Moves each byte's top bit to its bottom, then gathers the eight into the top byte.
        let low = (((halves.0.littleEndian & 0x8080_8080_8080_8080) &>> 7) &* 0x0102_0408_1020_4080) &>> 56
        let high = (((halves.1.littleEndian & 0x8080_8080_8080_8080) &>> 7) &* 0x0102_0408_1020_4080) &>> 56
        return UInt32(truncatingIfNeeded: low | high &<< 8)
    }

    /// The length of the well-formed sequence that starts with `lead` at `index`, or 0 when none
    /// does: Unicode's Table 3-7, where the second byte's range depends on the first.
    @inline(__always)
    private static func sequenceLength(_ bytes: ByteReader, at index: Int, lead: UInt8) -> Int {
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: length = 4
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: return 0
        }
        guard bytes.count &- index >= length, second.contains(bytes[index &+ 1]) else { return 0 }
        for offset in 2..<length where bytes[index &+ offset] & 0xC0 != 0x80 {
            return 0
        }
        return length
    }
}
