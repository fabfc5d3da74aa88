@testable import URLEncodedForm

/// Parses `input` and renders the tree compactly: `{a:"1",b:["x","y"],c:{d:"2"}}`, values
/// percent-decoded, a bare name (no `=`) as `bare`.
func parsedTree(_ input: String, _ decoder: URLEncodedFormDecoder = URLEncodedFormDecoder()) throws -> String {

    let form = try FormParser.parsedForm(input, options: decoder)
    let reader = FormTreeReader(form, rules: decoder.rules, options: decoder)
    return render(FormTree.root, reader)
}

private func render(_ node: Int, _ reader: FormTreeReader) -> String {
    let tree = reader.tree
    var children: [String] = []
    var child = tree[node].firstChild
    while child >= 0 {
        let value = render(child, reader)
        // An array element named by an index (jQuery's `a[1][b]`) shows its name: `["1",1:{b:"2"}]`.
        let named = tree[node].kind == .object || !tree[child].key.isEmpty
        children.append(named ? "\(tree.keyString(of: child)):\(value)" : value)
        child = tree[child].nextSibling
    }
    switch tree[node].kind {
    case .unset: return "unset"
    case .scalar: return tree[node].flags.contains(.bare) ? "bare" : "\"\(reader.string(of: node))\""
    case .array: return "[" + children.joined(separator: ",") + "]"
    case .object: return "{" + children.joined(separator: ",") + "}"
    }
}
