/// The tree one `encode` call builds when the value cannot be streamed (see ``FormPairStream``).
///
/// Containers write into *slots*: a slot is a node (`>= 0`), or a place in the tree that is made
/// only when something is written there (`< 0`, an entry of `pending`). Like Alamofire's encoder,
/// a value that writes nothing (an empty array, an object whose members are all dropped) leaves no
/// element behind, and each write finds its array element by index the way Alamofire's does:
/// element `i` of an array that holds `i` or more elements is that element, otherwise the write
/// appends one. After an element that wrote nothing this keeps Alamofire's exact output, e.g.
/// `x = [[nil], ["a", "b"], "c"]` under `.dropKey` and indices becomes
/// `x[0][0]=a&x[1][0]=b&x[2]=c`.
final class FormTreeBuilder {
    // One encode call owns the builder and runs on one thread, and no access to the tree spans a
    // call back into user code, so the runtime exclusivity checks would only cost time.
    @exclusivity(unchecked) var tree = FormTree()

    /// Whether every element takes its coding index, the ones that write nothing too, as
    /// ``URLEncodedFormEncoder/ArrayEncoding-swift.enum/jQuery`` numbers them: an element is
    /// then found by its index alone.
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
        /// The node, once a write has made it and no later write can find another one.
        var node = -1
    }

    // Unchecked for the reason the tree is.
    @exclusivity(unchecked) private var pending: [PendingSlot] = []

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

    /// The node of `slot`, made now if it is pending; `keeping` it for every later write.
    private func node(_ slot: Int, keeping: Bool = false) -> Int {
        slot >= 0 ? slot : resolve(pendingIndex: -1 &- slot, keeping: keeping).node
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

    /// Finds or makes the node of a pending slot. It is kept only when every write will find the
    /// same node: not when an element was appended short of its index, as the next write then
    /// looks for its index again.
    ///
    /// `keeping` keeps the node of the slot and its parents whatever later writes would find:
    /// for an array made by ``markArray(_:)``, which is no write, so that the writes inside it
    /// find it again rather than a new element.
    private func resolve(pendingIndex: Int, keeping: Bool = false) -> (node: Int, stable: Bool) {
        let entry = pending[pendingIndex]
        if entry.node >= 0 { return (entry.node, true) }
        let parent =
            entry.parent >= 0 ? (node: entry.parent, stable: true) : resolve(pendingIndex: -1 &- entry.parent, keeping: keeping)
        var found = (node: -1, stable: parent.stable)
        if let key = entry.key {
            found.node = tree.member(of: parent.node, key: key)
        } else {
            let element = element(ofArrayNode: parent.node, at: entry.index)
            found = (element.node, found.stable && element.stable)
        }
        if found.stable || keeping { pending[pendingIndex].node = found.node }
        return found
    }

    /// Element `index` of `array` when the array has one there, else a new last element; the
    /// second is not at `index` when earlier elements wrote nothing.
    private func element(ofArrayNode array: Int, at index: Int) -> (node: Int, stable: Bool) {
        tree.prepare(array, as: .array)
        let count = tree[array].childCount
        if index < count { return (tree.child(of: array, at: index), true) }
        if keepsCodingIndices {
            // Places for the elements before it that wrote nothing; they serialize to nothing.
            for _ in count..<index { _ = tree.appendElement(to: array) }
            return (tree.appendElement(to: array), true)
        }
        return (tree.appendElement(to: array), index == count)
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
        case .element(let index, let array): element(ofArrayNode: node(array), at: index).node
        }
    }

    /// Makes the node of `slot` an array now, so that it takes its place even if it stays empty
    /// (``URLEncodedFormEncoder/allowsEmptyArrays``); the serializer writes an empty one `name[]`.
    func markArray(_ slot: Int) {
        marksArrays = true
        let node = node(slot, keeping: true)
        if tree[node].kind == .unset { tree.prepare(node, as: .array) }
    }

    /// Whether ``markArray(_:)`` was called, so arrays note the elements they are given.
    private var marksArrays = false
}
