/// Where the pairs the walk writes go besides the form text: nowhere (``NoPairItems``), or a
/// list of unescaped names and values for `URLQueryItem`s (``UnescapedPairs``).
///
/// ``PairWriter`` is generic over it and asks ``records`` before it computes anything for it, so
/// the text encoder, specialized for ``NoPairItems``, pays nothing for the query items.
protocol PairItems {
    /// Whether pairs are recorded at all.
    static var records: Bool { get }
    /// Starts a pair named `name`, whose escaped text starts at `start` in the output; a `bare`
    /// pair has no value, and one `joinedBy` a separator holds elements joined by it
    /// (``URLEncodedFormEncoder/ArrayEncoding-swift.enum/separator(_:)``).
    mutating func beginPair(name: [UInt8], at start: Int, bare: Bool, joinedBy separator: UInt8?)
    /// Appends to the value of the pair begun last.
    mutating func appendValue(_ text: String)
    /// Appends the separator to the value of the pair begun last, before its next element.
    mutating func appendSeparator(_ separator: UInt8)
    /// Whether an element joined to a pair held the separator, which a query item cannot escape.
    var joinedSeparator: Bool { get }
    /// The members of one object moved in the output: each of `moved` (in its new order) was at
    /// its range and now follows the one before it, `&` between them, from `start`.
    mutating func relocate(_ moved: [Range<Int>], from start: Int)
}

/// The text encoder's: no pairs are recorded.
struct NoPairItems: PairItems {
    static var records: Bool { false }
    var joinedSeparator: Bool { false }
    func beginPair(name: [UInt8], at start: Int, bare: Bool, joinedBy separator: UInt8?) {}
    func appendValue(_ text: String) {}
    func appendSeparator(_ separator: UInt8) {}
    func relocate(_ moved: [Range<Int>], from start: Int) {}
}

/// The pairs of a form as unescaped text, in the order of the form text the same walk writes:
/// what `URLQueryItem`s carry, since `URLComponents` escapes them itself.
///
/// The walk writes the escaped text too, because Alamofire's sort compares it; each pair keeps
/// where its text starts, and follows its object's members when the sort moves them:
///
/// ```
/// user[name]=Ada&user[id]=7      pairs: (0, "user[name]", "Ada"), (15, "user[id]", "7")
/// sorted: user[id]=7&user[name]=Ada      relocate([15..<24, 0..<14], from: 0):
///                                        (11, "user[name]", "Ada"), (0, "user[id]", "7")
/// ```
struct UnescapedPairs: PairItems {
    static var records: Bool { true }

    private(set) var starts: [Int] = []
    private(set) var names: [String] = []
    private(set) var values: [String?] = []
    private(set) var joinedSeparator = false
    private var separator: UInt8?

    mutating func beginPair(name: [UInt8], at start: Int, bare: Bool, joinedBy separator: UInt8?) {
        starts.append(start)
        names.append(String(decoding: name, as: UTF8.self))
        values.append(bare ? nil : "")
        self.separator = separator
    }

    mutating func appendValue(_ text: String) {
        if let separator, text.utf8.contains(separator) { joinedSeparator = true }
        values[values.count - 1]?.append(text)
    }

    mutating func appendSeparator(_ separator: UInt8) {
        values[values.count - 1]?.unicodeScalars.append(Unicode.Scalar(separator))
    }

    mutating func relocate(_ moved: [Range<Int>], from start: Int) {
        // Where each moved range starts now, looked up by where it started before.
        var destinations: [(from: Range<Int>, to: Int)] = []
        destinations.reserveCapacity(moved.count)
        var next = start
        for range in moved {
            destinations.append((range, next))
            next += range.count + 1
        }
        destinations.sort { $0.from.lowerBound < $1.from.lowerBound }
        // The pairs of these members are the last ones recorded: output only grows at its end,
        // and every sort moves text after its object's first member.
        var pair = starts.count - 1
        while pair >= 0, starts[pair] >= start {
            let offset = starts[pair]
            var low = 0
            var high = destinations.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if destinations[middle].from.lowerBound <= offset { low = middle } else { high = middle - 1 }
            }
            starts[pair] = destinations[low].to + (offset - destinations[low].from.lowerBound)
            pair -= 1
        }
    }

    /// The pairs in the order of the form text.
    var ordered: [(name: String, value: String?)] {
        starts.indices.sorted { starts[$0] < starts[$1] }.map { (names[$0], values[$0]) }
    }
}
