#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The words of error messages: where a node is and what it holds, as the form spells it.
extension FormTreeReader {
    /// The context of an error about `node`: its full coding path, and for a value its whole
    /// text (``URLEncodedFormRejectedValue``), of which `description` quotes only the start.
    func context(_ node: Int, _ description: String) -> DecodingError.Context {
        DecodingError.Context(
            codingPath: codingPath(of: node),
            debugDescription: description,
            underlyingError: self[node].kind == .scalar ? URLEncodedFormRejectedValue(text: string(of: node)) : nil
        )
    }

    /// Where `node` is, for a message: its quoted key path, or `the top level`.
    func describe(_ node: Int) -> String {
        node == FormTree.root ? "the top level" : "\"\(quoted(keyPath(of: node)))\""
    }

    /// The key of `node` as the form would spell it, decoded: `user[tags][2]`, or `user.tags.2`
    /// with dots; followed by `name` when given.
    func keyPath(of node: Int, appending name: String? = nil) -> String {
        var path = codingPath(of: node).map(\.stringValue)
        if let name { path.append(name) }
        return keyPath(path)
    }

    /// The key the components of `path` make, as the form would spell it.
    func keyPath(_ path: [String]) -> String {
        var text = path.first ?? ""
        for key in path.dropFirst() {
            switch keyPathStyle {
            case .brackets: text += "[\(key)]"
            case .dots: text += ".\(key)"
            }
        }
        return text
    }

    /// What `node` holds, for a message: `the value "old"`, `3 values`, `an object with members a, b`.
    func describeShape(of node: Int) -> String {
        switch self[node].kind {
        case .unset: return "nothing"
        case .scalar: return "the value \"\(quoted(string(of: node)))\""
        case .array: return "a list of \(self[node].childCount) values"
        case .object:
            // The names quoted as one text, so that the list too stays within a quote's length.
            var names: [String] = []
            var member = self[node].firstChild
            while member >= 0, names.count < 5 {
                names.append(keyString(of: member))
                member = self[member].nextSibling
            }
            let more = self[node].childCount > names.count ? ", …" : ""
            return "an object with the members \(quoted(names.joined(separator: ", ") + more))"
        }
    }

    /// `error` said again where it quotes a whole value: the standard library's
    /// `RawRepresentable` conformance refuses an unknown raw value (an enum's, a select input's)
    /// with "Cannot initialize Plan from invalid String value " and the value, whole. Said here as
    /// the reader says it, the value quoted and kept whole in the context. Run on the way out of
    /// a decode, so that the reads themselves pay nothing for it; any other error is returned as
    /// it is.
    func rewordingRawValueError(_ error: any Error) -> any Error {
        guard case DecodingError.dataCorrupted(let context) = error, context.underlyingError == nil else { return error }
        let description = context.debugDescription
        let prefix = "Cannot initialize "
        // The standard library's `firstRange(of:)`: `range(of:)` is full Foundation's alone.
        guard description.hasPrefix(prefix), let from = description.firstRange(of: " from invalid "),
            let value = description[from.upperBound...].firstRange(of: " value ")
        else { return error }
        let type = description[description.index(description.startIndex, offsetBy: prefix.count)..<from.lowerBound]
        let text = String(description[value.upperBound...])
        let place = context.codingPath.isEmpty ? "the top level" : "\"\(quoted(keyPath(context.codingPath.map(\.stringValue))))\""
        return DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: context.codingPath,
                debugDescription: "Expected one of the values of \(type) at \(place), but found the value \"\(quoted(text))\".",
                underlyingError: URLEncodedFormRejectedValue(text: text)
            )
        )
    }

    /// Text from the input, shortened and escaped for a message (``ErrorQuote``).
    func quoted(_ text: String) -> String {
        ErrorQuote.quote(text)
    }
}
