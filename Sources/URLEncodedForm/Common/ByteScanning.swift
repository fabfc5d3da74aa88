/// Looks at 16 bytes at a time, for the scans that find the next byte to escape or unescape.
///
/// Swift's `SIMD16<UInt8>` compiles to SSE2 or NEON compares; a set of ASCII characters is tested
/// as a handful of byte ranges (`A–Z`, `a–z`, `-–9`…), each one subtraction and one unsigned
/// compare per 16 bytes.
enum ByteScanning {
    typealias Vector = SIMD16<UInt8>

    @inline(__always)
    static func load(_ base: UnsafePointer<UInt8>, _ offset: Int) -> Vector {
        UnsafeRawPointer(base + offset).loadUnaligned(as: Vector.self)
    }

    /// The index of the first lane of `mask` (lanes are 0 or 0xFF) that is set, or `nil`.
    @inline(__always)
    static func firstSetLane(_ mask: Vector) -> Int? {
        let halves = unsafeBitCast(mask, to: (UInt64, UInt64).self)
        if halves.0 != 0 { return halves.0.littleEndian.trailingZeroBitCount &>> 3 }
        if halves.1 != 0 { return 8 &+ (halves.1.littleEndian.trailingZeroBitCount &>> 3) }
        return nil
    }

    /// How many lanes of `mask` are set.
    @inline(__always)
    static func setLaneCount(_ mask: Vector) -> Int {
        let halves = unsafeBitCast(mask, to: (UInt64, UInt64).self)
        return (halves.0.nonzeroBitCount &+ halves.1.nonzeroBitCount) &>> 3
    }

    /// 0xFF in each lane where `vector` equals `byte`.
    @inline(__always)
    static func equal(_ vector: Vector, _ byte: UInt8) -> Vector {
        Vector(repeating: 0).replacing(with: 0xFF, where: vector .== Vector(repeating: byte))
    }
}

/// A set of ASCII bytes as at most eight ranges, tested 16 bytes at a time. The bounds are kept
/// as plain bytes and broadcast into vectors where they are used.
struct ByteRangeSet: Sendable {
    private var lows: SIMD8<UInt8> = .zero
    private var spans: SIMD8<UInt8> = .zero
    private var count = 0

    /// The set of bytes below 0x80 for which `contains` holds, or `nil` when it needs more than
    /// eight ranges (the scalar table is then as fast).
    init?(_ contains: (UInt8) -> Bool) {
        var byte: UInt8 = 0
        while byte < 0x80 {
            guard contains(byte) else {
                byte &+= 1
                continue
            }
            guard count < 8 else { return nil }
            let low = byte
            while byte < 0x80, contains(byte) { byte &+= 1 }
            lows[count] = low
            spans[count] = byte &- 1 &- low
            count &+= 1
        }
    }

    /// 0xFF in each lane whose byte is *not* in the set.
    @inline(__always)
    func outsideMask(_ vector: ByteScanning.Vector) -> ByteScanning.Vector {
        var inside = SIMDMask<SIMD16<Int8>>(repeating: false)
        for index in 0..<count {
            inside .|= (vector &- ByteScanning.Vector(repeating: lows[index])) .<= ByteScanning.Vector(repeating: spans[index])
        }
        return ByteScanning.Vector(repeating: 0xFF).replacing(with: 0, where: inside)
    }
}
