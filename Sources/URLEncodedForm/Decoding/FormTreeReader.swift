#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the tree one `decode` call parsed, under the options that decide how its names and
/// scalars are read. The decoder's containers hold a reference to it and a node index.
///
/// Its other files: member lookup by coding key (`+Members`), array elements (`+Elements`),
/// values split at separators (`+Separators`), scalars (`+Scalars`), the words of error messages
/// (`+Messages`) and field errors (`+FieldErrors`).
final class FormTreeReader {
    /// The tree as the parser built it; the reader never changes it but to give it bytes of its
    /// own (``ownBytes()``), once no read can be under way. Unchecked: a checked `var` costs
    /// every read of the tree a call into the runtime's exclusivity tracking (every decode
    /// workload; Benchmarks/README.md, Shortcuts).
    @exclusivity(unchecked) private(set) var tree: FormTree
    /// Reused buffer for values that hold escapes and are too long for the stack, or are in a
    /// legacy charset; only `withValue` uses it.
    private var scratch: [UInt8] = []
    /// The state of the rarer reads, made by the first of them (``workspace``). Its exclusivity
    /// checks, and those of the four collections below that take one per read, are off: each
    /// decode owns its reader on one thread, and no access spans a call into user code (the
    /// medium decode with separated values and with snake-case keys; Benchmarks/README.md, Shortcuts).
    @exclusivity(unchecked) private var madeWorkspace: Workspace?

    /// What the rarer reads keep: derived nodes, converted keys and field errors. Apart from the
    /// reader, so that a decode that needs none of them (most) neither makes nor releases its
    /// five collections (the small and medium decodes; Benchmarks/README.md, Shortcuts). Unchecked, as the tree is: nothing
    /// reads it while it is being changed.
    final class Workspace {
        /// Nodes the reader derives while reading, numbered after the tree's: the one element of
        /// a value read as an array (`tags=a`), the pieces of a separated value, the holes of an
        /// array that keeps its positions, and a member that is not there (for coding paths).
        /// Their values are ranges of the tree's bytes; their keys are in `derivedKeys`.
        @exclusivity(unchecked) var derivedNodes: [FormTree.Node] = []
        @exclusivity(unchecked) var derivedKeys: [UInt8] = []
        // `[Key: Value]()` rather than `[:]`, here and in the tree and the parser: the literal
        // goes through `init(dictionaryLiteral:)` for every dictionary.
        /// For converted key strategies: per object, each member's converted name → member.
        @exclusivity(unchecked) var convertedMembers = [Int: [String: Int]]()
        /// For snake and kebab case: coding key → the name the encoder writes for it.
        @exclusivity(unchecked) var encodedNames = [String: String]()
        /// The fields that failed, when they are collected: checked, as an append per failed
        /// field gains nothing measurable from skipping its check.
        var fieldErrors: [URLEncodedFormFieldErrors.FieldError] = []
        /// How many stand-ins are being decoded from absent nodes, one inside another: their
        /// fields' failures are not recorded, the stand-in's own field was.
        var standInsBeingMade = 0
    }

    /// The workspace, made on first use.
    var workspace: Workspace {
        if let workspace = madeWorkspace { return workspace }
        let workspace = Workspace()
        madeWorkspace = workspace
        return workspace
    }

    /// The decoder's options as the reader acts on them (``URLEncodedFormDecoder/rules``): the
    /// rules the form was parsed under.
    let rules: DecodingRules
    /// The UTF-8 bytes of each separator of ``URLEncodedFormDecoder/ArrayDecoding-swift.enum/separators(_:)``;
    /// empty when values are not split.
    let separators: [[UInt8]]
    /// The decoder's strategies and `userInfo`, retained, when the reader asks them anything
    /// (``URLEncodedFormDecoder/ValueStrategies/readerAsks``); `nil` for the defaults, most
    /// decoders, so that their decodes retain nothing.
    private let strategies: URLEncodedFormDecoder.ValueStrategies?
    /// The charset of this form's bytes: the decoder's, or the one its sentinel named.
    let charset: URLEncodedFormCharset.Encoding
    /// The input's length: an array that keeps its positions is never longer.
    let inputLength: Int
    /// The fields that failed, when they are collected.
    var fieldErrors: [URLEncodedFormFieldErrors.FieldError] { madeWorkspace?.fieldErrors ?? [] }

    /// How a key path is spelled in messages: `a[b][0]`, or `a.b.0` when the form uses dots.
    enum KeyPathStyle { case brackets, dots }

    /// `borrowing`: an initializer's arguments are otherwise its own, so each decode copied the
    /// whole decoder, options, closures and `userInfo`. The form is
    /// `consuming`, and its tree is taken out of it (``FormTree/take(_:)``): reading `form.tree`
    /// copied the tree, retaining its references, which the form's end released (the empty,
    /// small and medium decodes; Benchmarks/README.md, Shortcuts).
    init(_ form: consuming FormParser.ParsedForm, rules: DecodingRules, options: borrowing URLEncodedFormDecoder) {
        tree = FormTree.take(&form.tree)
        charset = form.charset
        inputLength = form.inputLength
        self.rules = rules
        switch options.arrayDecoding {
        case .automatic: separators = []
        case .separators(let characters): separators = characters.map { Array(String($0).utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        }
        strategies = options.strategies.readerAsks ? options.strategies : nil
    }

    /// How a key path is spelled in messages: with dots when the form's names use them.
    var keyPathStyle: KeyPathStyle { rules.acceptsDots ? .dots : .brackets }
    /// Whether `&#8364;` in a value is read as `€`: in a legacy charset, under
    /// ``URLEncodedFormCharset/numericReferences``.
    private var readsNumericReferences: Bool { rules.charset.numericReferences && charset != .utf8 }

    var boolDecoding: URLEncodedFormDecoder.BoolDecoding { strategies?.values.boolDecoding ?? .lenient }
    var dataDecoding: URLEncodedFormDecoder.DataDecoding { strategies?.values.dataDecoding ?? .base64 }
    var dateDecoding: URLEncodedFormDecoder.DateDecoding { strategies?.values.dateDecoding ?? .deferredToDate }
    var keyDecoding: URLEncodedFormDecoder.KeyDecoding { strategies?.values.keyDecoding ?? .useDefaultKeys }
    var userInfo: [CodingUserInfoKey: any Sendable] { strategies?.values.userInfo ?? [:] }
    /// The closure of ``URLEncodedFormDecoder/NilDecoding-swift.struct/init(decoding:)``.
    var acceptsNilText: (@Sendable (String) -> Bool)? { strategies?.values.nilDecoding.accepts }

    /// Copies the input the tree borrows into bytes of its own: for a reader that outlives the
    /// `decode` call whose input it borrowed, because user code kept a decoder or container.
    func ownBytes() {
        tree.bytes.own()
    }

    // MARK: Nodes

    /// The node `node`, of the tree or derived.
    subscript(node: Int) -> FormTree.Node {
        node < tree.nodeCount ? tree[node] : derivedNode(node)
    }

    /// Out of line, to keep the subscript's inlined code to the tree's read.
    @inline(never)
    private func derivedNode(_ node: Int) -> FormTree.Node {
        workspace.derivedNodes[node &- tree.nodeCount]
    }

    /// A derived scalar at `position` of `parent`, whose text is `bytes[value]` of the tree.
    func deriveElement(of parent: Int, at position: Int, value: Range<Int>, flags: FormTree.ValueFlags) -> Int {
        var node = FormTree.Node(parent: parent, position: position)
        node.kind = .scalar
        node.value = value
        node.flags = flags
        let workspace = workspace
        workspace.derivedNodes.append(node)
        return tree.nodeCount &+ workspace.derivedNodes.count &- 1
    }

    /// Points the derived scalar `node` at another piece, for a container that hands out one
    /// piece at a time.
    func reuseElement(_ node: Int, at position: Int, value: Range<Int>, flags: FormTree.ValueFlags) {
        let workspace = workspace
        var element = workspace.derivedNodes[node &- tree.nodeCount]
        element.position = position
        element.value = value
        element.flags = flags
        workspace.derivedNodes[node &- tree.nodeCount] = element
    }

    /// A derived node for the member `key` of `object` that the form does not have, so that
    /// errors below it still carry the full path; also a hole of an array that keeps its
    /// positions, named by its index.
    func absentMember(of object: Int, key: String) -> Int {
        var node = FormTree.Node(parent: object, position: 0)
        let workspace = workspace
        let start = workspace.derivedKeys.count
        workspace.derivedKeys.append(contentsOf: key.utf8)
        node.key = start..<workspace.derivedKeys.count
        workspace.derivedNodes.append(node)
        return tree.nodeCount &+ workspace.derivedNodes.count &- 1
    }

    func keyString(of node: Int) -> String {
        let key = self[node].key
        return node < tree.nodeCount ? tree.keyString(of: node) : String(decoding: workspace.derivedKeys[key], as: UTF8.self)
    }

    func codingPath(of node: Int) -> [any CodingKey] {
        FormTree.codingPath(of: node, nodes: { self[$0] }, key: keyString(of:))
    }

    // MARK: Shapes

    /// Whether `node` reads as `nil`: nothing, or an empty value after `=`. A bare name is a flag,
    /// not `nil`, unless bare keys are read as `nil`; so is a plain name repeated (`a=1&a`) whose
    /// last (or first) value is one, where ``URLEncodedFormDecoder/Dialect-swift.struct/duplicateKeys`` makes it one value,
    /// as Rack reads it.
    func isNil(_ node: Int) -> Bool {
        let value = self[node]
        switch value.kind {
        case .unset: return true
        case .scalar:
            if value.value.isEmpty { return !value.flags.contains(.bare) || rules.nilStyle == .bareKey }
            switch rules.nilStyle {
            case .null: return isNullText(node)
            case .custom: return acceptsNilText.map { accepts in (try? accepts(decodeString(at: node))) == true } ?? false
            case .dropKey, .dropValue, .bareKey: return false
            }
        case .array:
            // Only a bare name, as Rack reads `a=1&a`: an empty value or `null` kept as the one
            // value of a repeated name stays text, so that `[String]?` still reads the list.
            guard rules.nilStyle == .bareKey, value.flags.contains(.repeatedName) else { return false }
            switch rules.duplicateKeys {
            case .last: return isNullBareKey(value.lastChild)
            case .first: return isNullBareKey(value.firstChild)
            case .combine, .error: return false
            }
        case .object: return false
        }
    }

    /// Whether `node` is a bare name that reads as `nil` (``URLEncodedFormDecoder/NilDecoding/bareKey``).
    func isNullBareKey(_ node: Int) -> Bool {
        guard rules.nilStyle == .bareKey else { return false }
        let node = self[node]
        return node.kind == .scalar && node.flags.contains(.bare)
    }

    /// Whether the scalar `node` is `nil` where the type is an optional text, or in an untyped
    /// value: a bare name under ``URLEncodedFormDecoder/NilDecoding/bareKey``, an empty value under
    /// ``URLEncodedFormDecoder/NilDecoding/dropValue``, the text `null` under
    /// ``URLEncodedFormDecoder/NilDecoding/null``.
    func readsAsNil(_ node: Int) -> Bool {
        let value = self[node]
        guard value.kind == .scalar else { return false }
        switch rules.nilStyle {
        case .dropKey: return false
        case .bareKey: return value.flags.contains(.bare)
        case .dropValue: return value.value.isEmpty && !value.flags.contains(.bare)
        case .null: return isNullText(node)
        case .custom:
            guard let accepts = acceptsNilText, !value.flags.contains(.bare) else { return false }
            return (try? accepts(decodeString(at: node))) == true
        }
    }

    /// Whether the scalar `node`'s text is `null`, what ``URLEncodedFormEncoder/NilEncoding/null``
    /// writes for `nil`.
    private func isNullText(_ node: Int) -> Bool {
        self[node].value.count <= 12 && (try? decodeString(at: node)) == "null"
    }

    /// The scalar node `node` holds: itself, or one of a repeated key's values where one value
    /// is expected, as the decoder's ``URLEncodedFormDecoder/Dialect-swift.struct/duplicateKeys`` says (`a=1&a=2` reads as
    /// `2` by default, as a later field of a form replaces an earlier one; the first, or an error).
    @inline(__always)
    func scalarNode(_ node: Int, as type: Any.Type) throws -> Int {
        if self[node].kind == .scalar, !isNullBareKey(node) { return node }
        return try scalarNodeElsewhere(node, as: type)
    }

    /// ``scalarNode(_:as:)`` for a node that is not one plain scalar: a repeated key, or an
    /// error. Out of line and not generic, so that every scalar type's decode shares one copy.
    @inline(never)
    private func scalarNodeElsewhere(_ node: Int, as type: Any.Type) throws -> Int {
        switch self[node].kind {
        case .scalar:
            guard !isNullBareKey(node) else {
                throw DecodingError.valueNotFound(
                    type,
                    context(
                        node,
                        "Expected \(type) at \(describe(node)), but the form has only the bare name, which reads as nil (nilDecoding: .bareKey)."
                    )
                )
            }
            return node
        case .array where self[node].lastChild >= 0 && self[self[node].lastChild].kind == .scalar:
            // A repeated key (`a=1&a=2`), read where one value is expected.
            switch rules.duplicateKeys {
            case .last, .combine:
                let last = self[node].lastChild
                guard !isNullBareKey(last) else {
                    throw DecodingError.valueNotFound(
                        type,
                        context(
                            node,
                            "Expected \(type) at \(describe(node)), but its last value is the bare name, which reads as nil (nilDecoding: .bareKey)."
                        )
                    )
                }
                return last
            case .first:
                let first = self[node].firstChild
                guard self[first].kind == .scalar else {
                    throw DecodingError.typeMismatch(
                        type, context(node, "Expected \(type) at \(describe(node)), but found \(describeShape(of: node))."))
                }
                return first
            case .error:
                throw repeatedKeyError(node)
            }
        case .unset:
            throw DecodingError.valueNotFound(
                type, context(node, "Expected \(type) at \(describe(node)), but the form has no value there."))
        case .array, .object:
            throw DecodingError.typeMismatch(
                type, context(node, "Expected \(type) at \(describe(node)), but found \(describeShape(of: node))."))
        }
    }

    /// The error of ``URLEncodedFormDecoder/DuplicateKeys-swift.enum/error`` for the repeated
    /// key `node`.
    func repeatedKeyError(_ node: Int) -> URLEncodedFormDecodingError {
        .duplicateKey(keyPath(of: node), count: self[node].childCount)
    }

    /// Checks that `node` can be read as an object: one with members, or nothing at all.
    func requireObject(_ node: Int) throws {
        switch self[node].kind {
        case .object, .unset: return
        case .scalar, .array:
            throw DecodingError.typeMismatch(
                [String: Any].self,
                context(node, "Expected an object at \(describe(node)), but found \(describeShape(of: node)).")
            )
        }
    }

    // MARK: Values

    /// Calls `body` with the text of the scalar `node` as UTF-8: percent-decoded, and converted
    /// once from the form's charset.
    func withValue<Result>(of node: Int, _ body: (ByteReader) throws -> Result) rethrows -> Result {
        let scalar = self[node]
        let range = scalar.value
        let escaped = scalar.flags.contains(.escaped)
        guard escaped || charset != .utf8 else {
            return try tree.bytes.withReader { try body($0[range]) }
        }
        if charset == .utf8, range.count <= ByteWriter.Window.stackCapacity {
            // Escaped UTF-8 short enough for the stack, most values.
            return try tree.bytes.withReader { bytes in
                try ByteWriter.Window.onStack(
                    upTo: range.count, { PercentDecoding.decode(bytes[range], into: $0, plusIsSpace: rules.plusIsSpace) }, then: body)
            }
        }
        // Escaped, or legacy text to be rewritten as UTF-8: either way, into the scratch, which
        // is moved into a local for the call: one checked access each way instead of one per
        // use, and a nested call finds an empty buffer rather than one in use.
        var buffer: [UInt8] = []
        swap(&buffer, &scratch)
        defer { swap(&buffer, &scratch) }
        if charset == .utf8 {
            // Escaped UTF-8, the common case: decoded over the scratch's bytes in place.
            return try tree.bytes.withReader { bytes in
                try buffer.overwriting(
                    upTo: range.count, { PercentDecoding.decode(bytes[range], into: $0, plusIsSpace: rules.plusIsSpace) }, then: body)
            }
        }
        buffer.removeAll(keepingCapacity: true)
        tree.bytes.withReader { bytes in
            if escaped {
                PercentDecoding.decode(bytes[range], plusIsSpace: rules.plusIsSpace, into: &buffer)
            } else {
                buffer.append(contentsOf: bytes[range])
            }
        }
        // Legacy text, escaped or not, rewritten as UTF-8.
        LegacyCharsets.transcode(&buffer, from: 0, charset: charset)
        if readsNumericReferences { LegacyCharsets.readNumericReferences(&buffer) }
        return try buffer.withReader(body)
    }

    /// The decoded text of the scalar `node`; bytes that are not UTF-8 become U+FFFD.
    func string(of node: Int) -> String {
        withValue(of: node) { $0.string }
    }
}
