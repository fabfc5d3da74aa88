/// Names: percent-decoded into the tree's buffer in the form's charset, checked against the depth
/// limit while a long one arrives, and quoted in errors.
extension FormParser {
    /// Appends the name `bytes` to the tree's buffer percent-decoded and made text in the form's
    /// charset, and returns where it lies. The tree's buffer is appended to, never rewritten, so
    /// the name is made first: on the stack when it is UTF-8 and short, as most are, or else in
    /// `decodedName`, reused.
    mutating func decodeName(_ bytes: ByteReader) -> Range<Int> {
        let start = tree.bytes.count
        if charset == .utf8, bytes.count <= ByteWriter.Window.stackCapacity {
            ByteWriter.Window.onStack(
                upTo: bytes.count, { PercentDecoding.decode(bytes, into: $0, plusIsSpace: rules.plusIsSpace) },
                then: { appendRepairingUTF8($0) })
            return start..<tree.bytes.count
        }
        var name: [UInt8] = []
        swap(&name, &decodedName)
        defer { swap(&name, &decodedName) }
        name.removeAll(keepingCapacity: true)
        PercentDecoding.decode(bytes, plusIsSpace: rules.plusIsSpace, into: &name)
        if charset == .utf8 {
            name.withReader { appendRepairingUTF8($0) }
        } else {
            LegacyCharsets.transcode(&name, from: 0, charset: charset)
            name.withReader { tree.bytes.append($0) }
        }
        return start..<tree.bytes.count
    }

    /// Appends a percent-decoded name, whose bytes that are not UTF-8 become U+FFFD, as the
    /// standard's parser decodes them, so that names compare as the strings they become.
    private mutating func appendRepairingUTF8(_ name: ByteReader) {
        if UTF8Validation.check(name, from: 0) == .invalid {
            name.string.withReader { tree.bytes.append($0) }
        } else {
            tree.bytes.append(name)
        }
    }

    /// Refuses a name, whole or the part of it that has arrived, that has more components than
    /// the depth limit allows: the chunked parser's check while a long name arrives. A part is
    /// read without an escape it cuts in two; a name too deep in part is too deep whole.
    func checkDepth(ofName range: Range<Int>, complete: Bool) throws {
        var decoded: [UInt8] = []
        var components: [Range<Int>] = []
        let result = tree.bytes.withReader { bytes in
            var name = bytes[range]
            if !complete {
                let count = name.count
                if count >= 1, name[count - 1] == UInt8(ascii: "%") {
                    name = name[0..<(count - 1)]
                } else if count >= 2, name[count - 2] == UInt8(ascii: "%") {
                    name = name[0..<(count - 2)]
                }
            }
            PercentDecoding.decode(name, plusIsSpace: rules.plusIsSpace, into: &decoded)
            return decoded.withReader {
                Self.split($0, at: 0, acceptsDots: rules.acceptsDots, maximumDepth: rules.limits.maximumDepth, into: &components)
            }
        }
        guard case .tooDeep = result else { return }
        throw URLEncodedFormDecodingError.keyTooDeep(key: String(decoding: decoded, as: UTF8.self), limit: rules.limits.maximumDepth)
    }

    /// The key at `key`, for an error, which keeps it whole and quotes its start: decoded, when
    /// the pair's name was split as it arrived (``keyHasEscapedBrackets``).
    func keyText(_ key: Range<Int>) -> String {
        guard keyHasEscapedBrackets else { return tree.bytes.string(key) }
        var decoded: [UInt8] = []
        tree.bytes.withReader { PercentDecoding.decode($0[key], plusIsSpace: rules.plusIsSpace, into: &decoded) }
        return String(decoding: decoded, as: UTF8.self)
    }
}
