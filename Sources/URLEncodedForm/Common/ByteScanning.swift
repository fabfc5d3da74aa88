/// Looks at 16 bytes at a time, for the scans that find bytes to escape or unescape.
///
/// Swift's `SIMD16<UInt8>` compiles to SSE2 or NEON compares. A chunk is classified once into a
/// 16-bit mask, one bit per byte, whose set bits are then visited in order; a chunk with none is
/// copied whole.
enum ByteScanning {
    typealias Vector = SIMD16<UInt8>

    @inline(__always)
    static func load(_ base: UnsafePointer<UInt8>, _ offset: Int) -> Vector {
        UnsafeRawPointer(base + offset).loadUnaligned(as: Vector.self)
    }

    @inline(__always)
    static func store(_ vector: Vector, _ base: UnsafeMutablePointer<UInt8>, _ offset: Int) {
        UnsafeMutableRawPointer(base + offset).storeBytes(of: vector, as: Vector.self)
    }

    /// One bit per lane, lane 0 lowest, from a vector whose lanes are 0 or 0xFF.
    @inline(__always)
    static func bits(_ lanes: Vector) -> UInt32 {
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

    /// 0xFF in each lane where `vector` equals `byte`.
    @inline(__always)
    static func equal(_ vector: Vector, _ byte: UInt8) -> Vector {
        Vector(repeating: 0).replacing(with: 0xFF, where: vector .== Vector(repeating: byte))
    }
}

/// A set of ASCII bytes as at most eight ranges, tested 16 bytes at a time: per range one
/// subtraction and one unsigned compare.
struct ByteRangeSet: Sendable {
    private var lows: [ByteScanning.Vector] = []
    private var spans: [ByteScanning.Vector] = []
    /// Both `A–Z` and `a–z` are in the set, tested at once as `(byte | 0x20) - "a" <= 25`.
    private var letters = false

    /// The set of bytes below 0x80 for which `contains` holds, or `nil` when it needs more than
    /// eight ranges (the scalar table is then as fast).
    init?(_ contains: (UInt8) -> Bool) {
        var byte: UInt8 = 0
        while byte < 0x80 {
            guard contains(byte) else {
                byte &+= 1
                continue
            }
            guard lows.count < 8 else { return nil }
            let low = byte
            while byte < 0x80, contains(byte) { byte &+= 1 }
            lows.append(ByteScanning.Vector(repeating: low))
            spans.append(ByteScanning.Vector(repeating: byte &- 1 &- low))
        }
        let upper = ByteScanning.Vector(repeating: UInt8(ascii: "A"))
        let lower = ByteScanning.Vector(repeating: UInt8(ascii: "a"))
        let span = ByteScanning.Vector(repeating: 25)
        let pairs = Array(zip(lows, spans))
        if let upperIndex = pairs.firstIndex(where: { $0.0 == upper && $0.1 == span }),
            let lowerIndex = pairs.firstIndex(where: { $0.0 == lower && $0.1 == span })
        {
            letters = true
            for index in [upperIndex, lowerIndex].sorted(by: >) {
                lows.remove(at: index)
                spans.remove(at: index)
            }
        }
    }

    /// Calls `body` with the ranges ready for scanning; taken once per text, not per chunk.
    @inline(__always)
    func withRanges<Result>(_ body: (Ranges) -> Result) -> Result {
        lows.withUnsafeBufferPointer { lows in
            spans.withUnsafeBufferPointer { spans in body(Ranges(lows: lows, spans: spans, letters: letters)) }
        }
    }

    struct Ranges {
        let lows: UnsafeBufferPointer<ByteScanning.Vector>
        let spans: UnsafeBufferPointer<ByteScanning.Vector>
        let letters: Bool

        /// 0xFF in each lane of `vector` that is *not* in the set, 0 elsewhere.
        @inline(__always)
        func outsideLanes(_ vector: ByteScanning.Vector) -> ByteScanning.Vector {
            var inside = SIMDMask<SIMD16<Int8>>(repeating: false)
            if letters {
                let folded = vector | ByteScanning.Vector(repeating: 0x20)
                inside = (folded &- ByteScanning.Vector(repeating: UInt8(ascii: "a"))) .<= ByteScanning.Vector(repeating: 25)
            }
            for index in 0..<lows.count {
                inside .|= (vector &- lows[index]) .<= spans[index]
            }
            return ByteScanning.Vector(repeating: 0xFF).replacing(with: 0, where: inside)
        }
    }
}
