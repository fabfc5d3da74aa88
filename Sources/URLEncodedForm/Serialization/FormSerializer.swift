/// Writes a ``FormTree`` as `application/x-www-form-urlencoded` bytes in one walk.
///
/// Each pair is `escaped key path` `=` `escaped value`, pairs joined by `&`. The escaped path of
/// the node being written is kept in a buffer that grows and shrinks with the walk, so each pair
/// copies its path instead of rebuilding it.
struct FormSerializer: ~Copyable {
    private let tree: FormTree
    private let escaper: PercentEscaper
    private let spaceAsPlus: Bool
    private let sortsMembers: Bool
    private let arrayEncoding: URLEncodedFormEncoder.ArrayEncoding
    private let keyPathEncoding: URLEncodedFormEncoder.KeyPathEncoding.Style
    private let keyEncoding: URLEncodedFormEncoder.KeyEncoding?
    /// A custom array encoding receives the unescaped path, so only then is it tracked too.
    private let tracksRawPath: Bool

    private var output: ByteBuffer
    private var path = ByteBuffer(capacity: 64)
    private var rawPath: [UInt8] = []
    /// Where each member's pairs lie in `output`, for sorting; a stack shared by all levels.
    private var segments: [Range<Int>] = []
    private var scratch: [UInt8] = []

    init(tree: FormTree, options: URLEncodedFormEncoder) {
        self.tree = tree
        escaper = options.escaper
        spaceAsPlus = if case .plusReplaced = options.spaceEncoding { true } else { false }
        sortsMembers = options.alphabetizeKeyValuePairs
        arrayEncoding = options.arrayEncoding
        keyPathEncoding = options.keyPathEncoding.style
        keyEncoding = options.keyEncoding.isIdentity ? nil : options.keyEncoding
        tracksRawPath = if case .custom = options.arrayEncoding { true } else { false }
        // Small trees get room for their worst case (every byte escaped), so the escaper never
        // grows the buffer; large ones start at one and a half times and grow as needed.
        let bytes = tree.bytes.count
        output = ByteBuffer(capacity: bytes <= Self.worstCaseReservationLimit ? bytes &* 3 &+ 64 : bytes &+ bytes / 2 &+ 64)
        if sortsMembers {
            // Room for the members of typical objects, so the stack does not grow one by one.
            segments.reserveCapacity(32)
        }
    }

    /// Calls `body` with the form text of the tree, whose root must be an object (or empty).
    mutating func serialize<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if tree[FormTree.root].kind == .object {
            writeMembers(of: FormTree.root)
        }
        return try body(output.bytes)
    }

    private static let worstCaseReservationLimit = 16 * 1024

    // MARK: Nodes

    private mutating func write(_ node: Int) {
        switch tree[node].kind {
        case .unset: break
        case .scalar: writePair(node)
        case .array: writeElements(of: node)
        case .object: writeMembers(of: node)
        }
    }

    private mutating func writePair(_ node: Int) {
        if !output.isEmpty {
            output.append(UInt8(ascii: "&"))
        }
        output.append(contentsOf: path.bytes)
        output.append(UInt8(ascii: "="))
        Self.escape(tree.bytes, tree[node].value, with: escaper, spaceAsPlus: spaceAsPlus, into: &output)
    }

    private mutating func writeMembers(of object: Int) {
        let mark = pathMark
        let firstSegment = segments.count
        let sortsMembers = sortsMembers && tree[object].childCount > 1
        var member = tree[object].firstChild
        while member >= 0 {
            appendMemberKey(member, isTopLevel: object == FormTree.root)
            let start = output.count
            write(member)
            if sortsMembers, output.count > start {
                // A member's first pair starts with `&` unless it is the first pair of all.
                segments.append((start == 0 ? 0 : start + 1)..<output.count)
            }
            restorePath(to: mark)
            member = tree[member].nextSibling
        }
        if sortsMembers {
            // Every member's text starts with this object's path, unless a custom array encoding
            // rewrote whole paths below it; comparisons can start after the shared part.
            sortSegments(from: firstSegment, sharedPrefix: tracksRawPath ? 0 : mark.escapedCount)
        }
    }

    /// Array elements keep their order, and an element's index is its position. The encoder makes
    /// an element only when something is written to it (see ``FormEncodingStorage``); one emptied
    /// afterwards takes no index.
    private mutating func writeElements(of array: Int) {
        let mark = pathMark
        var index = 0
        var element = tree[array].firstChild
        while element >= 0 {
            appendElementKey(index: index)
            let start = output.count
            write(element)
            if output.count > start {
                index += 1
            }
            restorePath(to: mark)
            element = tree[element].nextSibling
        }
    }

    // MARK: Sorting

    /// Orders the members written since `firstSegment` by their text, as Alamofire does: each
    /// member's pairs, already sorted inside, compared as one string.
    private mutating func sortSegments(from firstSegment: Int, sharedPrefix: Int) {
        let end = segments.count
        defer { segments.removeLast(end - firstSegment) }
        guard end - firstSegment > 1 else { return }
        let regionStart = segments[firstSegment].lowerBound

        // Sorted as a local, so the comparisons can read `output` meanwhile.
        var members: [Range<Int>] = []
        swap(&members, &segments)
        defer { swap(&members, &segments) }
        let text = output.bytes
        let moved = Self.sort(&members, in: firstSegment..<end) { Self.precedes(text, $0, $1, after: sharedPrefix) }
        guard moved else { return }

        // Members are written `first&second&…`, so the sorted ones fill exactly the same bytes.
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: output.bytes(in: regionStart..<output.count))
        let unsorted = scratch
        output.withMutableBytes { text in
            unsorted.withUnsafeBufferPointer { unsorted in
                var position = regionStart
                for member in members[firstSegment..<end] {
                    if position > regionStart {
                        text[position] = UInt8(ascii: "&")
                        position += 1
                    }
                    let source = UnsafeBufferPointer(
                        rebasing: unsorted[(member.lowerBound - regionStart)..<(member.upperBound - regionStart)]
                    )
                    _ = UnsafeMutableBufferPointer(rebasing: text[position..<(position + member.count)])
                        .initialize(fromContentsOf: source)
                    position += member.count
                }
            }
        }
    }

    /// Sorts `ranges[bounds]` and says whether anything moved. Objects are usually small and
    /// often already in order, where an insertion sort does least; large ones use the standard sort.
    private static func sort(
        _ ranges: inout [Range<Int>],
        in bounds: Range<Int>,
        by precedes: (Range<Int>, Range<Int>) -> Bool
    ) -> Bool {
        if bounds.count > 32 {
            let isSorted = zip(ranges[bounds], ranges[bounds].dropFirst()).allSatisfy { !precedes($1, $0) }
            if !isSorted { ranges[bounds].sort(by: precedes) }
            return !isSorted
        }
        var moved = false
        for index in bounds.dropFirst() {
            let item = ranges[index]
            var slot = index
            while slot > bounds.lowerBound, precedes(item, ranges[slot - 1]) {
                ranges[slot] = ranges[slot - 1]
                slot -= 1
            }
            if slot != index {
                ranges[slot] = item
                moved = true
            }
        }
        return moved
    }

    private static func precedes(
        _ text: UnsafeBufferPointer<UInt8>,
        _ a: Range<Int>,
        _ b: Range<Int>,
        after sharedPrefix: Int
    ) -> Bool {
        let length = min(a.count, b.count)
        var offset = sharedPrefix
        while offset < length {
            let left = text[a.lowerBound + offset]
            let right = text[b.lowerBound + offset]
            if left != right { return left < right }
            offset += 1
        }
        return a.count < b.count
    }

    // MARK: Paths

    /// Where the path stood before a child was appended, to return to it afterwards.
    private struct PathMark {
        var escapedCount: Int
        /// Whole copies, kept only under a custom array encoding, which replaces the path.
        var escaped: [UInt8] = []
        var raw: [UInt8] = []
    }

    private var pathMark: PathMark {
        tracksRawPath
            ? PathMark(escapedCount: path.count, escaped: Array(path.bytes), raw: rawPath)
            : PathMark(escapedCount: path.count)
    }

    private mutating func restorePath(to mark: PathMark) {
        path.removeLast(to: tracksRawPath ? 0 : mark.escapedCount)
        if tracksRawPath {
            path.append(contentsOf: mark.escaped)
            rawPath = mark.raw
        }
    }

    private mutating func appendMemberKey(_ member: Int, isTopLevel: Bool) {
        // The tree keeps coding keys as they are, so `keyEncoding` applies here, to each name on
        // its own; two keys it makes equal stay two members, as in Alamofire.
        let name = keyEncoding.map { Name.text($0.encode(tree.keyString(of: member))) } ?? .bytes(tree[member].key)
        if isTopLevel {
            appendToPath(name, rawPrefix: nil, rawSuffix: nil)
            return
        }
        switch keyPathEncoding {
        case .brackets:
            path.append(contentsOf: escaper.openBracket)
            appendToPath(name, rawPrefix: UInt8(ascii: "["), rawSuffix: UInt8(ascii: "]"))
            path.append(contentsOf: escaper.closeBracket)
        case .dots:
            path.append(contentsOf: escaper.dot)
            appendToPath(name, rawPrefix: UInt8(ascii: "."), rawSuffix: nil)
        case .custom(let encode):
            switch name {
            case .bytes: appendToPath(encode(tree.keyString(of: member)))
            case .text(let text): appendToPath(encode(text))
            }
        }
    }

    /// A member's name: its key in the tree, or the text `keyEncoding` made of it.
    private enum Name {
        case bytes(Range<Int>)
        case text(String)
    }

    private mutating func appendToPath(_ name: Name, rawPrefix: UInt8?, rawSuffix: UInt8?) {
        if tracksRawPath, let rawPrefix { rawPath.append(rawPrefix) }
        switch name {
        case .bytes(let key): appendToPath(key)
        case .text(let text): appendToPath(text)
        }
        if tracksRawPath, let rawSuffix { rawPath.append(rawSuffix) }
    }

    private mutating func appendToPath(_ key: Range<Int>) {
        let (escaper, spaceAsPlus) = (escaper, spaceAsPlus)
        tree.bytes.withUnsafeBufferPointer { bytes in
            escaper.escapeName(UnsafeBufferPointer(rebasing: bytes[key]), spaceAsPlus: spaceAsPlus, into: &path)
        }
        if tracksRawPath {
            rawPath.append(contentsOf: tree.bytes[key])
        }
    }

    private mutating func appendToPath(_ text: String) {
        escaper.escape(text, spaceAsPlus: spaceAsPlus, into: &path)
        if tracksRawPath {
            rawPath.append(contentsOf: text.utf8)
        }
    }

    private mutating func appendElementKey(index: Int) {
        // Under the empty name, `[]=x` would be no key path at all; repeating the name (`=x&=y`)
        // is the one way to write that array that reads back.
        if path.isEmpty, !tracksRawPath { return }
        switch arrayEncoding {
        case .brackets:
            path.append(contentsOf: escaper.emptyBrackets)
        case .noBrackets:
            break
        case .indexInBrackets:
            path.append(contentsOf: escaper.openBracket)
            path.appendDecimal(index)
            path.append(contentsOf: escaper.closeBracket)
        case .custom(let encode):
            let elementPath = encode(String(decoding: rawPath, as: UTF8.self), index)
            path.removeLast(to: 0)
            rawPath.removeAll(keepingCapacity: true)
            appendToPath(elementPath)
        }
    }

    private static func escape(
        _ bytes: [UInt8],
        _ range: Range<Int>,
        with escaper: PercentEscaper,
        spaceAsPlus: Bool,
        into target: inout ByteBuffer
    ) {
        bytes.withUnsafeBufferPointer { bytes in
            escaper.escape(UnsafeBufferPointer(rebasing: bytes[range]), spaceAsPlus: spaceAsPlus, into: &target)
        }
    }
}
