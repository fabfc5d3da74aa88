/// Test support: a body in chunks, as a server reads one.

/// Chunks handed out one by one, as a server hands out a body.
struct Chunks<Chunk: Collection<UInt8>>: AsyncSequence {
    let chunks: [Chunk]

    init(_ chunks: [Chunk]) {
        self.chunks = chunks
    }

    func makeAsyncIterator() -> IndexingIterator<[Chunk]>.Async { chunks.makeIterator().async }
}

extension IndexingIterator {
    struct Async: AsyncIteratorProtocol {
        var base: IndexingIterator
        mutating func next() async -> Element? { base.next() }
    }

    var async: Async { Async(base: self) }
}

extension Array {
    func chunked(by size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min(count, $0 + size)] }
    }
}
