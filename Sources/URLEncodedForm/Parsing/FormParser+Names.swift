/// Names: percent-decoded into the tree's buffer in the form's charset, checked against the depth
/// limit while a long one arrives, and quoted in errors.
extension FormParser {
    /// Appends the name `bytes` to the tree's buffer percent-decoded and made text in the form's
    /// charset, and returns where it lies.
    mutating func decodeName(_ bytes: ByteReader) -> Range<Int> {
        let start = tree.bytes.count
        PercentDecoding.decode(bytes, plusIsSpace: plusIsSpace, into: &tree.bytes)
        if charset == .utf8 {
            repairUTF8(from: start)
        } else {
            LegacyCharsets.transcode(&tree.bytes, from: start, charset: charset)
        }
        return start..<tree.bytes.count
    }

    /// A percent-decoded name may hold bytes that are not UTF-8; they become U+FFFD, as the
    /// standard's parser decodes them, so that names compare as the strings they become.
    mutating func repairUTF8(from start: Int) {
        // Read in place: a slice of `tree.bytes` held across the mutation below would make it
        // copy the whole buffer, the input included, once per name.
        let repaired: String? = tree.bytes.withReader { bytes in
            UTF8Validation.check(bytes, from: start) == .invalid ? bytes[start..<bytes.count].string : nil
        }
        if let repaired {
            tree.bytes.removeSubrange(start...)
            tree.bytes.append(contentsOf: repaired.utf8)
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
            PercentDecoding.decode(name, plusIsSpace: plusIsSpace, into: &decoded)
            return decoded.withReader {
                Self.split($0, at: 0, acceptsDots: acceptsDots, maximumDepth: limits.maximumDepth, into: &components)
            }
        }
        guard case .tooDeep = result else { return }
        let text = URLEncodedFormDecodingError.shortened(String(decoding: decoded, as: UTF8.self))
        throw URLEncodedFormDecodingError.keyTooDeep(key: text, limit: limits.maximumDepth)
    }

    func keyText(_ key: Range<Int>) -> String {
        URLEncodedFormDecodingError.shortened(String(decoding: tree.bytes[key], as: UTF8.self))
    }
}
