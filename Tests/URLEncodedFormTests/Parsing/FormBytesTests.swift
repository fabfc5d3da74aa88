import Testing

@testable import URLEncodedForm

/// ``FormBytes``: the input borrowed until a decoded name is appended, then bytes of the tree's
/// own, shared by copies of a tree until one of them appends.
@Suite("Form bytes")
struct FormBytesTests {
    static func text(_ bytes: FormBytes) -> String {
        bytes.string(0..<bytes.count)
    }

    @Test("the input is read in place until a name is appended, and keeps its indices after")
    func borrowedThenOwned() {
        var input = Array("a=1&b%5B0%5D=2".utf8)
        var bytes = input.withReader { input in
            var bytes = FormBytes(borrowing: input)
            #expect(bytes.count == 14)
            bytes.append(contentsOf: "b[0]".utf8)
            return bytes
        }
        // Owned since the append: the caller's array no longer matters.
        for index in input.indices { input[index] = 0 }
        #expect(Self.text(bytes) == "a=1&b%5B0%5D=2b[0]")
        #expect(bytes.string(14..<18) == "b[0]" && bytes.string(0..<3) == "a=1")
        bytes.removeSuffix(from: 14)
        #expect(Self.text(bytes) == "a=1&b%5B0%5D=2")
    }

    @Test("own() copies the borrowed input; owning bytes already, it changes nothing")
    func own() {
        var input = Array("x=1&y=2".utf8)
        var bytes = input.withReader { input in
            var bytes = FormBytes(borrowing: input)
            bytes.own()
            return bytes
        }
        for index in input.indices { input[index] = 0 }
        #expect(Self.text(bytes) == "x=1&y=2")
        bytes.own()
        #expect(Self.text(bytes) == "x=1&y=2")
        var empty = FormBytes(capacity: 0)
        empty.own()
        #expect(empty.count == 0)
    }

    @Test("copies share their bytes until one appends, and then neither sees the other's")
    func copiesStayApart() {
        var first = FormBytes(capacity: 64)
        first.append(contentsOf: "abc".utf8)
        var second = first
        first.append(contentsOf: "x".utf8)
        second.append(contentsOf: "yz".utf8)
        #expect(Self.text(first) == "abcx")
        #expect(Self.text(second) == "abcyz")
        // Trimmed and appended again, one copy writes over its own bytes only.
        var third = second
        third.removeSuffix(from: 3)
        third.append(contentsOf: "w".utf8)
        #expect(Self.text(third) == "abcw" && Self.text(second) == "abcyz")
    }

    @Test("appends grow the bytes as far as they need", arguments: [0, 1, 63, 64, 65, 1000])
    func growth(capacity: Int) {
        var bytes = FormBytes(capacity: capacity)
        var expected = ""
        for index in 0..<300 {
            bytes.appendDecimal(index)
            bytes.append(contentsOf: "&".utf8)
            expected += "\(index)&"
        }
        #expect(Self.text(bytes) == expected)
    }
}
