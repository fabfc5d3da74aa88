/// The ordered tree between values and bytes.
///
/// Nodes live in one array and point at each other by index, and every key and scalar value lives
/// as a byte range in one shared buffer, so the tree costs a handful of allocations however many
/// fields it has. Members keep the order they were first written in.
struct FormTree {
    enum Kind: UInt8 {
        /// Nothing written yet: serializes to nothing, like an empty array or object.
        case unset
        case scalar
        case array
        case object
    }

    struct Node {
        var kind: Kind = .unset
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
        /// The previous member of the same object with the same key hash (indexed objects only).
        var sameHashPrevious = -1
    }

    /// An object with this many members gets a hash index instead of scans, so adding a key stays
    /// O(1) for large dictionaries.
    static let indexedMemberCount = 16
    static let root = 0

    private(set) var nodes: [Node]
    /// Key and scalar bytes, raw (not escaped).
    var bytes: [UInt8]
    private var memberIndex: [MemberSlot: Int] = [:]

    private struct MemberSlot: Hashable {
        var object: Int
        var hash: UInt32
    }

    init(expectedNodes: Int = 16, expectedBytes: Int = 256) {
        nodes = []
        nodes.reserveCapacity(expectedNodes)
        nodes.append(Node(parent: -1, position: 0))
        bytes = []
        bytes.reserveCapacity(expectedBytes)
    }

    subscript(node: Int) -> Node { nodes[node] }

    // MARK: Building

    /// Makes `node` hold `kind`; a node that held something else is emptied first, as writing a
    /// different kind of value to a path replaces what was there.
    @inline(__always)
    mutating func prepare(_ node: Int, as kind: Kind) {
        if nodes[node].kind != kind {
            replaceContent(of: node, with: kind)
        }
    }

    private mutating func replaceContent(of node: Int, with kind: Kind) {
        if nodes[node].kind == .object, nodes[node].childCount >= Self.indexedMemberCount {
            var child = nodes[node].firstChild
            while child >= 0 {
                memberIndex[MemberSlot(object: node, hash: nodes[child].keyHash)] = nil
                child = nodes[child].nextSibling
            }
        }
        nodes[node].kind = kind
        nodes[node].firstChild = -1
        nodes[node].lastChild = -1
        nodes[node].childCount = 0
        nodes[node].memberHashBits = 0
    }

    /// The member of `object` named `key`, created at the end when absent.
    ///
    /// A key written twice names the same member, so the later value replaces the earlier one in
    /// its original position.
    mutating func member(of object: Int, key: String) -> Int {
        prepare(object, as: .object)
        let keyStart = bytes.count
        var key = key
        let hash = key.withUTF8 { utf8 in
            bytes.append(contentsOf: utf8)
            return Self.hash(utf8)
        }
        let keyRange = keyStart..<bytes.count
        if let existing = findMember(of: object, key: keyRange, hash: hash) {
            bytes.removeLast(keyRange.count)
            return existing
        }
        let child = appendChild(to: object)
        nodes[child].key = keyRange
        nodes[child].keyHash = hash
        nodes[object].memberHashBits |= 1 << UInt64(hash & 63)
        let count = nodes[object].childCount
        if count == Self.indexedMemberCount {
            var member = nodes[object].firstChild
            while member >= 0 {
                addToIndex(member, of: object)
                member = nodes[member].nextSibling
            }
        } else if count > Self.indexedMemberCount {
            addToIndex(child, of: object)
        }
        return child
    }

    /// A new element at the end of `array`.
    mutating func appendElement(to array: Int) -> Int {
        prepare(array, as: .array)
        return appendChild(to: array)
    }

    /// Makes `node` a scalar whose text is `bytes[start...]`, the bytes just appended.
    mutating func setScalar(_ node: Int, from start: Int) {
        prepare(node, as: .scalar)
        nodes[node].value = start..<bytes.count
    }

    private mutating func appendChild(to parent: Int) -> Int {
        let child = nodes.count
        nodes.append(Node(parent: parent, position: nodes[parent].childCount))
        if nodes[parent].lastChild >= 0 {
            nodes[nodes[parent].lastChild].nextSibling = child
        } else {
            nodes[parent].firstChild = child
        }
        nodes[parent].lastChild = child
        nodes[parent].childCount += 1
        return child
    }

    private func findMember(of object: Int, key: Range<Int>, hash: UInt32) -> Int? {
        if nodes[object].childCount >= Self.indexedMemberCount {
            var candidate = memberIndex[MemberSlot(object: object, hash: hash)] ?? -1
            while candidate >= 0 {
                if keysEqual(nodes[candidate].key, key) { return candidate }
                candidate = nodes[candidate].sameHashPrevious
            }
            return nil
        }
        guard nodes[object].memberHashBits & (1 << UInt64(hash & 63)) != 0 else { return nil }
        var candidate = nodes[object].firstChild
        while candidate >= 0 {
            if nodes[candidate].keyHash == hash, keysEqual(nodes[candidate].key, key) { return candidate }
            candidate = nodes[candidate].nextSibling
        }
        return nil
    }

    private mutating func addToIndex(_ member: Int, of object: Int) {
        let slot = MemberSlot(object: object, hash: nodes[member].keyHash)
        nodes[member].sameHashPrevious = memberIndex[slot] ?? -1
        memberIndex[slot] = member
    }

    private func keysEqual(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        guard a.count == b.count else { return false }
        return bytes.withUnsafeBufferPointer { bytes in
            UnsafeBufferPointer(rebasing: bytes[a]).elementsEqual(UnsafeBufferPointer(rebasing: bytes[b]))
        }
    }

    /// FNV-1a: short keys, computed once per write, only compared within one object.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return hash
    }

    // MARK: Reading

    func keyString(of node: Int) -> String {
        String(decoding: bytes[nodes[node].key], as: UTF8.self)
    }

    func valueString(of node: Int) -> String {
        String(decoding: bytes[nodes[node].value], as: UTF8.self)
    }

    /// The coding path from the root to `node`, rebuilt only when someone asks for it.
    func codingPath(of node: Int) -> [any CodingKey] {
        var path: [any CodingKey] = []
        var current = node
        while current > Self.root {
            let parent = nodes[current].parent
            if nodes[parent].kind == .array {
                path.append(FormCodingKey(index: nodes[current].position))
            } else {
                path.append(FormCodingKey(keyString(of: current)))
            }
            current = parent
        }
        return path.reversed()
    }
}
