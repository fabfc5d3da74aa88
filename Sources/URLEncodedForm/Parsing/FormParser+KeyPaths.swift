/// Key paths: a name split into its components (`a[b][]`, `a.b`), or found to be no key path.
extension FormParser {
    /// Sets `components` to the key path of the name at `key` in the tree's buffer: one component
    /// for a name without brackets or dots, or for a malformed one under
    /// ``URLEncodedFormDecoder/MalformedKeys-swift.enum/literal``.
    func splitName(_ key: Range<Int>, nameClasses: UInt8, into components: inout [Range<Int>]) throws {
        guard nameClasses & (ByteClass.pathMark | ByteClass.escape) != 0 else {
            guard limits.maximumDepth >= 1 else {
                throw URLEncodedFormDecodingError.keyTooDeep(key: keyText(key), limit: limits.maximumDepth)
            }
            // A plain name after a plain name, the common case, overwrites its one component:
            // `removeAll(keepingCapacity:)` goes through the generic `replaceSubrange` (85
            // instructions a pair).
            if components.count == 1 {
                components[0] = key
            } else {
                components.removeAll(keepingCapacity: true)
                components.append(key)
            }
            return
        }
        // One at a time for the same reason: a key path has a few components.
        while !components.isEmpty { components.removeLast() }
        let result = tree.bytes.withReader { bytes in
            Self.split(bytes[key], at: key.lowerBound, acceptsDots: acceptsDots, maximumDepth: limits.maximumDepth, into: &components)
        }
        switch result {
        case .path: break
        case .malformed:
            guard keepsMalformedKeys else { throw URLEncodedFormDecodingError.malformedKey(keyText(key)) }
            // The whole name, one component: the pair's own decision, not the form's.
            components.removeAll(keepingCapacity: true)
            components.append(key)
        case .tooDeep: throw URLEncodedFormDecodingError.keyTooDeep(key: keyText(key), limit: limits.maximumDepth)
        }
    }

    enum SplitResult {
        case path, malformed, tooDeep
    }

    /// Splits `key` into the ranges of its components (offset by `base`): the name before any
    /// bracket, which may be empty, then each bracketed or dotted name. An empty range after the
    /// first is `[]`.
    /// Escaped punctuation (`%5B`, `%5b`) was decoded before, so it is punctuation too, as qs,
    /// Rails, PHP and Vapor read it.
    static func split(
        _ key: ByteReader,
        at base: Int,
        acceptsDots: Bool,
        maximumDepth: Int,
        into components: inout [Range<Int>]
    ) -> SplitResult {
        let openBracket = UInt8(ascii: "[")
        let closeBracket = UInt8(ascii: "]")
        let dot = UInt8(ascii: ".")
        let end = key.count
        var index = 0
        while index < end, key[index] != openBracket, !(acceptsDots && key[index] == dot) {
            if key[index] == closeBracket { return .malformed }
            index += 1
        }
        guard maximumDepth >= 1 else { return .tooDeep }
        guard index < end else {
            components.append(base..<(base + end))
            return .path
        }
        // An empty name before the first bracket or dot is the empty name's path: `[]=x` is
        // `{"": ["x"]}`, as the encoder writes it (and Alamofire).
        components.append(base..<(base + index))
        while index < end {
            guard components.count < maximumDepth else { return .tooDeep }
            let start = index + 1
            var next = start
            if key[index] == openBracket {
                while next < end, key[next] != closeBracket {
                    if key[next] == openBracket { return .malformed }
                    next += 1
                }
                guard next < end else { return .malformed }
                components.append((base + start)..<(base + next))
                index = next + 1
            } else if acceptsDots, key[index] == dot {
                while next < end, key[next] != dot, key[next] != openBracket {
                    if key[next] == closeBracket { return .malformed }
                    next += 1
                }
                guard next > start else { return .malformed }
                components.append((base + start)..<(base + next))
                index = next
            } else {
                return .malformed
            }
        }
        return .path
    }
}
