/// The bytes a ``FormTree``'s key and value ranges index: the input, then the names that
/// decoding made.
///
/// While one `decode` call runs, the input is borrowed where the caller holds it, so a form whose
/// names need no decoding is never copied. The first name that must be decoded copies the input
/// into a ``ByteBlock`` of the tree's own and is appended after it, so that an index names the
/// same byte before and after:
///
/// ```
/// input     a=1&b%5B0%5D=2            borrowed: 14 bytes, no copy
///           0         1
///           01234567890123
/// owned     a=1&b%5B0%5D=2b[0]        the input, then the decoded name `b[0]` at 14..<18
/// ```
///
/// A borrowed reader must not outlive the call that lent it (see ``ByteReader``): whatever keeps
/// a tree past it, such as a decoder that user code held on to, calls ``own()`` first.
///
/// Copies of a tree share their block; appending to one that is shared copies it first, so that
/// neither writes over what the other appended.
struct FormBytes {
    /// All the bytes: the borrowed input, or the first `count` bytes of `block`.
    private var bytes: ByteReader
    /// The memory of the bytes once they are the tree's own; `nil` while they are borrowed.
    private var block: ByteBlock?

    /// The input, borrowed for as long as the call that lent it runs.
    init(borrowing input: ByteReader) {
        bytes = input
        block = nil
    }

    /// No bytes yet, with room for `capacity` of the tree's own.
    init(capacity: Int) {
        bytes = .empty
        block = nil
        if capacity > 0 { grow(to: capacity) }
    }

    /// A copy of `array`, the tree's own.
    init(copying array: [UInt8]) {
        self.init(capacity: array.count)
        array.withReader { append($0) }
    }

    var count: Int { bytes.count }

    /// Calls `body` with a reader of all the bytes.
    @inline(__always)
    func withReader<Result>(_ body: (ByteReader) throws -> Result) rethrows -> Result {
        try body(bytes)
    }

    /// Copies the borrowed input into bytes of the tree's own; nothing when they are already.
    mutating func own() {
        if block == nil, !bytes.isEmpty { grow(to: bytes.count + 64) }
    }

    /// Appends `new`, which must not be bytes of this buffer: growing frees the block they
    /// would be read from. (Every caller appends bytes made apart: a chunk, a name decoded on
    /// the stack or in an array, a copied name.)
    mutating func append(_ new: ByteReader) {
        let count = bytes.count
        if !isKnownUniquelyReferenced(&block) || block!.capacity - count < new.count {
            grow(to: max(count + new.count, 2 * count, 64))
        }
        block!.write(new, at: count)
        bytes = block!.reader(count: count + new.count)
    }

    mutating func append(contentsOf text: String.UTF8View) {
        // A native string's bytes are read in place; a bridged one's are copied once.
        if text.withContiguousReader({ append($0) }) == nil {
            String(text).withReader { append($0) }
        }
    }

    /// Appends the decimal digits of `value`, which is not negative.
    mutating func appendDecimal(_ value: Int) {
        var digits: [UInt8] = []
        digits.appendDecimal(value)
        digits.withReader { append($0) }
    }

    /// Removes the bytes from `start` on: appended ones, never the input's.
    mutating func removeSuffix(from start: Int) {
        guard start < bytes.count else { return }
        guard let block else { preconditionFailure("only appended bytes are removed") }
        bytes = block.reader(count: start)
    }

    /// The bytes in `range`, as an array.
    func array(_ range: Range<Int>) -> [UInt8] {
        bytes[range].array
    }

    /// The bytes in `range` as text; bytes that are not UTF-8 become U+FFFD.
    func string(_ range: Range<Int>) -> String {
        bytes[range].string
    }

    /// Moves the bytes into a block of their own with room for `capacity`.
    private mutating func grow(to capacity: Int) {
        let grown = ByteBlock(capacity: capacity)
        grown.write(bytes, at: 0)
        bytes = grown.reader(count: bytes.count)
        block = grown
    }
}
