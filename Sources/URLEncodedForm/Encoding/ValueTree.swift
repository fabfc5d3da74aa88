/// The tree one `encode` call builds as its containers write: the value's shape, which
/// ``FormSerializer`` then writes as pairs in one walk. It is the encoder's only path from a value
/// to bytes, so user code and every closure run once.
///
/// Nodes live in one array and point at each other by index; keys and texts are kept as the
/// `String`s the containers were given, so building copies no bytes and escaping happens once,
/// in the walk. For `Order(id: 7, items: [Item(name: "x"), Item(name: nil), Item(name: "z")])`
/// under `.dropKey`:
///
/// ```
/// node kind    parent first next key     index value
/// 0    object  -1     1     -1                   the root
/// 1    scalar  0      -1    2    "id"           7
/// 2    array   0      3     -1   "items"
/// 3    object  2      4     5              0     items[0], made by its first write
/// 4    scalar  3      -1    -1   "name"         "x"
/// 5    object  2      6     -1             2     items[2]: items[1] wrote nothing and has no
/// 6    scalar  5      -1    -1   "name"         "z"    node; the walk writes this one at [1]
/// ```
///
/// The rules Alamofire's tree follows, each decided here and nowhere else:
/// - A member takes its place when its container is made or its value written; a key written
///   again names the same member, so it keeps its first place and takes the last value, and a
///   container made twice under one key merges into the first (an unkeyed one appends).
/// - An element is its coding index: it is made when it first writes (a *pending* slot until
///   then), among its array's elements in the order of their indices, whatever order they are
///   written in, and every later write of it, or a container made again at its index, goes to
///   the same node. One that writes nothing has no node; the walk decides what index each
///   element is written with.
/// - A value of another kind written to a node replaces what it held, in its place.
struct ValueTree {
    enum Kind: UInt8 {
        /// Nothing written yet: serializes to nothing, like an empty array or object.
        case unset
        case scalar
        /// A name written alone, without `=` (``URLEncodedFormEncoder/NilEncoding/bareKey``).
        case bare
        case array
        /// An array given no element, written `name[]`: made only under
        /// ``URLEncodedFormEncoder/allowsEmptyArrays``, and an array once it is given one.
        case emptyArray
        case object
    }

    struct Node {
        /// The member's coding key; empty for an element. Keys stay as they were coded:
        /// `keyEncoding` applies when they are written, so two keys it makes equal are two members.
        var key: String
        var scalar = FormScalar.signed(0)
        // 32-bit links keep a node at 72 bytes; an encode holds far fewer than 2^31 nodes.
        var parent: Int32 = -1
        var firstChild: Int32 = -1
        var lastChild: Int32 = -1
        var nextSibling: Int32 = -1
        var childCount: Int32 = 0
        /// An element's coding index; 0 for a member. It fits in what the layout left as
        /// padding, so a node stays 72 bytes.
        var index: Int32 = 0
        var kind = Kind.unset
        /// The key's length in UTF-8, truncated to a byte: the member scan compares it before the
        /// keys themselves, and reading it here is cheaper than asking the `String` again. It
        /// fits in padding, so a node stays 72 bytes.
        var keyLength: UInt8 = 0
        /// One bit per member key length (``bit(_:)``): a clear bit proves a key is new without
        /// a scan.
        var memberBits: UInt64 = 0
    }

    static let root = 0

    private(set) var nodes: [Node]

    /// Whether ``markArray(_:)`` was called, so arrays note the elements they are given.
    private var marksArrays = false

    init() {
        nodes = []
        nodes.reserveCapacity(64)
        nodes.append(Node(key: ""))
    }

    // MARK: Slots

    /// A member or element not made yet; containers name it by a negative slot, `-1 - i` for
    /// `pending[i]`.
    private struct PendingSlot {
        let parent: Int
        /// The member's coding key, or `nil` for the element at `index`.
        let key: String?
        let index: Int
        /// The node, once a write has made it.
        var node: Int32 = -1
    }

    private var pending: [PendingSlot] = []

    /// The slot of the member `key` of the object in `object`: its node when the object exists.
    /// For a value encoded under the key (`replacing`), a member that held something is emptied
    /// first, so that the key takes its last value, as in `JSONEncoder`; a container made under
    /// it again merges instead.
    mutating func member(of object: Int, key: String, replacing: Bool = false) -> Int {
        if let node = existingNode(object) {
            let member = memberNode(of: node, key: key)
            if replacing, nodes[member].kind != .unset { replaceContent(of: member, with: .unset) }
            return member
        }
        pending.append(PendingSlot(parent: object, key: key, index: 0))
        return -pending.count
    }

    /// The slot of element `index` of the array in `array`, made when something is written to it.
    mutating func element(of array: Int, at index: Int) -> Int {
        // An element makes the array no empty array, even one that writes nothing.
        if marksArrays, let node = existingNode(array), nodes[node].kind == .emptyArray { nodes[node].kind = .array }
        pending.append(PendingSlot(parent: array, key: nil, index: index))
        return -pending.count
    }

    /// The coding index the next element of the array in `slot` takes: after the last element
    /// it holds, so that an unkeyed container made again for an array appends to it, as
    /// `JSONEncoder`'s does, where starting again at 0 would write over the elements.
    func nextElementIndex(of slot: Int) -> Int {
        guard let node = existingNode(slot), nodes[node].kind == .array, nodes[node].lastChild >= 0 else { return 0 }
        return Int(nodes[Int(nodes[node].lastChild)].index) &+ 1
    }

    /// Makes the node of `slot` an array now, so that it takes its place even if it stays empty
    /// (``URLEncodedFormEncoder/allowsEmptyArrays``).
    mutating func markArray(_ slot: Int) {
        marksArrays = true
        let node = node(slot)
        if nodes[node].kind == .unset { nodes[node].kind = .emptyArray }
    }

    /// The coding path of `slot`: member keys, and each element's coding index, whether or not
    /// it has written yet.
    func codingPath(of slot: Int) -> [any CodingKey] {
        if let node = existingNode(slot) {
            var path: [any CodingKey] = []
            var current = node
            while current > Self.root {
                let parent = Int(nodes[current].parent)
                path.append(
                    nodes[parent].kind == .object
                        ? FormCodingKey(nodes[current].key) : FormCodingKey(index: Int(nodes[current].index)))
                current = parent
            }
            return path.reversed()
        }
        let entry = pending[-1 &- slot]
        return codingPath(of: entry.parent) + [entry.key.map { FormCodingKey($0) } ?? FormCodingKey(index: entry.index)]
    }

    private func existingNode(_ slot: Int) -> Int? {
        if slot >= 0 { return slot }
        let node = pending[-1 &- slot].node
        return node >= 0 ? Int(node) : nil
    }

    /// The node of `slot`, made now if it is pending, and kept for every later write.
    @inline(__always)
    private mutating func node(_ slot: Int) -> Int {
        // Most slots are nodes already: inline, they cost no call into the recursive part, whose
        // entry and exit save and restore registers (the small and medium encodes; Benchmarks/README.md, Shortcuts).
        slot >= 0 ? slot : pendingNode(slot)
    }

    private mutating func pendingNode(_ slot: Int) -> Int {
        let index = -1 &- slot
        let entry = pending[index]
        if entry.node >= 0 { return Int(entry.node) }
        let parent = node(entry.parent)
        let node = if let key = entry.key { memberNode(of: parent, key: key) } else { elementNode(of: parent, at: entry.index) }
        pending[index].node = Int32(truncatingIfNeeded: node)
        return node
    }

    private mutating func node(of target: ScalarTarget) -> Int {
        switch target {
        case .slot(let slot): node(slot)
        case .member(let key, let object): memberNode(of: node(object), key: key)
        case .element(let index, let array): elementNode(of: node(array), at: index)
        }
    }

    // MARK: Scalars

    /// Makes the node `target` names a scalar holding `scalar`, replacing what it held. A member
    /// or element written for the first time is made holding it, in one step.
    mutating func write(_ scalar: consuming FormScalar, to target: consuming ScalarTarget) {
        let node: Int
        // Consumed, so that a new member's node takes the target's key without a copy.
        switch consume target {
        case .slot(let slot):
            node = self.node(slot)
        case .member(let key, let object):
            let parent = self.node(object)
            let length = key.utf8.count
            guard let existing = lookUpMember(of: parent, key: key, length: length) else {
                addMember(Node(key: key, scalar: scalar, kind: .scalar, keyLength: UInt8(truncatingIfNeeded: length)), to: parent)
                return
            }
            node = existing
        case .element(let index, let array):
            let parent = self.node(array)
            guard let existing = existingElement(of: parent, at: index) else {
                addElement(Node(key: "", scalar: scalar, kind: .scalar), to: parent, at: index)
                return
            }
            node = existing
        }
        prepare(node, as: .scalar)
        nodes[node].scalar = scalar
    }

    /// Makes the node `target` names a name written alone, without `=`.
    mutating func writeBare(to target: ScalarTarget) {
        prepare(node(of: target), as: .bare)
    }

    // MARK: Nodes

    /// Makes `node` hold `kind`; a node that held something else is emptied first, as a value of
    /// another kind written to a path replaces what was there.
    @inline(__always)
    private mutating func prepare(_ node: Int, as kind: Kind) {
        let current = nodes[node].kind
        guard current != kind else { return }
        // A node made a moment ago holds nothing to empty.
        if current == .unset { nodes[node].kind = kind } else { replaceContent(of: node, with: kind) }
    }

    private mutating func replaceContent(of node: Int, with kind: Kind) {
        if nodes[node].childCount >= MemberIndex.threshold, nodes[node].kind == .object {
            var child = Int(nodes[node].firstChild)
            while child >= 0 {
                memberIndex[IndexedMember(object: Int32(truncatingIfNeeded: node), key: nodes[child].key)] = nil
                child = Int(nodes[child].nextSibling)
            }
        }
        nodes[node].kind = kind
        nodes[node].firstChild = -1
        nodes[node].lastChild = -1
        nodes[node].childCount = 0
        nodes[node].memberBits = 0
    }

    /// The member of `object` named `key`, made at the end when absent.
    private mutating func memberNode(of object: Int, key: String) -> Int {
        let length = key.utf8.count
        return lookUpMember(of: object, key: key, length: length)
            ?? addMember(Node(key: key, keyLength: UInt8(truncatingIfNeeded: length)), to: object)
    }

    /// The member of `object` named `key` if it has one; makes `object` an object.
    /// `length` is the key's length in UTF-8, which the caller keeps in the node it adds when
    /// the key is new, so that a key is counted once.
    private mutating func lookUpMember(of object: Int, key: String, length: Int) -> Int? {
        prepare(object, as: .object)
        if nodes[object].childCount >= MemberIndex.threshold {
            return memberIndex[IndexedMember(object: Int32(truncatingIfNeeded: object), key: key)].map(Int.init)
        }
        guard nodes[object].memberBits & Self.bit(length: length) != 0 else { return nil }
        let shortLength = UInt8(truncatingIfNeeded: length)
        var child = Int(nodes[object].firstChild)
        while child >= 0 {
            // Only keys of the same length can be equal: comparing the stored lengths first
            // spares `==` its call for each of the others.
            if nodes[child].keyLength == shortLength, nodes[child].key == key { return child }
            child = Int(nodes[child].nextSibling)
        }
        return nil
    }

    /// Adds `member`, whose key ``lookUpMember(of:key:length:)`` did not find, at the end of
    /// `object`. The node comes with its `keyLength`.
    @discardableResult
    private mutating func addMember(_ member: consuming Node, to object: Int) -> Int {
        let count = Int(nodes[object].childCount)
        // The length modulo 256 picks the same bit as the whole length: the bits are 64.
        nodes[object].memberBits |= Self.bit(length: Int(member.keyLength))
        // Small objects, nearly all, make no index entry.
        guard count >= MemberIndex.threshold - 1 else { return appendChild(member, to: object) }
        let indexKey = IndexedMember(object: Int32(truncatingIfNeeded: object), key: member.key)
        let node = appendChild(member, to: object)
        if count == MemberIndex.threshold - 1 { indexMembers(of: object) } else { memberIndex[indexKey] = Int32(truncatingIfNeeded: node) }
        return node
    }

    /// Element `index` of `array`, made in its place when absent.
    private mutating func elementNode(of array: Int, at index: Int) -> Int {
        existingElement(of: array, at: index) ?? addElement(Node(key: ""), to: array, at: index)
    }

    /// The element of `array` made for coding index `index`, if any: a container made twice at
    /// one index merges into it. Makes `array` an array.
    private mutating func existingElement(of array: Int, at index: Int) -> Int? {
        prepare(array, as: .array)
        let last = Int(nodes[array].lastChild)
        // Elements are written in order nearly always: the last one, or a new one after it.
        guard last >= 0, Int(nodes[last].index) >= index else { return nil }
        if Int(nodes[last].index) == index { return last }
        var child = Int(nodes[array].firstChild)
        while Int(nodes[child].index) < index { child = Int(nodes[child].nextSibling) }
        return Int(nodes[child].index) == index ? child : nil
    }

    /// Adds `element`, whose index ``existingElement(of:at:)`` did not find, among the elements
    /// of `array` in the order of their coding indices.
    @discardableResult
    private mutating func addElement(_ element: consuming Node, to array: Int, at index: Int) -> Int {
        element.index = Int32(truncatingIfNeeded: index)
        let last = Int(nodes[array].lastChild)
        guard last >= 0, Int(nodes[last].index) > index else { return appendChild(element, to: array) }
        return insertElement(element, into: array)
    }

    /// Links `element` into `array` before the first element with a higher coding index: an
    /// element written after one encoded later than it. Out of line, as it is rare.
    @inline(never)
    private mutating func insertElement(_ element: consuming Node, into array: Int) -> Int {
        let child = nodes.count
        let link = Int32(truncatingIfNeeded: child)
        var previous = -1
        var next = Int(nodes[array].firstChild)
        while nodes[next].index < element.index {
            previous = next
            next = Int(nodes[next].nextSibling)
        }
        element.parent = Int32(truncatingIfNeeded: array)
        element.nextSibling = Int32(truncatingIfNeeded: next)
        nodes.append(element)
        if previous >= 0 { nodes[previous].nextSibling = link } else { nodes[array].firstChild = link }
        nodes[array].childCount &+= 1
        return child
    }

    // Inline in its two callers: as a call, its entry and exit cost more than its work (the
    // small and medium encodes; Benchmarks/README.md, Shortcuts).
    @discardableResult
    @inline(__always)
    private mutating func appendChild(_ node: consuming Node, to parent: Int) -> Int {
        let child = nodes.count
        let link = Int32(truncatingIfNeeded: child)
        // Growing four times at a time: every growth copies every node (the large encode;
        // Benchmarks/README.md, Shortcuts).
        if child == nodes.capacity { nodes.reserveCapacity(child &* 4) }
        node.parent = Int32(truncatingIfNeeded: parent)
        nodes.append(node)
        let last = Int(nodes[parent].lastChild)
        if last >= 0 { nodes[last].nextSibling = link }
        Self.link(link, to: &nodes[parent])
        return child
    }

    /// Makes `child` the last child of `parent`, in one access to it.
    private static func link(_ child: Int32, to parent: inout Node) {
        if parent.lastChild < 0 { parent.firstChild = child }
        parent.lastChild = child
        parent.childCount &+= 1
    }

    // MARK: Large objects

    /// An object's member in `memberIndex`, where an object of ``MemberIndex/threshold`` members
    /// or more keeps every member.
    private struct IndexedMember: Hashable {
        var object: Int32
        var key: String
    }

    // Not `[:]`, which calls `Dictionary(dictionaryLiteral:)` in every encode.
    private var memberIndex = [IndexedMember: Int32]()

    private mutating func indexMembers(of object: Int) {
        var child = Int(nodes[object].firstChild)
        while child >= 0 {
            memberIndex[IndexedMember(object: Int32(truncatingIfNeeded: object), key: nodes[child].key)] =
                Int32(truncatingIfNeeded: child)
            child = Int(nodes[child].nextSibling)
        }
    }

    /// The bit of `memberBits` a key of `length` UTF-8 bytes sets, a length a native `String`
    /// stores: it tells apart most keys of one object for nothing, and a clear bit proves a key
    /// new without a scan, where hashing each key's bytes would cost every encode more than the
    /// scans it spares.
    private static func bit(length: Int) -> UInt64 {
        1 &<< UInt64(truncatingIfNeeded: length & 63)
    }
}
