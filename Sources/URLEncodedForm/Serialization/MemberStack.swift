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
/// Kept in a ``ByteWriter`` of two words per member rather than an array, so that it starts in
/// the stack memory an encode lends it (``ByteWriter/withStackStorage(_:_:_:_:)``): a typical
/// encode allocates nothing for it.
struct MemberStack: ~Copyable {
    private var words: ByteWriter

    init(_ storage: consuming ByteWriter) {
        words = storage
    }

    var count: Int { words.count / 16 }

    subscript(index: Int) -> Range<Int> {
        get {
            let offset = index &* 16
            return words.word(at: offset)..<words.word(at: offset &+ 8)
        }
        set {
            let offset = index &* 16
            words.setWord(newValue.lowerBound, at: offset)
            words.setWord(newValue.upperBound, at: offset &+ 8)
        }
    }

    mutating func append(_ text: Range<Int>) {
        words.append(words: text.lowerBound, text.upperBound)
    }

    /// Drops the entries from `index` on.
    mutating func removeAll(from index: Int) {
        words.truncate(to: index &* 16)
    }

    /// Sorts the entries in `range` by `precedes` and says whether any moved. Objects are
    /// usually small and often already in order, where an insertion sort does least; large ones
    /// are copied out for the standard sort.
    mutating func sort(_ range: Range<Int>, by precedes: (Range<Int>, Range<Int>) -> Bool) -> Bool {
        if range.count > 32 {
            var entries = range.map { self[$0] }
            let isSorted = zip(entries, entries.dropFirst()).allSatisfy { !precedes($1, $0) }
            guard !isSorted else { return false }
            entries.sort(by: precedes)
            for (index, entry) in zip(range, entries) { self[index] = entry }
            return true
        }
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "members outside the stack")
        // Every index below is in `range`, checked above.
        var moved = false
        for index in range.dropFirst() {
            let item = self[unchecked: index]
            var slot = index
            while slot > range.lowerBound, precedes(item, self[unchecked: slot &- 1]) {
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

    /// An entry whose index the caller checked against ``count``.
    private subscript(unchecked index: Int) -> Range<Int> {
        get {
            let offset = index &* 16
            // Written from a range, so its bounds are in order.
            return Range(uncheckedBounds: (words.word(uncheckedAt: offset), words.word(uncheckedAt: offset &+ 8)))
        }
        set {
            let offset = index &* 16
            words.setWord(newValue.lowerBound, uncheckedAt: offset)
            words.setWord(newValue.upperBound, uncheckedAt: offset &+ 8)
        }
    }
}
