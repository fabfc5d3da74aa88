import Foundation
import Testing

@testable import URLEncodedForm

/// An element is its coding index, as in `JSONEncoder`: a type may hold several nested containers
/// of one array and write them in any order, and each write lands in its own element, which
/// takes its place by its index and reports that index in its coding path from first to last.
@Suite("Encoder: an element is its coding index")
struct ElementOrderTests {
    typealias Encoding = ElementNumberingTests.Encoding
    typealias Key = ShapedDecoding.AnyKey

    /// The type: element 1 writes before element 0.
    struct OutOfOrder: Encodable {
        func encode(to encoder: any Encoder) throws {
            var top = encoder.container(keyedBy: Key.self)
            var array = top.nestedUnkeyedContainer(forKey: Key(stringValue: "a"))
            var first = array.nestedContainer(keyedBy: Key.self)
            var second = array.nestedContainer(keyedBy: Key.self)
            try second.encode("one", forKey: Key(stringValue: "x"))
            try first.encode("zero", forKey: Key(stringValue: "x"))
            try first.encode("zero-y", forKey: Key(stringValue: "y"))
        }
    }

    /// Values, an element that writes nothing and containers, written last to first:
    /// `{"a": ["s0", {"k": "1"}, "s2", ["3a", "3b"], {}, {"k": "5"}]}` in JSON.
    struct Mixed: Encodable {
        func encode(to encoder: any Encoder) throws {
            var top = encoder.container(keyedBy: Key.self)
            var array = top.nestedUnkeyedContainer(forKey: Key(stringValue: "a"))
            try array.encode("s0")
            var one = array.nestedContainer(keyedBy: Key.self)
            try array.encode("s2")
            var three = array.nestedUnkeyedContainer()
            _ = array.nestedContainer(keyedBy: Key.self)
            var five = array.nestedContainer(keyedBy: Key.self)
            try five.encode("5", forKey: Key(stringValue: "k"))
            try three.encode("3a")
            try one.encode("1", forKey: Key(stringValue: "k"))
            try three.encode("3b")
        }
    }

    /// What each encoding writes for ``OutOfOrder`` and ``Mixed``, brackets shown literally; sorted
    /// and unsorted alike, as elements keep their order and each object's members are in order.
    static let texts: [Encoding: (outOfOrder: String, mixed: String)] = [
        .brackets: ("a[][x]=zero&a[][y]=zero-y&a[][x]=one", "a[]=s0&a[][k]=1&a[]=s2&a[][]=3a&a[][]=3b&a[][k]=5"),
        .noBrackets: ("a[x]=zero&a[y]=zero-y&a[x]=one", "a=s0&a[k]=1&a=s2&a=3a&a=3b&a[k]=5"),
        .indexInBrackets: ("a[0][x]=zero&a[0][y]=zero-y&a[1][x]=one", "a[0]=s0&a[1][k]=1&a[2]=s2&a[3][0]=3a&a[3][1]=3b&a[4][k]=5"),
        .keepPositions: ("a[0][x]=zero&a[0][y]=zero-y&a[1][x]=one", "a[0]=s0&a[1][k]=1&a[2]=s2&a[3][0]=3a&a[3][1]=3b&a[5][k]=5"),
        .jQuery: ("a[0][x]=zero&a[0][y]=zero-y&a[1][x]=one", "a[]=s0&a[1][k]=1&a[]=s2&a[3][]=3a&a[3][]=3b&a[5][k]=5"),
        .separator: ("a[][x]=zero&a[][y]=zero-y&a[][x]=one", "a=s0&a[][k]=1&a=s2&a[]=3a,3b&a[][k]=5"),
        .custom: ("a(0)[x]=zero&a(0)[y]=zero-y&a(1)[x]=one", "a(0)=s0&a(1)[k]=1&a(2)=s2&a(3)(0)=3a&a(3)(1)=3b&a(4)[k]=5"),
    ]

    @Test("writes in any order land in their own element, under every array encoding", arguments: Encoding.allCases)
    func outOfOrder(encoding: Encoding) throws {
        let expected = try #require(Self.texts[encoding])
        for sorted in [true, false] {
            let encoder = encoding.encoder(sorted: sorted)
            #expect(ElementNumberingTests.literal(try encoder.encode(OutOfOrder())) == expected.outOfOrder)
            #expect(ElementNumberingTests.literal(try encoder.encode(Mixed())) == expected.mixed)
        }
    }

    @Test("the elements read back as JSONEncoder structures them", arguments: [Encoding.indexInBrackets, .keepPositions, .jQuery])
    func asJSON(encoding: Encoding) throws {
        let decoder = URLEncodedFormDecoder(indexGaps: encoding == .indexInBrackets ? .error : .keepPositions)
        for value in [OutOfOrder(), Mixed()] as [any Encodable] {
            let json = try FixtureValue(JSONDecoder().decode(URLEncodedFormValue.self, from: JSONEncoder().encode(value)))
            let text: String = try encoding.encoder(sorted: true).encode(value)
            var expected = json.withoutEmptyContainers
            if encoding != .indexInBrackets, case .object(var members) = expected {
                // Where positions are kept, the element that wrote nothing is a gap, read as nil.
                if case .array(var elements) = members["a"], elements.count == 5 {
                    elements.insert(.null, at: 4)
                    members["a"] = .array(elements)
                }
                expected = .object(members)
            }
            #expect(try ShapedDecoding.decode(text, like: expected, with: decoder) == expected, "\(text)")
        }
    }

    /// The coding paths an element's `encode(to:)` sees, before and after its first write: each
    /// key's name, or its index.
    final class Paths: @unchecked Sendable {
        var seen: [[String]] = []
        func record(_ path: [any CodingKey]) {
            seen.append(path.map { $0.intValue.map(String.init) ?? $0.stringValue })
        }
    }

    struct Recorder: Encodable {
        let paths: Paths
        func encode(to encoder: any Encoder) throws {
            paths.record(encoder.codingPath)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode("x", forKey: Key(stringValue: "k"))
            paths.record(encoder.codingPath)
            paths.record(container.codingPath)
        }
    }

    struct AfterNothing: Encodable {
        let paths: Paths
        func encode(to encoder: any Encoder) throws {
            var top = encoder.container(keyedBy: Key.self)
            var array = top.nestedUnkeyedContainer(forKey: Key(stringValue: "a"))
            _ = array.nestedContainer(keyedBy: Key.self)
            try array.encode(Recorder(paths: paths))
            var held = array.nestedContainer(keyedBy: Key.self)
            paths.record(held.codingPath)
            try held.encode("y", forKey: Key(stringValue: "k"))
            paths.record(held.codingPath)
        }
    }

    @Test("an element's coding path is its coding index, before and after its first write, as in JSONEncoder")
    func codingPath() throws {
        for encoding in Encoding.allCases {
            let paths = Paths()
            _ = try encoding.encoder(sorted: true).encode(AfterNothing(paths: paths)) as String
            let json = Paths()
            _ = try JSONEncoder().encode(AfterNothing(paths: json))
            #expect(paths.seen == [["a", "1"], ["a", "1"], ["a", "1"], ["a", "2"], ["a", "2"]], "\(encoding)")
            // The same indices as JSONEncoder's (whose paths inside an element's own `encode(to:)`
            // leave out the array's key, in swift-foundation 6.3).
            #expect(paths.seen.map(\.last) == json.seen.map(\.last))
        }
    }

    /// A key given a value twice takes the last; containers made twice under one key merge, an
    /// unkeyed one appending to the elements written before it.
    struct Reopened: Encodable {
        func encode(to encoder: any Encoder) throws {
            var top = encoder.container(keyedBy: Key.self)
            try top.encode(["1", "2"], forKey: Key(stringValue: "value"))
            try top.encode(["3"], forKey: Key(stringValue: "value"))
            var list = top.nestedUnkeyedContainer(forKey: Key(stringValue: "list"))
            try list.encode("a")
            var more = top.nestedUnkeyedContainer(forKey: Key(stringValue: "list"))
            try more.encode("b")
            var object = top.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: "object"))
            try object.encode("1", forKey: Key(stringValue: "p"))
            var again = top.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: "object"))
            try again.encode("2", forKey: Key(stringValue: "q"))
        }
    }

    @Test("a value written twice takes the last, containers made twice merge, as in JSONEncoder")
    func reopened() throws {
        let text: String = try URLEncodedFormEncoder(arrayEncoding: .indexInBrackets, bracketEncoding: .literal).encode(Reopened())
        #expect(text == "list[0]=a&list[1]=b&object[p]=1&object[q]=2&value[0]=3")
        let json = try FixtureValue(JSONDecoder().decode(URLEncodedFormValue.self, from: JSONEncoder().encode(Reopened())))
        #expect(try ShapedDecoding.decode(text, like: json, with: URLEncodedFormDecoder()) == json)
    }

    /// Elements filled last to first, and each second one before the one before it: every
    /// element found by its index and placed among the others, wherever it goes in the list.
    @Test("many elements filled in reverse keep their order", arguments: [3, 40, 300])
    func reversed(count: Int) throws {
        struct Reverse: Encodable {
            let count: Int
            func encode(to encoder: any Encoder) throws {
                var top = encoder.container(keyedBy: Key.self)
                var array = top.nestedUnkeyedContainer(forKey: Key(stringValue: "a"))
                var elements = (0..<count).map { _ in array.nestedContainer(keyedBy: Key.self) }
                for index in (0..<count).reversed() where index % 2 == 0 {
                    try elements[index].encode("\(index)", forKey: Key(stringValue: "v"))
                }
                for index in 0..<count where index % 2 == 1 {
                    try elements[index].encode("\(index)", forKey: Key(stringValue: "v"))
                }
            }
        }
        let text: String = try URLEncodedFormEncoder(arrayEncoding: .indexInBrackets, bracketEncoding: .literal).encode(Reverse(count: count))
        #expect(text == (0..<count).map { "a[\($0)][v]=\($0)" }.joined(separator: "&"))
    }
}
