@testable import URLEncodedForm

/// Parses `input` and renders the tree compactly: `{a:"1",b:["x","y"],c:{d:"2"}}`, values
/// percent-decoded, a bare name (no `=`) as `bare`.
func parsedTree(_ input: String, _ decoder: URLEncodedFormDecoder = URLEncodedFormDecoder()) throws -> String {

    let tree = try input.withReader { try FormParser.parse($0, options: decoder) }
    let reader = FormTreeReader(tree: tree, options: decoder)
    return render(FormTree.root, reader)
}

private func render(_ node: Int, _ reader: FormTreeReader) -> String {
    let tree = reader.tree
    var children: [String] = []
    var child = tree[node].firstChild
    while child >= 0 {
        let value = render(child, reader)
        children.append(tree[node].kind == .object ? "\(tree.keyString(of: child)):\(value)" : value)
        child = tree[child].nextSibling
    }
    switch tree[node].kind {
    case .unset: return "unset"
    case .scalar: return tree[node].flags.contains(.bare) ? "bare" : "\"\(reader.string(of: node))\""
    case .array: return "[" + children.joined(separator: ",") + "]"
    case .object: return "{" + children.joined(separator: ",") + "}"
    }
}
