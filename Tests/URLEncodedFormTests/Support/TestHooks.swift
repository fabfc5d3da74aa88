@testable import URLEncodedForm

// What only the tests ask of the library's internals.

extension FormTree {
    /// The member of `object` named `key`, created at the end when absent: what the parser does
    /// with a name's bytes, from a `String`.
    mutating func member(of object: Int, key: String) -> Int {
        let keyStart = bytes.count
        bytes.append(contentsOf: key.utf8)
        let (member, created) = member(of: object, keyAt: keyStart..<bytes.count)
        if !created { bytes.removeSuffix(from: keyStart) }
        return member
    }

    /// Makes `node` a scalar whose text is `bytes[start...]`, the bytes just appended.
    mutating func setScalar(_ node: Int, from start: Int) {
        setScalar(node, value: start..<bytes.count, flags: [])
    }

    /// The coding path from the root to `node`, as the reader builds it.
    func codingPath(of node: Int) -> [any CodingKey] {
        Self.codingPath(of: node, nodes: { nodes[$0] }, key: keyString(of:))
    }

    /// The raw bytes of a scalar's value, as text.
    func valueString(of node: Int) -> String {
        bytes.string(nodes[node].value)
    }
}

extension FormParser {
    /// `input` parsed under `options` into a form that owns its bytes, to be read after the
    /// parse returns (a parsed form borrows its input until then).
    static func parsedForm(_ input: String, options: URLEncodedFormDecoder = URLEncodedFormDecoder()) throws -> ParsedForm {
        try input.withReader { input in
            var form = try parse(input, rules: options.rules)
            form.tree.bytes.own()
            return form
        }
    }
}

extension PercentEscaper {
    /// `text` escaped into a new array, through the same entry point the writer uses.
    func escaped(_ text: String, spaceAsPlus: Bool) -> [UInt8] {
        var output: [UInt8] = []
        escape(text, spaceAsPlus: spaceAsPlus, into: &output)
        return output
    }
}
