import Foundation

/// Percent-escapes UTF-8 text with one 256-entry table, built once per set of allowed characters.
///
/// Only ASCII can be allowed: every byte of a multibyte UTF-8 sequence is escaped, whatever the
/// character set says, so the output is always ASCII.
struct PercentEscaper: Sendable {
    private static let copy: UInt8 = 0
    private static let escape: UInt8 = 1
    private static let space: UInt8 = 2
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private let table: [UInt8]

    init(allowing allowed: CharacterSet) {
        var table = [UInt8](repeating: Self.escape, count: 256)
        for byte in UInt8(0)..<0x80 where allowed.contains(Unicode.Scalar(byte)) {
            table[Int(byte)] = Self.copy
        }
        // A space follows `SpaceEncoding` even when the set allows it.
        table[Int(UInt8(ascii: " "))] = Self.space
        self.table = table
    }

    /// Appends `source` escaped to `output`, copying runs of bytes that need no escaping at once.
    func escape(_ source: UnsafeBufferPointer<UInt8>, spaceAsPlus: Bool, into output: inout [UInt8]) {
        table.withUnsafeBufferPointer { table in
            Self.hexDigits.withUnsafeBufferPointer { hex in
                var runStart = 0
                var index = 0
                while index < source.count {
                    let byte = source[index]
                    let action = table[Int(byte)]
                    if action == Self.copy {
                        index += 1
                        continue
                    }
                    if runStart < index {
                        output.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<index]))
                    }
                    if action == Self.space, spaceAsPlus {
                        output.append(UInt8(ascii: "+"))
                    } else {
                        output.append(UInt8(ascii: "%"))
                        output.append(hex[Int(byte >> 4)])
                        output.append(hex[Int(byte & 0x0F)])
                    }
                    index += 1
                    runStart = index
                }
                if runStart < source.count {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart...]))
                }
            }
        }
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
}
