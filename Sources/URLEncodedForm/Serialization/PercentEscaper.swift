import Foundation

/// Percent-escapes UTF-8 text with a 256-entry table, built once per set of allowed characters.
///
/// Only ASCII can be allowed: every byte of a multibyte UTF-8 sequence is escaped, whatever the
/// character set says, so the output is always ASCII.
struct PercentEscaper: Sendable {
    /// Table entries. The low bit is set exactly for bytes that grow to three (`%XX`), so the
    /// bytes an escape adds can be counted without branches.
    private static let copy: UInt8 = 0
    private static let escape: UInt8 = 1
    private static let plus: UInt8 = 2

    /// One table per space encoding: a space is `%20` in one and `+` in the other, whatever the
    /// character set says.
    private let percentTable: [UInt8]
    private let plusTable: [UInt8]
    /// The bytes written as they are, for scanning 16 at a time; `nil` for a set of too many ranges.
    private let copied: ByteRangeSet?

    /// The key-path punctuation, escaped once per character set rather than once per encode.
    let openBracket: [UInt8]
    let closeBracket: [UInt8]
    let emptyBrackets: [UInt8]
    let dot: [UInt8]

    init(allowing allowed: CharacterSet) {
        var table = [UInt8](repeating: Self.escape, count: 256)
        for byte in UInt8(0)..<0x80 where allowed.contains(Unicode.Scalar(byte)) {
            table[Int(byte)] = Self.copy
        }
        table[Int(UInt8(ascii: " "))] = Self.escape
        percentTable = table
        let copyTable = table
        copied = ByteRangeSet { copyTable[Int($0)] == Self.copy }
        table[Int(UInt8(ascii: " "))] = Self.plus
        plusTable = table
        openBracket = Self.escaped(UInt8(ascii: "["), with: table)
        closeBracket = Self.escaped(UInt8(ascii: "]"), with: table)
        emptyBrackets = openBracket + closeBracket
        dot = Self.escaped(UInt8(ascii: "."), with: table)
    }

    private static func escaped(_ byte: UInt8, with table: [UInt8]) -> [UInt8] {
        table[Int(byte)] == copy ? [byte] : [UInt8(ascii: "%"), hexDigit(byte &>> 4), hexDigit(byte & 0x0F)]
    }

    /// Appends `source` escaped to `output`.
    ///
    /// Short text is counted first, so that text needing no escape is copied at once and other
    /// text gets exactly the space it needs. Long text is written in blocks of 4 KiB, each into
    /// space for its worst case (three bytes per byte), trimmed after, so that it is read once.
    /// Both classify 16 bytes at a time when the allowed set is a few ranges, as usual sets are.
    func escape(_ source: UnsafeBufferPointer<UInt8>, spaceAsPlus: Bool, into output: inout [UInt8]) {
        guard let origin = source.baseAddress, !source.isEmpty else { return }
        (spaceAsPlus ? plusTable : percentTable).withUnsafeBufferPointer { table in
            if source.count >= Self.blockSize, copied != nil {
                var blockStart = 0
                while blockStart < source.count {
                    let count = min(Self.blockSize, source.count &- blockStart)
                    append(origin + blockStart, count: count, reserving: count &* 3, table: table, to: &output)
                    blockStart &+= count
                }
                return
            }
            let (escapes, pluses) = self.count(source, table: table, spaceAsPlus: spaceAsPlus)
            if escapes == 0, pluses == 0 {
                output.append(contentsOf: source)
            } else {
                append(origin, count: source.count, reserving: source.count &+ escapes &* 2, table: table, to: &output)
            }
        }
    }

    private static let blockSize = 4096

    /// Escapes `count` bytes into at most `reserved` bytes at the end of `output`.
    @inline(__always)
    private func append(
        _ origin: UnsafePointer<UInt8>,
        count: Int,
        reserving reserved: Int,
        table: UnsafeBufferPointer<UInt8>,
        to output: inout [UInt8]
    ) {
        let start = output.count
        // 16 bytes of slack let a chunk be stored whole near the end; trimmed below.
        output.append(contentsOf: repeatElement(0, count: reserved &+ 16))
        let end = output.withUnsafeMutableBufferPointer { buffer -> Int in
            guard let target = buffer.baseAddress else { return start }
            return write(origin, count: count, table: table, to: target, at: start)
        }
        assert(end <= start &+ reserved, "escaped text outgrew its reservation")
        output.removeLast(output.count &- end)
    }

    /// Writes `count` escaped bytes at `position`, returning the end.
    @inline(__always)
    private func write(
        _ origin: UnsafePointer<UInt8>,
        count: Int,
        table: UnsafeBufferPointer<UInt8>,
        to target: UnsafeMutablePointer<UInt8>,
        at start: Int
    ) -> Int {
        var position = start
        var index = 0
        copied?.withRanges { copied in
            while index &+ 16 <= count {
                let vector = ByteScanning.load(origin, index)
                var changed = copied.outsideBits(vector)
                // The whole chunk goes out first; each changed byte then takes its place and the
                // rest of the chunk is stored again after it.
                ByteScanning.store(vector, target, position)
                var shift = 0
                while changed != 0 {
                    let lane = changed.trailingZeroBitCount
                    let at = position &+ lane &+ shift
                    let after = write(origin[index &+ lane], table: table, to: target, at: at)
                    shift &+= after &- at &- 1
                    let rest = index &+ lane &+ 1
                    if rest &+ 16 <= count {
                        ByteScanning.store(ByteScanning.load(origin, rest), target, after)
                    } else {
                        // The last chunk: no 16 bytes left to load.
                        for offset in 0..<(index &+ 16 &- rest) {
                            target[after &+ offset] = origin[rest &+ offset]
                        }
                    }
                    changed &= changed &- 1
                }
                position &+= 16 &+ shift
                index &+= 16
            }
        }
        while index < count {
            position = write(origin[index], table: table, to: target, at: position)
            index &+= 1
        }
        return position
    }

    @inline(__always)
    private static func sum(_ lanes: ByteScanning.Vector) -> Int {
        var total = 0
        for lane in 0..<16 { total &+= Int(lanes[lane]) }
        return total
    }

    /// Writes `byte` as the table says, returning the next position.
    @inline(__always)
    private func write(_ byte: UInt8, table: UnsafeBufferPointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, at position: Int) -> Int {
        switch table[Int(byte)] {
        case Self.copy:
            target[position] = byte
            return position &+ 1
        case Self.escape:
            target[position] = UInt8(ascii: "%")
            target[position &+ 1] = Self.hexDigit(byte &>> 4)
            target[position &+ 2] = Self.hexDigit(byte & 0x0F)
            return position &+ 3
        default:
            target[position] = UInt8(ascii: "+")
            return position &+ 1
        }
    }

    /// How many bytes grow to `%XX`, and how many spaces become `+`.
    @inline(__always)
    private func count(_ source: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<UInt8>, spaceAsPlus: Bool) -> (escapes: Int, pluses: Int) {
        guard let origin = source.baseAddress else { return (0, 0) }
        var changed = 0
        var pluses = 0
        var index = 0
        copied?.withRanges { copied in
            // Lane counts add up in vectors (0xFF is -1), summed every 255 chunks before a lane
            // could wrap.
            while index &+ 16 <= source.count {
                var changedLanes = ByteScanning.Vector(repeating: 0)
                var plusLanes = ByteScanning.Vector(repeating: 0)
                var chunks = 0
                while chunks < 255, index &+ 16 <= source.count {
                    let vector = ByteScanning.load(origin, index)
                    changedLanes &-= copied.outsideLanes(vector)
                    if spaceAsPlus {
                        plusLanes &-= ByteScanning.equal(vector, UInt8(ascii: " "))
                    }
                    index &+= 16
                    chunks &+= 1
                }
                changed &+= Self.sum(changedLanes)
                pluses &+= Self.sum(plusLanes)
            }
        }
        while index < source.count {
            let action = table[Int(origin[index])]
            changed &+= action == Self.copy ? 0 : 1
            pluses &+= action == Self.plus ? 1 : 0
            index &+= 1
        }
        return (changed &- pluses, pluses)
    }

    func escape(_ text: String, spaceAsPlus: Bool, into output: inout [UInt8]) {
        var text = text
        text.withUTF8 { escape($0, spaceAsPlus: spaceAsPlus, into: &output) }
    }

    func escaped(_ text: String, spaceAsPlus: Bool) -> [UInt8] {
        var output: [UInt8] = []
        escape(text, spaceAsPlus: spaceAsPlus, into: &output)
        return output
    }

    @inline(__always)
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? nibble &+ UInt8(ascii: "0") : nibble &+ (UInt8(ascii: "A") &- 10)
    }
}
