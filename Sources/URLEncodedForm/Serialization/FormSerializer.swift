/// Writes the tree a ``FormTreeBuilder`` built as `application/x-www-form-urlencoded` bytes, in
/// one walk, through a ``PairWriter``.
///
/// The tree has settled every question of place (a key written twice, a container made twice,
/// an element that wrote nothing), so the walk opens each member and element once, in order. A
/// scalar is written as one pair straight from its parent's level; only containers open levels.
struct FormSerializer: ~Copyable {
    private let nodes: [FormTreeBuilder.Node]
    private var writer: PairWriter
    private let allowsEmptyArrays: Bool
    /// Whether an element is keyed by its coding index (``URLEncodedFormEncoder/IndexGaps/keepPositions``).
    private let keepsPositions: Bool
    /// Whether a character the legacy charset lacks is an error rather than a reference
    /// (``Charset/numericReferences`` off).
    private let refusesReferences: Bool
    /// The first node whose text held such a character, and the character.
    private(set) var firstReference: (node: Int, scalar: Unicode.Scalar)?

    init(
        nodes: [FormTreeBuilder.Node],
        options: borrowing URLEncodedFormEncoder,
        output: consuming ByteWriter,
        path: consuming ByteWriter,
        members: consuming ByteWriter
    ) {
        self.nodes = nodes
        allowsEmptyArrays = options.allowsEmptyArrays
        keepsPositions = options.indexGaps == .keepPositions
        refusesReferences = options.charset.isLegacy && !options.charset.numericReferences
        writer = PairWriter(options: options, output: output, path: path, members: members)
    }

    /// Calls `body` with the form text of the tree, whose root must be an object (or empty).
    mutating func serialize(_ body: (ByteReader) -> Void) {
        if nodes[FormTreeBuilder.root].kind == .object {
            writeChildren(of: FormTreeBuilder.root)
        }
        writer.finish(body)
    }

    /// Writes the content of the container `node` inside the level opened for it.
    private mutating func write(_ node: Int) {
        switch nodes[node].kind {
        case .unset:
            break
        case .scalar:
            writer.beginPair()
            appendValue(of: node)
        case .bare:
            writer.beginPair()
            writer.dropEquals()
        case .array where allowsEmptyArrays && nodes[node].firstChild < 0 && !nodes[node].holdsElements:
            writer.writeEmptyArray()
        case .array, .object:
            writeChildren(of: node)
        }
    }

    private mutating func appendValue(of node: Int) {
        switch nodes[node].scalar {
        case .text(let text): writer.appendValue(text)
        case .signed(let value): writer.appendValue(decimal: value)
        case .unsigned(let value): writer.appendValue(decimal: value)
        }
    }

    /// Members in the order they were first written (the writer sorts them when asked to);
    /// elements in order, each at its place among the elements that wrote something.
    private mutating func writeChildren(of node: Int) {
        let isObject = nodes[node].kind == .object
        var position = 0
        // Under `.jQuery` and `.keepPositions` the tree keeps an element for every coding index,
        // so this is it.
        var index = 0
        var child = Int(nodes[node].firstChild)
        while child >= 0 {
            let kind = nodes[child].kind
            if kind == .scalar || kind == .bare {
                if isObject {
                    writer.beginMemberPair(nodes[child].key)
                } else {
                    writer.beginElementPair(at: keepsPositions ? index : position)
                }
                if kind == .scalar { appendValue(of: child) } else { writer.dropEquals() }
                writer.endPair()
                position &+= 1
            } else if kind != .unset {
                // The level this one is opened from stays here, on the walk's own stack.
                let outer =
                    if isObject {
                        writer.openMember(nodes[child].key)
                    } else {
                        writer.openElement(at: keepsPositions ? index : position, index: index)
                    }
                write(child)
                if writer.close(restoring: outer) { position &+= 1 }
            }
            if refusesReferences, firstReference == nil, let scalar = writer.firstReference {
                firstReference = (child, scalar)
            }
            index &+= 1
            child = Int(nodes[child].nextSibling)
        }
    }
}
