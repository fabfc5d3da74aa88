/// bytes → nodes: reads `application/x-www-form-urlencoded` input into a ``FormTree``.
///
/// Pairs are split as the WHATWG URL standard's form parser splits them (at `&`, then at the first
/// `=`), in one scan that also notes which names and values hold escapes. Names are percent-decoded
/// only when they hold an escape, and values not at all: a scalar keeps its range in the input and
/// is decoded when it is read. Key paths (`a[b][]`, `a.b`) then become nodes; every limit is checked
/// before the node it guards is made.
///
/// One job a file: this one holds the state and the entries (a whole form, a chunk's whole pairs,
/// a pair that spanned chunks, a pair that is text already), each counted by ``countPair()``;
/// `+Scanning` splits bytes into pairs, `+Names` decodes names, `+KeyPaths` splits a name into
/// its components, and `+Insertion` walks or builds the nodes under the clients' array rules.
struct FormParser {
    /// A parsed form: its tree, and the charset its bytes are read in, which a sentinel in the form
    /// may have chosen. A form that ``parse(_:options:)`` made borrows the input it was given
    /// (``FormBytes``): it is read before that input's lender returns, or made to own its bytes.
    struct ParsedForm {
        var tree: FormTree
        var charset: URLEncodedFormCharset.Encoding
        var inputLength: Int
    }

    var tree: FormTree
    /// The bytes being split into pairs: the whole form, or a run of whole pairs of a body that
    /// arrives in chunks (``ChunkedFormParser``).
    var input: ByteReader
    /// The tree index of `input[0]`: the tree's buffer holds every byte the form has had so far.
    var inputBase = 0
    /// The decoder's options as the parser acts on them (``URLEncodedFormDecoder/rules``).
    let rules: DecodingRules
    /// The scanner's table for ``DecodingRules/plusIsSpace``, picked once.
    let byteClasses: [UInt8]
    /// Under ``URLEncodedFormDecoder/ConflictingKeys-swift.enum/last``, the objects that hold a
    /// list and names together, as PHP's arrays do (`a[]=x&a[b]=y`), and the index the next `[]`
    /// in each takes: one more than its largest index. Such objects are rare, so a dictionary
    /// rather than a field of every node.
    var nextIndices = [Int: Int]()
    /// The pairs counted so far, for ``URLEncodedFormDecoder/Limits-swift.struct/maximumParameterCount``.
    private(set) var pairCount = 0
    /// Whether the pair being inserted made a member whose key is its decoded name, which lies in
    /// the tree's buffer from `decodedStart` on.
    var keptDecodedName = false
    var decodedStart = 0
    /// Whether the pair being inserted is named by its bytes as they arrived, escaped brackets
    /// and all (``splitEscapedBrackets(_:at:acceptsDots:maximumDepth:plusIsSpace:into:)``), so
    /// that an error decodes the name it quotes.
    var keyHasEscapedBrackets = false
    /// The nodes the previous pair's leading names led to, up to its last component or its first
    /// `[]`. Consecutive pairs share them (`items[3][name]`, `items[3][qty]`), and the same names
    /// from the same node lead to the same nodes, so a pair starts where they stop matching.
    var previousPath: [Int] = []
    var previousPathLength = 0
    /// The array a pair's value was appended to by its last `[]`, the pair (its count, see
    /// ``pairCount``) and its name as it arrived: the next pair of the same name
    /// (`tags[]=a&tags[]=b`, as jQuery, qs and browsers write a list) walks the same nodes to the
    /// same array, so its value is appended there with no split and no walk. Kept only for a name
    /// that needed no decoded copy and has no `[]` before its last, whose walk changes nothing
    /// the second time.
    var repeatArray = -1
    var repeatPair = -1
    var repeatName: Range<Int> = 0..<0
    /// The charset names and values are read in, by the decoder's option or the form's sentinel.
    var charset: URLEncodedFormCharset.Encoding
    /// Where the sentinel pairs start, when the decoder reads them; they are skipped.
    var sentinelStarts: [Int] = []
    /// The reused buffer a name is decoded in (``decodeName(_:)``).
    var decodedName: [UInt8] = []

    /// Reads `input` under the decoder's options into a form that borrows `input`.
    ///
    /// - Throws: ``URLEncodedFormDecodingError`` for a limit, a malformed key (under `.error`), a conflict or a
    ///   charset the form names that the decoder cannot read.
    static func parse(_ input: ByteReader, rules: DecodingRules) throws -> ParsedForm {
        var parser = FormParser(input: input, rules: rules)
        if rules.charset.sentinel, let sentinel = CharsetSentinel.find(in: input) {
            parser.sentinelStarts = sentinel.starts
            if let encoding = try sentinel.charset(default: rules.charset.encoding) { parser.charset = encoding }
        }
        try parser.parsePairs()
        return parser.finish(inputLength: input.count)
    }

    /// The form the pairs parsed so far make; the parser is done with. Its tree moves out, where
    /// returning a copy retained the tree's three references and the parser's end released them
    /// (the empty and small decodes; Benchmarks/README.md, Shortcuts).
    mutating func finish(inputLength: Int) -> ParsedForm {
        ParsedForm(tree: FormTree.take(&tree), charset: charset, inputLength: inputLength)
    }

    private init(input: ByteReader, rules: DecodingRules) {
        // The tree's buffer starts as the input, borrowed, so an input index is also a tree index
        // and values need no copy of their own; decoded names are appended after it.
        self.init(bytes: FormBytes(borrowing: input), expectedNodes: Self.expectedNodes(forLength: input.count), rules: rules)
        self.input = input
    }

    /// Room for the nodes of a form of `length` bytes to start with, whole or in chunks: one per
    /// 16 bytes, which holds a small form's (six nodes in 96 bytes) in an allocation that malloc
    /// keeps per thread for reuse; the array grows, by doubling, for denser forms. A quarter of
    /// the length asked for far more there, and counting the `&`s first cost more than it saved
    /// (the small decode; Benchmarks/README.md, Shortcuts).
    static func expectedNodes(forLength length: Int) -> Int {
        min(length / 16 + 2, 4096)
    }

    /// A parser whose tree's buffer starts with `bytes`, and which has no input yet.
    init(bytes: FormBytes, expectedNodes: Int, rules: DecodingRules) {
        tree = FormTree(bytes: bytes, expectedNodes: expectedNodes)
        tree.prepare(FormTree.root, as: .object)
        input = .empty
        self.rules = rules
        byteClasses = rules.plusIsSpace ? ByteClass.plusIsSpaceTable : ByteClass.plusLiteralTable
        charset = rules.charset.encoding
    }

    // MARK: Pairs

    /// Appends bytes of the body to the tree's buffer, where its values will be read from.
    mutating func appendToBuffer(_ bytes: ByteReader) {
        tree.bytes.append(bytes)
    }

    /// Splits the whole of `input` into pairs and inserts each.
    private mutating func parsePairs() throws {
        var components: [Range<Int>] = []
        var index = 0
        let end = input.count
        let byteClasses = byteClasses
        while index <= end {
            let pair = Self.scanPair(in: input, from: &index, byteClasses: byteClasses, plusIsSpace: rules.plusIsSpace)
            index += 1
            guard pair.end > pair.start else { continue }  // `&&`, or a leading or trailing `&`
            if !sentinelStarts.isEmpty, sentinelStarts.contains(pair.start) { continue }
            try insertPair(pair, components: &components)
        }
    }

    /// Splits `segment`, whole pairs whose first byte is at `base` in the tree's buffer, and
    /// inserts each: the chunked parser's entry, which has appended `segment` to the buffer.
    mutating func parsePairs(of segment: ByteReader, at base: Int) throws {
        input = segment
        inputBase = base
        defer { input = .empty }
        try parsePairs()
    }

    /// Counts a pair against ``URLEncodedFormDecoder/Limits-swift.struct/maximumParameterCount``:
    /// the one place the limit is checked, for every entry.
    mutating func countPair() throws {
        try checkRoomForPair()
        pairCount += 1
    }

    /// Refuses the pair about to start when the form has as many as the limit allows: the chunked
    /// parser asks at a pair's first byte, before the pair has ended.
    func checkRoomForPair() throws {
        guard pairCount < rules.limits.maximumParameterCount else {
            throw URLEncodedFormDecodingError.tooManyParameters(limit: rules.limits.maximumParameterCount)
        }
    }

    /// Counts and inserts a pair of `input`.
    mutating func insertPair(_ pair: PairBounds, components: inout [Range<Int>]) throws {
        try insertPair(pair, at: inputBase, name: input[pair.start..<pair.nameEnd], components: &components)
    }

    /// Counts and inserts a pair scanned from bytes whose first one is at `base` in the tree's
    /// buffer; `name` holds the name's bytes, read when the name needs decoding.
    private mutating func insertPair(_ pair: PairBounds, at base: Int, name: ByteReader, components: inout [Range<Int>]) throws {
        try countPair()
        var flags: FormTree.ValueFlags = pair.valueEscaped ? .escaped : []
        if pair.equals < 0 { flags.insert(.bare) }
        let value = pair.equals >= 0 ? (base + pair.equals + 1)..<(base + pair.end) : (base + pair.end)..<(base + pair.end)
        try insertPair(
            name: (base + pair.start)..<(base + pair.nameEnd), nameBytes: name, nameClasses: pair.nameClasses, value: value, flags: flags,
            components: &components)
    }

    /// Inserts a pair that lies in the tree's buffer at `range` (the chunked parser's pair that
    /// spanned chunks, which ends where the range does: it holds no `&`): scanned in place, with
    /// only its name copied when it needs decoding, since decoding appends to the buffer it would
    /// read.
    mutating func insertBufferedPair(at range: Range<Int>, components: inout [Range<Int>]) throws {
        let pair = tree.bytes.withReader { bytes in scanPairWithoutAmpersand(in: bytes[range]) }
        guard pair.end > 0 else { return }
        let name = pair.nameNeedsDecoding ? tree.bytes.array(range.lowerBound..<(range.lowerBound + pair.nameEnd)) : []
        try name.withReader { name in
            try insertPair(pair, at: range.lowerBound, name: name, components: &components)
        }
    }

    /// Inserts a pair whose name and value are text already (a multipart form's field): both are
    /// appended to the tree's buffer as they are, and only the name's brackets and dots are read.
    mutating func insertTextPair(name: String, value: String, components: inout [Range<Int>]) throws {
        try countPair()
        let nameStart = tree.bytes.count
        tree.bytes.append(contentsOf: name.utf8)
        let valueStart = tree.bytes.count
        tree.bytes.append(contentsOf: value.utf8)
        var nameClasses: UInt8 = 0
        for byte in name.utf8 where byteClasses[Int(byte)] == ByteClass.pathMark {
            nameClasses = ByteClass.pathMark
            break
        }
        try insertPair(
            name: nameStart..<valueStart, nameBytes: .empty, nameClasses: nameClasses, value: valueStart..<tree.bytes.count, flags: [],
            components: &components)
    }

    /// Decodes the name at `name` (whose bytes, as they arrived, are `nameBytes`), splits it into
    /// components, and inserts the value at the end of them.
    private mutating func insertPair(
        name: Range<Int>,
        nameBytes: ByteReader,
        nameClasses: UInt8,
        value: Range<Int>,
        flags: FormTree.ValueFlags,
        components: inout [Range<Int>]
    ) throws {
        if nameClasses == 0, !name.isEmpty, rules.limits.maximumDepth >= 1 {
            // A plain name met for the first time, most pairs of most forms: its member of the
            // root, as `insert` makes it, without the key path's walk. The root is an object that
            // no rule of `insert` numbers (`nextIndices`) or replaces. A name met before takes
            // the walk, which knows repeats and conflicts.
            if tree.addScalarMember(to: FormTree.root, keyAt: name, value: value, flags: flags) {
                previousPathLength = 0
                return
            }
        }
        try insertKeyPath(name: name, nameBytes: nameBytes, nameClasses: nameClasses, value: value, flags: flags, components: &components)
    }

    /// A pair whose name is not a plain one met for the first time: split, decoded when it must
    /// be, and walked. Out of line, so that the plain names' loop around the scan stays tight
    /// (the small decode; Benchmarks/README.md, Shortcuts).
    @inline(never)
    private mutating func insertKeyPath(
        name: Range<Int>,
        nameBytes: ByteReader,
        nameClasses: UInt8,
        value: Range<Int>,
        flags: FormTree.ValueFlags,
        components: inout [Range<Int>]
    ) throws {
        if repeatPair == pairCount - 1, !(rules.allowsEmptyArrays && flags.contains(.bare)), sameBytes(name, repeatName) {
            // Its escapes are brackets', as the previous pair's were: its key was the name itself.
            keyHasEscapedBrackets = nameClasses & ByteClass.escape != 0
            try appendScalar(to: repeatArray, value: value, flags: flags, key: name)
            repeatPair = pairCount
            return
        }
        if components.capacity == 0 {
            // Room for most key paths at once, rather than growing by one and two, a malloc, a
            // copy and a free each (the sign-up and medium decodes; Benchmarks/README.md, Shortcuts); a form of plain names
            // never gets here.
            components.reserveCapacity(8)
            previousPath.reserveCapacity(8)
        }
        decodedStart = tree.bytes.count
        keyHasEscapedBrackets = false
        let key: Range<Int>
        if nameClasses & (ByteClass.escape | ByteClass.nonASCII) == 0 {
            key = name
            try splitName(key, nameClasses: nameClasses, into: &components)
        } else if nameClasses & ByteClass.nonASCII == 0, splitsEscapedBrackets(name, into: &components) {
            key = name
            keyHasEscapedBrackets = true
        } else {
            key = decodeName(nameBytes)
            try splitName(key, nameClasses: nameClasses, into: &components)
        }
        keptDecodedName = false
        try insert(components, value: value, flags: flags, key: key)
        if !keptDecodedName, tree.bytes.count > decodedStart {
            tree.bytes.removeSuffix(from: decodedStart)
        }
    }
}
