import Foundation

/// Reads the tree one `decode` call parsed, under the options that decide how its names and
/// scalars are read. The decoder's containers hold a reference to it and a node index.
///
/// Its other files: member lookup by coding key (`+Members`), array elements (`+Elements`),
/// scalars (`+Scalars`), the words of error messages (`+Messages`) and field errors
/// (`+FieldErrors`).
final class FormTreeReader {
    // One decode call owns the reader and runs on one thread, and no access to the tree spans a
    // call back into user code, so the runtime exclusivity checks would only cost time.
    @exclusivity(unchecked) var tree: FormTree
    /// Reused buffer for values that hold escapes.
    @exclusivity(unchecked) private var scratch: [UInt8] = []
    /// For converted key strategies: per object, each member's converted name → member.
    var convertedMembers: [Int: [String: Int]] = [:]
    /// For snake and kebab case: coding key → the name the encoder writes for it.
    var encodedNames: [String: String] = [:]

    // The options are copied out once, as in the encoder.
    let arraySeparator: [UInt8]?
    let boolDecoding: URLEncodedFormDecoder.BoolDecoding
    let dataDecoding: URLEncodedFormDecoder.DataDecoding
    let dateDecoding: URLEncodedFormDecoder.DateDecoding
    let keyDecoding: URLEncodedFormDecoder.KeyDecoding
    let plusIsSpace: Bool
    let maximumArrayLength: Int
    let keyPathStyle: KeyPathStyle
    let userInfo: [CodingUserInfoKey: any Sendable]
    private let duplicates: URLEncodedFormDecoder.DuplicateDecoding
    /// Whether failed fields are recorded and given stand-ins (``URLEncodedFormDecoder/ErrorReporting-swift.enum/everyField``).
    let collectsFieldErrors: Bool
    /// The fields that failed, when they are collected.
    var fieldErrors: [URLEncodedFormFieldErrors.FieldError] = []

    /// How a key path is spelled in messages: `a[b][0]`, or `a.b.0` when the form uses dots.
    enum KeyPathStyle { case brackets, dots }

    init(tree: FormTree, options: URLEncodedFormDecoder) {
        self.tree = tree
        switch options.arrayDecoding {
        case .automatic: arraySeparator = nil
        case .separator(let separator): arraySeparator = Array(String(separator).utf8)
        }
        boolDecoding = options.boolDecoding
        dataDecoding = options.dataDecoding
        dateDecoding = options.dateDecoding
        keyDecoding = options.keyDecoding
        plusIsSpace = options.spaceDecoding == .plusAsSpace
        maximumArrayLength = options.limits.maximumArrayLength
        keyPathStyle = options.keyPathDecoding.acceptsDots ? .dots : .brackets
        userInfo = options.userInfo
        duplicates = options.duplicates
        collectsFieldErrors = options.errorReporting == .everyField
    }

    // MARK: Shapes

    /// Whether `node` reads as `nil`: nothing, or an empty value after `=`. A bare name is a flag,
    /// not `nil`.
    func isNil(_ node: Int) -> Bool {
        switch tree[node].kind {
        case .unset: true
        case .scalar: tree[node].value.isEmpty && !tree[node].flags.contains(.bare)
        case .array, .object: false
        }
    }

    /// The scalar node `node` holds: itself, or the last of a repeated key's values (`a=1&a=2`
    /// reads as `2` where one value is expected, as a later field of a form replaces an earlier one).
    func scalar<T>(_ node: Int, as type: T.Type) throws -> Int {
        switch tree[node].kind {
        case .scalar:
            return node
        case .array where tree[node].lastChild >= 0 && tree[tree[node].lastChild].kind == .scalar:
            // A repeated key (`a=1&a=2`), read where one value is expected.
            switch duplicates {
            case .last:
                return tree[node].lastChild
            case .first:
                let first = tree[node].firstChild
                guard tree[first].kind == .scalar else {
                    throw DecodingError.typeMismatch(
                        type, context(node, "Expected \(type) at \(describe(node)), but found \(describeShape(of: node))."))
                }
                return first
            case .error:
                throw DecodingError.dataCorrupted(
                    context(
                        node,
                        "The key \(describe(node)) appears \(tree[node].childCount) times, but \(type) holds one value, and the decoder refuses repeated keys (duplicates: .error)."
                    ))
            }
        case .unset:
            throw DecodingError.valueNotFound(
                type, context(node, "Expected \(type) at \(describe(node)), but the form has no value there."))
        case .array, .object:
            throw DecodingError.typeMismatch(
                type, context(node, "Expected \(type) at \(describe(node)), but found \(describeShape(of: node))."))
        }
    }

    /// Checks that `node` can be read as an object: one with members, or nothing at all.
    func requireObject(_ node: Int) throws {
        switch tree[node].kind {
        case .object, .unset: return
        case .scalar, .array:
            throw DecodingError.typeMismatch(
                [String: Any].self,
                context(node, "Expected an object at \(describe(node)), but found \(describeShape(of: node)).")
            )
        }
    }

    // MARK: Values

    /// Calls `body` with the percent-decoded bytes of the scalar `node`.
    func withValue<Result>(of node: Int, _ body: (ByteReader) throws -> Result) rethrows -> Result {
        let range = tree[node].value
        let escaped = tree[node].flags.contains(.escaped)
        guard escaped || tree.valuesAreLatin1 else {
            return try tree.bytes.withReader { try body($0[range]) }
        }
        // Escaped, or ISO-8859-1 text to be rewritten as UTF-8: either way, into the scratch.
        scratch.removeAll(keepingCapacity: true)
        tree.bytes.withReader { bytes in
            if escaped {
                PercentDecoding.decode(bytes[range], plusIsSpace: plusIsSpace, into: &scratch)
            } else {
                scratch.append(contentsOf: bytes[range])
            }
        }
        if tree.valuesAreLatin1 { FormParser.transcodeLatin1(&scratch, from: 0) }
        return try scratch.withReader(body)
    }

    /// The decoded text of the scalar `node`; bytes that are not UTF-8 become U+FFFD.
    func string(of node: Int) -> String {
        withValue(of: node) { $0.string }
    }
}
