/// Percent-escapes UTF-8 text with a 256-entry table, built once per set of allowed characters.
///
/// Only ASCII can be allowed: every byte of a multibyte UTF-8 sequence is escaped, whatever the
/// character set says, so the output is always ASCII.
///
/// A class, immutable once built: the writer reads it while its output buffer is borrowed, and
/// a struct of six arrays was copied for each such read (the small encode; Benchmarks/README.md, Shortcuts).
final class PercentEscaper: Sendable {
    /// Each table entry is what a byte becomes, ready to store as four bytes at once: up to three
    /// output bytes, then their count in the top byte, which the next write overwrites.
    private typealias Entry = UInt32

    /// One table per space encoding: a space is `%20` in one and `+` in the other, whatever the
    /// character set says.
    private let percentTable: [Entry]
    private let plusTable: [Entry]
    /// The bytes written as they are, as ranges for scanning 16 at a time; `nil` for a set of too
    /// many ranges.
    private let literal: ByteRangeSet?

    /// The key-path punctuation, escaped once per character set rather than once per encode,
    /// and as it is (``URLEncodedFormEncoder/BracketEncoding-swift.enum/literal``).
    private let escapedPunctuation: KeyPathPunctuation
    private let literalPunctuation = KeyPathPunctuation.literal

    @inline(__always)
    func punctuation(literal: Bool) -> KeyPathPunctuation {
        literal ? literalPunctuation : escapedPunctuation
    }
    /// Whether the digits and `-` are written as they are, so integers need no escaping.
    let writesDigitsLiterally: Bool
    /// Whether `.` is written as it is too, so `Double`s need no escaping (``ShortDecimal``).
    let writesDecimalsLiterally: Bool

    /// The characters of ``URLEncodedFormEncoder/AllowedCharacters-swift.struct/default``: RFC 3986's unreserved
    /// set plus `?` and `/`.
    static let defaultSet = ASCIISet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~?/")

    /// The escaper for the default set, shared by every encoder that keeps it.
    static let `default` = PercentEscaper(allowing: defaultSet)

    /// The escaper for `allowed`: the shared default one when `allowed` is the default set.
    static func allowing(_ allowed: ASCIISet) -> PercentEscaper {
        allowed == defaultSet ? .default : PercentEscaper(allowing: allowed)
    }

    init(allowing allowed: ASCIISet) {
        var isLiteral = [Bool](repeating: false, count: 256)
        for byte in UInt8(0)..<0x80 where byte != UInt8(ascii: " ") && allowed.contains(byte) {
            isLiteral[Int(byte)] = true
        }
        let literalBytes = isLiteral
        literal = ByteRangeSet { literalBytes[Int($0)] }
        let percent = (0...255).map { byte in isLiteral[byte] ? Self.entry([UInt8(byte)]) : Self.escapeEntry(UInt8(byte)) }
        var table = percent
        table[Int(UInt8(ascii: " "))] = Self.plusEntry
        percentTable = percent
        plusTable = table
        escapedPunctuation = KeyPathPunctuation(
            openBracket: Self.bytes(of: table[Int(UInt8(ascii: "["))]),
            closeBracket: Self.bytes(of: table[Int(UInt8(ascii: "]"))]),
            dot: Self.bytes(of: table[Int(UInt8(ascii: "."))])
        )
        writesDigitsLiterally = "-0123456789".utf8.allSatisfy { isLiteral[Int($0)] }
        writesDecimalsLiterally = writesDigitsLiterally && isLiteral[Int(UInt8(ascii: "."))]
    }

    private static let plusEntry = entry([UInt8(ascii: "+")])

    private static func escapeEntry(_ byte: UInt8) -> Entry {
        entry([UInt8(ascii: "%"), hexDigit(byte &>> 4), hexDigit(byte & 0x0F)])
    }

    private static func entry(_ bytes: [UInt8]) -> Entry {
        var entry = Entry(bytes.count) &<< 24
        for (offset, byte) in bytes.enumerated() {
            entry |= Entry(byte) &<< (8 &* Entry(offset))
        }
        return Entry(littleEndian: entry)
    }

    private static func bytes(of entry: Entry) -> [UInt8] {
        let entry = Entry(littleEndian: entry)
        return (0..<Int(entry &>> 24)).map { UInt8(truncatingIfNeeded: entry &>> (8 &* Entry($0))) }
    }

    /// Appends `source` escaped to `output`.
    ///
    /// Text is always written into room for its worst case (three bytes a byte), trimmed after,
    /// which proves every store in bounds. Short text is escaped byte by byte. Longer text is
    /// classified 16 bytes at a time when the allowed set is a few ranges, as usual sets are, in
    /// blocks of 4 KiB, so that it is read once and the room stays small.
    func escape<Sink: ByteSink & ~Copyable>(_ source: ByteReader, spaceAsPlus: Bool, into output: inout Sink) {
        guard source.count > Self.shortTextSize, literal != nil else {
            // Keys and most values: one pass through the table.
            withTable(spaceAsPlus) { escapeShort(source, table: $0, into: &output) }
            return
        }
        escapeLong(source, spaceAsPlus: spaceAsPlus, into: &output)
    }

    /// Escapes text longer than ``shortTextSize`` in blocks. Apart from the short path, whose
    /// lent table otherwise slowed these loops (the text encode; Benchmarks/README.md, Shortcuts).
    @inline(never)
    private func escapeLong<Sink: ByteSink & ~Copyable>(_ source: ByteReader, spaceAsPlus: Bool, into output: inout Sink) {
        let table = spaceAsPlus ? plusTable : percentTable
        var blockStart = 0
        while blockStart < source.count {
            let block = source[blockStart..<min(blockStart &+ Self.blockSize, source.count)]
            output.appendWriting(upTo: block.count &* 3) { target in
                write(block, table: table, to: target)
            }
            blockStart &+= block.count
        }
    }

    /// Calls `body` with the table of a space encoding, lent: a table picked into a local was
    /// retained and released per text.
    @inline(__always)
    private func withTable(_ spaceAsPlus: Bool, _ body: ([Entry]) -> Void) {
        if spaceAsPlus { body(plusTable) } else { body(percentTable) }
    }

    /// Appends one name of a key path escaped. Names are short, so this takes the byte table
    /// alone, straight into the output, without the general path's length checks (the medium
    /// encode; Benchmarks/README.md, Shortcuts).
    func escapeName<Sink: ByteSink & ~Copyable>(_ name: String, spaceAsPlus: Bool, into output: inout Sink) {
        name.withReaderOfText { name in withTable(spaceAsPlus) { escapeShort(name, table: $0, into: &output) } }
    }

    /// Escapes through the byte table alone: names, and values of up to ``shortTextSize`` bytes.
    @inline(__always)
    private func escapeShort<Sink: ByteSink & ~Copyable>(_ source: ByteReader, table: [Entry], into output: inout Sink) {
        guard !source.isEmpty else { return }
        output.appendWriting(upTo: source.count &* 3) { target in
            precondition(source.count <= (target.count &- 16) / 3, "too little room to escape into")
            // Byte `i` is written at `position <= 3 * i` and stores 4 bytes, within the room.
            var position = 0
            for byte in source {
                position = write(byte, table: table, to: target, at: position)
            }
            return position
        }
    }

    private static let blockSize = 4096
    /// Text up to this long is escaped byte by byte: a 16-byte scan does not pay for itself.
    private static let shortTextSize = 64

    /// Writes `source` escaped from the start of `target`, returning how many bytes it wrote.
    ///
    /// The room is checked once: `target` holds three bytes a source byte and 16 more. A byte is
    /// escaped to at most three, so after `index` source bytes `position <= 3 * index`; a chunk
    /// is stored only where 16 source bytes remain, and a table entry (4 bytes) only for a byte
    /// that remains, so no store passes `3 * count + 16`. The stores below rely on this.
    @inline(__always)
    private func write(_ source: ByteReader, table: [Entry], to target: ByteWriter.Window) -> Int {
        let count = source.count
        precondition(count <= (target.count &- 16) / 3, "too little room to escape into")
        var position = 0
        var index = 0
        literal?.withRanges { literal in
            while index <= count &- 16 {
                // `0 <= index <= count - 16`, and `lane < 16` below: every read is proven.
                let vector = source.chunk(unchecked: index)
                let outside = literal.outsideLanes(vector)
                // The whole chunk goes out first; each changed byte then takes its place and the
                // rest of the chunk is stored again after it. The room's 16 bytes of scratch take
                // what a chunk stores past the escaped text.
                target.store(vector, unchecked: position)
                if ByteScanning.isZero(outside) {
                    position &+= 16
                    index &+= 16
                    continue
                }
                var changed = ByteScanning.bits(outside)
                var shift = 0
                while changed != 0 {
                    let lane = changed.trailingZeroBitCount
                    let at = position &+ lane &+ shift
                    let after = write(source.byte(unchecked: index &+ lane), table: table, to: target, at: at)
                    shift &+= after &- at &- 1
                    let rest = index &+ lane &+ 1
                    if rest <= count &- 16 {
                        target.store(source.chunk(unchecked: rest), unchecked: after)
                    } else {
                        // The last chunk: no 16 bytes left to load.
                        for offset in 0..<(index &+ 16 &- rest) {
                            target.store(source.byte(unchecked: rest &+ offset), unchecked: after &+ offset)
                        }
                    }
                    changed &= changed &- 1
                }
                position &+= 16 &+ shift
                index &+= 16
            }
        }
        while index < count {
            position = write(source[index], table: table, to: target, at: position)
            index &+= 1
        }
        return position
    }

    /// Writes `byte` as the table says, returning the next position. Stores four bytes, so the
    /// target needs one byte of room past the written text; callers prove `position` in bounds.
    @inline(__always)
    private func write(_ byte: UInt8, table: [Entry], to target: ByteWriter.Window, at position: Int) -> Int {
        let entry = table[Int(byte)]
        target.store(entry, unchecked: position)
        return position &+ Int(Entry(littleEndian: entry) &>> 24)
    }

    func escape<Sink: ByteSink & ~Copyable>(_ text: String, spaceAsPlus: Bool, into output: inout Sink) {
        text.withReaderOfText { escape($0, spaceAsPlus: spaceAsPlus, into: &output) }
    }
    @inline(__always)
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? nibble &+ UInt8(ascii: "0") : nibble &+ (UInt8(ascii: "A") &- 10)
    }
}

/// The bytes the encoder writes for the brackets and dots of a key path: escaped under the
/// allowed characters, or ``literal`` (``URLEncodedFormEncoder/BracketEncoding-swift.enum/literal``).
/// Plain values, so writing one retains nothing.
struct KeyPathPunctuation {
    /// Up to eight bytes, the first in the lowest byte of `word`.
    struct Token {
        let word: UInt64
        let count: Int

        init(_ bytes: [UInt8]) {
            precondition(bytes.count <= 8, "a token holds at most eight bytes")
            word = bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) }
            count = bytes.count
        }
    }

    let openBracket: Token
    let closeBracket: Token
    let emptyBrackets: Token
    let dot: Token

    init(openBracket: [UInt8], closeBracket: [UInt8], dot: [UInt8]) {
        self.openBracket = Token(openBracket)
        self.closeBracket = Token(closeBracket)
        emptyBrackets = Token(openBracket + closeBracket)
        self.dot = Token(dot)
    }

    static let literal = KeyPathPunctuation(openBracket: Array("[".utf8), closeBracket: Array("]".utf8), dot: Array(".".utf8))
}
