extension FormDecodingStorage {
    /// The untyped value of `node`, built without recursion: a child is always appended after its
    /// parent, so walking the nodes backwards finds every child's value ready.
    func formValue(at node: Int) -> URLEncodedFormValue {
        let count = tree.nodes.count
        guard node >= 0, node < count else { return .object([]) }
        var values = [URLEncodedFormValue?](repeating: nil, count: count - node)
        for current in stride(from: count - 1, through: node, by: -1) {
            let value: URLEncodedFormValue
            switch tree[current].kind {
            case .unset:
                value = .object([])
            case .scalar:
                value = .string(string(of: current))
            case .array, .object:
                var elements: [URLEncodedFormValue] = []
                var members: [URLEncodedFormValue.Member] = []
                var child = tree[current].firstChild
                while child >= 0 {
                    let childValue = values[child - node].take() ?? .object([])
                    if tree[current].kind == .array {
                        elements.append(childValue)
                    } else {
                        members.append(.init(key: tree.keyString(of: child), value: childValue))
                    }
                    child = tree[child].nextSibling
                }
                value = tree[current].kind == .array ? .array(elements) : .object(members)
            }
            values[current - node] = value
        }
        return values[0] ?? .object([])
    }
}
