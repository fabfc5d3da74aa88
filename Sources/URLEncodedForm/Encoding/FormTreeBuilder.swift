/// The tree one `encode` call builds when the value cannot be streamed (see ``FormPairStream``).
///
/// Containers write into *slots*: a slot is a node (`>= 0`), or a place in the tree that is made
/// only when something is written there (`< 0`, an entry of `pending`). Like Alamofire's encoder,
/// a value that writes nothing (an empty array, an object whose members are all dropped) leaves no
/// element behind: an element is appended when it first writes, and every later write of it goes
/// to the same node. So `x = [[nil], ["a", "b"], "c"]` under `.dropKey` and indices becomes
/// `x[0][0]=a&x[0][1]=b&x[1]=c`; the members of one element always share its index (Alamofire
/// finds the element by index again on each write, and splits the second element in two).
final class FormTreeBuilder {
    // One encode call owns the builder and runs on one thread, and no access to the tree spans a
    // call back into user code. Its checks cost a value built as a tree 10% (callgrind per
    // encode through the tree: 86,456 → 95,276 instructions medium, 8.66M → 9.56M large).
    @exclusivity(unchecked) var tree = FormTree()

    /// Whether every element takes its coding index, the ones that write nothing too, as
    /// ``URLEncodedFormEncoder/ArrayEncoding-swift.enum/jQuery`` and
    /// ``URLEncodedFormEncoder/IndexGaps/keepPositions`` number them: an element is then found by
    /// its index alone.
    private let keepsCodingIndices: Bool

    init(keepsCodingIndices: Bool = false) {
        self.keepsCodingIndices = keepsCodingIndices
    }

    // MARK: Slots

    /// A member or element not made yet. The tree keeps coding keys as they are; `keyEncoding`
    /// is applied when writing, so two keys that it makes equal are still two members.
    private struct PendingSlot {
        let parent: Int
        /// The member's coding key, or `nil` for the element at `index`.
        let key: String?
        let index: Int
        /// The node, once a write has made it.
        var node = -1
    }

    // Checked: unchecked, it measured under 2% on a value built as a tree.
    private var pending: [PendingSlot] = []

    /// The slot of the member `key` of the object in `object`: its node when the object exists.
    func member(of object: Int, key: String) -> Int {
        if let node = existingNode(object) {
            return tree.member(of: node, key: key)
        }
        return addPending(PendingSlot(parent: object, key: key, index: 0))
    }

    /// The slot of element `index` of the array in `array`, made when something is written to it.
    func element(of array: Int, at index: Int) -> Int {
        // Under `allowsEmptyArrays` the array has its node (``markArray(_:)``); an element makes
        // it no empty array, even one that writes nothing.
        if marksArrays, let node = existingNode(array) { tree.markHoldsElements(node) }
        return addPending(PendingSlot(parent: array, key: nil, index: index))
    }

    /// The node of `slot`, made now if it is pending.
    private func node(_ slot: Int) -> Int {
        slot >= 0 ? slot : resolve(pendingIndex: -1 &- slot)
    }

    /// The coding path of `slot`, with the index each pending element was encoded at.
    func codingPath(of slot: Int) -> [any CodingKey] {
        if let node = existingNode(slot) { return tree.codingPath(of: node) }
        let entry = pending[-1 &- slot]
        return codingPath(of: entry.parent) + [entry.key.map { FormCodingKey($0) } ?? FormCodingKey(index: entry.index)]
    }

    private func existingNode(_ slot: Int) -> Int? {
        if slot >= 0 { return slot }
        let node = pending[-1 &- slot].node
        return node >= 0 ? node : nil
    }

    private func addPending(_ entry: PendingSlot) -> Int {
        pending.append(entry)
        return -pending.count
    }

    /// Finds or makes the node of a pending slot, and keeps it for every later write.
    private func resolve(pendingIndex: Int) -> Int {
        let entry = pending[pendingIndex]
        if entry.node >= 0 { return entry.node }
        let parent = entry.parent >= 0 ? entry.parent : resolve(pendingIndex: -1 &- entry.parent)
        let node =
            if let key = entry.key {
                tree.member(of: parent, key: key)
            } else {
                element(ofArrayNode: parent, at: entry.index)
            }
        pending[pendingIndex].node = node
        return node
    }

    /// Element `index` of `array` when the array has one there (a container made twice merges
    /// into it), else a new last element; the second is not at `index` when earlier elements
    /// wrote nothing, unless coding indices are kept.
    private func element(ofArrayNode array: Int, at index: Int) -> Int {
        tree.prepare(array, as: .array)
        let count = tree[array].childCount
        if index < count { return tree.child(of: array, at: index) }
        if keepsCodingIndices {
            // Places for the elements before it that wrote nothing; they serialize to nothing.
            for _ in count..<index { _ = tree.appendElement(to: array) }
        }
        return tree.appendElement(to: array)
    }

    // MARK: Scalars

    /// Makes the node `target` names a scalar holding `scalar`'s text, raw; the serializer
    /// escapes it.
    func write(_ scalar: FormScalar, to target: ScalarTarget) {
        let node = node(of: target)
        let start = tree.bytes.count
        switch scalar {
        case .text(let text): tree.bytes.append(contentsOf: text.utf8)
        case .signed(let value): tree.bytes.appendDecimal(value)
        case .unsigned(let value): tree.bytes.appendDecimal(value)
        }
        tree.setScalar(node, from: start)
    }

    /// Makes the node `target` names a name written alone, without `=`.
    func writeBare(to target: ScalarTarget) {
        tree.setScalar(node(of: target), value: tree.bytes.count..<tree.bytes.count, flags: .bare)
    }

    private func node(of target: ScalarTarget) -> Int {
        switch target {
        case .slot(let slot): node(slot)
        case .member(let key, let object): node(member(of: object, key: key))
        case .element(let index, let array): element(ofArrayNode: node(array), at: index)
        }
    }

    /// Makes the node of `slot` an array now, so that it takes its place even if it stays empty
    /// (``URLEncodedFormEncoder/allowsEmptyArrays``); the serializer writes an empty one `name[]`.
    func markArray(_ slot: Int) {
        marksArrays = true
        let node = node(slot)
        if tree[node].kind == .unset { tree.prepare(node, as: .array) }
    }

    /// Whether ``markArray(_:)`` was called, so arrays note the elements they are given.
    private var marksArrays = false
}
