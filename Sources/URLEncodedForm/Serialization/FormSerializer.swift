/// Writes a ``FormTree`` as `application/x-www-form-urlencoded` bytes in one walk, through the
/// same ``PairWriter`` that the streaming encoder writes into.
///
/// The encoder builds a tree only for the values it cannot stream: a key written twice, a
/// container reopened after its siblings were written, an array element whose place depends on
/// later writes (see ``FormPairStream``, whose `needsTree` says when). The tree has resolved all of those, so its walk
/// opens each member and element once, in order.
struct FormSerializer: ~Copyable {
    private let tree: FormTree
    private var writer: PairWriter
    private let allowsEmptyArrays: Bool
    /// Whether an element is keyed by its coding index (``URLEncodedFormEncoder/IndexGaps/keepPositions``).
    private let keepsPositions: Bool

    /// A serializer of `tree`; `closureResults` are what the name closures returned while the
    /// encode streamed, used before calling them again.
    init(tree: FormTree, options: borrowing URLEncodedFormEncoder, closureResults: consuming ClosureResults? = nil) {
        self.tree = tree
        allowsEmptyArrays = options.allowsEmptyArrays
        keepsPositions = options.indexGaps == .keepPositions
        // Small trees get room for their worst case (every byte escaped), so the escaper never
        // grows the buffer; large ones start at one and a half times and grow as needed.
        let bytes = tree.bytes.count
        writer = PairWriter(
            options: options,
            expectedBytes: bytes <= Self.worstCaseReservationLimit ? bytes &* 3 &+ 64 : bytes &+ bytes / 2 &+ 64,
            findsRepeatedKeys: false,
            closureResults: closureResults
        )
    }

    private static let worstCaseReservationLimit = 16 * 1024

    /// Calls `body` with the form text of the tree, whose root must be an object (or empty).
    mutating func serialize<Result>(_ body: (ByteReader) throws -> Result) rethrows -> Result {
        if tree[FormTree.root].kind == .object {
            writeChildren(of: FormTree.root)
        }
        return try writer.finish(body)
    }

    private mutating func write(_ node: Int) {
        switch tree[node].kind {
        case .unset:
            break
        case .scalar:
            writer.beginPair()
            if tree[node].flags.contains(.bare) {
                writer.dropEquals()
                return
            }
            let value = tree[node].value
            tree.bytes.withReader { writer.appendValue($0[value]) }
        case .array where allowsEmptyArrays && tree[node].firstChild < 0 && !tree[node].flags.contains(.holdsElements):
            writer.writeEmptyArray()
        case .array, .object:
            writeChildren(of: node)
        }
    }

    /// Members in the order they were first written (the writer sorts them when asked to);
    /// elements in order, each at its place among the elements that wrote something.
    private mutating func writeChildren(of node: Int) {
        let isObject = tree[node].kind == .object
        var position = 0
        // Under `.jQuery` and `.keepPositions` the tree keeps an element for every coding index,
        // so this is it.
        var index = 0
        var child = tree[node].firstChild
        while child >= 0 {
            if isObject {
                _ = writer.openMember(tree.keyString(of: child))
            } else {
                writer.openElement(at: keepsPositions ? index : position, index: index)
            }
            write(child)
            if writer.close() {
                position &+= 1
            }
            index &+= 1
            child = tree[child].nextSibling
        }
    }
}
