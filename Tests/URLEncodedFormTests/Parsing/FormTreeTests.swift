import Testing

@testable import URLEncodedForm

@Suite("Form tree")
struct FormTreeTests {
    private func members(of node: Int, in tree: FormTree) -> [String] {
        var names: [String] = []
        var child = tree[node].firstChild
        while child >= 0 {
            names.append(tree.keyString(of: child))
            child = tree[child].nextSibling
        }
        return names
    }

    @Test("members keep first-write order and a repeated key reuses its node", arguments: [3, 15, 16, 17, 40, 500])
    func memberIdentity(count: Int) {
        var tree = FormTree()
        let names = (0..<count).map { "key\($0 * 7919 % count)" }
        let nodes = names.map { tree.member(of: FormTree.root, key: $0) }
        #expect(members(of: FormTree.root, in: tree) == names)
        // Looking every key up again, in another order, finds the same nodes and adds nothing.
        for (name, node) in zip(names, nodes).reversed() {
            #expect(tree.member(of: FormTree.root, key: name) == node)
        }
        #expect(tree[FormTree.root].childCount == count)
        #expect(tree.member(of: FormTree.root, key: "new") == nodes.count + 1)
    }

    @Test("keys with equal hashes stay distinct")
    func hashCollisions() {
        // Pairs whose key hashes are equal, found by a birthday search: 6 bytes (read as two
        // overlapping halves) and 10 (two overlapping words).
        let pairs = [("axhibx", "ykvwbk"), ("tyyukpewon", "blduoptkbf")]
        for (first, second) in pairs {
            #expect(first.withReader { FormTree.hash($0) } == second.withReader { FormTree.hash($0) })
        }
        var tree = FormTree()
        let names = pairs.flatMap { [$0.0, $0.1] } + (0..<20).map { "k\($0)" }
        let nodes = names.map { tree.member(of: FormTree.root, key: $0) }
        #expect(Set(nodes).count == names.count)
        #expect(names.map { tree.member(of: FormTree.root, key: $0) } == nodes)
    }

    @Test("writing another kind of value to a node replaces what it held")
    func kindReplacement() {
        var tree = FormTree()
        let node = tree.member(of: FormTree.root, key: "a")
        for index in 0..<20 {
            _ = tree.member(of: node, key: "m\(index)")
        }
        let element = tree.appendElement(to: node)
        #expect(tree[node].kind == .array)
        #expect(tree[node].childCount == 1)
        #expect(tree[element].position == 0)
        // Back to an object: the old members are gone, including from the hash index.
        _ = tree.member(of: node, key: "m3")
        #expect(tree[node].kind == .object)
        #expect(members(of: node, in: tree) == ["m3"])
        let start = tree.bytes.count
        tree.bytes.append(contentsOf: "v".utf8)
        tree.setScalar(node, from: start)
        #expect(tree[node].kind == .scalar)
        #expect(tree.valueString(of: node) == "v")
        #expect(tree[node].firstChild == -1)
    }

    @Test("coding paths are rebuilt from the tree")
    func codingPath() {
        var tree = FormTree()
        let user = tree.member(of: FormTree.root, key: "user")
        let tags = tree.member(of: user, key: "tags")
        _ = tree.appendElement(to: tags)
        let second = tree.appendElement(to: tags)
        let path = tree.codingPath(of: second)
        #expect(path.map(\.stringValue) == ["user", "tags", "1"])
        #expect(path.map(\.intValue) == [nil, nil, 1])
        #expect(tree.codingPath(of: FormTree.root).isEmpty)
    }
}

/// The worked example at the top of `FormTree.swift`, row for row, so that the comment cannot
/// drift from what the parser builds.
@Suite("Form tree: the worked example")
struct FormTreeWorkedExampleTests {
    struct Row: Equatable, CustomStringConvertible {
        var kind: FormTree.Kind, parent: Int, first: Int, last: Int, next: Int, count: Int, position: Int
        var key: Range<Int>, value: Range<Int>, escaped: Bool
        var description: String { "\(kind) \(parent) \(first) \(last) \(next) \(count) \(position) \(key) \(value) \(escaped)" }
    }

    @Test("a[b]=1&a[c][]=x&a[c][]=y&d=2+3 becomes the documented nodes; a[b]=1&a[]=x is refused")
    func workedExample() throws {
        let tree = try FormParser.parsedForm("a[b]=1&a[c][]=x&a[c][]=y&d=2+3").tree
        let rows = tree.nodes.map {
            Row(
                kind: $0.kind, parent: $0.parent, first: $0.firstChild, last: $0.lastChild, next: $0.nextSibling,
                count: $0.childCount, position: $0.position, key: $0.key, value: $0.value, escaped: $0.flags.contains(.escaped))
        }
        let none = 0..<0
        #expect(
            rows == [
                Row(kind: .object, parent: -1, first: 1, last: 6, next: -1, count: 2, position: 0, key: none, value: none, escaped: false),
                Row(kind: .object, parent: 0, first: 2, last: 3, next: 6, count: 2, position: 0, key: 0..<1, value: none, escaped: false),
                Row(kind: .scalar, parent: 1, first: -1, last: -1, next: 3, count: 0, position: 0, key: 2..<3, value: 5..<6, escaped: false),
                Row(kind: .array, parent: 1, first: 4, last: 5, next: -1, count: 2, position: 1, key: 9..<10, value: none, escaped: false),
                Row(kind: .scalar, parent: 3, first: -1, last: -1, next: 5, count: 0, position: 0, key: none, value: 14..<15, escaped: false),
                Row(kind: .scalar, parent: 3, first: -1, last: -1, next: -1, count: 0, position: 1, key: none, value: 23..<24, escaped: false),
                Row(kind: .scalar, parent: 0, first: -1, last: -1, next: -1, count: 0, position: 1, key: 25..<26, value: 27..<30, escaped: true),
            ])
        #expect(tree.bytes.string(0..<tree.bytes.count) == "a[b]=1&a[c][]=x&a[c][]=y&d=2+3")
        #expect(throws: URLEncodedFormDecodingError.self) {
            try "a[b]=1&a[]=x&c=2".withReader { try FormParser.parse($0, rules: URLEncodedFormDecoder().rules) }
        }
    }
}

@Suite("Form tree: decoding operations")
struct FormTreeDecodingTests {
    @Test("lookups by bytes find members in small and indexed objects without adding any", arguments: [3, 15, 16, 17, 300])
    func lookups(count: Int) {
        var tree = FormTree()
        let nodes = (0..<count).map { tree.member(of: FormTree.root, key: "k\($0)") }
        for (index, node) in nodes.enumerated() {
            let key = "k\(index)"
            #expect(key.withReader { tree.member(of: FormTree.root, named: $0) } == node)
        }
        let missing = "k\(count)"
        #expect(missing.withReader { tree.member(of: FormTree.root, named: $0) } == nil)
        #expect(tree[FormTree.root].childCount == count)
    }

    @Test("keys already in the buffer become members without a copy; a repeat reports no creation")
    func keyRanges() {
        var tree = FormTree(bytes: FormBytes(copying: Array("a=1&a=2".utf8)), expectedNodes: 4)
        let first = tree.member(of: FormTree.root, keyAt: 0..<1)
        let second = tree.member(of: FormTree.root, keyAt: 4..<5)
        #expect(first.created)
        #expect(!second.created)
        #expect(first.member == second.member)
        #expect(tree.bytes.count == 7)
    }

    @Test("a scalar promoted to an array keeps its value as the first element")
    func promotion() {
        var tree = FormTree(bytes: FormBytes(copying: Array("a=1&a=2".utf8)), expectedNodes: 4)
        let node = tree.member(of: FormTree.root, keyAt: 0..<1).member
        tree.setScalar(node, value: 2..<3, flags: [.escaped])
        tree.promoteScalarToArray(node)
        #expect(tree[node].kind == .array)
        #expect(tree[node].childCount == 1)
        let element = tree[node].firstChild
        #expect(tree.valueString(of: element) == "1")
        #expect(tree[element].flags == [.escaped])
        #expect(tree.codingPath(of: element).map(\.stringValue) == ["a", "0"])
    }

    @Test("the reader's derived nodes have coding paths, and the tree stays as the parser built it")
    func derived() throws {
        let form = try FormParser.parsedForm("user[name]=Ada&tags=a,b,c")
        let decoder = URLEncodedFormDecoder(arrayDecoding: .separator(","))
        let reader = FormTreeReader(form, rules: decoder.rules, options: decoder)
        let user = try #require(reader.member(of: FormTree.root, for: "user"))
        let absent = reader.absentMember(of: user, key: "age")
        #expect(reader.codingPath(of: absent).map(\.stringValue) == ["user", "age"])
        #expect(reader[user].childCount == 1)
        // A piece of a separated value (`tags=a,b,c`) is an element under the value.
        let tags = try #require(reader.member(of: FormTree.root, for: "tags"))
        let piece = reader.piece(of: tags, from: 2)
        #expect(piece.next == 4)
        let element = reader.deriveElement(of: tags, at: 1, value: piece.value, flags: piece.flags)
        #expect(reader.codingPath(of: element).map(\.stringValue) == ["tags", "1"])
        #expect(reader.string(of: element) == "b")
        #expect(reader[tags].kind == .scalar)
        #expect(reader.tree.nodeCount == form.tree.nodeCount)
    }

    @Test("an index in brackets names an array element, found again by its name; an indexed object becomes an array")
    func namedElements() {
        var tree = FormTree(bytes: FormBytes(copying: Array("a[]=1&a[1][b]=2&a[1][c]=3&x[0][y]=1&x[]=2".utf8)), expectedNodes: 16)
        let a = tree.member(of: FormTree.root, keyAt: 0..<1).member
        _ = tree.appendElement(to: a)
        let named = tree.namedElement(of: a, keyAt: 8..<9)
        let again = tree.namedElement(of: a, keyAt: 18..<19)
        #expect(named.created && !again.created && named.element == again.element)
        #expect(tree[a].kind == .array && tree[a].childCount == 2 && tree[named.element].position == 1)
        #expect(tree.codingPath(of: named.element).map(\.stringValue) == ["a", "1"])
        let x = tree.member(of: FormTree.root, keyAt: 26..<27).member
        let zero = tree.member(of: x, keyAt: 28..<29).member
        tree.convertIndexedObjectToArray(x)
        #expect(tree[x].kind == .array)
        #expect("0".withReader { tree.member(of: x, named: $0) } == zero)
        #expect(tree.appendElement(to: x) != zero)
        #expect(tree[x].childCount == 2)
    }
}
