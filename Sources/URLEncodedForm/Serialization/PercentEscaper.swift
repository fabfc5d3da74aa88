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
    func escape(_ source: UnsafeBufferPointer<UInt8>, spaceAsPlus: Bool, into output: inout [UInt8]) {
        guard !source.isEmpty else { return }
        (spaceAsPlus ? plusTable : percentTable).withUnsafeBufferPointer { table in
            var added = 0
            var changed: UInt8 = 0
            for byte in source {
                let action = table[Int(byte)]
                added &+= Int(action & Self.escape) &<< 1
                changed |= action
            }
            if changed == Self.copy {
                output.append(contentsOf: source)
                return
            }
            let start = output.count
            output.append(contentsOf: repeatElement(0, count: source.count + added))
            output.withUnsafeMutableBufferPointer { output in
                guard let target = output.baseAddress, let origin = source.baseAddress else { return }
                var position = start
                var index = 0
                while index < source.count {
                    let byte = source[index]
                    switch table[Int(byte)] {
                    case Self.copy:
                        var end = index &+ 1
                        while end < source.count, table[Int(source[end])] == Self.copy {
                            end &+= 1
                        }
                        let run = end &- index
                        if run >= Self.bulkCopyThreshold {
                            (target + position).update(from: origin + index, count: run)
                        } else {
                            for offset in 0..<run {
                                output[position &+ offset] = source[index &+ offset]
                            }
                        }
                        position &+= run
                        index = end
                        continue
                    case Self.escape:
                        output[position] = UInt8(ascii: "%")
                        output[position &+ 1] = Self.hexDigit(byte &>> 4)
                        output[position &+ 2] = Self.hexDigit(byte & 0x0F)
                        position &+= 3
                    default:
                        output[position] = UInt8(ascii: "+")
                        position &+= 1
                    }
                    index &+= 1
                }
            }
        }
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
