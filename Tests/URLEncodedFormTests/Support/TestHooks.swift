@testable import URLEncodedForm

// What only the tests ask of the library's internals.

extension URLEncodedFormEncoder {
    /// Whether `value` streams to its end, without switching to the tree.
    func streams(_ value: some Encodable) throws -> Bool {
        let writer = FormEncodingSession(options: self)
        try writer.encode(value, to: .slot(FormEncodingSession.root))
        return writer.builder == nil
    }

    /// values → nodes → pairs → bytes, from the start, for comparing the tree with the stream.
    func encodedThroughTree<Result>(_ value: some Encodable, _ body: (ByteReader) -> Result) throws -> Result {
        try encoded(value, buildingTree: true, body)
    }
}

extension FormTree {
    /// The raw bytes of a scalar's value, as text.
    func valueString(of node: Int) -> String {
        String(decoding: bytes[nodes[node].value], as: UTF8.self)
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
