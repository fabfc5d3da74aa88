/// bytes → nodes, as they arrive: parses a body that comes in chunks into the same tree as
/// ``FormParser`` makes of the whole body, copying each byte once, into the tree's buffer.
///
///     chunks   "a=1&b[c]=x"   "y&d"   "=2"
///     buffer   a=1&b[c]=x     y&d     =2        (each chunk appended as it comes)
///     pairs    a=1 at once; b[c]=xy when "&" ends it; d=2 at the end
///
/// The whole pairs of a chunk are parsed from the chunk itself; a pair that is not over when its
/// chunk ends waits at the end of the buffer, grows with the next chunks, and is parsed there
/// once its `&` or the body's end comes. Every limit is checked as soon as the bytes that break
/// it arrive, so a hostile body is refused before the rest of it is read:
/// - the input's length, at the chunk that takes it past ``URLEncodedFormDecoder/Limits-swift.struct/maximumInputLength``;
/// - the parameter count, at the first byte of the pair past the limit;
/// - a key's depth, as its name arrives: checked in every chunk while the name is under 256
///   bytes, then each time it has grown by an eighth, so that a long name costs linear time;
/// - an array's length, when the pair that would grow it past the limit ends.
///
/// A decoder that reads a charset sentinel collects the body first: the sentinel may be anywhere
/// in the form, and names before it are read in the charset it names.
@usableFromInline
struct ChunkedFormParser {
    private var parser: FormParser
    /// The body so far, when it is collected for the sentinel.
    private var collected: [UInt8]?
    /// The bytes taken from the body so far.
    private var received = 0
    /// Where the pair that has not ended yet starts in the tree's buffer; the buffer's end when
    /// the last chunk ended with `&`.
    private var pending = 0
    /// Whether the pending pair's name is over (its `=` has come), and how long it was when its
    /// depth was last checked.
    private var pendingNameEnded = false
    private var pendingNameChecked = 0
    private var components: [Range<Int>] = []

    /// A parser for a body of about `expectedLength` bytes: room for them (up to the input limit)
    /// is reserved at once, so that the buffer does not grow by copying. The nodes are reserved
    /// for the first ``nodeRoomLength`` bytes only, and grow by doubling as pairs arrive.
    @usableFromInline
    init(options: borrowing URLEncodedFormDecoder, expectedLength: Int = 0) {
        let rules = options.rules
        let room = max(0, min(expectedLength, rules.limits.maximumInputLength))
        parser = FormParser(
            bytes: FormBytes(capacity: room),
            expectedNodes: FormParser.expectedNodes(forLength: min(room, Self.nodeRoomLength)),
            rules: rules
        )
        if rules.charset.sentinel { collected = [] }
    }

    /// The body length the nodes are first reserved for. A server holds a streamed body's parser
    /// while the rest of the body crosses the network, and nodes reserved for the whole stated
    /// length (one per 16 bytes, up to 4,096 of them) sat there empty, since a long body is
    /// mostly long values (the load benchmark's large bodies through Vapor; Benchmarks/README.md, Shortcuts).
    static let nodeRoomLength = 4096

    /// The bytes the tree's nodes have room for: what the parser holds besides the body's own.
    var reservedNodeBytes: Int { parser.tree.nodes.capacity * MemoryLayout<FormTree.Node>.stride }

    /// Takes the next chunk of the body, in place when its bytes are contiguous, else copied
    /// once.
    ///
    /// - Throws: ``URLEncodedFormDecodingError`` as soon as the body breaks a limit or holds a
    ///   pair that cannot be read; the parser must not be used after.
    @usableFromInline
    mutating func append(contentsOf chunk: some Collection<UInt8>) throws {
        try chunk.withReaderInPlaceOrCopied { try append($0) }
    }

    /// Takes the next chunk of the body.
    ///
    /// - Throws: ``URLEncodedFormDecodingError`` as soon as the body breaks a limit or holds a
    ///   pair that cannot be read; the parser must not be used after.
    mutating func append(_ chunk: ByteReader) throws {
        let limit = parser.rules.limits.maximumInputLength
        guard chunk.count <= limit - received else {
            throw URLEncodedFormDecodingError.inputTooLong(length: received + chunk.count, limit: limit)
        }
        received += chunk.count
        if collected != nil {
            chunk.append(to: &collected!)
            return
        }
        guard let first = ByteScanning.firstIndex(of: UInt8(ascii: "&"), in: chunk) else {
            try extendPending(with: chunk)
            return
        }
        // The pending pair ends at the chunk's first `&`.
        parser.appendToBuffer(chunk[0..<first])
        try parser.insertBufferedPair(at: pending..<parser.tree.bytes.count, components: &components)
        let last = ByteScanning.lastIndex(of: UInt8(ascii: "&"), in: chunk) ?? first
        if last > first {
            let base = parser.tree.bytes.count
            let segment = chunk[(first + 1)..<last]
            parser.appendToBuffer(segment)
            try parser.parsePairs(of: segment, at: base)
        }
        pending = parser.tree.bytes.count
        pendingNameEnded = false
        pendingNameChecked = 0
        try extendPending(with: chunk[(last + 1)..<chunk.count])
    }

    /// The form, once the body has ended. `consuming`: the tree moves out of the parser
    /// (``FormParser/finish(inputLength:)``), which holds no form after.
    consuming func finish() throws -> FormParser.ParsedForm {
        if let collected {
            // The form borrows what it parsed; it keeps its own copy past the borrow.
            return try collected.withReader { input in
                var form = try FormParser.parse(input, rules: parser.rules)
                form.tree.bytes.own()
                return form
            }
        }
        var components = components
        try parser.insertBufferedPair(at: pending..<parser.tree.bytes.count, components: &components)
        return parser.finish(inputLength: received)
    }

    /// Adds bytes to the pair that has not ended, and refuses it as soon as it is one pair too
    /// many or its name one level too deep.
    private mutating func extendPending(with bytes: ByteReader) throws {
        guard !bytes.isEmpty else { return }
        let start = parser.tree.bytes.count
        parser.appendToBuffer(bytes)
        try parser.checkRoomForPair()
        guard !pendingNameEnded else { return }
        var nameEnd = parser.tree.bytes.count
        if let equals = ByteScanning.firstIndex(of: UInt8(ascii: "="), in: bytes) {
            nameEnd = start + equals
            pendingNameEnded = true
        }
        let length = nameEnd - pending
        // Every chunk while the name is short, then each time it has grown by an eighth: at most
        // 256 bytes read again per chunk, and a long name read about eight times in all.
        guard pendingNameEnded || length < 256 || length - pendingNameChecked >= length / 8 else { return }
        pendingNameChecked = length
        try parser.checkDepth(ofName: pending..<nameEnd, complete: pendingNameEnded)
    }
}
