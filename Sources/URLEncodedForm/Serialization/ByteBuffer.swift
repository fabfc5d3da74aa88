/// Where escaped bytes go: the serializer's own ``ByteBuffer``, or an array for the other callers.
protocol ByteSink: ~Copyable {
    mutating func append(_ byte: UInt8)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>)
    /// Lets `body` write up to `count` bytes, and 16 more of scratch, at the end; `body` returns
    /// how many of them it kept.
    mutating func appendWriting(upTo count: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int)
}

extension ByteSink where Self: ~Copyable {
    mutating func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
    }
}

extension [UInt8]: ByteSink {
    mutating func appendWriting(upTo count: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        let start = self.count
        append(contentsOf: repeatElement(0, count: count &+ 16))
        let kept = withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { body($0 + start) } ?? 0
        }
        removeLast(count &+ 16 &- kept)
    }
}

/// A growable run of bytes for the serializer's output and paths.
///
/// A form is written as many short pieces (a key, `=`, a value, `&`), and `Array`'s general
/// append costs several times the copy itself for pieces that short; this is a capacity check
/// and a copy.
struct ByteBuffer: ByteSink, ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    func bytes(in range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range outside the buffer")
        return UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if capacity &- count < extra { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        let newCapacity = max(needed, capacity &* 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count &+= 1
    }

    @inline(__always)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count &+= bytes.count
    }

    mutating func appendWriting(upTo extra: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        reserve(extra &+ 16)
        let kept = body(base + count)
        assert(kept <= extra, "wrote past the room asked for")
        count &+= kept
    }

    /// Drops the bytes from `newCount` on.
    mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count, "count outside the buffer")
        count = newCount
    }

    /// Overwrites the byte at `position`, for reordering what was written.
    mutating func overwrite(at position: Int, with byte: UInt8) {
        precondition(position >= 0 && position < count, "position outside the buffer")
        base[position] = byte
    }

    /// Overwrites `bytes.count` bytes from `position` on, for reordering what was written.
    mutating func overwrite(at position: Int, with bytes: UnsafeBufferPointer<UInt8>) {
        precondition(position >= 0 && bytes.count <= count &- position, "range outside the buffer")
        guard let source = bytes.baseAddress else { return }
        (base + position).update(from: source, count: bytes.count)
    }
}
