/// Splitting bytes into pairs: one pass over a pair that finds its `=` and its end and notes what
/// its name and value hold, 16 bytes at a time through a value.
extension FormParser {
    /// What a byte means to the scan, one bit per kind: `&` and `=` end parts, `%` (and `+` where
    /// it is a space) mean decoding, `[`, `]` and `.` mean a key path, and bytes from 0x80 a name
    /// that may need repairing.
    enum ByteClass {
        static let ampersand: UInt8 = 1
        static let equals: UInt8 = 2
        static let escape: UInt8 = 4
        static let pathMark: UInt8 = 8
        static let nonASCII: UInt8 = 16

        static let plusIsSpaceTable = table(plusIsEscape: true)
        static let plusLiteralTable = table(plusIsEscape: false)

        private static func table(plusIsEscape: Bool) -> [UInt8] {
            (0...255).map { byte in
                switch UInt8(byte) {
                case UInt8(ascii: "&"): ampersand
                case UInt8(ascii: "="): equals
                case UInt8(ascii: "%"): escape
                case UInt8(ascii: "+"): plusIsEscape ? escape : 0
                case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "."): pathMark
                case 0x80...: nonASCII
                default: 0
                }
            }
        }
    }

    /// Where one pair's parts are in its input, and what its name and value hold.
    struct PairBounds {
        var start: Int
        var equals = -1
        var end = 0
        var nameClasses: UInt8 = 0
        var valueEscaped = false

        /// Where the name ends: at the `=`, or the end of a name without one.
        var nameEnd: Int { equals >= 0 ? equals : end }

        /// Whether the name holds an escape or bytes from 0x80, and so is decoded.
        var nameNeedsDecoding: Bool { nameClasses & (ByteClass.escape | ByteClass.nonASCII) != 0 }
    }

    /// Finds the end of the pair that starts at `index`, its `=` and what its name and value hold,
    /// in one pass; leaves `index` at the `&` that ends it or at the end of `input`. Static, with
    /// the parser's two settings it reads, so that the loop of a mutating parser passes them rather
    /// than a copy of the whole parser for every pair (the small and medium decodes; Benchmarks/README.md, Shortcuts).
    static func scanPair(in input: ByteReader, from index: inout Int, byteClasses: [UInt8], plusIsSpace: Bool) -> PairBounds {
        var pair = PairBounds(start: index)
        if scanName(of: &pair, in: input, from: &index, byteClasses: byteClasses) {
            index += 1
            pair.valueEscaped = scanValue(in: input, from: &index, plusIsSpace: plusIsSpace)
        }
        pair.end = index
        return pair
    }

    /// Scans a pair in an input that holds no `&`, as the chunked parser's pair that spanned
    /// chunks is: its value is searched only for its first escape, not to its end for `&` once
    /// more (the load benchmark's 900 KB value, whose chunks were searched for `&` as they came;
    /// Benchmarks/README.md, Shortcuts).
    func scanPairWithoutAmpersand(in input: ByteReader) -> PairBounds {
        // Checked where the tests and the fuzzers run: debug builds.
        assert(ByteScanning.firstIndex(of: UInt8(ascii: "&"), in: input) == nil, "a buffered pair holds a '&'")
        var pair = PairBounds(start: 0)
        var index = 0
        if Self.scanName(of: &pair, in: input, from: &index, byteClasses: byteClasses) {
            let plus = rules.plusIsSpace ? UInt8(ascii: "+") : UInt8(ascii: "%")
            pair.valueEscaped = ByteScanning.firstIndex(of: UInt8(ascii: "%"), or: plus, in: input[(index + 1)..<input.count]) != nil
        }
        pair.end = input.count
        return pair
    }

    /// Moves `index` through a name to the `=` that ends it (and says it found one), or to the
    /// `&` or the end of `input`, noting in `pair` what the name holds.
    @inline(__always)
    private static func scanName(of pair: inout PairBounds, in input: ByteReader, from index: inout Int, byteClasses: [UInt8]) -> Bool {
        let end = input.count
        while index < end {
            // `index < end`: the loop condition.
            let byteClass = byteClasses[Int(input.byte(unchecked: index))]
            if byteClass != 0 {
                if byteClass == ByteClass.ampersand { return false }
                if byteClass == ByteClass.equals {
                    pair.equals = index
                    return true
                }
                pair.nameClasses |= byteClass
            }
            index += 1
        }
        return false
    }

    /// Moves `index` to the `&` that ends a value, or to the end of the input, 16 bytes at a time
    /// where it can, and says whether the value holds an escape.
    private static func scanValue(in input: ByteReader, from index: inout Int, plusIsSpace: Bool) -> Bool {
        let end = input.count
        var escaped = false
        let plus = plusIsSpace ? UInt8(ascii: "+") : UInt8(ascii: "%")
        while index <= end &- 16 {
            // `0 <= index <= end - 16`: the loop condition, and `index` only grows.
            let vector = input.chunk(unchecked: index)
            let ampersands = ByteScanning.equal(vector, UInt8(ascii: "&"))
            // Once the value is known to hold an escape, only its end is looked for.
            let escapes = escaped ? ampersands : ByteScanning.equal(vector, UInt8(ascii: "%")) | ByteScanning.equal(vector, plus)
            if ByteScanning.isZero(ampersands | escapes) {
                index &+= 16
                continue
            }
            let ampersandBits = ByteScanning.bits(ampersands)
            let escapeBits = ByteScanning.bits(escapes)
            guard ampersandBits != 0 else {
                escaped = true
                index &+= 16
                continue
            }
            let run = ampersandBits.trailingZeroBitCount
            // Escapes before the `&` belong to this value.
            escaped = escaped || escapeBits & ((1 &<< UInt32(run)) &- 1) != 0
            index &+= run
            return escaped
        }
        while index < end {
            let byte = input[index]
            if byte == UInt8(ascii: "&") { break }
            if byte == UInt8(ascii: "%") || (plusIsSpace && byte == UInt8(ascii: "+")) { escaped = true }
            index &+= 1
        }
        return escaped
    }
}
