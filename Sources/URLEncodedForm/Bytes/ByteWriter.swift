/// Where escaped and decoded bytes go: the encoder's own ``ByteWriter``, or an array for the
/// decoder's values and the other callers.
protocol ByteSink: ~Copyable {
    mutating func append(_ byte: UInt8)
    mutating func append(contentsOf bytes: ByteReader)
    /// Lets `body` write up to `count` bytes, plus 16 of scratch that a whole chunk may spill
    /// into, at the end; `body` returns how many of them it kept.
    mutating func appendWriting(upTo count: Int, _ body: (ByteWriter.Window) -> Int)
}

extension ByteSink where Self: ~Copyable {
    mutating func append(contentsOf bytes: [UInt8]) {
        bytes.withReader { append(contentsOf: $0) }
    }
}

/// A growable run of bytes, written at its end: the encoder's output and paths.
///
/// With ``ByteReader``, the one place where the library touches memory through pointers. A form
/// is written as many short pieces (a key, `=`, a value, `&`), and `Array`'s general append costs
/// several times the copy itself for pieces that short; this is a capacity check and a copy.
/// Every write is checked: appends reserve what they write, and the rest take a `precondition`,
/// but for the window's `unchecked:` stores, whose loops prove their bounds.
///
///     var writer = ByteWriter(capacity: 16)
///     writer.append(contentsOf: Array("a=1".utf8))        // a=1
///     writer.appendWriting(upTo: 3) { window in           // room for 3 bytes, and 16 of scratch
///         window[0] = UInt8(ascii: "&")                   // checked against the room
///         window[1] = UInt8(ascii: "b")
///         return 2                                        // keeps 2: a=1&b
///     }
///     writer.truncate(to: 3)                              // a=1
struct ByteWriter: ByteSink, ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0
    /// Whether `base` is memory this writer allocated and frees, rather than stack memory lent by
    /// ``withStackStorage(_:_:_:_:)``.
    private var ownsBase: Bool

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
        ownsBase = true
    }

    /// A writer that starts in `capacity` bytes from `base`, which it neither owns nor frees.
    private init(lent base: UnsafeMutableRawPointer, capacity: Int) {
        self.base = base.bindMemory(to: UInt8.self, capacity: capacity)
        self.capacity = capacity
        ownsBase = false
    }

    /// Calls `body` with three writers that start in one kilobyte of stack memory, `first`,
    /// `second` and `third` bytes of it each, and move to memory of their own if they outgrow it:
    /// an encode whose output, path and member stack fit allocates none of them (the small and
    /// medium encodes; Benchmarks/README.md, Shortcuts). The writers must not outlive `body`, which consumes them and hands
    /// out only copyable values.
    @inline(__always)
    static func withStackStorage(
        _ first: Int,
        _ second: Int,
        _ third: Int,
        _ body: (consuming ByteWriter, consuming ByteWriter, consuming ByteWriter) -> Void
    ) {
        precondition(first >= 16 && second >= 16 && third >= 16 && first + second + third <= 1024, "stack storage split badly")
        // Uninitialized stack memory, which nothing reads before it is written: a local value is
        // zeroed first. Nothing is returned, as a generic result costs a metadata lookup per
        // call (every encode workload; Benchmarks/README.md, Shortcuts).
        withUnsafeTemporaryAllocation(byteCount: 1024, alignment: 16) { buffer in
            let start = buffer.baseAddress!
            body(
                ByteWriter(lent: start, capacity: first),
                ByteWriter(lent: start + first, capacity: second),
                ByteWriter(lent: start + first + second, capacity: third)
            )
        }
    }

    deinit {
        if ownsBase { base.deallocate() }
    }

    var isEmpty: Bool { count == 0 }

    /// Calls `body` with a reader of the bytes written so far.
    func withReader<Result>(_ body: (ByteReader) throws -> Result) rethrows -> Result {
        try body(ByteReader(UnsafeBufferPointer(start: base, count: count)))
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        precondition(extra >= 0, "negative room asked for")
        if capacity &- count < extra { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        let newCapacity = max(needed, capacity &* 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        if ownsBase { base.deallocate() }
        base = newBase
        capacity = newCapacity
        ownsBase = true
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count &+= 1
    }

    @inline(__always)
    mutating func append(contentsOf bytes: ByteReader) {
        reserve(bytes.count)
        // `reserve` made room for `bytes.count` bytes from `count` on.
        bytes.withUnsafeBuffer { source in
            guard let start = source.baseAddress else { return }
            (base + count).update(from: start, count: source.count)
        }
        count &+= bytes.count
    }

    /// Appends a punctuation token: its bytes, from the lowest byte of its word on.
    @inline(__always)
    mutating func append(_ token: KeyPathPunctuation.Token) {
        reserve(8)
        // `reserve` made room for eight bytes from `count` on; a token holds at most eight.
        UnsafeMutableRawPointer(base + count).storeBytes(of: token.word.littleEndian, as: UInt64.self)
        count &+= token.count
    }

    /// Appends the bytes of another writer, such as a path to the output.
    @inline(__always)
    mutating func append(contentsOf other: borrowing ByteWriter) {
        reserve(other.count)
        (base + count).update(from: other.base, count: other.count)
        count &+= other.count
    }

    mutating func appendWriting(upTo extra: Int, _ body: (Window) -> Int) {
        reserve(extra &+ 16)
        let window = Window(base + count, count: extra &+ 16)
        let kept = body(window)
        precondition(kept >= 0 && kept <= window.count, "kept more than the room asked for")
        count &+= kept
    }

    /// Appends the eight bytes of each of `words`: a writer used as a stack of integers
    /// (``MemberStack``), so that it too can start in stack memory.
    @inline(__always)
    mutating func append(words first: Int, _ second: Int, _ third: Int) {
        reserve(24)
        // `reserve` made room for twenty-four bytes from `count` on.
        UnsafeMutableRawPointer(base + count).storeBytes(of: first, as: Int.self)
        UnsafeMutableRawPointer(base + (count &+ 8)).storeBytes(of: second, as: Int.self)
        UnsafeMutableRawPointer(base + (count &+ 16)).storeBytes(of: third, as: Int.self)
        count &+= 24
    }

    /// The eight bytes from `offset` as one number whose order is theirs: the first byte is the
    /// highest, and bytes past the end count as zeros. Two texts whose keys differ are ordered
    /// as their keys are, since a text that ends first is the lesser, as a zero is; equal keys
    /// leave the order to the bytes after them.
    func orderKey(at offset: Int) -> UInt64 {
        precondition(offset >= 0 && offset <= count, "key outside the buffer")
        let available = count &- offset
        if available >= 8 { return UInt64(bigEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)) }
        var key: UInt64 = 0
        for index in 0..<8 {
            // `index < available` keeps the read inside the bytes written.
            key = key &<< 8 | (index < available ? UInt64(base[offset &+ index]) : 0)
        }
        return key
    }

    /// The integer whose bytes start at `offset`, which ``append(words:_:_:)`` wrote.
    @inline(__always)
    func word(at offset: Int) -> Int {
        precondition(offset >= 0 && offset <= count &- 8, "word outside the buffer")
        return UnsafeRawPointer(base + offset).loadUnaligned(as: Int.self)
    }

    /// Rewrites the integer whose bytes start at `offset`.
    @inline(__always)
    mutating func setWord(_ word: Int, at offset: Int) {
        precondition(offset >= 0 && offset <= count &- 8, "word outside the buffer")
        UnsafeMutableRawPointer(base + offset).storeBytes(of: word, as: Int.self)
    }

    /// ``word(at:)`` checked only in debug builds, for a loop that checked its whole range once.
    @inline(__always)
    func word(uncheckedAt offset: Int) -> Int {
        assert(offset >= 0 && offset <= count &- 8, "word outside the buffer")
        return UnsafeRawPointer(base + offset).loadUnaligned(as: Int.self)
    }

    /// ``setWord(_:at:)`` checked only in debug builds, for a loop that checked its whole range
    /// once.
    @inline(__always)
    mutating func setWord(_ word: Int, uncheckedAt offset: Int) {
        assert(offset >= 0 && offset <= count &- 8, "word outside the buffer")
        UnsafeMutableRawPointer(base + offset).storeBytes(of: word, as: Int.self)
    }

    /// Drops the bytes from `newCount` on.
    mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count, "count outside the buffer")
        count = newCount
    }

    /// Rewrites the bytes from `start` to the end as `segmentCount` segments (ranges of those
    /// bytes that `segment` gives in order, together as long as the region less one separator
    /// between each two), joined by `separator`: how sorted members are put in place. The region
    /// is first copied past the end, into room this writer keeps anyway, so reordering allocates
    /// nothing of its own.
    mutating func reorder(from start: Int, segments segmentCount: Int, _ segment: (Int) -> Range<Int>, separator: UInt8) {
        let length = count &- start
        precondition(start >= 0 && length >= 0, "region outside the buffer")
        reserve(length)
        // `reserve` made room for `length` bytes from `count` on.
        let copy = base + count
        copy.update(from: base + start, count: length)
        var position = start
        for index in 0..<segmentCount {
            let segment = segment(index)
            precondition(segment.lowerBound >= start && segment.upperBound <= count, "segment outside the region")
            if position > start {
                precondition(position < count, "segments longer than the region")
                base[position] = separator
                position &+= 1
            }
            precondition(segment.count <= count &- position, "segments longer than the region")
            (base + position).update(from: copy + (segment.lowerBound &- start), count: segment.count)
            position &+= segment.count
        }
    }

    /// Room at the end of a sink, written in place by the escaper and the percent-decoder, at
    /// positions of their choosing; every store is checked against the room.
    struct Window {
        private let base: UnsafeMutablePointer<UInt8>
        let count: Int

        fileprivate init(_ base: UnsafeMutablePointer<UInt8>, count: Int) {
            self.base = base
            self.count = count
        }

        /// A byte of the window, checked against the room (the decimal writer's digits).
        @inline(__always)
        subscript(offset: Int) -> UInt8 {
            get {
                precondition(UInt(bitPattern: offset) < UInt(bitPattern: count), "read outside the window")
                return base[offset]
            }
            nonmutating set {
                precondition(UInt(bitPattern: offset) < UInt(bitPattern: count), "write outside the window")
                base[offset] = newValue
            }
        }

        // The escaper's and the percent-decoder's inner loops prove their bounds once, from the
        // room they asked for, and store through these, which check only in debug builds (where
        // every test runs) and in the fuzzers. Each call site states its proof; what they kept
        // is checked against the room in every build (`appendWriting`).

        @inline(__always)
        func store(_ chunk: ByteScanning.Vector, unchecked offset: Int) {
            assert(offset >= 0 && offset <= count &- 16, "chunk outside the window")
            UnsafeMutableRawPointer(base + offset).storeBytes(of: chunk, as: ByteScanning.Vector.self)
        }

        @inline(__always)
        func store(_ word: UInt32, unchecked offset: Int) {
            assert(offset >= 0 && offset <= count &- 4, "word outside the window")
            UnsafeMutableRawPointer(base + offset).storeBytes(of: word, as: UInt32.self)
        }

        @inline(__always)
        func store(_ byte: UInt8, unchecked offset: Int) {
            assert(offset >= 0 && offset < count, "write outside the window")
            base[offset] = byte
        }

        /// The most bytes ``onStack(upTo:_:then:)`` holds.
        static let stackCapacity = 256

        /// Lets `write` fill up to `count` bytes (at most ``stackCapacity``) of stack memory, and
        /// then `read` the bytes it kept: a short escaped value is decoded without a buffer from
        /// the heap (the small decode's one escaped string; Benchmarks/README.md, Shortcuts).
        @inline(__always)
        static func onStack<Result>(
            upTo count: Int,
            _ write: (Window) -> Int,
            then read: (ByteReader) throws -> Result
        ) rethrows -> Result {
            precondition(count >= 0 && count <= stackCapacity, "more than the stack room asked for")
            // A local value of fixed size, rather than `withUnsafeTemporaryAllocation`, whose
            // generic result costs a metadata lookup per call.
            var storage = SIMD32<UInt64>()
            return try withUnsafeMutableBytes(of: &storage) { buffer in
                let base = buffer.baseAddress!.bindMemory(to: UInt8.self, capacity: stackCapacity)
                let kept = write(Window(base, count: stackCapacity))
                precondition(kept >= 0 && kept <= count, "kept more than the room asked for")
                return try read(ByteReader(UnsafeBufferPointer(start: base, count: kept)))
            }
        }
    }
}

/// A block of bytes on the heap that lives as long as its last reference, written once at each
/// offset and read in place: the tree's buffer once it holds bytes of its own (``FormBytes``).
///
/// Its memory never moves, so a reader of it stays valid while the block lives: the tree keeps
/// the reader beside its reference, and a read is the reader's, with no array to retain and no
/// branch on whose bytes they are. Nothing in it is a `var`, so no access to it is tracked.
///
///     let block = ByteBlock(capacity: 8)
///     "a=1".withReader { block.write($0, at: 0) }      // a=1
///     block.reader(count: 3)                           // a reader of "a=1"
///     block.reader(count: 9)                           // stops the program: past the capacity
final class ByteBlock {
    private let base: UnsafeMutablePointer<UInt8>
    let capacity: Int

    init(capacity: Int) {
        precondition(capacity >= 0, "negative capacity")
        self.capacity = capacity
        base = .allocate(capacity: Swift.max(capacity, 1))
    }

    deinit {
        base.deallocate()
    }

    /// Copies `bytes` to `offset` on.
    func write(_ bytes: ByteReader, at offset: Int) {
        precondition(offset >= 0 && offset <= capacity &- bytes.count, "write outside the block")
        bytes.withUnsafeBuffer { source in
            guard let start = source.baseAddress else { return }
            (base + offset).update(from: start, count: source.count)
        }
    }

    /// A reader of the first `count` bytes, valid while the block lives; they must have been
    /// written.
    func reader(count: Int) -> ByteReader {
        precondition(count >= 0 && count <= capacity, "read outside the block")
        return ByteReader(UnsafeBufferPointer(start: base, count: count))
    }
}

extension [UInt8] {
    /// Lets `write` fill up to `count` bytes of this buffer from its start (plus 16 of scratch),
    /// then calls `read` with the ones it kept: a scratch buffer reused for every value, whose
    /// count only grows, so that no append or removal runs per use. Growing does not zero the
    /// new bytes: `read` sees only the `kept` ones `write` stored, and a `UInt8` has no invalid
    /// bit pattern, where zeroing touches a malloc'd page twice (the text decode; Benchmarks/README.md, Shortcuts).
    mutating func overwriting<Result>(
        upTo count: Int,
        _ write: (ByteWriter.Window) -> Int,
        then read: (ByteReader) throws -> Result
    ) rethrows -> Result {
        precondition(count >= 0, "negative room asked for")
        let room = count &+ 16
        if self.count < room {
            let grown = Swift.max(room, self.count &* 2, 64)
            self = [UInt8](unsafeUninitializedCapacity: grown) { _, count in count = grown }
        }
        return try withUnsafeMutableBufferPointer { buffer in
            // The array holds at least `room` bytes, made so above.
            guard let base = buffer.baseAddress else { return try read(.empty) }
            let kept = write(ByteWriter.Window(base, count: room))
            precondition(kept >= 0 && kept <= room, "kept more than the room asked for")
            return try read(ByteReader(UnsafeBufferPointer(start: base, count: kept)))
        }
    }
}

extension [UInt8]: ByteSink {
    private static let zeros = [UInt8](repeating: 0, count: 1024)

    mutating func append(contentsOf bytes: ByteReader) {
        bytes.append(to: &self)
    }

    mutating func appendWriting(upTo count: Int, _ body: (ByteWriter.Window) -> Int) {
        precondition(count >= 0, "negative room asked for")
        let start = self.count
        let room = count &+ 16
        // Room from a slice of zeros is one copy; `repeatElement` goes through the generic append
        // (the rows decode; Benchmarks/README.md, Shortcuts).
        if room <= Self.zeros.count {
            append(contentsOf: Self.zeros[0..<room])
        } else {
            append(contentsOf: repeatElement(0, count: room))
        }
        let kept = withUnsafeMutableBufferPointer { buffer in
            // The array holds `room` bytes from `start` on, just appended.
            buffer.baseAddress.map { body(ByteWriter.Window($0 + start, count: room)) } ?? 0
        }
        precondition(kept >= 0 && kept <= room, "kept more than the room asked for")
        removeLast(room &- kept)
    }
}
