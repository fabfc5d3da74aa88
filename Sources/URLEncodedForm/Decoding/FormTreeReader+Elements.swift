/// The elements of a node read as an array: repeated keys, `[]`, indexed members, or one value.
/// Values are split at separators later, by the container, once it knows the element type.
extension FormTreeReader {
    /// The element nodes of `node` read as an array, in order; `nil` when they are its children
    /// in order (a plain array, or nothing), which the container walks by their links rather than
    /// a list made, allocated and freed for each array (the sign-up, medium and large decodes;
    /// Benchmarks/README.md, Shortcuts).
    func arrangedElements(of node: Int) throws -> [Int]? {
        switch self[node].kind {
        case .unset:
            return nil
        case .scalar:
            // One value is an array of one: `tags=a` is `["a"]`, at `tags[0]`.
            return [deriveElement(of: node, at: 0, value: self[node].value, flags: self[node].flags)]
        case .array:
            // An array that mixes `[]` and `[i]`, whose positions have a gap or a repeat.
            if self[node].flags.contains(.namedElements), let positioned = try elementPositions(of: node) {
                return try arrange(positioned, of: node)
            }
            return nil
        case .object:
            return try membersInIndexOrder(node) ? nil : indexedElements(of: node)
        }
    }

    /// Whether the members of `node` are named `0`, `1`, … in the form's order, as encoders write
    /// a list by its indices (`a[0]=x&a[1]=y`), so that they are the elements as they are.
    private func membersInIndexOrder(_ node: Int) throws -> Bool {
        var member = self[node].firstChild
        var position = 0
        while member >= 0 {
            guard try arrayIndex(of: member, in: node) == position else { return false }
            position += 1
            member = self[member].nextSibling
        }
        return true
    }

    /// The positions of the elements of an array that mixes `[]` and `[i]`: an element named by an
    /// index is at that index, and one appended by `[]` or a repeated name at the position after
    /// the largest before it, as PHP numbers them (`a[5]=x&a[]=y` is at 5 and 6). So an index is
    /// never renumbered: jQuery's `a[]=1&a[1][b]=2`, whose index is the next position, is `0, 1`,
    /// and any other mix has the gaps or repeats that ``URLEncodedFormDecoder/indexGaps`` decides.
    /// `nil` when the positions are `0..<count` in the form's order.
    private func elementPositions(of node: Int) throws -> [(index: Int, member: Int)]? {
        let positioned = try mixedPositions(of: node) { try arrayIndex(of: $0, in: node) }
        // A named index is below the limit (`arrayIndex`); a `[]` after the largest may not be.
        if let largest = positioned.lazy.map(\.index).max(), largest >= rules.limits.maximumArrayLength {
            throw URLEncodedFormDecodingError.arrayTooLong(key: keyPath(of: node), limit: rules.limits.maximumArrayLength)
        }
        return positioned.enumerated().allSatisfy { $0.offset == $0.element.index } ? nil : positioned
    }

    /// Each element of the array `node` with its position, in the form's order: `index` of a
    /// named element, and the position after the largest before it for one appended by `[]` or a
    /// repeated name. The one place that rule is written; the typed and the untyped readers both
    /// read mixed arrays through it.
    func mixedPositions(of node: Int, index: (Int) throws -> Int) rethrows -> [(index: Int, member: Int)] {
        var positioned: [(index: Int, member: Int)] = []
        positioned.reserveCapacity(self[node].childCount)
        var largest = -1
        var child = self[node].firstChild
        while child >= 0 {
            let position = self[child].key.isEmpty ? largest &+ 1 : try index(child)
            largest = max(largest, position)
            positioned.append((position, child))
            child = self[child].nextSibling
        }
        return positioned
    }

    /// `a[1]=y&a[0]=x`: members named by indices, in index order. Indices may come in any order;
    /// what a missing index means is ``URLEncodedFormDecoder/indexGaps``.
    ///
    /// Each member goes straight to its slot, so no sort is needed when the indices are exactly
    /// `0..<count`, as they are unless the form has a gap.
    private func indexedElements(of node: Int) throws -> [Int] {
        let count = self[node].childCount
        var elements = [Int](repeating: -1, count: count)
        /// Members whose index is a repeat or past the count: only a form with a gap has them.
        var displaced: [(index: Int, member: Int)] = []
        var member = self[node].firstChild
        while member >= 0 {
            let index = try arrayIndex(of: member, in: node)
            if index < count, elements[index] < 0 {
                elements[index] = member
            } else {
                displaced.append((index, member))
            }
            member = self[member].nextSibling
        }
        guard !displaced.isEmpty else { return elements }
        var indexed: [(index: Int, member: Int)] = []
        indexed.reserveCapacity(count)
        member = self[node].firstChild
        while member >= 0 {
            indexed.append((try arrayIndex(of: member, in: node), member))
            member = self[member].nextSibling
        }
        return try arrange(indexed, of: node)
    }

    /// Elements at `indexed` positions that have a gap or a repeat, as
    /// ``URLEncodedFormDecoder/indexGaps`` says: in index order, and in the form's order within an
    /// index (`0` and `00`, or `[]` and `[0]`), which a stable sort of the form's order keeps.
    private func arrange(_ indexed: [(index: Int, member: Int)], of node: Int) throws -> [Int] {
        let count = self[node].childCount
        var elements = [Int](repeating: -1, count: count)
        for (index, member) in indexed where index < count && elements[index] < 0 { elements[index] = member }
        let indexed = indexed.enumerated().sorted { ($0.element.index, $0.offset) < ($1.element.index, $1.offset) }.map(\.element)
        let repeated = zip(indexed, indexed.dropFirst()).first { $0.index == $1.index }?.0.index
        switch rules.indexGaps {
        case .compact:
            return indexed.map(\.member)
        case .error:
            let gap = elements.firstIndex(of: -1) ?? count
            if let repeated, repeated < gap { throw URLEncodedFormDecodingError.indexGap(keyPath(of: node), index: repeated, repeated: true) }
            throw URLEncodedFormDecodingError.indexGap(keyPath(of: node), index: gap)
        case .keepPositions:
            if let repeated {
                throw DecodingError.dataCorrupted(context(node, "The array at \(describe(node)) has index \(repeated) twice."))
            }
            let length = (indexed.last?.index ?? -1) + 1
            guard length <= inputLength else {
                throw URLEncodedFormDecodingError.arrayTooLong(key: keyPath(of: node), limit: inputLength)
            }
            var positions: [Int] = []
            positions.reserveCapacity(length)
            for (index, member) in indexed {
                while positions.count < index { positions.append(absentMember(of: node, key: "\(positions.count)")) }
                positions.append(member)
            }
            return positions
        }
    }

    /// The index a member's name gives, below the array length limit.
    private func arrayIndex(of member: Int, in node: Int) throws -> Int {
        let key = self[member].key
        switch tree.bytes.withReader({ Self.arrayIndex($0[key], below: rules.limits.maximumArrayLength) }) {
        case .index(let index):
            return index
        case .tooLarge:
            throw URLEncodedFormDecodingError.arrayTooLong(
                key: keyPath(of: member), limit: rules.limits.maximumArrayLength)
        case .notAnIndex:
            throw DecodingError.typeMismatch(
                [Any].self,
                context(
                    node,
                    "Expected an array at \(describe(node)), but it has the member \"\(quoted(keyString(of: member)))\", which is not an index."
                )
            )
        }
    }

    private enum ArrayIndex {
        case index(Int)
        case tooLarge, notAnIndex
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
}
