@testable import URLEncodedForm

// What only the tests ask of the library's internals.

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
