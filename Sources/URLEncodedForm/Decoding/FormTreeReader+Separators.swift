/// ``URLEncodedFormDecoder/ArrayDecoding-swift.enum/separators(_:)``: a value read as elements of
/// an array is split into pieces, in the tree's bytes as the form sent them.
///
///     pets=Zizek,Foo%2C,,x     raw value   Zizek,Foo%2C,,x
///                              pieces      Zizek | Foo%2C | (empty) | x
///                              elements    "Zizek", "Foo,", "", "x"
///
/// Splitting before the escapes are decoded is what lets an element hold a separator (`%2C`), and
/// a piece is a range of the same bytes, so it is percent-decoded and converted from the form's
/// charset once, when it is read, like any value.
extension FormTreeReader {
    /// A piece of a value: its bytes in the tree, its flags, and where the next piece starts in
    /// the value (`nil` after the last).
    struct Piece {
        var value: Range<Int>
        var flags: FormTree.ValueFlags
        var next: Int?
    }

    /// The piece of the scalar `node` that starts `offset` bytes into its value.
    func piece(of node: Int, from offset: Int) -> Piece {
        let value = self[node].value
        let start = value.lowerBound &+ offset
        return tree.bytes.withReader { bytes in
            var index = start
            var escaped = false
            while index < value.upperBound {
                let byte = bytes[index]
                if byte == UInt8(ascii: "%") || (rules.plusIsSpace && byte == UInt8(ascii: "+")) { escaped = true }
                if let length = separatorLength(in: bytes, at: index, end: value.upperBound) {
                    let flags: FormTree.ValueFlags = escaped ? .escaped : []
                    return Piece(value: start..<index, flags: flags, next: index &+ length &- value.lowerBound)
                }
                index &+= 1
            }
            // The last piece; a value that holds no separator is one piece, and keeps its flags.
            let flags: FormTree.ValueFlags = offset == 0 ? self[node].flags : (escaped ? .escaped : [])
            return Piece(value: start..<value.upperBound, flags: flags, next: nil)
        }
    }

    /// Whether the scalar `node` holds a separator, so that it reads as more than one element.
    func holdsSeparator(_ node: Int) -> Bool {
        let value = self[node].value
        return tree.bytes.withReader { bytes in
            var index = value.lowerBound
            while index < value.upperBound {
                if separatorLength(in: bytes, at: index, end: value.upperBound) != nil { return true }
                index &+= 1
            }
            return false
        }
    }

    /// The length of the separator at `index`, or `nil` when none starts there.
    private func separatorLength(in bytes: ByteReader, at index: Int, end: Int) -> Int? {
        let byte = bytes[index]
        for separator in separators where separator[0] == byte && separator.count <= end &- index {
            if separator.count == 1 || bytes[index..<(index &+ separator.count)].elementsEqual(separator) {
                return separator.count
            }
        }
        return nil
    }
}

/// Types that read an array of their own, so that an element read as one of them is a whole
/// value, split into its own elements, rather than a piece: `m=1,2&m=3,4` as `[[Int]]`.
protocol FormSequenceDecodable {}

extension Array: FormSequenceDecodable {}
extension ContiguousArray: FormSequenceDecodable {}
extension Set: FormSequenceDecodable {}
extension Optional: FormSequenceDecodable where Wrapped: FormSequenceDecodable {}
