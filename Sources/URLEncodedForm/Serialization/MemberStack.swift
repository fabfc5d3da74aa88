/// The members of the open levels while members are sorted: where each one's pairs lie in the
/// output, a stack shared by all levels, each level's entries on top of its parent's.
///
///     user[name]=Ada&user[id]=7&tags[]=a       (brackets shown unescaped)
///     append(0..<14)      user's first member, `user[name]=Ada`
///     append(15..<25)     its second, `user[id]=7`; user's level sorts entries 0...1, which
///                         puts `user[id]=7&user[name]=Ada` in the same 25 bytes, and drops them
///     append(0..<25)      the root's first member, all of `user`
///     append(26..<34)     `tags[]=a`; the root sorts entries 0...1 and drops them
///
/// Each entry keeps its text's first eight bytes after the path its level shares, as an
/// ``ByteWriter/orderKey(at:)``, so that the sort compares two members with one comparison unless
/// those bytes are equal (the sorted encodes; Benchmarks/README.md, Shortcuts).
///
/// Kept in a ``ByteWriter`` of three words per member rather than an array, so that it starts in
/// the stack memory an encode lends it (``ByteWriter/withStackStorage(_:_:_:_:)``): a typical
/// encode allocates nothing for it.
struct MemberStack: ~Copyable {
    private var words: ByteWriter

    init(_ storage: consuming ByteWriter) {
        words = storage
    }

    private static let entrySize = 24

    var count: Int { words.count / Self.entrySize }

    /// Where the pairs of member `index` lie in the output.
    subscript(index: Int) -> Range<Int> {
        let offset = index &* Self.entrySize
        return words.word(at: offset)..<words.word(at: offset &+ 8)
    }

    /// Pushes a member whose pairs lie at `text` and whose first bytes after its level's path
    /// are `key`.
    mutating func append(_ text: Range<Int>, key: UInt64) {
        words.append(words: text.lowerBound, text.upperBound, Int(bitPattern: UInt(key)))
    }

    /// Drops the entries from `index` on.
    mutating func removeAll(from index: Int) {
        words.truncate(to: index &* Self.entrySize)
    }

    /// Sorts the entries in `range` by their keys, then, where two are equal, by `precedes`, and
    /// says whether any moved. Objects are usually small and often already in order, where an
    /// insertion sort does least; large ones are copied out for the standard sort.
    mutating func sort(_ range: Range<Int>, by precedes: (Range<Int>, Range<Int>) -> Bool) -> Bool {
        func ordered(_ first: Entry, before second: Entry) -> Bool {
            first.key != second.key ? first.key < second.key : precedes(first.text, second.text)
        }
        if range.count > 32 {
            var entries = range.map { self[entry: $0] }
            let isSorted = zip(entries, entries.dropFirst()).allSatisfy { !ordered($1, before: $0) }
            guard !isSorted else { return false }
            entries.sort(by: ordered)
            for (index, entry) in zip(range, entries) { self[entry: index] = entry }
            return true
        }
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "members outside the stack")
        // Every index below is in `range`, checked above.
        var moved = false
        for index in range.dropFirst() {
            let item = self[unchecked: index]
            var slot = index
            while slot > range.lowerBound, ordered(item, before: self[unchecked: slot &- 1]) {
                self[unchecked: slot] = self[unchecked: slot &- 1]
                slot &-= 1
            }
            if slot != index {
                self[unchecked: slot] = item
                moved = true
            }
        }
        return moved
    }

    private struct Entry {
        var text: Range<Int>
        var key: UInt64
    }

    private subscript(entry index: Int) -> Entry {
        get {
            precondition(index >= 0 && index < count, "member outside the stack")
            return self[unchecked: index]
        }
        set {
            precondition(index >= 0 && index < count, "member outside the stack")
            self[unchecked: index] = newValue
        }
    }

    /// An entry whose index the caller checked against ``count``.
    private subscript(unchecked index: Int) -> Entry {
        get {
            let offset = index &* Self.entrySize
            // Written from a range, so its bounds are in order.
            return Entry(
                text: Range(uncheckedBounds: (words.word(uncheckedAt: offset), words.word(uncheckedAt: offset &+ 8))),
                key: UInt64(UInt(bitPattern: words.word(uncheckedAt: offset &+ 16))))
        }
        set {
            let offset = index &* Self.entrySize
            words.setWord(newValue.text.lowerBound, uncheckedAt: offset)
            words.setWord(newValue.text.upperBound, uncheckedAt: offset &+ 8)
            words.setWord(Int(bitPattern: UInt(newValue.key)), uncheckedAt: offset &+ 16)
        }
    }
}
