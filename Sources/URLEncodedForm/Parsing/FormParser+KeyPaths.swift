/// Key paths: a name split into its components (`a[b][]`, `a.b`), or found to be no key path.
extension FormParser {
    /// Sets `components` to the key path of the name at `key` in the tree's buffer: one component
    /// for a name without brackets or dots, or for a malformed one under
    /// ``URLEncodedFormDecoder/MalformedKeys-swift.enum/literal``.
    // `mutating` though it changes only `components`: so the parser is lent by its address,
    // where a call from the parse copied its 224 bytes first (and in `splitsEscapedBrackets`).
    mutating func splitName(_ key: Range<Int>, nameClasses: UInt8, into components: inout [Range<Int>]) throws {
        guard nameClasses & (ByteClass.pathMark | ByteClass.escape) != 0 else {
            guard rules.limits.maximumDepth >= 1 else {
                throw URLEncodedFormDecodingError.keyTooDeep(key: keyText(key), limit: rules.limits.maximumDepth)
            }
            // A plain name after a plain name, the common case, overwrites its one component:
            // `removeAll(keepingCapacity:)` goes through the generic `replaceSubrange`.
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
            Self.split(bytes[key], at: key.lowerBound, acceptsDots: rules.acceptsDots, maximumDepth: rules.limits.maximumDepth, into: &components)
        }
        switch result {
        case .path: break
        case .malformed:
            guard rules.keepsMalformedKeys else { throw URLEncodedFormDecodingError.malformedKey(keyText(key)) }
            // The whole name, one component: the pair's own decision, not the form's.
            components.removeAll(keepingCapacity: true)
            components.append(key)
        case .tooDeep: throw URLEncodedFormDecodingError.keyTooDeep(key: keyText(key), limit: rules.limits.maximumDepth)
        case .needsDecoding: preconditionFailure("a decoded name is split as it is")
        }
    }

    /// Splits the name at `key` in the tree's buffer as it arrived, when its only escapes are
    /// brackets', and returns whether it did; any other name (another escape, a malformed or too
    /// deep path) is left to be decoded and split, which reports it with its decoded text.
    // `mutating`: see `splitName`.
    mutating func splitsEscapedBrackets(_ key: Range<Int>, into components: inout [Range<Int>]) -> Bool {
        while !components.isEmpty { components.removeLast() }
        let result = tree.bytes.withReader { bytes in
            Self.splitEscapedBrackets(
                bytes[key], at: key.lowerBound, acceptsDots: rules.acceptsDots, maximumDepth: rules.limits.maximumDepth,
                plusIsSpace: rules.plusIsSpace,
                into: &components)
        }
        guard case .path = result else {
            while !components.isEmpty { components.removeLast() }
            return false
        }
        return true
    }

    enum SplitResult {
        /// A raw name holds an escape other than a bracket's, or a `+` read as a space: only
        /// its decoded text can be split.
        case path, malformed, tooDeep, needsDecoding
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
        splitPath(key, at: base, acceptsDots: acceptsDots, maximumDepth: maximumDepth, escapedBrackets: false, plusIsSpace: false, into: &components)
    }

    /// Splits the name `key` as it arrived, not decoded, whose escapes are brackets' (`%5B`,
    /// `%5D`, as browsers and Python's `urlencode` write `address[city]`): its components are the
    /// same ranges of it as those of the decoded name, and hold no escape, so the name needs no
    /// decoded copy, nor a copy of the input to keep one beside it (the sign-up decode, ten such
    /// names, and every decode of this package's encoder's text; Benchmarks/README.md, Shortcuts). Returns
    /// ``SplitResult/needsDecoding`` for any other escape.
    static func splitEscapedBrackets(
        _ key: ByteReader,
        at base: Int,
        acceptsDots: Bool,
        maximumDepth: Int,
        plusIsSpace: Bool,
        into components: inout [Range<Int>]
    ) -> SplitResult {
        splitPath(
            key, at: base, acceptsDots: acceptsDots, maximumDepth: maximumDepth, escapedBrackets: true, plusIsSpace: plusIsSpace,
            into: &components)
    }

    /// The one split both entries share; inlined into each, so that the decoded name's loop reads
    /// a byte at a time with no test for escapes.
    @inline(__always)
    private static func splitPath(
        _ key: ByteReader,
        at base: Int,
        acceptsDots: Bool,
        maximumDepth: Int,
        escapedBrackets: Bool,
        plusIsSpace: Bool,
        into components: inout [Range<Int>]
    ) -> SplitResult {
        let openBracket = UInt8(ascii: "[")
        let closeBracket = UInt8(ascii: "]")
        let dot = UInt8(ascii: ".")
        let end = key.count
        // Letters, digits and `_`, most of a name: never a mark nor an escape, passed over with
        // a compare or two rather than through `mark`.
        @inline(__always)
        func isPlain(_ byte: UInt8) -> Bool {
            byte > closeBracket || (byte >= UInt8(ascii: "0") && byte < openBracket)
        }
        // The byte at `index` as the key path reads it, and how many bytes spell it: `%5B` and
        // `%5D` are brackets in a raw name, and any other escape there has width 0. Every
        // caller asks below `end`, and the escape's two bytes are read after their own test, so
        // no read needs another.
        @inline(__always)
        func mark(_ index: Int) -> (byte: UInt8, width: Int) {
            let byte = key.byte(unchecked: index)
            guard escapedBrackets else { return (byte, 1) }
            if byte == UInt8(ascii: "%") {
                if index + 2 < end, key.byte(unchecked: index + 1) == UInt8(ascii: "5") {
                    switch key.byte(unchecked: index + 2) | 0x20 {
                    case UInt8(ascii: "b"): return (openBracket, 3)
                    case UInt8(ascii: "d"): return (closeBracket, 3)
                    default: break
                    }
                }
                return (byte, 0)
            }
            return (byte, plusIsSpace && byte == UInt8(ascii: "+") ? 0 : 1)
        }
        var index = 0
        while index < end {
            // `index < end`: the loop condition. So in each loop below.
            if isPlain(key.byte(unchecked: index)) {
                index += 1
                continue
            }
            let (byte, width) = mark(index)
            if byte == openBracket || (acceptsDots && byte == dot) { break }
            if byte == closeBracket { return .malformed }
            if width == 0 { return .needsDecoding }
            index += width
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
            let (opening, openingWidth) = mark(index)
            let start = index + openingWidth
            var next = start
            if opening == openBracket {
                var closingWidth = 0
                while next < end {
                    if isPlain(key.byte(unchecked: next)) {
                        next += 1
                        continue
                    }
                    let (byte, width) = mark(next)
                    if byte == closeBracket {
                        closingWidth = width
                        break
                    }
                    if byte == openBracket { return .malformed }
                    if width == 0 { return .needsDecoding }
                    next += width
                }
                guard next < end else { return .malformed }
                components.append((base + start)..<(base + next))
                index = next + closingWidth
            } else if acceptsDots, opening == dot {
                while next < end {
                    if isPlain(key.byte(unchecked: next)) {
                        next += 1
                        continue
                    }
                    let (byte, width) = mark(next)
                    if byte == dot || byte == openBracket { break }
                    if byte == closeBracket { return .malformed }
                    if width == 0 { return .needsDecoding }
                    next += width
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
