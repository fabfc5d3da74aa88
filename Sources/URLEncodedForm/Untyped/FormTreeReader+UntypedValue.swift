extension FormTreeReader {
    /// The untyped value of `node`, built in one pass over its own subtree and without recursion,
    /// so that decoding `[URLEncodedFormValue]` costs the size of the form, not its square.
    func formValue(at node: Int) throws -> URLEncodedFormValue {
        if let leaf = try leafValue(of: node) { return leaf }

        /// An array or object whose children are being read, in link order or, for an array
        /// read in index order, in ``order``.
        struct Frame {
            let node: Int
            let isArray: Bool
            /// The child to read next, in link order; unused with ``order``.
            var next: Int
            /// The children in the order an array lists them, where that is not link order.
            var order: [Int]? = nil
            var read = 0
            /// For an array read as an object of its positions: each element's name.
            var positionNames: [Int: String] = [:]
            var elements: [URLEncodedFormValue] = []
            var members: [URLEncodedFormValue.Member] = []

            var value: URLEncodedFormValue { isArray ? .array(elements) : .object(members) }
        }
        func frame(_ node: Int) -> Frame {
            let first = self[node].firstChild
            switch self[node].kind {
            case .array where self[node].flags.contains(.namedElements):
                // `[]` mixed with indices: each element's position, as the typed reading gives it.
                let positioned = mixedPositions(of: node) { Int(keyString(of: $0)) ?? -1 }
                guard positioned.allSatisfy({ $0.index >= 0 }), Set(positioned.map(\.index)).count == positioned.count else {
                    // A position named twice is a list that keeps both.
                    return Frame(node: node, isArray: true, next: first)
                }
                if let order = untypedArrayOrder(positioned, mixed: true) {
                    return Frame(node: node, isArray: true, next: first, order: order)
                }
                // A gap: the object of the positions, as the form with every index written reads.
                let names = Dictionary(uniqueKeysWithValues: positioned.map { ($0.member, String($0.index)) })
                return Frame(node: node, isArray: false, next: first, positionNames: names)
            case .array:
                return Frame(node: node, isArray: true, next: first)
            case .object where node != FormTree.root:
                guard let positioned = indexedMembers(of: node), let order = untypedArrayOrder(positioned, mixed: false) else {
                    return Frame(node: node, isArray: false, next: first)
                }
                return Frame(node: node, isArray: true, next: first, order: order)
            default:
                return Frame(node: node, isArray: false, next: first)
            }
        }
        var stack = [frame(node)]
        // Frames are changed in place and never copied out: a copy would share the arrays being
        // built, and each append to them would then copy them whole.
        while !stack.isEmpty {
            let top = stack.count - 1
            let child: Int
            if let order = stack[top].order {
                child = stack[top].read < order.count ? order[stack[top].read] : -1
                stack[top].read += 1
            } else {
                child = stack[top].next
                if child >= 0 { stack[top].next = self[child].nextSibling }
            }
            guard child >= 0 else {
                let finished = stack.removeLast()
                guard !stack.isEmpty else { return finished.value }
                add(finished.value, of: finished.node, to: &stack[stack.count - 1])
                continue
            }
            if let leaf = try leafValue(of: child) {
                add(leaf, of: child, to: &stack[top])
            } else {
                stack.append(frame(child))
            }
        }
        return .object([])

        func add(_ value: URLEncodedFormValue, of child: Int, to parent: inout Frame) {
            if parent.isArray {
                parent.elements.append(value)
            } else {
                parent.members.append(.init(key: parent.positionNames[child] ?? keyString(of: child), value: value))
            }
        }
    }

    /// The members of the object `node` with the index each name is, or `nil` when a name is not
    /// an index: `0`, or digits without a leading zero, as qs, jQuery and PHP write one.
    private func indexedMembers(of node: Int) -> [(index: Int, member: Int)]? {
        var positioned: [(index: Int, member: Int)] = []
        var member = self[node].firstChild
        while member >= 0 {
            // The form's own members: their names are the tree's bytes.
            guard member < tree.nodeCount, tree.isIndex(key: tree[member].key) else { return nil }
            positioned.append((tree.indexValue(ofKey: tree[member].key), member))
            member = tree[member].nextSibling
        }
        return positioned
    }

    /// The children in the order the untyped array lists them, or `nil` for an object, under
    /// ``URLEncodedFormDecoder/Dialect-swift.struct/untypedIndices``, for members at distinct indices (`positioned`,
    /// in the form's order). `mixed`: an array that mixes `[]` and indices, which the parser
    /// already made an array, and which ``URLEncodedFormDecoder/UntypedIndices-swift.enum/object``
    /// leaves as the form's order gives it.
    private func untypedArrayOrder(_ positioned: [(index: Int, member: Int)], mixed: Bool) -> [Int]? {
        let policy = rules.untypedIndices
        if policy == .arrayInFormOrder || (policy == .object && mixed) {
            return positioned.indices.allSatisfy { positioned[$0].index == $0 } ? positioned.map(\.member) : nil
        }
        if policy == .object { return nil }
        // `0..<count`, each once: each member goes straight to its slot.
        var slots = [Int](repeating: -1, count: positioned.count)
        for (index, member) in positioned {
            guard index < slots.count, slots[index] < 0 else {
                guard case .compacted(let limit) = policy, positioned.allSatisfy({ $0.index <= limit }) else { return nil }
                return positioned.sorted { $0.index < $1.index }.map(\.member)
            }
            slots[index] = member
        }
        return slots
    }

    /// The value of a node without children, or of a name repeated where ``duplicates`` keeps
    /// one of its values; `nil` for an array or object.
    private func leafValue(of node: Int) throws -> URLEncodedFormValue? {
        switch self[node].kind {
        case .unset: return .object([])
        case .scalar: return readsAsNil(node) ? .null : .string(string(of: node))
        case .object: return nil
        case .array:
            // Only a plain name given again and again is one value: `a[]=1&a[]=2` asks for a list.
            guard self[node].flags.contains(.repeatedName) else { return nil }
            switch rules.duplicateKeys {
            case .combine: return nil
            case .last: return try leafValue(of: self[node].lastChild)
            case .first: return try leafValue(of: self[node].firstChild)
            case .error: throw repeatedKeyError(node)
            }
        }
    }
}
