/// The streaming encoder: each scalar is written as an escaped `name=value` pair as soon as it is
/// encoded, with no tree in between.
///
/// Every container gets a *scope*, a record of where it hangs (its parent and its key or index).
/// A scope is opened in the ``PairWriter`` only when something is written inside it, so an array
/// element that writes nothing takes no place, as in Alamofire. For
/// `struct Order { var id = 7; var items = [Item(name: "x")] }`:
///
/// ```
/// scope 0  root, open                 id=7 is written at once (no scope)
/// scope 1  member "items" of 0        made by encode(items, forKey:): open, as the tree makes
///                                     a member when its container is made
/// scope 2  element 0 of 1             made by the unkeyed container: pending
///          Item writes name=x        → opens 2, then writes items%5B%5D%5Bname%5D=x
/// ```
///
/// Synthesized `Codable` code uses its containers one inside the other, which streams exactly.
/// What the tree does differently is detected, and the stream gives up (``needsTree``); the
/// writer then replays what the stream was told (``replay(into:)``) into a ``FormTreeBuilder``,
/// whose output is the reference, byte-identical to Alamofire's, and continues there:
/// - a key written twice in one object (first position, last value; containers merged);
/// - a container written to again after something outside it was written;
/// - a value of one kind written where another kind was, and a top level that is not keyed.
///
/// An element takes its place when it first writes: the next place after the elements that wrote
/// something, or its coding index when ``URLEncodedFormEncoder/indexGaps`` keeps positions. All
/// its later writes stay there, so the members of one element always share its index.
struct FormPairStream: ~Copyable {
    var writer: PairWriter
    /// Set when the value must continue in the tree (after ``replay(into:)``); nothing more is
    /// written.
    private(set) var needsTree = false

    /// The root scope; the same slot as the tree's root node, so containers need not know which
    /// one they write to.
    static let root = FormTree.root

    private struct Scope {
        enum State: UInt8 {
            /// Made, and not part of the form until something is written inside.
            case pending
            /// A level of the writer, tagged with this scope.
            case open
            /// Closed, or written as a scalar: writing there again needs the tree.
            case done
        }

        // 32-bit numbers keep the log compact: one entry is written per scope and per scalar,
        // and the array's growth copies them (measured: 72-byte entries cost the large encode 4%).
        private var parentNumber: Int32
        private var indexNumber: Int32
        private var elementsWrittenNumber: Int32 = 0
        var state: State
        /// `.object` or `.array` once a child is written.
        var kind = FormTree.Kind.unset
        /// Whether an unkeyed container was made for it, under `allowsEmptyArrays`: left empty,
        /// it is written `name[]`.
        var isArray = false
        /// Whether an element was encoded into it, under `allowsEmptyArrays`: such an array is not
        /// empty even if its elements write nothing (`[{}]` writes nothing, as in qs).
        var hasElements = false
        /// The member's coding key; empty for an element.
        var key: String
        /// What the entry records: a scope, or a write the replay repeats in its place.
        var event: Event

        init(parent: Int, key: String, index: Int, state: State, event: Event = .scope) {
            parentNumber = Int32(truncatingIfNeeded: parent)
            indexNumber = Int32(truncatingIfNeeded: index)
            self.key = key
            self.state = state
            self.event = event
        }

        var parent: Int { Int(parentNumber) }
        /// The element's coding index; -1 for a member.
        var index: Int { Int(indexNumber) }
        /// The elements that wrote something, which is the next element's place.
        var elementsWritten: Int {
            get { Int(elementsWrittenNumber) }
            set { elementsWrittenNumber = Int32(truncatingIfNeeded: newValue) }
        }
    }

    /// One entry of `scopes`. Every scope and every write the stream was told of is kept in the
    /// order it came, so that ``replay(into:)`` can tell a tree the same things without running
    /// user code again. A write names its target by `parent` (the scope) and `key` or `index`.
    private enum Event {
        /// A scope: the member `key` or element `index` of `parent`.
        case scope
        /// A scalar written to the member `key` or element `index` of `parent`, or, when
        /// `index` is ``slotIndex``, to the scope `parent` itself.
        case scalar(FormScalar)
        /// A name written alone, to the same targets.
        case bare
        /// ``markArray(_:)`` of `parent`.
        case array
    }

    /// The `index` of a write to a scope's own slot.
    private static let slotIndex = -2

    /// Arrays made while pending (``markArray(_:)``), written `name[]` before the next pair if
    /// nothing was written into them by then.
    private var pendingArrays: [Int] = []

    private var scopes: [Scope] = []
    /// Whether an element's place is its coding index (``URLEncodedFormEncoder/IndexGaps/keepPositions``)
    /// rather than the next place after the elements that wrote something.
    private let keepsPositions: Bool

    init(options: borrowing URLEncodedFormEncoder) {
        writer = PairWriter(options: options, expectedBytes: 256, findsRepeatedKeys: true)
        keepsPositions = options.indexGaps == .keepPositions
        // Room for the scopes and writes of a typical object, so the log does not grow one by one.
        scopes.reserveCapacity(16)
        scopes.append(Scope(parent: -1, key: "", index: -1, state: .open))
    }

    // MARK: Scopes

    /// The scope of the member `key` of `object`, for a value that encodes itself.
    mutating func member(of object: Int, key: String) -> Int {
        if !pendingArrays.isEmpty { writePendingArrays() }
        addEntry(Scope(parent: object, key: key, index: -1, state: .pending))
        let scope = scopes.count &- 1
        switch scopes[object].state {
        case .open:
            // The tree makes the member now, so it takes its place among its siblings now.
            if !needsTree { _ = open(scope) }
        case .done:
            // Writing inside will need the tree; making it changes something only when the tree
            // turns a scalar or an array into an object for it.
            if scopes[object].kind != .object { needsTree = true }
        case .pending:
            break
        }
        return scope
    }

    /// Notes that an unkeyed container was made for `scope` (``URLEncodedFormEncoder/allowsEmptyArrays``).
    mutating func markArray(_ scope: Int) {
        addEntry(Scope(parent: scope, key: "", index: Self.slotIndex, state: .done, event: .array))
        guard !needsTree, scopes[scope].kind == .unset else { return }
        scopes[scope].isArray = true
        marksArrays = true
        guard scopes[scope].state == .pending else { return }
        pendingArrays.append(scope)
    }

    /// Writes `scope`, an array, as `name[]` when nothing was written into it. Out of line, so
    /// that closing a level stays small enough to inline (measured: 1% of the medium encode).
    @inline(never)
    private mutating func writeIfEmptyArray(_ scope: Int) {
        if scopes[scope].kind == .unset, !scopes[scope].hasElements { writer.writeEmptyArray() }
    }

    /// Whether ``markArray(_:)`` was called: only then can an open level be an empty array.
    private var marksArrays = false

    /// Closes every open level through `closeInnermost`, so an array that stayed empty is
    /// written, after the arrays made while pending.
    @inline(never)
    private mutating func closeLevelsForEmptyArrays() {
        if !pendingArrays.isEmpty { writePendingArrays() }
        while writer.depth > 1 { closeInnermost() }
    }

    /// Writes the arrays made while pending that are still empty, in the order they were made,
    /// so each takes its place before anything written after it.
    @inline(never)
    private mutating func writePendingArrays() {
        let arrays = pendingArrays
        pendingArrays.removeAll()
        for scope in arrays where scopes[scope].state == .pending && scopes[scope].kind == .unset && !scopes[scope].hasElements {
            // Opening it opens its pending parents; closing it writes it (``closeInnermost()``).
            guard open(scope) else { return }
            closeInnermost()
        }
    }

    /// The scope of element `index` of `array`, for a value that encodes itself.
    mutating func element(of array: Int, at index: Int) -> Int {
        // An array holding an element is not empty, even if the element writes nothing: `[[[]]]`
        // is `a[0][0][]`, `[{}]` nothing.
        if marksArrays { scopes[array].hasElements = true }
        addEntry(Scope(parent: array, key: "", index: index, state: .pending))
        return scopes.count &- 1
    }

    /// The coding path of `scope`, with the index each element was encoded at.
    func codingPath(of scope: Int) -> [any CodingKey] {
        var path: [any CodingKey] = []
        var current = scope
        while current > Self.root {
            let entry = scopes[current]
            path.append(entry.index < 0 ? FormCodingKey(entry.key) : FormCodingKey(index: entry.index))
            current = entry.parent
        }
        return path.reversed()
    }

    // MARK: Pairs

    /// Opens what `target` needs and writes `&`, its escaped path and `=`; the caller appends the
    /// value and calls ``endPair(_:)``. Returns `false`, writing nothing, once the tree is needed.
    mutating func beginPair(_ target: ScalarTarget) -> Bool {
        guard !needsTree else { return false }
        if !pendingArrays.isEmpty {
            // The array this element goes into is not empty: it must not be written so first.
            if case .element(_, let array) = target { scopes[array].hasElements = true }
            writePendingArrays()
        }
        switch target {
        case .member(let key, let object):
            guard activate(object), setKind(of: object, to: .object), writer.beginMemberPair(key) else {
                return useTree()
            }
        case .element(let index, let array):
            guard activate(array), let position = claimElement(at: index, in: array) else { return useTree() }
            writer.beginElementPair(at: position)
        case .slot(let scope):
            // A member is opened when made; it can still take a scalar while it holds nothing.
            guard scope != Self.root, scopes[scope].state != .done, scopes[scope].kind == .unset,
                activate(scope)
            else { return useTree() }
            writer.beginPair()
        }
        return true
    }

    /// Ends the pair ``beginPair(_:)`` started, whose value was `scalar` (`nil` for a name
    /// written alone), and logs the write.
    mutating func endPair(_ target: ScalarTarget, value scalar: consuming FormScalar?) {
        let event: Event = if let scalar = consume scalar { .scalar(scalar) } else { .bare }
        switch target {
        case .slot(let scope):
            closeInnermost()
            addEntry(Scope(parent: scope, key: "", index: Self.slotIndex, state: .done, event: event))
        case .member(let key, let object):
            writer.endPair()
            addEntry(Scope(parent: object, key: key, index: -1, state: .done, event: event))
        case .element(let index, let array):
            writer.endPair()
            addEntry(Scope(parent: array, key: "", index: index, state: .done, event: event))
        }
    }

    /// Appends a scope or a write to the log, growing it four times at a time: it holds an entry
    /// per scalar, and every growth copies it.
    private mutating func addEntry(_ entry: consuming Scope) {
        if scopes.count == scopes.capacity { scopes.reserveCapacity(scopes.count &* 4) }
        scopes.append(consume entry)
    }

    // MARK: Replay

    /// Tells `builder` every scope and write logged so far, in order, and returns the builder's
    /// slot for each entry of the log, so that containers holding a scope number go on writing
    /// into the tree. Called once, when the stream gives up.
    func replay(into builder: FormTreeBuilder) -> [Int] {
        var slots: [Int] = []
        slots.reserveCapacity(scopes.count &+ 16)
        slots.append(FormTree.root)
        for entry in scopes.dropFirst() {
            let parent = slots[entry.parent]
            let target: ScalarTarget =
                switch entry.index {
                case Self.slotIndex: .slot(parent)
                case -1: .member(entry.key, of: parent)
                default: .element(entry.index, of: parent)
                }
            switch entry.event {
            case .scope:
                slots.append(entry.index < 0 ? builder.member(of: parent, key: entry.key) : builder.element(of: parent, at: entry.index))
                continue
            case .scalar(let scalar): builder.write(scalar, to: target)
            case .bare: builder.writeBare(to: target)
            case .array: builder.markArray(parent)
            }
            // A write is no scope; its number is never used.
            slots.append(Int.min)
        }
        return slots
    }

    /// Closes every open scope and returns the form text.
    mutating func finish<Result>(_ body: (ByteReader) -> Result) -> Result {
        if marksArrays { closeLevelsForEmptyArrays() }
        return writer.finish(body)
    }

    // MARK: Opening and closing

    /// Makes `scope` the innermost open scope: closes the scopes inside it, or opens it and the
    /// pending scopes above it.
    private mutating func activate(_ scope: Int) -> Bool {
        if writer.innermostTag == scope { return true }
        switch scopes[scope].state {
        case .open:
            while writer.innermostTag != scope {
                closeInnermost()
            }
            return true
        case .pending:
            return open(scope)
        case .done:
            return useTree()
        }
    }

    private mutating func open(_ scope: Int) -> Bool {
        let parent = scopes[scope].parent
        guard activate(parent) else { return false }
        let index = scopes[scope].index
        if index < 0 {
            guard setKind(of: parent, to: .object), writer.openMember(scopes[scope].key, tag: scope) else {
                return useTree()
            }
        } else {
            guard let position = claimElement(at: index, in: parent) else { return useTree() }
            writer.openElement(at: position, index: index, tag: scope)
        }
        scopes[scope].state = .open
        return true
    }

    private mutating func closeInnermost() {
        let scope = writer.innermostTag
        if scopes[scope].isArray { writeIfEmptyArray(scope) }
        scopes[scope].state = .done
        writer.close()
    }

    private mutating func useTree() -> Bool {
        needsTree = true
        return false
    }

    /// The place of element `index` of `array`: the next one after the elements that wrote
    /// something, or `index` itself when positions are kept. Elements come in order, so a place
    /// already taken means a container made twice, which the tree merges.
    private mutating func claimElement(at index: Int, in array: Int) -> Int? {
        guard array != Self.root, setKind(of: array, to: .array) else { return nil }
        let next = scopes[array].elementsWritten
        guard index >= next else { return nil }
        let position = keepsPositions ? index : next
        scopes[array].elementsWritten = position &+ 1
        return position
    }

    private mutating func setKind(of scope: Int, to kind: FormTree.Kind) -> Bool {
        if scopes[scope].kind == .unset {
            scopes[scope].kind = kind
            return true
        }
        return scopes[scope].kind == kind
    }
}
