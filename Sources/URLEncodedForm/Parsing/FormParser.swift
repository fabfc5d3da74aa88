/// bytes → nodes: reads `application/x-www-form-urlencoded` input into a ``FormTree``.
///
/// Pairs are split as the WHATWG URL standard's form parser splits them (at `&`, then at the first
/// `=`), in one scan that also notes which names and values hold escapes. Names are percent-decoded
/// only when they hold an escape, and values not at all: a scalar keeps its range in the input and
/// is decoded when it is read. Key paths (`a[b][]`, `a.b`) then become nodes; every limit is checked
/// before the node it guards is made.
struct FormParser {
    /// A parsed form: its tree, and the charset its bytes are read in, which a sentinel in the form
    /// may have chosen.
    struct ParsedForm {
        var tree: FormTree
        var charset: Charset
        var inputLength: Int
    }

    private(set) var tree: FormTree
    /// The bytes being split into pairs: the whole form, or a run of whole pairs of a body that
    /// arrives in chunks (``ChunkedFormParser``).
    private var input: ByteReader
    /// The tree index of `input[0]`: the tree's buffer holds every byte the form has had so far.
    private var inputBase = 0
    private let byteClasses: [UInt8]
    private let plusIsSpace: Bool
    private let acceptsDots: Bool
    /// ``URLEncodedFormDecoder/allowsEmptyArrays``: a bare `name[]` makes its array, empty.
    private let allowsEmptyArrays: Bool
    /// ``URLEncodedFormDecoder/MalformedKeys-swift.enum/literal``: a name that is not a key path
    /// is one top-level name.
    private let keepsMalformedKeys: Bool
    /// ``URLEncodedFormDecoder/ConflictingKeys-swift.enum/last``: a pair that gives a name another
    /// kind of value replaces what the name held.
    private let replacesConflicts: Bool
    let limits: URLEncodedFormDecoder.Limits
    /// The pairs counted so far, for ``URLEncodedFormDecoder/Limits-swift.struct/maximumParameterCount``.
    private(set) var pairCount = 0
    /// Whether the pair being inserted made a member whose key is its decoded name, which lies in
    /// the tree's buffer from `decodedStart` on.
    private var keptDecodedName = false
    private var decodedStart = 0
    /// The nodes the previous pair's leading names led to, up to its last component or its first
    /// `[]`. Consecutive pairs share them (`items[3][name]`, `items[3][qty]`), and the same names
    /// from the same node lead to the same nodes, so a pair starts where they stop matching.
    private var previousPath: [Int] = []
    private var previousPathLength = 0
    /// The charset names and values are read in, by the decoder's option or the form's sentinel.
    private var charset: Charset
    /// Where the sentinel pairs start, when the decoder reads them; they are skipped.
    private var sentinelStarts: [Int] = []

    /// Reads `input` under the decoder's options.
    ///
    /// - Throws: ``URLEncodedFormDecodingError`` for a limit, a malformed key (under `.error`), a conflict or a
    ///   charset the form names that the decoder cannot read.
    static func parse(_ input: ByteReader, options: URLEncodedFormDecoder) throws -> ParsedForm {
        var parser = FormParser(input: input, options: options)
        if options.charsetSentinel, let sentinel = CharsetSentinel.find(in: input) {
            parser.sentinelStarts = sentinel.starts
            if let charset = try sentinel.charset(default: options.charset) { parser.charset = charset }
        }
        try parser.parsePairs()
        return parser.finish(inputLength: input.count)
    }

    /// The form the pairs parsed so far make.
    func finish(inputLength: Int) -> ParsedForm {
        ParsedForm(tree: tree, charset: charset, inputLength: inputLength)
    }

    private init(input: ByteReader, options: URLEncodedFormDecoder) {
        // The tree's buffer starts as a copy of the input, so an input index is also a tree index
        // and values need no copy of their own; decoded names are appended after it.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(input.count + 64)
        bytes.append(contentsOf: input)
        self.init(bytes: bytes, expectedNodes: min(input.count / 4 + 2, 4096), options: options)
        self.input = input
    }

    /// A parser whose tree's buffer starts with `bytes`, and which has no input yet.
    init(bytes: [UInt8], expectedNodes: Int, options: URLEncodedFormDecoder) {
        tree = FormTree(bytes: bytes, expectedNodes: expectedNodes)
        tree.prepare(FormTree.root, as: .object)
        input = .empty
        plusIsSpace = options.spaceDecoding == .plusReplaced
        byteClasses = plusIsSpace ? ByteClass.plusIsSpaceTable : ByteClass.plusLiteralTable
        acceptsDots = options.keyPathDecoding.acceptsDots
        allowsEmptyArrays = options.allowsEmptyArrays
        keepsMalformedKeys = options.malformedKeys == .literal
        replacesConflicts = options.conflictingKeys == .last
        limits = options.limits
        charset = options.charset
    }

    // MARK: Pairs

    private enum ByteClass {
        static let ampersand: UInt8 = 1
        static let equals: UInt8 = 2
        static let escape: UInt8 = 4
        static let pathMark: UInt8 = 8
        static let nonASCII: UInt8 = 16

        static let plusIsSpaceTable = table(plusIsEscape: true)
        static let plusLiteralTable = table(plusIsEscape: false)

        private static func table(plusIsEscape: Bool) -> [UInt8] {
            (0...255).map { byte in
                switch UInt8(byte) {
                case UInt8(ascii: "&"): ampersand
                case UInt8(ascii: "="): equals
                case UInt8(ascii: "%"): escape
                case UInt8(ascii: "+"): plusIsEscape ? escape : 0
                case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "."): pathMark
                case 0x80...: nonASCII
                default: 0
                }
            }
        }
    }

    /// Appends bytes of the body to the tree's buffer, where its values will be read from.
    mutating func appendToBuffer(_ bytes: ByteReader) {
        bytes.append(to: &tree.bytes)
    }

    /// Where one pair's parts are in its input, and what its name and value hold.
    struct PairBounds {
        var start: Int
        var equals = -1
        var end = 0
        var nameClasses: UInt8 = 0
        var valueEscaped = false
    }

    /// Splits the whole of `input` into pairs and inserts each.
    private mutating func parsePairs() throws {
        var components: [Range<Int>] = []
        var index = 0
        let end = input.count
        while index <= end {
            let pair = scanPair(in: input, from: &index)
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

    /// Finds the end of the pair that starts at `index`, its `=` and what its name and value hold,
    /// in one pass; leaves `index` at the `&` that ends it or at the end of `input`.
    func scanPair(in input: ByteReader, from index: inout Int) -> PairBounds {
        var pair = PairBounds(start: index)
        let end = input.count
        while index < end {
            let byteClass = byteClasses[Int(input[index])]
            if byteClass != 0 {
                if byteClass == ByteClass.ampersand { break }
                if byteClass == ByteClass.equals {
                    pair.equals = index
                    index += 1
                    pair.valueEscaped = scanValue(in: input, from: &index)
                    break
                }
                pair.nameClasses |= byteClass
            }
            index += 1
        }
        pair.end = index
        return pair
    }

    /// Counts a pair against the limit and inserts it. Its name is read from `input` when it needs
    /// decoding.
    mutating func insertPair(_ pair: PairBounds, components: inout [Range<Int>]) throws {
        pairCount += 1
        guard pairCount <= limits.maximumParameterCount else {
            throw URLEncodedFormDecodingError.tooManyParameters(limit: limits.maximumParameterCount)
        }
        let base = inputBase
        let name = (base + pair.start)..<(base + (pair.equals >= 0 ? pair.equals : pair.end))
        var flags: FormTree.ValueFlags = pair.valueEscaped ? .escaped : []
        if pair.equals < 0 { flags.insert(.bare) }
        let value = pair.equals >= 0 ? (base + pair.equals + 1)..<(base + pair.end) : (base + pair.end)..<(base + pair.end)
        try insertPair(name: name, nameClasses: pair.nameClasses, value: value, flags: flags, components: &components)
    }

    /// Inserts a pair that lies in the tree's buffer at `range` (the chunked parser's pair that
    /// spanned chunks): scanned in place, with only its name copied when it needs decoding.
    mutating func insertBufferedPair(at range: Range<Int>, components: inout [Range<Int>]) throws {
        var index = 0
        let pair = tree.bytes.withReader { bytes in scanPair(in: bytes[range], from: &index) }
        guard pair.end > 0 else { return }
        let nameEnd = pair.equals >= 0 ? pair.equals : pair.end
        let name =
            pair.nameClasses & (ByteClass.escape | ByteClass.nonASCII) != 0 ? Array(tree.bytes[range.lowerBound..<(range.lowerBound + nameEnd)]) : []
        try name.withReader { name in
            input = name
            inputBase = range.lowerBound
            defer { input = .empty }
            try insertPair(pair, components: &components)
        }
    }

    /// Inserts a pair whose name and value are text already (a multipart form's field): both are
    /// appended to the tree's buffer as they are, and only the name's brackets and dots are read.
    mutating func insertTextPair(name: String, value: String, components: inout [Range<Int>]) throws {
        let nameStart = tree.bytes.count
        tree.bytes.append(contentsOf: name.utf8)
        let valueStart = tree.bytes.count
        tree.bytes.append(contentsOf: value.utf8)
        var nameClasses: UInt8 = 0
        for byte in name.utf8 where byteClasses[Int(byte)] == ByteClass.pathMark {
            nameClasses = ByteClass.pathMark
            break
        }
        pairCount += 1
        guard pairCount <= limits.maximumParameterCount else {
            throw URLEncodedFormDecodingError.tooManyParameters(limit: limits.maximumParameterCount)
        }
        inputBase = 0
        try insertPair(
            name: nameStart..<valueStart, nameClasses: nameClasses, value: valueStart..<tree.bytes.count, flags: [],
            components: &components)
    }

    /// Moves `index` to the `&` that ends a value, or to the end of the input, 16 bytes at a time
    /// where it can, and says whether the value holds an escape.
    private func scanValue(in input: ByteReader, from index: inout Int) -> Bool {
        let end = input.count
        var escaped = false
        let plus = plusIsSpace ? UInt8(ascii: "+") : UInt8(ascii: "%")
        while index <= end &- 16 {
            // `0 <= index <= end - 16`: the loop condition, and `index` only grows.
            let vector = input.chunk(unchecked: index)
            let ampersands = ByteScanning.equal(vector, UInt8(ascii: "&"))
            // Once the value is known to hold an escape, only its end is looked for.
            let escapes = escaped ? ampersands : ByteScanning.equal(vector, UInt8(ascii: "%")) | ByteScanning.equal(vector, plus)
            if ByteScanning.isZero(ampersands | escapes) {
                index &+= 16
                continue
            }
            let ampersandBits = ByteScanning.bits(ampersands)
            let escapeBits = ByteScanning.bits(escapes)
            guard ampersandBits != 0 else {
                escaped = true
                index &+= 16
                continue
            }
            let run = ampersandBits.trailingZeroBitCount
            // Escapes before the `&` belong to this value.
            escaped = escaped || escapeBits & ((1 &<< UInt32(run)) &- 1) != 0
            index &+= run
            return escaped
        }
        while index < end {
            let byte = input[index]
            if byte == UInt8(ascii: "&") { break }
            if byte == UInt8(ascii: "%") || (plusIsSpace && byte == UInt8(ascii: "+")) { escaped = true }
            index &+= 1
        }
        return escaped
    }

    private mutating func insertPair(
        name: Range<Int>,
        nameClasses: UInt8,
        value: Range<Int>,
        flags: FormTree.ValueFlags,
        components: inout [Range<Int>]
    ) throws {
        var key = name
        decodedStart = tree.bytes.count
        if nameClasses & (ByteClass.escape | ByteClass.nonASCII) != 0 {
            let raw = (name.lowerBound - inputBase)..<(name.upperBound - inputBase)
            PercentDecoding.decode(input[raw], plusIsSpace: plusIsSpace, into: &tree.bytes)
            if charset == .utf8 {
                repairUTF8(from: decodedStart)
            } else {
                LegacyCharsets.transcode(&tree.bytes, from: decodedStart, charset: charset)
            }
            key = decodedStart..<tree.bytes.count
        }
        components.removeAll(keepingCapacity: true)
        if nameClasses & (ByteClass.pathMark | ByteClass.escape) != 0 {
            let result = tree.bytes.withReader { bytes in
                Self.split(
                    bytes[key], at: key.lowerBound,
                    acceptsDots: acceptsDots, maximumDepth: limits.maximumDepth, into: &components
                )
            }
            switch result {
            case .path: break
            case .malformed:
                guard keepsMalformedKeys else { throw URLEncodedFormDecodingError.malformedKey(keyText(key)) }
                // The whole name, one component: the pair's own decision, not the form's.
                components.removeAll(keepingCapacity: true)
                components.append(key)
            case .tooDeep: throw URLEncodedFormDecodingError.keyTooDeep(key: keyText(key), limit: limits.maximumDepth)
            }
        } else {
            guard limits.maximumDepth >= 1 else {
                throw URLEncodedFormDecodingError.keyTooDeep(key: keyText(key), limit: limits.maximumDepth)
            }
            components.append(key)
        }
        keptDecodedName = false
        try insert(components, value: value, flags: flags, key: key)
        if !keptDecodedName, tree.bytes.count > decodedStart {
            tree.bytes.removeLast(tree.bytes.count &- decodedStart)
        }
    }

    /// A percent-decoded name may hold bytes that are not UTF-8; they become U+FFFD, as the
    /// standard's parser decodes them, so that names compare as the strings they become.
    private mutating func repairUTF8(from start: Int) {
        // Read in place: a slice of `tree.bytes` held across the mutation below would make it
        // copy the whole buffer, the input included, once per name.
        let repaired: String? = tree.bytes.withReader { bytes in
            let decoded = bytes[start..<bytes.count]
            guard decoded.contains(where: { $0 >= 0x80 }) else { return nil }
            let repaired = decoded.string
            return repaired.utf8.elementsEqual(decoded) ? nil : repaired
        }
        if let repaired {
            tree.bytes.removeSubrange(start...)
            tree.bytes.append(contentsOf: repaired.utf8)
        }
    }

    /// Refuses a name, whole or the part of it that has arrived, that has more components than
    /// the depth limit allows: the chunked parser's check while a long name arrives. A part is
    /// read without an escape it cuts in two; a name too deep in part is too deep whole.
    func checkDepth(ofName range: Range<Int>, complete: Bool) throws {
        var decoded: [UInt8] = []
        var components: [Range<Int>] = []
        let result = tree.bytes.withReader { bytes in
            var name = bytes[range]
            if !complete {
                let count = name.count
                if count >= 1, name[count - 1] == UInt8(ascii: "%") {
                    name = name[0..<(count - 1)]
                } else if count >= 2, name[count - 2] == UInt8(ascii: "%") {
                    name = name[0..<(count - 2)]
                }
            }
            PercentDecoding.decode(name, plusIsSpace: plusIsSpace, into: &decoded)
            return decoded.withReader {
                Self.split($0, at: 0, acceptsDots: acceptsDots, maximumDepth: limits.maximumDepth, into: &components)
            }
        }
        guard case .tooDeep = result else { return }
        let text = URLEncodedFormDecodingError.shortened(String(decoding: decoded, as: UTF8.self))
        throw URLEncodedFormDecodingError.keyTooDeep(key: text, limit: limits.maximumDepth)
    }

    private func keyText(_ key: Range<Int>) -> String {
        URLEncodedFormDecodingError.shortened(String(decoding: tree.bytes[key], as: UTF8.self))
    }

    // MARK: Key paths

    enum SplitResult {
        case path, malformed, tooDeep
    }

    /// Splits `key` into the ranges of its components (offset by `base`): the name before any
    /// bracket, which may be empty, then each bracketed or dotted name. An empty range after the
    /// first is `[]`.
    /// Escaped punctuation (`%5B`, `%5b`) was decoded before, so it is punctuation too, as qs,
    /// Rails, PHP and Vapor read it.
    static func split(
        _ key: ByteReader,
        at base: Int,
        acceptsDots: Bool,
        maximumDepth: Int,
        into components: inout [Range<Int>]
    ) -> SplitResult {
        let openBracket = UInt8(ascii: "[")
        let closeBracket = UInt8(ascii: "]")
        let dot = UInt8(ascii: ".")
        let end = key.count
        var index = 0
        while index < end, key[index] != openBracket, !(acceptsDots && key[index] == dot) {
            if key[index] == closeBracket { return .malformed }
            index += 1
        }
        guard maximumDepth >= 1 else { return .tooDeep }
        guard index < end else {
            components.append(base..<(base + end))
            return .path
        }
        // An empty name before the first bracket or dot is the empty name's path: `[]=x` is
        // `{"": ["x"]}`, as the encoder writes it (and Alamofire).
        components.append(base..<(base + index))
        while index < end {
            guard components.count < maximumDepth else { return .tooDeep }
            let start = index + 1
            var next = start
            if key[index] == openBracket {
                while next < end, key[next] != closeBracket {
                    if key[next] == openBracket { return .malformed }
                    next += 1
                }
                guard next < end else { return .malformed }
                components.append((base + start)..<(base + next))
                index = next + 1
            } else if acceptsDots, key[index] == dot {
                while next < end, key[next] != dot, key[next] != openBracket {
                    if key[next] == closeBracket { return .malformed }
                    next += 1
                }
                guard next > start else { return .malformed }
                components.append((base + start)..<(base + next))
                index = next
            } else {
                return .malformed
            }
        }
        return .path
    }

    // MARK: Nodes

    /// Walks or builds the nodes for `components` and stores the value at the end.
    ///
    /// One name holds an array however the form writes its elements, in the order they come: `[]`
    /// and repeated names append, and an index in brackets names an element, so jQuery's
    /// `a[]=1&a[1][b]=2` and `a=b&a[0]=c` are arrays of two. Names that are not indices make an
    /// object, which cannot also hold elements.
    private mutating func insert(
        _ components: [Range<Int>],
        value: Range<Int>,
        flags: FormTree.ValueFlags,
        key: Range<Int>
    ) throws {
        var node = FormTree.root
        let last = components.count - 1
        var index = 0
        while index < min(previousPathLength, last), sharesName(previousPath[index], components[index]) {
            node = previousPath[index]
            index += 1
        }
        previousPathLength = index
        var recordsPath = true
        while index <= last {
            let component = components[index]
            defer { index += 1 }
            if index > 0, component.isEmpty {
                recordsPath = false
                // `[]`: append to an array, or to its last element.
                try makeArray(node, key: key)
                tree.markRepeatedName(node, false)
                if index == last {
                    if allowsEmptyArrays, flags.contains(.bare) {
                        // The array, made and left empty.
                        if tree[node].kind == .unset { tree.prepare(node, as: .array) }
                        return
                    }
                    try appendScalar(to: node, value: value, flags: flags, key: key)
                    return
                }
                let lastElement = tree[node].lastChild
                if lastElement >= 0, addsToElement(lastElement, components[(index + 1)...]) {
                    node = lastElement
                } else {
                    try checkRoom(in: node, key: key)
                    node = tree.appendElement(to: node)
                }
                continue
            }
            let child: Int
            if replacesConflicts, tree[node].kind == .scalar || tree[node].kind == .array, !isIndex(component) {
                // A name under what held a value or a list: the object replaces it.
                tree.prepare(node, as: .object)
            }
            switch tree[node].kind {
            case .scalar, .array:
                // An index after a value or an array names an element (jQuery's `a[1][b]`).
                guard index > 0, isIndex(component) else { throw URLEncodedFormDecodingError.conflictingKey(keyText(key)) }
                try makeArray(node, key: key)
                tree.markRepeatedName(node, false)
                if let element = tree.bytes.withReader({ tree.member(of: node, named: $0[component]) }) {
                    child = element
                } else {
                    try checkRoom(in: node, key: key)
                    child = tree.namedElement(of: node, keyAt: component).element
                    if component.upperBound > decodedStart { keptDecodedName = true }
                }
            case .unset, .object:
                let (member, created) = tree.member(of: node, keyAt: component)
                if created, component.upperBound > decodedStart { keptDecodedName = true }
                child = member
            }
            node = child
            if recordsPath, index < last {
                if previousPathLength < previousPath.count {
                    previousPath[previousPathLength] = node
                } else {
                    previousPath.append(node)
                }
                previousPathLength += 1
            }
            if index == last {
                switch tree[node].kind {
                case .unset:
                    tree.setScalar(node, value: value, flags: flags)
                case .object where replacesConflicts && !allMembersAreIndices(node):
                    // A value where an object was: the value replaces it.
                    tree.setScalar(node, value: value, flags: flags)
                case .scalar, .array, .object:
                    // A repeated name (`a=1&a=2`) appends, as `[]` does. The array stays one
                    // made only by repeats while every pair gave it the name alone.
                    let onlyRepeats = tree[node].kind == .scalar || tree[node].flags.contains(.repeatedName)
                    try makeArray(node, key: key)
                    tree.markRepeatedName(node, onlyRepeats)
                    try appendScalar(to: node, value: value, flags: flags, key: key)
                }
            }
        }
    }

    /// Whether `node` is the one a name equal to `bytes[component]` leads to: its key is that name.
    private func sharesName(_ node: Int, _ component: Range<Int>) -> Bool {
        let key = tree[node].key
        guard key.count == component.count else { return false }
        return tree.bytes.withReader { $0[key].equals($0[component]) }
    }

    /// Makes `node` an array that more elements can be appended to: a value becomes the first
    /// element, and an object whose members are all indices (`a[0][x]=1`) becomes an array of
    /// them. Any other object conflicts.
    private mutating func makeArray(_ node: Int, key: Range<Int>) throws {
        switch tree[node].kind {
        case .unset, .array:
            break
        case .scalar:
            try promote(node, key: key)
        case .object:
            if allMembersAreIndices(node) {
                tree.convertIndexedObjectToArray(node)
            } else if replacesConflicts {
                // A list where an object was: the list replaces it.
                tree.prepare(node, as: .array)
            } else {
                throw URLEncodedFormDecodingError.conflictingKey(keyText(key))
            }
        }
    }

    private func allMembersAreIndices(_ object: Int) -> Bool {
        var member = tree[object].firstChild
        while member >= 0 {
            guard isIndex(tree[member].key) else { return false }
            member = tree[member].nextSibling
        }
        return true
    }

    /// Whether `bytes[name]` is an index as jQuery and qs write one: `0`, or digits without a
    /// leading zero, short enough to be a position.
    private func isIndex(_ name: Range<Int>) -> Bool {
        guard !name.isEmpty, name.count <= 18 else { return false }
        return tree.bytes.withReader { bytes in
            let digits = bytes[name]
            guard digits[0] != UInt8(ascii: "0") || digits.count == 1 else { return false }
            return digits.allSatisfy { $0 &- UInt8(ascii: "0") < 10 }
        }
    }

    /// Whether `a[][x]=…` belongs to the array's last element rather than a new one. It does unless
    /// that element cannot hold the path or already has all of it, Rails' rule: so
    /// `a[][x]=1&a[][y]=2&a[][x]=3` is `[{x: 1, y: 2}, {x: 3}]`. An element that is an array is
    /// never added to: each `a[][]` pair starts a new inner array, as PHP and Rack read it
    /// (`a[][]=1&a[][]=2` is `[["1"], ["2"]]`).
    private func addsToElement(_ element: Int, _ rest: ArraySlice<Range<Int>>) -> Bool {
        guard let first = rest.first else { return false }
        switch (tree[element].kind, first.isEmpty) {
        case (.object, false), (.unset, false): break
        default: return false
        }
        var node = element
        for component in rest {
            if component.isEmpty { return true }
            let member = tree.bytes.withReader { tree.member(of: node, named: $0[component]) }
            guard let member else { return true }
            node = member
        }
        return false
    }

    private mutating func promote(_ node: Int, key: Range<Int>) throws {
        try checkRoom(in: node, key: key, adding: 2)
        tree.promoteScalarToArray(node)
    }

    private mutating func appendScalar(
        to array: Int,
        value: Range<Int>,
        flags: FormTree.ValueFlags,
        key: Range<Int>
    ) throws {
        try checkRoom(in: array, key: key)
        let element = tree.appendElement(to: array)
        tree.setScalar(element, value: value, flags: flags)
    }

    private func checkRoom(in array: Int, key: Range<Int>, adding count: Int = 1) throws {
        // `length + count` is at most the number of nodes plus two, so it cannot overflow, whatever
        // the limit is set to.
        let length = tree[array].kind == .array ? tree[array].childCount : 0
        guard length + count <= limits.maximumArrayLength else {
            throw URLEncodedFormDecodingError.arrayTooLong(key: keyText(key), limit: limits.maximumArrayLength)
        }
    }
}
