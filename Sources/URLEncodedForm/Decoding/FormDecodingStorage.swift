import Foundation

/// The tree one `decode` call parsed, and the options that decide how its names and scalars are
/// read. Containers hold a reference to it and a node index.
final class FormDecodingStorage {
    // One decode call owns the storage and runs on one thread, and no access to the tree spans a
    // call back into user code, so the runtime exclusivity checks would only cost time.
    @exclusivity(unchecked) var tree: FormTree
    /// Reused buffer for values that hold escapes.
    @exclusivity(unchecked) private var scratch: [UInt8] = []
    /// For converted key strategies: per object, each member's converted name → member.
    private var convertedMembers: [Int: [String: Int]] = [:]
    /// For snake and kebab case: coding key → the name the encoder writes for it.
    private var encodedNames: [String: String] = [:]

    // The options are copied out once, as in the encoder.
    let arraySeparator: [UInt8]?
    let boolDecoding: URLEncodedFormDecoder.BoolDecoding
    let dataDecoding: URLEncodedFormDecoder.DataDecoding
    let dateDecoding: URLEncodedFormDecoder.DateDecoding
    private let keyDecoding: URLEncodedFormDecoder.KeyDecoding
    let plusIsSpace: Bool
    let maximumArrayLength: Int
    private let pathSeparator: KeyPathStyle
    let userInfo: [CodingUserInfoKey: any Sendable]
    private let duplicates: URLEncodedFormDecoder.DuplicateDecoding
    /// Whether failed fields are recorded and given stand-ins (``URLEncodedFormDecoder/ErrorReporting-swift.enum/everyField``).
    let collectsFieldErrors: Bool
    /// The fields that failed, when they are collected.
    var fieldErrors: [URLEncodedFormFieldErrors.FieldError] = []

    private enum KeyPathStyle { case brackets, dots }

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
        pathSeparator = options.keyPathDecoding.acceptsDots ? .dots : .brackets
        userInfo = options.userInfo
        duplicates = options.duplicates
        collectsFieldErrors = options.errorReporting == .everyField
    }

    // MARK: Members

    /// The member of `object` that `key` names under `keyDecoding`.
    func member(of object: Int, for key: String) -> Int? {
        guard tree[object].kind == .object else { return nil }
        switch keyDecoding {
        case .useDefaultKeys:
            return member(of: object, named: key)
        case .convertFromSnakeCase, .convertFromKebabCase:
            // The name the encoder writes for the key is found without converting every member.
            if let member = member(of: object, named: encodedName(for: key)) { return member }
            return convertedNames(of: object)[key]
        case .custom:
            return convertedNames(of: object)[key]
        }
    }

    /// The key strings of `object`'s members, converted by `keyDecoding`, in input order.
    func keys(of object: Int) -> [String] {
        var keys: [String] = []
        guard tree[object].kind == .object else { return keys }
        keys.reserveCapacity(tree[object].childCount)
        var member = tree[object].firstChild
        while member >= 0 {
            keys.append(convert(tree.keyString(of: member)))
            member = tree[member].nextSibling
        }
        return keys
    }

    /// The text a missing key was looked for as, for messages.
    func lookedUpName(for key: String) -> String {
        switch keyDecoding {
        case .useDefaultKeys, .custom: key
        case .convertFromSnakeCase, .convertFromKebabCase: encodedName(for: key)
        }
    }

    private func member(of object: Int, named name: String) -> Int? {
        name.withReader { tree.member(of: object, named: $0) }
    }

    private func encodedName(for key: String) -> String {
        if let name = encodedNames[key] { return name }
        let separator = if case .convertFromKebabCase = keyDecoding { "-" } else { "_" }
        let name = URLEncodedFormEncoder.KeyEncoding.separatingWords(of: key, with: separator)
        encodedNames[key] = name
        return name
    }

    private func convertedNames(of object: Int) -> [String: Int] {
        if let names = convertedMembers[object] { return names }
        var names: [String: Int] = [:]
        var member = tree[object].firstChild
        while member >= 0 {
            let name = convert(tree.keyString(of: member))
            if names[name] == nil { names[name] = member }
            member = tree[member].nextSibling
        }
        convertedMembers[object] = names
        return names
    }

    private func convert(_ name: String) -> String {
        switch keyDecoding {
        case .useDefaultKeys: name
        case .convertFromSnakeCase: URLEncodedFormDecoder.KeyDecoding.joiningWords(of: name, separatedBy: "_")
        case .convertFromKebabCase: URLEncodedFormDecoder.KeyDecoding.joiningWords(of: name, separatedBy: "-")
        case .custom(let convert): convert(name)
        }
    }

    /// A node for `key` of `object` that holds nothing, for a `superDecoder(forKey:)` or a nested
    /// decoder whose key is missing, so that errors below it still carry the full path.
    func absentMember(of object: Int, key: String) -> Int {
        let node = tree.appendDetachedNode(parent: object, position: 0)
        tree.setDetachedKey(node, key)
        return node
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
                throw DecodingError.dataCorrupted(context(
                    node, "The key \(describe(node)) appears \(tree[node].childCount) times, but \(type) holds one value, and the decoder refuses repeated keys (duplicates: .error)."))
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

    // MARK: Elements

    /// The element nodes of `node` read as an array, in order.
    func elements(of node: Int) throws -> [Int] {
        var elements: [Int] = []
        switch tree[node].kind {
        case .unset:
            break
        case .scalar:
            if arraySeparator != nil {
                appendSplitElements(of: node, parent: node, into: &elements)
            } else {
                // One value is an array of one: `tags=a` is `["a"]`.
                let element = tree.appendDetachedNode(parent: node, position: 0)
                tree.setScalar(element, value: tree[node].value, flags: tree[node].flags)
                elements.append(element)
            }
        case .array:
            elements.reserveCapacity(tree[node].childCount)
            var child = tree[node].firstChild
            while child >= 0 {
                if arraySeparator != nil, tree[child].kind == .scalar {
                    appendSplitElements(of: child, parent: node, into: &elements)
                } else {
                    elements.append(child)
                }
                child = tree[child].nextSibling
            }
        case .object:
            elements = try indexedElements(of: node)
        }
        return elements
    }

    /// `a[1]=y&a[0]=x`: members named by indices, in index order. Indices may come in any order,
    /// but must run from 0 without a gap or a repeat.
    ///
    /// Each member goes straight to its slot, so no sort is needed: with `count` members and no
    /// gap or repeat, the indices are exactly `0..<count`.
    private func indexedElements(of node: Int) throws -> [Int] {
        let count = tree[node].childCount
        var elements = [Int](repeating: -1, count: count)
        var smallestRepeat = Int.max
        var member = tree[node].firstChild
        while member >= 0 {
            let key = tree[member].key
            let index = tree.bytes.withReader { Self.arrayIndex($0[key], below: maximumArrayLength) }
            switch index {
            case .index(let index):
                if index < count {
                    if elements[index] >= 0 {
                        smallestRepeat = min(smallestRepeat, index)
                    } else {
                        elements[index] = member
                    }
                }
            case .tooLarge:
                throw URLEncodedFormDecodingError.arrayTooLong(
                    key: URLEncodedFormDecodingError.shortened(keyPath(of: member)), limit: maximumArrayLength)
            case .notAnIndex:
                throw DecodingError.typeMismatch(
                    [Any].self,
                    context(node, "Expected an array at \(describe(node)), but it has the member \"\(quoted(tree.keyString(of: member)))\", which is not an index.")
                )
            }
            member = tree[member].nextSibling
        }
        // In index order, the first index out of place is either a repeat below the first gap or
        // the gap itself.
        if let gap = elements.firstIndex(of: -1) {
            let problem = smallestRepeat < gap ? "index \(smallestRepeat) twice" : "no element at index \(gap)"
            throw DecodingError.dataCorrupted(
                context(node, "The array at \(describe(node)) has \(problem); indices must run from 0 without gaps."))
        }
        return elements
    }

    private enum ArrayIndex {
        case index(Int), tooLarge, notAnIndex
    }

    /// Reads decimal digits without overflow: anything at or above `limit` is too large.
    private static func arrayIndex(_ digits: ByteReader, below limit: Int) -> ArrayIndex {
        guard !digits.isEmpty else { return .notAnIndex }
        var value = 0
        var tooLarge = false
        for byte in digits {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return .notAnIndex }
            if !tooLarge {
                let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(Int(digit))
                if overflow1 || overflow2 || sum >= limit { tooLarge = true } else { value = sum }
            }
        }
        return tooLarge ? .tooLarge : .index(value)
    }

    /// `.separator`: each piece of the value becomes an element of its own.
    private func appendSplitElements(of scalar: Int, parent: Int, into elements: inout [Int]) {
        guard let separator = arraySeparator, !separator.isEmpty else { return }
        let decoded = withValue(of: scalar) { Array($0) }
        guard !decoded.isEmpty else { return }
        var start = 0
        var index = 0
        func appendPiece(_ range: Range<Int>) {
            let node = tree.appendDetachedNode(parent: parent, position: elements.count)
            let valueStart = tree.bytes.count
            tree.bytes.append(contentsOf: decoded[range])
            tree.setScalar(node, value: valueStart..<tree.bytes.count, flags: [])
            elements.append(node)
        }
        while index <= decoded.count - separator.count {
            if decoded[index..<(index + separator.count)].elementsEqual(separator) {
                appendPiece(start..<index)
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        appendPiece(start..<decoded.count)
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

    // MARK: Errors

    func context(_ node: Int, _ description: String) -> DecodingError.Context {
        DecodingError.Context(codingPath: tree.codingPath(of: node), debugDescription: description)
    }

    /// Where `node` is, for a message: its quoted key path, or `the top level`.
    func describe(_ node: Int) -> String {
        node == FormTree.root ? "the top level" : "\"\(quoted(keyPath(of: node)))\""
    }

    /// The key of `node` as the form would spell it, decoded: `user[tags][2]`, or `user.tags.2`
    /// with dots; followed by `name` when given.
    func keyPath(of node: Int, appending name: String? = nil) -> String {
        var path = tree.codingPath(of: node).map(\.stringValue)
        if let name { path.append(name) }
        var text = path.first ?? ""
        for key in path.dropFirst() {
            switch pathSeparator {
            case .brackets: text += "[\(key)]"
            case .dots: text += ".\(key)"
            }
        }
        return text
    }

    /// What `node` holds, for a message: `the value "old"`, `3 values`, `an object with members a, b`.
    func describeShape(of node: Int) -> String {
        switch tree[node].kind {
        case .unset: return "nothing"
        case .scalar: return "the value \"\(quoted(string(of: node)))\""
        case .array: return "a list of \(tree[node].childCount) values"
        case .object:
            var names: [String] = []
            var member = tree[node].firstChild
            while member >= 0, names.count < 5 {
                names.append(quoted(tree.keyString(of: member)))
                member = tree[member].nextSibling
            }
            let more = tree[node].childCount > names.count ? ", …" : ""
            return "an object with the members \(names.joined(separator: ", "))\(more)"
        }
    }

    /// Text from the input, shortened for a message.
    func quoted(_ text: String) -> String {
        text.count > 100 ? text.prefix(100) + "…" : text
    }
}
