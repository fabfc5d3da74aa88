#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
// `memcmp`, from the C library.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// Bytes read in place, every read checked against their count but for the scans'
/// `unchecked:` reads, whose loops prove their bounds.
///
/// With ``ByteWriter``, the one place where the library touches memory through pointers: the
/// parser, the percent coders, the tree and the scalar readers all read through this type. A
/// reader borrows memory it does not own, so it is only lent to a closure (`withReader`) and must
/// not leave it, as the `UnsafeBufferPointer` inside it must not.
///
///     "a=1&b=%20".withReader { form in
///         form[2]              // 0x31, "1"
///         form[4..<9]          // a reader of "b=%20", indexed from 0
///         form[9]              // stops the program: index 9 is past the 9 bytes
///         form[4..<10]         // stops the program: the range ends past the bytes
///     }
///
/// A failed check stops the program rather than reading memory that is not the input's. Callers
/// check input-derived indices first, so the checks below hold for every input and only a bug in
/// the library can fail one.
struct ByteReader: Sequence {
    private let buffer: UnsafeBufferPointer<UInt8>

    /// Only the lenders in this file and ``ByteWriter`` make readers, over memory they keep alive
    /// for the closure they call.
    init(_ buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// No bytes: what a reader holds when it has nothing to read.
    static var empty: ByteReader { ByteReader(UnsafeBufferPointer(start: nil, count: 0)) }

    var count: Int { buffer.count }
    var isEmpty: Bool { buffer.isEmpty }

    @inline(__always)
    subscript(index: Int) -> UInt8 {
        // One unsigned compare covers a negative index too.
        precondition(UInt(bitPattern: index) < UInt(bitPattern: buffer.count), "read outside the bytes")
        return buffer[index]
    }

    /// The bytes in `range`, indexed from 0.
    @inline(__always)
    subscript(range: Range<Int>) -> ByteReader {
        precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count, "range outside the bytes")
        return ByteReader(UnsafeBufferPointer(rebasing: buffer[range]))
    }

    /// Whether the bytes in `first` order before those in `second`, compared from `offset` on
    /// (both start with the same `offset` bytes): the encoder's sort of members by their text.
    /// The ranges are checked once, and the loop stays inside both.
    func orders(_ first: Range<Int>, before second: Range<Int>, from offset: Int) -> Bool {
        precondition(
            first.lowerBound >= 0 && first.upperBound <= buffer.count && second.lowerBound >= 0
                && second.upperBound <= buffer.count && offset >= 0,
            "range outside the bytes")
        let length = Swift.min(first.count, second.count)
        var index = offset
        while index < length {
            // `index < length` keeps both reads inside their ranges, which are inside the buffer.
            let left = byte(unchecked: first.lowerBound &+ index)
            let right = byte(unchecked: second.lowerBound &+ index)
            if left != right { return left < right }
            index &+= 1
        }
        return first.count < second.count
    }

    // The scans of the parser, the escaper and the percent-decoder read 16 bytes at a time, or
    // one, and the tree's key hash 8 or 4, through the four below, which check only in debug
    // builds (where every test runs): their loop conditions prove the bounds (`while index <=
    // count &- 16`, `while index < count`, from `index = 0` up), and each call site says so.

    @inline(__always)
    func chunk(unchecked index: Int) -> ByteScanning.Vector {
        assert(index >= 0 && index <= buffer.count &- 16, "chunk outside the bytes")
        return UnsafeRawBufferPointer(buffer).loadUnaligned(fromByteOffset: index, as: ByteScanning.Vector.self)
    }

    /// The 8 bytes at `index` as one little-endian word (the tree's key hash).
    @inline(__always)
    func word(unchecked index: Int) -> UInt64 {
        assert(index >= 0 && index <= buffer.count &- 8, "word outside the bytes")
        return UInt64(littleEndian: UnsafeRawBufferPointer(buffer).loadUnaligned(fromByteOffset: index, as: UInt64.self))
    }

    /// The 4 bytes at `index` as one little-endian word.
    @inline(__always)
    func halfWord(unchecked index: Int) -> UInt32 {
        assert(index >= 0 && index <= buffer.count &- 4, "word outside the bytes")
        return UInt32(littleEndian: UnsafeRawBufferPointer(buffer).loadUnaligned(fromByteOffset: index, as: UInt32.self))
    }

    @inline(__always)
    func byte(unchecked index: Int) -> UInt8 {
        assert(index >= 0 && index < buffer.count, "read outside the bytes")
        return buffer[index]
    }

    /// Whether both hold the same bytes; `memcmp` rather than a byte loop, for key comparisons.
    @inline(__always)
    func equals(_ other: ByteReader) -> Bool {
        guard buffer.count == other.buffer.count else { return false }
        guard let left = buffer.baseAddress, let right = other.buffer.baseAddress else { return true }
        return memcmp(left, right, buffer.count) == 0
    }

    func equals(_ text: StaticString) -> Bool {
        text.withUTF8Buffer { equals(ByteReader($0)) }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(bytes: UnsafeRawBufferPointer(buffer))
    }

    func makeIterator() -> UnsafeBufferPointer<UInt8>.Iterator {
        buffer.makeIterator()
    }

    var underestimatedCount: Int { buffer.count }

    func withContiguousStorageIfAvailable<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result? {
        try body(buffer)
    }

    // The copies below take the buffer whole: a `Sequence` alone is copied a byte at a time.

    /// The bytes as text; bytes that are not UTF-8 become U+FFFD.
    var string: String {
        // Text of 16 bytes or more is checked here 16 bytes at a time (``UTF8Validation``), so
        // that the copy into the `String` does not check it again one byte at a time; shorter
        // text costs the standard library less (the small decode; Benchmarks/README.md, Shortcuts).
        if buffer.count >= 16, #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            let result = UTF8Validation.check(self)
            if result != .invalid {
                return unsafe String(copying: UTF8Span(unchecked: buffer.span, isKnownASCII: result == .ascii))
            }
        }
        return String(decoding: buffer, as: UTF8.self)
    }

    /// The bytes as text, which the caller knows to be ASCII: the encoder's output, every byte of
    /// which its escaper or its own punctuation wrote. Not checked in release builds, where every
    /// encode would pay for it; debug builds, where the tests run, check.
    var stringUncheckedASCII: String {
        assert(allSatisfy { $0 < 0x80 }, "text that is not ASCII")
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return unsafe String(copying: UTF8Span(unchecked: buffer.span, isKnownASCII: true))
        }
        return String(decoding: buffer, as: UTF8.self)
    }

    var array: [UInt8] { Array(buffer) }

    var data: Data { Data(buffer: buffer) }

    func append(to array: inout [UInt8]) {
        array.append(contentsOf: buffer)
    }

    /// The buffer itself, for ``ByteWriter``'s copies alone.
    @inline(__always)
    func withUnsafeBuffer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(buffer)
    }
}

// MARK: Lenders

extension ContiguousBytes {
    /// Calls `body` with a reader of these bytes: an array's, a slice's or `Data`'s, without a copy.
    @inline(__always)
    func withReader<Result>(_ body: (ByteReader) throws -> Result) rethrows -> Result {
        try withUnsafeBytes { raw in
            try raw.withMemoryRebound(to: UInt8.self) { try body(ByteReader($0)) }
        }
    }
}

extension String {
    /// Calls `body` with a reader of this text's UTF-8, made contiguous first if it is not.
    @inline(__always)
    func withReader<Result>(_ body: (ByteReader) throws -> Result) rethrows -> Result {
        var text = self
        return try text.withUTF8 { try body(ByteReader($0)) }
    }

    /// ``withReader(_:)`` for the encoder's names and values: native and small text lends its
    /// bytes as it is, with no copy of the `String` to retain; the generic `withReader` taking this
    /// path made decoding slower (the small encode and decode; Benchmarks/README.md, Shortcuts).
    @inline(__always)
    func withReaderOfText<Result>(_ body: (ByteReader) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable({ try body(ByteReader($0)) }) { return result }
        var text = self
        return try text.withUTF8 { try body(ByteReader($0)) }
    }
}

extension Substring {
    @inline(__always)
    func withReader<Result>(_ body: (ByteReader) throws -> Result) rethrows -> Result {
        var text = self
        return try text.withUTF8 { try body(ByteReader($0)) }
    }
}

extension Collection<UInt8> {
    /// Calls `body` with a reader of these bytes when they are contiguous, such as a server
    /// framework's buffer view; `nil` when they are not.
    @inline(__always)
    func withContiguousReader<Result>(_ body: (ByteReader) throws -> Result) rethrows -> Result? {
        try withContiguousStorageIfAvailable { try body(ByteReader($0)) }
    }

    /// Calls `body` with a reader of these bytes: in place when they are contiguous, else
    /// copied once into an array.
    @inline(__always)
    func withReaderInPlaceOrCopied<Result>(_ body: (ByteReader) throws -> Result) rethrows -> Result {
        if let result = try withContiguousReader(body) { return result }
        return try Array(self).withReader(body)
    }
}
