/// Writes the tree a ``ValueTree`` built as `application/x-www-form-urlencoded` pairs, in
/// one walk, through a ``PairWriter``: as text, and as unescaped pairs for query items when
/// `Items` records them.
///
/// The tree has settled every question of place (a key written twice, a container made twice,
/// elements written in any order), so the walk visits each member and element once, in order,
/// and decides what the pairs are called: ``memberStep(_:depth:)`` for a member,
/// ``elementStep(index:position:isValue:ownBrackets:)`` for an element, one case per array
/// style, and ``writeJoined(_:_:after:)`` for the elements a separator joins. A scalar is one
/// pair; a container opens a level of the writer's path.
struct FormSerializer<Items: PairItems>: ~Copyable {
    /// Why the walk left something unwritten, which the encoder throws.
    enum Failure {
        /// A container at this node nests deeper than the encoder's maximum depth.
        case tooDeep(node: Int)
        /// A character the legacy charset lacks, with ``URLEncodedFormCharset/numericReferences`` off.
        case reference(node: Int, scalar: Unicode.Scalar)
        /// An element joined by the separator holds it, which a query item cannot escape.
        case separatorInElement(node: Int, separator: UInt8)
        /// The last element of an array that one before it, which wrote nothing, left a gap
        /// before, under ``URLEncodedFormIndexGaps/error``.
        case indexGap(node: Int)
    }

    private let nodes: [ValueTree.Node]
    private var writer: PairWriter<Items>
    /// The encoder's options as the walk acts on them (``URLEncodedFormEncoder/rules``).
    private let rules: EncodingRules
    /// The closure of ``URLEncodedFormEncoder/ArrayEncoding-swift.enum/custom(_:)``.
    private let customElementKey: (@Sendable (_ key: String, _ index: Int) -> String)?
    /// ``URLEncodedFormEncoder/keyEncoding``, `nil` when it leaves names as they are.
    private let keyEncoding: URLEncodedFormEncoder.KeyEncoding?
    /// ``URLEncodedFormEncoder/keyPathEncoding``, whose custom case holds a closure.
    private let keyPathEncoding: URLEncodedFormEncoder.KeyPathEncoding.Style
    /// The first reason something was left unwritten.
    private(set) var failure: Failure?

    init(
        nodes: [ValueTree.Node],
        options: borrowing URLEncodedFormEncoder,
        output: consuming ByteWriter,
        path: consuming ByteWriter,
        members: consuming ByteWriter,
        items: consuming Items
    ) {
        self.nodes = nodes
        rules = options.rules
        customElementKey = if case .custom(let encode) = options.arrayEncoding { encode } else { nil }
        keyEncoding = options.keyEncoding.isIdentity ? nil : options.keyEncoding
        keyPathEncoding = options.keyPathEncoding.style
        writer = PairWriter(rules: rules, escaper: options.escaper, output: output, path: path, members: members, items: items)
    }

    /// Calls `body` with the form text of the tree, whose root must be an object (or empty), and
    /// returns the pairs `Items` recorded.
    mutating func serialize(_ body: (ByteReader) -> Void) -> Items {
        if nodes[ValueTree.root].kind == .object {
            writeMembers(of: ValueTree.root, depth: 0)
        }
        writer.finish(body)
        return writer.items
    }

    // MARK: Containers

    /// Writes the members of `object`, at `depth`, in the order they were first written (the
    /// writer sorts them when asked to).
    private mutating func writeMembers(of object: Int, depth: Int) {
        var child = Int(nodes[object].firstChild)
        while child >= 0 {
            // A member that was never written takes no name, so its name closure never runs.
            let kind = nodes[child].kind
            if kind == .scalar, let spelling = keySpelling(depth: depth) {
                // Most members: one pair, named by the key the tree holds, borrowed. A step
                // holding the key retained and released it (the small, medium and rows
                // encodes; Benchmarks/README.md, Shortcuts).
                writer.beginPair(member: nodes[child].key, spelling)
                appendValue(of: child)
                writer.endPair()
                noteReference(in: child)
            } else if kind != .unset {
                write(child, as: memberStep(nodes[child].key, depth: depth), depth: depth &+ 1)
            }
            child = Int(nodes[child].nextSibling)
        }
    }

    /// Writes the elements of `array`, at `depth`, in the order of their coding indices, each at
    /// its place among the elements that wrote something (or its coding index, where kept).
    private mutating func writeElements(of array: Int, depth: Int) {
        // jQuery writes the values of a top-level name that ends in `[]` under that name alone.
        let ownBrackets =
            rules.elementKeys == .jQuery && nodes[array].parent == Int32(ValueTree.root) && nodes[array].key.hasSuffix("[]")
        var position = 0
        var joinEnd = -1
        var lastWritten = -1
        var child = Int(nodes[array].firstChild)
        while child >= 0 {
            let kind = nodes[child].kind
            let isValue = kind == .scalar || kind == .bare
            if case .separator(let separator) = rules.elementKeys, isValue {
                joinEnd = writeJoined(child, separator, after: joinEnd)
                position &+= 1
                lastWritten = child
            } else if kind != .unset {
                let step = elementStep(index: Int(nodes[child].index), position: position, isValue: isValue, ownBrackets: ownBrackets)
                if write(child, as: step, depth: depth &+ 1) {
                    position &+= 1
                    lastWritten = child
                }
            }
            child = Int(nodes[child].nextSibling)
        }
        // Indices only grow and positions count the elements written, so the last element written
        // is at its coding index exactly when no element before it wrote nothing: one check an
        // array, rather than one an element.
        if rules.refusesGaps, lastWritten >= 0, Int(nodes[lastWritten].index) != position &- 1 { fail(.indexGap(node: lastWritten)) }
    }

    /// Writes `node`, a member or element at `depth` that `step` names: one pair for a scalar, or
    /// a level with its children for a container. Returns whether it wrote anything.
    @inline(__always)
    @discardableResult
    private mutating func write(_ node: Int, as step: PathStep, depth: Int) -> Bool {
        switch nodes[node].kind {
        case .unset:
            return false
        case .scalar:
            writer.beginPair(step)
            appendValue(of: node)
            writer.endPair()
        case .bare:
            writer.beginPair(step, bare: true)
            writer.endPair()
        case .emptyArray, .array, .object:
            return writeContainer(node, as: step, depth: depth)
        }
        noteReference(in: node)
        return true
    }

    /// Writes the container `node` inside a level that `step` opens; returns whether it wrote
    /// anything. Out of line: the walk recurses here, and the scalars stay in their loop.
    @inline(never)
    private mutating func writeContainer(_ node: Int, as step: PathStep, depth: Int) -> Bool {
        guard depth < rules.maximumDepth else {
            fail(.tooDeep(node: node))
            return false
        }
        let outer = writer.open(step)
        switch nodes[node].kind {
        case .object: writeMembers(of: node, depth: depth)
        case .array: writeElements(of: node, depth: depth)
        default:
            // Its name and `[]` alone, whatever the array encoding; `%5B%5D` under the empty name.
            writer.beginPair(.emptyBrackets, bare: true)
            writer.endPair()
        }
        let wrote = writer.close(restoring: outer)
        noteReference(in: node)
        return wrote
    }

    // MARK: Names

    /// The step of the member `key` of an object at `depth`: its name alone at the top level,
    /// else as the key path encoding joins it. The name closures run here, once per name.
    @inline(__always)
    private func memberStep(_ key: String, depth: Int) -> PathStep {
        let name = keyEncoding?.encode(key) ?? key
        guard depth > 0 else { return .name(name) }
        switch keyPathEncoding {
        case .brackets: return .bracketed(name)
        case .dots: return .dotted(name)
        case .custom(let encode): return .custom(encode(name))
        }
    }

    /// How a member at `depth` spells its coding key when it is written as it is: `nil` when a
    /// name closure makes the text (``URLEncodedFormEncoder/keyEncoding``, a custom key path
    /// encoding), which ``memberStep(_:depth:)`` runs.
    @inline(__always)
    private func keySpelling(depth: Int) -> PathStep.MemberSpelling? {
        guard keyEncoding == nil else { return nil }
        guard depth > 0 else { return .name }
        switch keyPathEncoding {
        case .brackets: return .bracketed
        case .dots: return .dotted
        case .custom: return nil
        }
    }

    /// The step of an element: each array style's keys, decided here alone. `index` is the
    /// element's coding index, `position` its place among the elements that wrote something.
    @inline(__always)
    private func elementStep(index: Int, position: Int, isValue: Bool, ownBrackets: Bool) -> PathStep {
        switch rules.elementKeys {
        case .emptyBrackets:
            return .emptyBrackets
        case .none:
            return .none
        case .index:
            return .index(rules.keepsPositions ? index : position)
        case .jQuery:
            // jQuery indexes the elements that are objects or arrays, by their place in the
            // array, the ones that write nothing counted; values take `[]`.
            if !isValue { return .index(index) }
            return ownBrackets ? .none : .emptyBrackets
        case .htmlForm:
            // A form repeats a value's name; a row that is an object or array needs its index.
            return isValue ? .none : .index(rules.keepsPositions ? index : position)
        case .separator:
            // Values are joined (``writeJoined(_:_:after:)``); the others are keyed as brackets
            // key them, so that an array of arrays is one pair per row.
            return .emptyBrackets
        case .custom:
            let path = String(decoding: writer.rawPath, as: UTF8.self)
            return .whole(customElementKey?(path, rules.keepsPositions ? index : position) ?? path)
        }
    }

    /// Writes the value `element` joined to the pair of the values before it when nothing was
    /// written since that pair ended at `joinEnd`, or else starts the pair, named by the array's
    /// path; a bare name is an empty element. Returns where the pair ends now.
    private mutating func writeJoined(_ element: Int, _ separator: UInt8, after joinEnd: Int) -> Int {
        if writer.writtenCount == joinEnd {
            writer.appendSeparator(separator)
        } else {
            writer.beginJoinedPair(separator)
        }
        if nodes[element].kind == .scalar { appendValue(of: element) }
        writer.endPair()
        if Items.records, writer.items.joinedSeparator { fail(.separatorInElement(node: element, separator: separator)) }
        noteReference(in: element)
        return writer.writtenCount
    }

    @inline(__always)
    private mutating func appendValue(of node: Int) {
        writer.appendValue(nodes[node].scalar)
    }

    // MARK: Failures

    @inline(__always)
    private mutating func noteReference(in node: Int) {
        if rules.refusesReferences, let scalar = writer.firstReference { fail(.reference(node: node, scalar: scalar)) }
    }

    private mutating func fail(_ failure: Failure) {
        if self.failure == nil { self.failure = failure }
    }
}
