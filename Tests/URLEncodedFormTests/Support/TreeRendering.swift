@testable import URLEncodedForm

/// Parses `input` and renders the tree compactly: `{a:"1",b:["x","y"],c:{d:"2"}}`, values
/// percent-decoded, a bare name (no `=`) as `bare`.
func parsedTree(_ input: String, _ decoder: URLEncodedFormDecoder = URLEncodedFormDecoder()) throws -> String {

    let tree = try input.withReader { try FormParser.parse($0, options: decoder) }
    let storage = FormDecodingStorage(tree: tree, options: decoder)
    return render(FormTree.root, storage)
}

private func render(_ node: Int, _ storage: FormDecodingStorage) -> String {
    let tree = storage.tree
    var children: [String] = []
    var child = tree[node].firstChild
    while child >= 0 {
        let value = render(child, storage)
        children.append(tree[node].kind == .object ? "\(tree.keyString(of: child)):\(value)" : value)
        child = tree[child].nextSibling
    }
    switch tree[node].kind {
    case .unset: return "unset"
    case .scalar: return tree[node].flags.contains(.bare) ? "bare" : "\"\(storage.string(of: node))\""
    case .array: return "[" + children.joined(separator: ",") + "]"
    case .object: return "{" + children.joined(separator: ",") + "}"
    }
}
