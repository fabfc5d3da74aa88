/// Nodes: a pair's components walked or built in the tree, with the rules of the clients that
/// write arrays (jQuery's `[]` and `[i]`, Rails' `[][x]` rows, repeated names), the conflicts
/// between kinds, and the array length limit.
extension FormParser {
    /// Walks or builds the nodes for `components` and stores the value at the end.
    ///
    /// One name holds an array however the form writes its elements, in the order they come: `[]`
    /// and repeated names append, and an index in brackets names an element, so jQuery's
    /// `a[]=1&a[1][b]=2` and `a=b&a[1]=c` are arrays of two. Names that are not indices make an
    /// object, which cannot also hold elements but under `dialect.conflictingKeys = .last`, where the
    /// elements become its members named by their indices.
    mutating func insert(
        _ components: [Range<Int>],
        value: Range<Int>,
        flags: FormTree.ValueFlags,
        key: Range<Int>
    ) throws {
        var node = FormTree.root
        let last = components.count - 1
        var index = 0
        while index < min(previousPathLength, last), sharesName(previousPath[index], components[index]) {
            node = previousPath[index]
            index += 1
        }
        previousPathLength = index
        var recordsPath = true
        while index <= last {
            let component = components[index]
            defer { index += 1 }
            if index > 0, component.isEmpty {
                let followsOtherBrackets = !recordsPath
                recordsPath = false
                if rules.replacesConflicts, tree[node].kind == .object, nextIndices[node] != nil || !allMembersAreIndices(node) {
                    // `[]` where an object with names is: a member named by the next index, as
                    // PHP appends to an array that holds names (`a[b]=1&a[]=2` is `{b: 1, 0: 2}`).
                    node = appendIndexedMember(to: node)
                    if index == last {
                        tree.setScalar(node, value: value, flags: flags)
                        return
                    }
                    continue
                }
                // `[]`: append to an array, or to its last element.
                try makeArray(node, key: key)
                tree.markRepeatedName(node, false)
                if index == last {
                    if rules.allowsEmptyArrays, flags.contains(.bare) {
                        // The array, made and left empty.
                        if tree[node].kind == .unset { tree.prepare(node, as: .array) }
                        return
                    }
                    try appendScalar(to: node, value: value, flags: flags, key: key)
                    if !followsOtherBrackets, key.upperBound <= decodedStart {
                        // The name as it arrived (not a decoded copy): see `repeatArray`.
                        repeatArray = node
                        repeatPair = pairCount
                        repeatName = key
                    }
                    return
                }
                let lastElement = tree[node].lastChild
                if lastElement >= 0, !rules.startsElementPerPair, addsToElement(lastElement, components[(index + 1)...]) {
                    node = lastElement
                } else {
                    try checkRoom(in: node, key: key)
                    node = tree.appendElement(to: node)
                }
                continue
            }
            let child: Int
            if rules.replacesConflicts, tree[node].kind == .array, !isIndex(component),
                let next = tree.convertArrayToObject(node)
            {
                // A name under a list: its elements become members named by their indices, and
                // the name joins them, as PHP's arrays hold both (`a[]=1&a[b]=2` is `{0: 1, b: 2}`).
                nextIndices[node] = next
                keptDecodedName = true
            } else if rules.replacesConflicts, tree[node].kind == .scalar || tree[node].kind == .array, !isIndex(component) {
                // A name under a value, or under a list two of whose elements have one index
                // (`a[]=x&a[0]=y`): the object replaces it.
                replace(node, with: .object)
            }
            switch tree[node].kind {
            case .scalar, .array:
                // An index after a value or an array names an element (jQuery's `a[1][b]`).
                guard index > 0, isIndex(component) else { throw URLEncodedFormDecodingError.conflictingKey(keyText(key)) }
                try makeArray(node, key: key)
                tree.markRepeatedName(node, false)
                if let element = tree.bytes.withReader({ tree.member(of: node, named: $0[component]) }) {
                    child = element
                } else {
                    try checkRoom(in: node, key: key)
                    child = tree.namedElement(of: node, keyAt: component).element
                    if component.upperBound > decodedStart { keptDecodedName = true }
                }
            case .unset, .object:
                if index == last, nextIndices.isEmpty, tree.addScalarMember(to: node, keyAt: component, value: value, flags: flags) {
                    // A new last name (`address[city]`): its node written whole, as a plain name's
                    // (the sign-up and medium decodes; Benchmarks/README.md, Shortcuts).
                    if component.upperBound > decodedStart { keptDecodedName = true }
                    return
                }
                let (member, created) = tree.member(of: node, keyAt: component)
                if created, component.upperBound > decodedStart { keptDecodedName = true }
                if created, !nextIndices.isEmpty, let next = nextIndices[node], let index = indexValue(component) {
                    // An index named in an object that holds a list: `[]` continues after it.
                    nextIndices[node] = max(next, index + 1)
                }
                child = member
            }
            node = child
            if recordsPath, index < last {
                if previousPathLength < previousPath.count {
                    previousPath[previousPathLength] = node
                } else {
                    previousPath.append(node)
                }
                previousPathLength += 1
            }
            if index == last {
                switch tree[node].kind {
                case .unset:
                    tree.setScalar(node, value: value, flags: flags)
                case .object where rules.replacesConflicts && !allMembersAreIndices(node):
                    // A value where an object was: the value replaces it.
                    replace(node, with: .scalar)
                    tree.setScalar(node, value: value, flags: flags)
                case .scalar, .array, .object:
                    // A repeated name (`a=1&a=2`) appends, as `[]` does. The array stays one
                    // made only by repeats while every pair gave it the name alone.
                    let onlyRepeats = tree[node].kind == .scalar || tree[node].flags.contains(.repeatedName)
                    try makeArray(node, key: key)
                    tree.markRepeatedName(node, onlyRepeats)
                    try appendScalar(to: node, value: value, flags: flags, key: key)
                }
            }
        }
    }

    /// Whether `node` is the one a name equal to `bytes[component]` leads to: its key is that name.
    func sharesName(_ node: Int, _ component: Range<Int>) -> Bool {
        sameBytes(tree[node].key, component)
    }

    /// Whether the tree's buffer holds the same bytes at `first` as at `second`.
    @inline(__always)  // A call from a mutating function copied the parser (224 bytes) to lend it.
    func sameBytes(_ first: Range<Int>, _ second: Range<Int>) -> Bool {
        guard first.count == second.count else { return false }
        return tree.bytes.withReader { $0[first].equals($0[second]) }
    }

    /// Makes `node` an array that more elements can be appended to: a value becomes the first
    /// element, and an object whose members are all indices (`a[0][x]=1`) becomes an array of
    /// them. Any other object conflicts: under `dialect.conflictingKeys = .last` the callers never ask,
    /// since `[]` and a repeated name add to such an object or replace it themselves.
    mutating func makeArray(_ node: Int, key: Range<Int>) throws {
        switch tree[node].kind {
        case .unset, .array:
            break
        case .scalar:
            try promote(node, key: key)
        case .object:
            guard allMembersAreIndices(node) else { throw URLEncodedFormDecodingError.conflictingKey(keyText(key)) }
            tree.convertIndexedObjectToArray(node)
        }
    }

    /// The member of `object` named by its next index (see ``nextIndices``), made now; the
    /// first time, the next index is found from the indices its members have.
    mutating func appendIndexedMember(to object: Int) -> Int {
        let next =
            nextIndices[object]
            ?? {
                var largest = -1
                var member = tree[object].firstChild
                while member >= 0 {
                    if let index = indexValue(tree[member].key) { largest = max(largest, index) }
                    member = tree[member].nextSibling
                }
                return largest + 1
            }()
        nextIndices[object] = next + 1
        keptDecodedName = true
        return tree.appendIndexedMember(to: object, index: next)
    }

    /// The value of the index `bytes[name]`, or `nil` when it is not one (``isIndex(_:)``).
    func indexValue(_ name: Range<Int>) -> Int? {
        isIndex(name) ? tree.indexValue(ofKey: name) : nil
    }

    /// Empties `node` and makes it `kind` under `dialect.conflictingKeys = .last`: what it held is gone,
    /// and so is the next index it had if it held a list and names.
    mutating func replace(_ node: Int, with kind: FormTree.Kind) {
        if !nextIndices.isEmpty { nextIndices[node] = nil }
        tree.prepare(node, as: kind)
    }

    func allMembersAreIndices(_ object: Int) -> Bool {
        var member = tree[object].firstChild
        while member >= 0 {
            guard isIndex(tree[member].key) else { return false }
            member = tree[member].nextSibling
        }
        return true
    }

    /// Whether `bytes[name]` is an index (``FormTree/isIndex(key:)``).
    func isIndex(_ name: Range<Int>) -> Bool {
        tree.isIndex(key: name)
    }

    /// Whether `a[][x]=…` belongs to the array's last element rather than a new one. It does unless
    /// that element cannot hold the path or already has all of it, Rails' rule: so
    /// `a[][x]=1&a[][y]=2&a[][x]=3` is `[{x: 1, y: 2}, {x: 3}]`. An element that is an array is
    /// never added to: each `a[][]` pair starts a new inner array, as PHP and Rack read it
    /// (`a[][]=1&a[][]=2` is `[["1"], ["2"]]`).
    func addsToElement(_ element: Int, _ rest: ArraySlice<Range<Int>>) -> Bool {
        guard let first = rest.first else { return false }
        switch (tree[element].kind, first.isEmpty) {
        case (.object, false), (.unset, false): break
        default: return false
        }
        var node = element
        for component in rest {
            if component.isEmpty { return true }
            let member = tree.bytes.withReader { tree.member(of: node, named: $0[component]) }
            guard let member else { return true }
            node = member
        }
        return false
    }

    mutating func promote(_ node: Int, key: Range<Int>) throws {
        try checkRoom(in: node, key: key, adding: 2)
        tree.promoteScalarToArray(node)
    }

    mutating func appendScalar(
        to array: Int,
        value: Range<Int>,
        flags: FormTree.ValueFlags,
        key: Range<Int>
    ) throws {
        try checkRoom(in: array, key: key)
        tree.appendScalarElement(to: array, value: value, flags: flags)
    }

    @inline(__always)  // As `sameBytes`: a call copied the parser to lend it.
    func checkRoom(in array: Int, key: Range<Int>, adding count: Int = 1) throws {
        // `length + count` is at most the number of nodes plus two, so it cannot overflow, whatever
        // the limit is set to.
        let length = tree[array].kind == .array ? tree[array].childCount : 0
        guard length + count <= rules.limits.maximumArrayLength else {
            throw URLEncodedFormDecodingError.arrayTooLong(key: keyText(key), limit: rules.limits.maximumArrayLength)
        }
    }
}
