import Foundation

/// The elements of a node read as an array: repeated keys, indexed members, or pieces of a
/// separated value.
extension FormTreeReader {
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
                    context(
                        node,
                        "Expected an array at \(describe(node)), but it has the member \"\(quoted(tree.keyString(of: member)))\", which is not an index."
                    )
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
}
