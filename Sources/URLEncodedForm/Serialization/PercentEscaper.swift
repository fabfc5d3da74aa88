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
    /// A first pass counts what escaping adds; text that needs none is copied at once. Other text
    /// is written in one pass into space reserved for it, each run of safe bytes copied at once.
    /// Both passes look at 16 bytes at a time where the allowed set allows it.
    func escape(_ source: UnsafeBufferPointer<UInt8>, spaceAsPlus: Bool, into output: inout [UInt8]) {
        guard let origin = source.baseAddress, !source.isEmpty else { return }
        (spaceAsPlus ? plusTable : percentTable).withUnsafeBufferPointer { table in
            let (escapes, pluses) = count(source, table: table, spaceAsPlus: spaceAsPlus)
            if escapes == 0, pluses == 0 {
                output.append(contentsOf: source)
                return
            }
            let start = output.count
            output.append(contentsOf: repeatElement(0, count: source.count &+ escapes &* 2))
            output.withUnsafeMutableBufferPointer { output in
                guard let target = output.baseAddress else { return }
                var position = start
                var index = 0
                while index < source.count {
                    let end = nextChanged(origin, from: index, count: source.count, table: table)
                    let run = end &- index
                    if run >= Self.bulkCopyThreshold {
                        (target + position).update(from: origin + index, count: run)
                    } else {
                        for offset in 0..<run {
                            target[position &+ offset] = origin[index &+ offset]
                        }
                    }
                    position &+= run
                    guard end < source.count else { break }
                    let byte = origin[end]
                    if table[Int(byte)] == Self.escape {
                        target[position] = UInt8(ascii: "%")
                        target[position &+ 1] = Self.hexDigit(byte &>> 4)
                        target[position &+ 2] = Self.hexDigit(byte & 0x0F)
                        position &+= 3
                    } else {
                        target[position] = UInt8(ascii: "+")
                        position &+= 1
                    }
                    index = end &+ 1
                }
                assert(position == output.count, "the count pass and the write pass disagree")
            }
        }
    }

    /// How many bytes grow to `%XX`, and how many spaces become `+`.
    @inline(__always)
    private func count(_ source: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<UInt8>, spaceAsPlus: Bool) -> (escapes: Int, pluses: Int) {
        guard let origin = source.baseAddress else { return (0, 0) }
        var changed = 0
        var pluses = 0
        var index = 0
        if let copied {
            while index &+ 16 <= source.count {
                let vector = ByteScanning.load(origin, index)
                changed &+= ByteScanning.setLaneCount(copied.outsideMask(vector))
                if spaceAsPlus {
                    pluses &+= ByteScanning.setLaneCount(ByteScanning.equal(vector, UInt8(ascii: " ")))
                }
                index &+= 16
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

    /// The index of the first byte at or after `index` that is not copied as it is, or `count`.
    @inline(__always)
    private func nextChanged(_ origin: UnsafePointer<UInt8>, from start: Int, count: Int, table: UnsafeBufferPointer<UInt8>) -> Int {
        var index = start
        if let copied {
            while index &+ 16 <= count {
                if let lane = ByteScanning.firstSetLane(copied.outsideMask(ByteScanning.load(origin, index))) {
                    return index &+ lane
                }
                index &+= 16
            }
        }
        while index < count, table[Int(origin[index])] == Self.copy {
            index &+= 1
        }
        return index
    }

    /// Runs of safe bytes at least this long are copied with one `memcpy`; shorter ones byte by
    /// byte, where the call would cost more than it saves.
    private static let bulkCopyThreshold = 8

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
