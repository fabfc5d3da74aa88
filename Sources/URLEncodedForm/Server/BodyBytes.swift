/// A server's request body, a sequence of the framework's buffers, as the bytes each holds: what
/// `body.map(\.readableBytesView)` gives, without the async closure `map` calls for every
/// buffer, for the decoder's chunked entry. Both adapters read their bodies through it (`package`):
///
///     BodyBytes(request.body) { $0.readableBytesView }   // ByteBuffer → ByteBufferView
///
/// Generic over the bytes' type, NIO's `ByteBufferView`, which no module of this package names:
/// each adapter imports its framework alone. Inlined, it costs a small form's request what
/// collecting the body and decoding it costs, where `map` costs more (Benchmarks/Load/count.sh;
/// Benchmarks/README.md, Shortcuts).
@usableFromInline
package struct BodyBytes<Buffers: AsyncSequence, Bytes: Collection<UInt8>>: AsyncSequence {
    @usableFromInline let buffers: Buffers
    @usableFromInline let bytes: (Buffers.Element) -> Bytes

    @inlinable
    package init(_ buffers: Buffers, _ bytes: @escaping (Buffers.Element) -> Bytes) {
        self.buffers = buffers
        self.bytes = bytes
    }

    @usableFromInline
    package struct AsyncIterator: AsyncIteratorProtocol {
        @usableFromInline var buffers: Buffers.AsyncIterator
        @usableFromInline let bytes: (Buffers.Element) -> Bytes

        @inlinable
        init(_ buffers: Buffers.AsyncIterator, _ bytes: @escaping (Buffers.Element) -> Bytes) {
            self.buffers = buffers
            self.bytes = bytes
        }

        @inlinable
        package mutating func next() async throws -> Bytes? {
            try await buffers.next().map(bytes)
        }
    }

    @inlinable
    package func makeAsyncIterator() -> AsyncIterator { AsyncIterator(buffers.makeAsyncIterator(), bytes) }
}
