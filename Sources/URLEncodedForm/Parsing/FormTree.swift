/// The ordered tree between bytes and values: the parser builds it, the reader reads it. (The
/// encoder builds its own, leaner tree of the `String`s it is given: ``ValueTree``.)
///
/// Nodes live in one array and point at each other by index, and every key and scalar value lives
/// as a byte range in one shared buffer, so the tree costs a handful of allocations however many
/// fields it has. Members keep the order they were first written in.
///
/// The parser starts the buffer with the input itself, so keys and values that need no decoding
/// are ranges of the input. `a[b]=1&a[c][]=x&a[c][]=y&d=2+3` becomes:
///
/// ```
/// bytes   a[b]=1&a[c][]=x&a[c][]=y&d=2+3
///         0         1         2
///         0123456789012345678901234567890
///
/// node kind    parent first last next count position key    value  flags
/// 0    object  -1     1     6    -1   2     0                       the root: {a, d}
/// 1    object  0      2     3    6    2     0        0..<1          a: {b, c}
/// 2    scalar  1      -1    -1   3    0     0        2..<3  5..<6   a[b] = "1"
/// 3    array   1      4     5    -1   2     1        9..<10         a[c]: [x, y]
/// 4    scalar  3      -1    -1   5    0     0               14..<15 a[c][0] = "x"
/// 5    scalar  3      -1    -1   -1   0     1               23..<24 a[c][1] = "y"
/// 6    scalar  0      -1    -1   -1   0     1        25..<26 27..<30 escaped  d = "2 3"
/// ```
///
/// - A member's key is the first spelling met (`a` at `0..<1`); the second `a[c]` finds node 3
///   again by its key hash rather than adding a node.
/// - Children are a linked list (`firstChild`, `nextSibling`), so appending is O(1) and order is
///   kept; `position` is an element's index, which the coding path reports.
/// - `2+3` keeps its raw bytes and the `.escaped` flag: it is percent-decoded (`+` as a space)
///   only when a decoder reads it.
/// - A name cannot hold both members and list elements: `a[b]=1&a[]=x` is refused by the parser
///   with an error naming `a[]`, rather than guessing which one the form meant; under
///   `dialect.conflictingKeys = .last` one object holds both, the elements named by their indices
///   (``convertArrayToObject(_:)``), as PHP reads it.
/// - An array element can have a name too: an index in brackets, as jQuery writes an element that
///   is an object (`a[]=1&a[1][b]=2` is `["1", {b: "2"}]`). The element keeps the index as its
///   key, so that later pairs find it again; its place is still its position.
struct FormTree {
    enum Kind: UInt8 {
        /// Nothing written yet: serializes to nothing, like an empty array or object.
        case unset
        case scalar
        case array
        case object
    }

    /// What the parser learned about a scalar's bytes or a node.
    struct ValueFlags: OptionSet {
        var rawValue: UInt8
        /// The bytes still hold `%XX` escapes or a `+`, and are decoded when read.
        static let escaped = ValueFlags(rawValue: 1)
        /// The pair had no `=`: a bare name such as `?verbose`.
        static let bare = ValueFlags(rawValue: 2)
        /// An array made only by a plain name given more than once (`a=1&a=2`), not by `[]` or an
        /// index: one value under ``URLEncodedFormDecoder/DuplicateKeys-swift.enum/last``
        /// where nothing asks for an array (``URLEncodedFormValue``).
        static let repeatedName = ValueFlags(rawValue: 8)
        /// An array some of whose elements are named by an index (`a[]=x&a[3]=y`): each element
        /// has a position, its index or the one after the largest before it, which the reader
        /// keeps as ``URLEncodedFormDecoder/indexGaps`` says.
        static let namedElements = ValueFlags(rawValue: 16)
    }

    struct Node {
        var kind: Kind = .unset
        var flags: ValueFlags = []
        var parent: Int
        var firstChild = -1
        var lastChild = -1
        var nextSibling = -1
        var childCount = 0
        /// Position among the parent's children; the coding-path index of an array element.
        var position: Int
        /// The member's key in `bytes` (object members only).
        var key: Range<Int> = 0..<0
        var keyHash: UInt32 = 0
        /// The scalar's text in `bytes`.
        var value: Range<Int> = 0..<0
        /// One bit per member key hash: a clear bit proves a key is new without a scan.
        var memberHashBits: UInt64 = 0
        /// The previous member of the same object in the same hash index slot (indexed objects only).
        var sameSlotPrevious = -1
    }

    static let root = 0

    private(set) var nodes: [Node]
    /// Key and scalar bytes, raw (not escaped): the input, borrowed or copied, then decoded names.
    var bytes: FormBytes
    private var memberIndex = [MemberSlot: Int]()

    /// Index slots are keyed by a seeded SipHash of the member's key (`Hasher`), not by the key
    /// hash (``hash(_:)``): keys come from untrusted input when decoding, and that hash's
    /// collisions can be made at will.
    private struct MemberSlot: Hashable {
        var object: Int
        var keyHash: Int
    }

    init(expectedNodes: Int = 16, expectedBytes: Int = 256) {
        self.init(bytes: FormBytes(capacity: expectedBytes), expectedNodes: expectedNodes)
    }

    /// A tree whose buffer starts with `bytes`, so that scalars can point into the parsed input.
    init(bytes: FormBytes, expectedNodes: Int) {
        nodes = []
        nodes.reserveCapacity(expectedNodes)
        nodes.append(Node(parent: -1, position: 0))
        self.bytes = bytes
    }

    /// A tree of no nodes, not even the root, that allocates nothing: what a parser holds once
    /// its tree has been taken (``FormParser/finish(inputLength:)``).
    private init(holdingNothing: Void) {
        nodes = []
        bytes = FormBytes(borrowing: .empty)
    }

    /// Moves the tree out of `tree`, which is left holding no nodes and nothing allocated.
    static func take(_ tree: inout FormTree) -> FormTree {
        var taken = FormTree(holdingNothing: ())
        swap(&taken, &tree)
        return taken
    }

    subscript(node: Int) -> Node { nodes[node] }

    var nodeCount: Int { nodes.count }

    // MARK: Building

    /// Makes `node` hold `kind`; a node that held something else is emptied first, as writing a
    /// different kind of value to a path replaces what was there.
    @inline(__always)
    mutating func prepare(_ node: Int, as kind: Kind) {
        let current = nodes[node].kind
        guard current != kind else { return }
        if current == .unset {
            // A node only ever made has nothing to empty: no children, flags or index entries.
            nodes[node].kind = kind
        } else {
            replaceContent(of: node, with: kind)
        }
    }

    /// Takes the members (or named elements) of `node` out of the hash index, if they are in it.
    private mutating func removeMembersFromIndex(of node: Int) {
        guard isIndexed(node) else { return }
        var child = nodes[node].firstChild
        while child >= 0 {
            if !nodes[child].key.isEmpty { memberIndex[slot(of: child, in: node)] = nil }
            child = nodes[child].nextSibling
        }
    }

    private mutating func replaceContent(of node: Int, with kind: Kind) {
        removeMembersFromIndex(of: node)
        nodes[node].kind = kind
        nodes[node].flags.subtract([.namedElements, .repeatedName])
        nodes[node].firstChild = -1
        nodes[node].lastChild = -1
        nodes[node].childCount = 0
        nodes[node].memberHashBits = 0
    }

    /// The member of `object` whose key equals `bytes[key]`, created at the end with that range as
    /// its key when absent.
    mutating func member(of object: Int, keyAt key: Range<Int>) -> (member: Int, created: Bool) {
        let (member, created) = namedChild(of: object, as: .object, keyAt: key)
        guard created else { return (member, false) }
        indexNamedMember(member, of: object)
        return (member, true)
    }

    /// Puts the member just named in the object's hash index once the object is large enough:
    /// every member when the last one makes it so, after that each new one. Inlined up to the
    /// count's check, which most objects fail, so that they make no call per member.
    @inline(__always)
    private mutating func indexNamedMember(_ member: Int, of object: Int) {
        if nodes[object].childCount >= MemberIndex.threshold { indexLargeObjectMember(member, of: object) }
    }

    private mutating func indexLargeObjectMember(_ member: Int, of object: Int) {
        let count = nodes[object].childCount
        if count == MemberIndex.threshold, nodes[object].lastChild == member {
            var existing = nodes[object].firstChild
            while existing >= 0 {
                addToIndex(existing, of: object)
                existing = nodes[existing].nextSibling
            }
        } else if count > MemberIndex.threshold {
            addToIndex(member, of: object)
        }
    }

    /// The child of `parent`, made `kind`, named `bytes[key]`; created at the end when absent.
    private mutating func namedChild(of parent: Int, as kind: Kind, keyAt key: Range<Int>) -> (child: Int, created: Bool) {
        prepare(parent, as: kind)
        let (hash, existing) = findMember(of: parent, keyAt: key)
        if let existing {
            return (existing, false)
        }
        let child = appendChild(to: parent)
        nodes[child].key = key
        nodes[child].keyHash = hash
        nodes[parent].memberHashBits |= Self.memberBit(hash)
        return (child, true)
    }

    /// Adds to `object` a last member named `bytes[key]` holding the scalar `bytes[value]`, made
    /// whole in one step, and returns `true`; returns `false`, changing nothing, when the object
    /// has a member of that name already. The parser's path for a name met for the first time:
    /// one node written once, rather than made, then named, then given its value (the small and
    /// medium decodes; Benchmarks/README.md, Shortcuts).
    mutating func addScalarMember(to object: Int, keyAt key: Range<Int>, value: Range<Int>, flags: ValueFlags) -> Bool {
        prepare(object, as: .object)
        let (hash, existing) = findMember(of: object, keyAt: key)
        guard existing == nil else { return false }
        var node = Node(parent: object, position: nodes[object].childCount)
        node.kind = .scalar
        node.flags = flags
        node.key = key
        node.keyHash = hash
        node.value = value
        let member = appendChild(node)
        nodes[object].memberHashBits |= Self.memberBit(hash)
        indexNamedMember(member, of: object)
        return true
    }

    /// A new element at the end of `array`.
    mutating func appendElement(to array: Int) -> Int {
        prepare(array, as: .array)
        return appendChild(to: array)
    }

    /// A new last element of `array` holding the scalar `bytes[value]`, its node written whole as
    /// ``addScalarMember(to:keyAt:value:flags:)`` writes a member's (`tags[]=a`: the sign-up
    /// decode; Benchmarks/README.md, Shortcuts).
    mutating func appendScalarElement(to array: Int, value: Range<Int>, flags: ValueFlags) {
        prepare(array, as: .array)
        var node = Node(parent: array, position: nodes[array].childCount)
        node.kind = .scalar
        node.flags = flags
        node.value = value
        _ = appendChild(node)
    }

    /// The element of `array` named `bytes[key]`, an index in brackets; created at the end with
    /// that name when absent.
    ///
    /// Named elements are always in the hash index: an array gets one only from a form that mixes
    /// `[]` and `[i]`, and its unnamed elements are never looked up.
    mutating func namedElement(of array: Int, keyAt key: Range<Int>) -> (element: Int, created: Bool) {
        let (element, created) = namedChild(of: array, as: .array, keyAt: key)
        if created { addToIndex(element, of: array) }
        nodes[array].flags.insert(.namedElements)
        return (element, created)
    }

    /// Makes the object `node`, whose members are all named by indices, an array of those members
    /// in the order they came, for a `[]` or a repeated name after `a[0]` (jQuery's
    /// `a[0][x]=1&a[]=2`). The members keep their names, so `a[0]` still finds its element.
    mutating func convertIndexedObjectToArray(_ node: Int) {
        if nodes[node].childCount < MemberIndex.threshold {
            var member = nodes[node].firstChild
            while member >= 0 {
                addToIndex(member, of: node)
                member = nodes[member].nextSibling
            }
        }
        nodes[node].kind = .array
        nodes[node].flags.insert(.namedElements)
    }

    /// Makes the array `node` an object whose members are its elements named by their indices,
    /// for an array that a later pair gives names under
    /// ``URLEncodedFormDecoder/ConflictingKeys-swift.enum/last``, as PHP's arrays hold a list and
    /// names together: an element named by an index (`a[5]`) keeps it, any other takes the index
    /// after the largest before it (`0`, `1`, …), its digits written at the end of ``bytes``.
    /// Returns the index the next `[]` takes, or `nil`, with the array left as it was, when two
    /// elements would have one index (`a[]=x&a[0]=y`).
    mutating func convertArrayToObject(_ node: Int) -> Int? {
        precondition(nodes[node].kind == .array, "not an array")
        // Each element's index, found before anything changes; only named elements can collide.
        let checksCollisions = nodes[node].flags.contains(.namedElements)
        var taken = Set<Int>()
        var indices: [Int] = []
        indices.reserveCapacity(nodes[node].childCount)
        var next = 0
        var child = nodes[node].firstChild
        while child >= 0 {
            let index = nodes[child].key.isEmpty ? next : indexValue(ofKey: nodes[child].key)
            if checksCollisions {
                guard taken.insert(index).inserted else { return nil }
            }
            indices.append(index)
            next = max(next, index &+ 1)
            child = nodes[child].nextSibling
        }
        // The named elements' index entries go: the object indexes its members anew.
        removeMembersFromIndex(of: node)
        nodes[node].kind = .object
        nodes[node].flags.subtract([.repeatedName, .namedElements])
        nodes[node].memberHashBits = 0
        child = nodes[node].firstChild
        for index in indices {
            var key = nodes[child].key
            if key.isEmpty {
                let start = bytes.count
                bytes.appendDecimal(index)
                key = start..<bytes.count
            }
            nameMember(child, of: node, keyAt: key)
            child = nodes[child].nextSibling
        }
        return next
    }

    /// Whether `bytes[key]` is an index as jQuery and qs write one: `0`, or digits without a
    /// leading zero, short enough to be a position. The parser reads a name so when it builds the
    /// tree, and an untyped value when it decides what is a list. Inlined into the parser's
    /// insertion, which asks it for every indexed name, as when the parser held it itself (the
    /// instruction counts of `Benchmarks/Instructions/count.sh decode`).
    @inline(__always)
    func isIndex(key: Range<Int>) -> Bool {
        guard !key.isEmpty, key.count <= 18 else { return false }
        return bytes.withReader { bytes in
            let digits = bytes[key]
            guard digits[0] != UInt8(ascii: "0") || digits.count == 1 else { return false }
            return digits.allSatisfy { $0 &- UInt8(ascii: "0") < 10 }
        }
    }

    /// The number `bytes[key]` spells, an index: digits alone, at most 18 of them, so no
    /// overflow (``isIndex(key:)``, which names every element that has a name).
    func indexValue(ofKey key: Range<Int>) -> Int {
        bytes.withReader { bytes in
            bytes[key].reduce(0) { $0 &* 10 &+ Int($1 &- UInt8(ascii: "0")) }
        }
    }

    /// Gives the object `node` a new last member named `index`, the digits written at the end of
    /// ``bytes``, which no member of it has: the next index of an object that a later pair gives
    /// `[]`, under ``URLEncodedFormDecoder/ConflictingKeys-swift.enum/last`` (see
    /// ``convertArrayToObject(_:)``).
    mutating func appendIndexedMember(to node: Int, index: Int) -> Int {
        precondition(nodes[node].kind == .object, "not an object")
        let start = bytes.count
        bytes.appendDecimal(index)
        let member = appendChild(to: node)
        nameMember(member, of: node, keyAt: start..<bytes.count)
        return member
    }

    /// Names the child `member` of the object `node` by `bytes[key]`, a name no other member has,
    /// and indexes it as ``member(of:keyAt:)`` would.
    private mutating func nameMember(_ member: Int, of node: Int, keyAt key: Range<Int>) {
        let hash = bytes.withReader { Self.hash($0[key]) }
        nodes[member].key = key
        nodes[member].keyHash = hash
        nodes[member].sameSlotPrevious = -1
        nodes[node].memberHashBits |= Self.memberBit(hash)
        indexNamedMember(member, of: node)
    }

    /// Makes `node` a scalar whose text is `bytes[value]`.
    mutating func setScalar(_ node: Int, value: Range<Int>, flags: ValueFlags) {
        prepare(node, as: .scalar)
        nodes[node].value = value
        nodes[node].flags = flags
    }

    /// Notes whether the array `node` is made only by a plain name given more than once
    /// (``ValueFlags/repeatedName``).
    mutating func markRepeatedName(_ node: Int, _ isRepeatedName: Bool) {
        if isRepeatedName {
            nodes[node].flags.insert(.repeatedName)
        } else {
            nodes[node].flags.remove(.repeatedName)
        }
    }

    /// Turns the scalar `node` into an array whose one element holds the scalar, for a key that
    /// arrives a second time (`a=1&a=2`).
    mutating func promoteScalarToArray(_ node: Int) {
        let value = nodes[node].value
        let flags = nodes[node].flags
        prepare(node, as: .array)
        let element = appendChild(to: node)
        setScalar(element, value: value, flags: flags)
    }

    private mutating func appendChild(to parent: Int) -> Int {
        appendChild(Node(parent: parent, position: nodes[parent].childCount))
    }

    /// Appends `node`, whose parent and position are set, as its parent's last child.
    @inline(__always)
    private mutating func appendChild(_ node: Node) -> Int {
        let parent = node.parent
        let child = nodes.count
        nodes.append(node)
        if nodes[parent].lastChild >= 0 {
            nodes[nodes[parent].lastChild].nextSibling = child
        } else {
            nodes[parent].firstChild = child
        }
        nodes[parent].lastChild = child
        nodes[parent].childCount += 1
        return child
    }

    /// The member of `object` whose key is `key`, or the element of an array so named, without
    /// adding anything.
    func member(of object: Int, named key: ByteReader) -> Int? {
        switch nodes[object].kind {
        case .object, .array: findMember(of: object, key: key, hash: Self.hash(key))
        case .scalar, .unset: nil
        }
    }

    /// Whether the members (or named elements) of `node` are in the hash index.
    private func isIndexed(_ node: Int) -> Bool {
        switch nodes[node].kind {
        case .object: nodes[node].childCount >= MemberIndex.threshold
        case .array: nodes[node].memberHashBits != 0
        case .scalar, .unset: false
        }
    }

    /// The hash of the key `bytes[key]`, and the member of `object` with that key, if any.
    @inline(__always)
    private func findMember(of object: Int, keyAt key: Range<Int>) -> (hash: UInt32, existing: Int?) {
        bytes.withReader { bytes in
            let key = bytes[key]
            let hash = Self.hash(key)
            return (hash, findMember(of: object, key: key, hash: hash))
        }
    }

    private func findMember(of object: Int, key: ByteReader, hash: UInt32) -> Int? {
        guard nodes[object].memberHashBits & Self.memberBit(hash) != 0 else { return nil }
        if isIndexed(object) {
            var candidate = memberIndex[MemberSlot(object: object, keyHash: Self.indexHash(key))] ?? -1
            while candidate >= 0 {
                if keyEquals(candidate, key) { return candidate }
                candidate = nodes[candidate].sameSlotPrevious
            }
            return nil
        }
        var candidate = nodes[object].firstChild
        while candidate >= 0 {
            if nodes[candidate].keyHash == hash, keyEquals(candidate, key) { return candidate }
            candidate = nodes[candidate].nextSibling
        }
        return nil
    }

    private mutating func addToIndex(_ member: Int, of object: Int) {
        let slot = slot(of: member, in: object)
        nodes[member].sameSlotPrevious = memberIndex[slot] ?? -1
        memberIndex[slot] = member
    }

    private func slot(of member: Int, in object: Int) -> MemberSlot {
        let key = nodes[member].key
        let hash = bytes.withReader { Self.indexHash($0[key]) }
        return MemberSlot(object: object, keyHash: hash)
    }

    private func keyEquals(_ member: Int, _ key: ByteReader) -> Bool {
        let range = nodes[member].key
        guard range.count == key.count else { return false }
        return bytes.withReader { $0[range].equals(key) }
    }

    private static func indexHash(_ key: ByteReader) -> Int {
        var hasher = Hasher()
        key.hash(into: &hasher)
        return hasher.finalize()
    }

    /// A key's hash, computed once per key: the top half of a multiply per 8 bytes, with the
    /// length as the seed. It only filters scans of objects too small to index, so collisions cost
    /// at most one scan of 31 members. A key shorter than 8 bytes is read as two overlapping
    /// halves (4 to 7 bytes) or three bytes (1 to 3), and a longer one's last word overlaps the
    /// one before it: no loop over bytes, whose chain of multiplies FNV-1a waited on byte by byte
    /// (the small and medium decodes; Benchmarks/README.md, Shortcuts).
    static func hash(_ bytes: ByteReader) -> UInt32 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        let count = bytes.count
        var hash = UInt64(truncatingIfNeeded: count) &* multiplier
        if count >= 8 {
            var index = 0
            while index < count &- 8 {
                // `index + 8 < count`: the word is inside the bytes.
                hash = (hash ^ bytes.word(unchecked: index)) &* multiplier
                index &+= 8
            }
            // `count >= 8`: the last 8 bytes.
            hash = (hash ^ bytes.word(unchecked: count &- 8)) &* multiplier
        } else if count >= 4 {
            // `4 <= count < 8`: both halves are inside the bytes.
            let word = UInt64(bytes.halfWord(unchecked: 0)) | UInt64(bytes.halfWord(unchecked: count &- 4)) &<< 32
            hash = (hash ^ word) &* multiplier
        } else if count > 0 {
            // `0 < count < 4`: the first, middle and last bytes.
            let word =
                UInt64(bytes.byte(unchecked: 0)) | UInt64(bytes.byte(unchecked: count &>> 1)) &<< 8
                | UInt64(bytes.byte(unchecked: count &- 1)) &<< 16
            hash = (hash ^ word) &* multiplier
        }
        // The top half: each of its bits depends on every bit multiplied in.
        return UInt32(truncatingIfNeeded: hash &>> 32)
    }

    /// The bit of ``Node/memberHashBits`` a key of hash `hash` sets: from the hash's top bits,
    /// which depend on all of the key.
    @inline(__always)
    private static func memberBit(_ hash: UInt32) -> UInt64 {
        1 &<< UInt64(hash &>> 26)
    }

    // MARK: Reading

    func keyString(of node: Int) -> String {
        bytes.string(nodes[node].key)
    }

    /// The coding path of `node` among `nodes`: a member's key, an element's position, or the name
    /// an element was given in brackets, as the form spells it.
    static func codingPath(of node: Int, nodes: (Int) -> Node, key: (Int) -> String) -> [any CodingKey] {
        var path: [any CodingKey] = []
        var current = node
        while current > Self.root {
            let parent = nodes(current).parent
            if !nodes(current).key.isEmpty || nodes(parent).kind == .object {
                path.append(FormCodingKey(key(current)))
            } else {
                path.append(FormCodingKey(index: nodes(current).position))
            }
            current = parent
        }
        return path.reversed()
    }
}
