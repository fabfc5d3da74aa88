extension FormTreeReader {
    /// The untyped value of `node`, built in one pass over its own subtree and without recursion,
    /// so that decoding `[URLEncodedFormValue]` costs the size of the form, not its square.
    func formValue(at node: Int) throws -> URLEncodedFormValue {
        if let leaf = try leafValue(of: node) { return leaf }

        /// An array or object whose children are being read; `next` is the child to read next.
        struct Frame {
            let node: Int
            let isArray: Bool
            var next: Int
            /// For an array read as an object of its positions: each element's name.
            var positionNames: [Int: String] = [:]
            var elements: [URLEncodedFormValue] = []
            var members: [URLEncodedFormValue.Member] = []

            var value: URLEncodedFormValue { isArray ? .array(elements) : .object(members) }
        }
        func frame(_ node: Int) -> Frame {
            guard self[node].kind == .array else { return Frame(node: node, isArray: false, next: self[node].firstChild) }
            if self[node].flags.contains(.namedElements), let names = positionNames(of: node) {
                return Frame(node: node, isArray: false, next: self[node].firstChild, positionNames: names)
            }
            return Frame(node: node, isArray: true, next: self[node].firstChild)
        }
        var stack = [frame(node)]
        // Frames are changed in place and never copied out: a copy would share the arrays being
        // built, and each append to them would then copy them whole.
        while !stack.isEmpty {
            let child = stack[stack.count - 1].next
            guard child >= 0 else {
                let finished = stack.removeLast()
                guard !stack.isEmpty else { return finished.value }
                add(finished.value, of: finished.node, to: &stack[stack.count - 1])
                continue
            }
            stack[stack.count - 1].next = self[child].nextSibling
            if let leaf = try leafValue(of: child) {
                add(leaf, of: child, to: &stack[stack.count - 1])
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

    /// An array that mixes `[]` and `[i]` whose positions (see `elementPositions(of:)`) have a gap
    /// is the object of its positions, the same as the form with every index written
    /// (`a[5]=x&a[]=y` is `a[5]=x&a[6]=y`, an object, as `a[0]=x&a[5]=y` is): each element's name;
    /// `nil` for positions `0..<count`, or with a repeat, which a list keeps.
    private func positionNames(of node: Int) -> [Int: String]? {
        // A name is an index of at most 18 digits (the parser's `isIndex`), so it fits.
        let positioned = mixedPositions(of: node) { Int(keyString(of: $0)) ?? -1 }
        let positions = positioned.map(\.index)
        guard positions.allSatisfy({ $0 >= 0 }), Set(positions).count == positions.count,
            positions != Array(0..<positions.count)
        else { return nil }
        return Dictionary(uniqueKeysWithValues: positioned.map { ($0.member, String($0.index)) })
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
            switch duplicateKeys {
            case .combine: return nil
            case .last: return try leafValue(of: self[node].lastChild)
            case .first: return try leafValue(of: self[node].firstChild)
            case .error: throw repeatedKeyError(node)
            }
        }
    }
}
