/// Looks at 16 bytes at a time, for the scans that find bytes to escape or unescape, and the
/// searches for a byte (a chunk's `&`, a value's first escape).
///
/// Swift's `SIMD16<UInt8>` compiles to SSE2 or NEON compares. A chunk is classified once into a
/// 16-bit mask, one bit per byte, whose set bits are then visited in order; a chunk with none is
/// copied whole.
enum ByteScanning {
    typealias Vector = SIMD16<UInt8>

    // Chunks are loaded and stored only through `ByteReader` and `ByteWriter`, by the hot loops,
    // with the `unchecked:` accessors: their loop conditions prove the bounds, and the accessors
    // check them in debug builds and in the fuzzers (built with `-assert-config Debug`).

    /// One bit per lane, lane 0 lowest, from a vector whose lanes are 0 or 0xFF.
    @inline(__always)
    static func bits(_ lanes: Vector) -> UInt32 {
        // A value cast, not a pointer one: `unsafeBitCast` itself checks that the sizes match.
        let halves = unsafeBitCast(lanes, to: (UInt64, UInt64).self)
        // Gathers bit 0 of each byte into the top byte of the product.
        let low = ((halves.0.littleEndian & 0x0101_0101_0101_0101) &* 0x0102_0408_1020_4080) &>> 56
        let high = ((halves.1.littleEndian & 0x0101_0101_0101_0101) &* 0x0102_0408_1020_4080) &>> 56
        return UInt32(truncatingIfNeeded: low | high &<< 8)
    }

    /// Whether every lane is 0: cheaper than ``bits(_:)`` for the common chunk with nothing in it.
    @inline(__always)
    static func isZero(_ lanes: Vector) -> Bool {
        let halves = unsafeBitCast(lanes, to: (UInt64, UInt64).self)
        return halves.0 | halves.1 == 0
    }

    /// The first lane that is not 0, or 16 when every lane is: for a scan that wants only the
    /// first, fewer instructions than ``bits(_:)`` and its count of trailing zeros.
    @inline(__always)
    static func firstNonzeroLane(_ lanes: Vector) -> Int {
        let halves = unsafeBitCast(lanes, to: (UInt64, UInt64).self)
        let low = halves.0.littleEndian
        return low != 0 ? low.trailingZeroBitCount &>> 3 : 8 &+ halves.1.littleEndian.trailingZeroBitCount &>> 3
    }

    /// 0xFF in each lane where `vector` equals `byte`.
    @inline(__always)
    static func equal(_ vector: Vector, _ byte: UInt8) -> Vector {
        Vector(repeating: 0).replacing(with: 0xFF, where: vector .== Vector(repeating: byte))
    }
}

// MARK: Searching a reader

extension ByteScanning {
    /// The first `byte` in `bytes`. A long value spans many chunks of a body, each searched for its
    /// `&`, which byte by byte cost a server more than the parse (the load benchmark's 900 KB
    /// value; Benchmarks/README.md, Shortcuts).
    static func firstIndex(of byte: UInt8, in bytes: ByteReader) -> Int? {
        firstIndex(of: byte, or: byte, in: bytes)
    }

    /// The first `byte` or `other` in `bytes`, looked for 64 bytes at a time, then 16 (the load
    /// benchmark's 900 KB value; Benchmarks/README.md, Shortcuts). Inlined, so that a search for one byte compares each chunk
    /// once. The compares are written out: through a helper, even one marked `@inline(__always)`,
    /// the release build made a call for each chunk.
    @inline(__always)
    static func firstIndex(of byte: UInt8, or other: UInt8, in bytes: ByteReader) -> Int? {
        var index = 0
        while index <= bytes.count &- 64 {
            // `0 <= index <= count - 64`: the four chunks lie inside the bytes.
            let first = bytes.chunk(unchecked: index)
            let second = bytes.chunk(unchecked: index &+ 16)
            let third = bytes.chunk(unchecked: index &+ 32)
            let fourth = bytes.chunk(unchecked: index &+ 48)
            let lanes =
                equal(first, byte) | equal(first, other) | equal(second, byte) | equal(second, other) | equal(third, byte)
                | equal(third, other) | equal(fourth, byte) | equal(fourth, other)
            if !isZero(lanes) { break }
            index &+= 64
        }
        while index <= bytes.count &- 16 {
            // `0 <= index <= count - 16`: the chunk lies inside the bytes.
            let chunk = bytes.chunk(unchecked: index)
            let lanes = equal(chunk, byte) | equal(chunk, other)
            if !isZero(lanes) { return index &+ firstNonzeroLane(lanes) }
            index &+= 16
        }
        while index < bytes.count {
            if bytes[index] == byte || bytes[index] == other { return index }
            index &+= 1
        }
        return nil
    }

    /// The last `byte` in `bytes`, looked for 16 bytes at a time from the end.
    static func lastIndex(of byte: UInt8, in bytes: ByteReader) -> Int? {
        var end = bytes.count
        while end >= 16 {
            // `16 <= end <= count`: the chunk before `end` lies inside the bytes.
            let lanes = bits(equal(bytes.chunk(unchecked: end &- 16), byte))
            if lanes != 0 { return end &- 16 &+ (31 &- lanes.leadingZeroBitCount) }
            end &-= 16
        }
        while end > 0 {
            end &-= 1
            if bytes[end] == byte { return end }
        }
        return nil
    }
}

/// A set of ASCII bytes as at most eight ranges, tested 16 bytes at a time: per range one
/// subtraction and one unsigned compare.
struct ByteRangeSet: Sendable {
    /// A range as its lowest byte and its length less one, in every lane.
    typealias Span = (low: ByteScanning.Vector, span: ByteScanning.Vector)

    private let ranges: Ranges

    /// The set of bytes below 0x80 for which `contains` holds, or `nil` when it needs more than
    /// eight ranges (the scalar table is then as fast).
    init?(_ contains: (UInt8) -> Bool) {
        var spans: [Span] = []
        var byte: UInt8 = 0
        while byte < 0x80 {
            guard contains(byte) else {
                byte &+= 1
                continue
            }
            guard spans.count < 8 else { return nil }
            let low = byte
            while byte < 0x80, contains(byte) { byte &+= 1 }
            spans.append((ByteScanning.Vector(repeating: low), ByteScanning.Vector(repeating: byte &- 1 &- low)))
        }
        let upper = ByteScanning.Vector(repeating: UInt8(ascii: "A"))
        let lower = ByteScanning.Vector(repeating: UInt8(ascii: "a"))
        let span = ByteScanning.Vector(repeating: 25)
        var letters = false
        if let upperIndex = spans.firstIndex(where: { $0.low == upper && $0.span == span }),
            let lowerIndex = spans.firstIndex(where: { $0.low == lower && $0.span == span })
        {
            letters = true
            for index in [upperIndex, lowerIndex].sorted(by: >) {
                spans.remove(at: index)
            }
        }
        ranges = Ranges(spans, letters: letters)
    }

    /// Calls `body` with the ranges ready for scanning; taken once per text, not per chunk.
    @inline(__always)
    func withRanges<Result>(_ body: (Ranges) -> Result) -> Result {
        body(ranges)
    }

    /// The ranges in eight fixed slots rather than an array, so a chunk's test is straight-line
    /// code: the set's ranges repeat to fill the slots, and a range tested twice changes nothing.
    /// The default set (letters, `-./0-9`, `?`, `_`, `~`) takes the first four.
    struct Ranges: Sendable {
        private let first: (Span, Span, Span, Span)
        private let second: (Span, Span, Span, Span)
        private let count: Int
        private let letters: Bool

        init(_ spans: [Span], letters: Bool) {
            let filled = (0..<8).map { spans.isEmpty ? (ByteScanning.Vector(), ByteScanning.Vector()) : spans[$0 % spans.count] }
            first = (filled[0], filled[1], filled[2], filled[3])
            second = (filled[4], filled[5], filled[6], filled[7])
            count = spans.count
            self.letters = letters
        }

        /// 0xFF in each lane of `vector` that is *not* in the set, 0 elsewhere.
        @inline(__always)
        func outsideLanes(_ vector: ByteScanning.Vector) -> ByteScanning.Vector {
            var inside = SIMDMask<SIMD16<Int8>>(repeating: false)
            if letters {
                let folded = vector | ByteScanning.Vector(repeating: 0x20)
                // swift-format-ignore: NoAssignmentInExpressions
                // (it reads the `=` of the `.<=` comparison as an assignment)
                inside = (folded &- ByteScanning.Vector(repeating: UInt8(ascii: "a"))) .<= ByteScanning.Vector(repeating: 25)
            }
            if count > 0 {
                inside .|= Self.inside(vector, first.0) .| Self.inside(vector, first.1)
                    .| Self.inside(vector, first.2) .| Self.inside(vector, first.3)
            }
            if count > 4 {
                inside .|= Self.inside(vector, second.0) .| Self.inside(vector, second.1)
                    .| Self.inside(vector, second.2) .| Self.inside(vector, second.3)
            }
            return ByteScanning.Vector(repeating: 0xFF).replacing(with: 0, where: inside)
        }

        @inline(__always)
        private static func inside(_ vector: ByteScanning.Vector, _ range: Span) -> SIMDMask<SIMD16<Int8>> {
            (vector &- range.low) .<= range.span
        }
    }
}
