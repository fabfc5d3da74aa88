import Foundation
import Testing

@testable import URLEncodedForm

/// What the encoder's tree (`ValueTree`) settles that writing pairs in the order they come
/// would get wrong: a key written twice, a container made twice or written after its siblings, an
/// element written past its index, a value of another kind replacing one. Byte for byte as
/// Alamofire 5.12 writes them; `UserCodeCallTests` counts the user code these shapes run.
@Suite("Encoder: shapes the tree settles")
struct TreeShapeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let expected: String
        var sorted = false
        var arrayEncoding = URLEncodedFormEncoder.ArrayEncoding.brackets
        var keyEncoding = URLEncodedFormEncoder.KeyEncoding.useDefaultKeys
        let script: @Sendable (any Encoder) throws -> Void
        var testDescription: String { name }
    }

    /// A value whose `encode(to:)` is the case's script.
    struct Script: Encodable {
        let body: @Sendable (any Encoder) throws -> Void
        func encode(to encoder: any Encoder) throws { try body(encoder) }
    }

    struct Key: CodingKey {
        let stringValue: String
        init(_ name: String) { stringValue = name }
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    static let cases: [Case] = [
        Case(name: "a key written twice keeps its first place and its last value", expected: "a=3&b=2") {
            var c = $0.container(keyedBy: Key.self)
            try c.encode(1, forKey: Key("a"))
            try c.encode(2, forKey: Key("b"))
            try c.encode(3, forKey: Key("a"))
        },
        Case(
            name: "a container made twice under one key merges into the first",
            expected: "a%5Bx%5D=1&a%5By%5D=3&b=2"
        ) {
            var c = $0.container(keyedBy: Key.self)
            var first = c.nestedContainer(keyedBy: Key.self, forKey: Key("a"))
            try first.encode(1, forKey: Key("x"))
            try c.encode(2, forKey: Key("b"))
            var second = c.nestedContainer(keyedBy: Key.self, forKey: Key("a"))
            try second.encode(3, forKey: Key("y"))
        },
        Case(
            name: "a container written after a sibling keeps the place it was made at",
            expected: "a%5Bx%5D=2&b=1"
        ) {
            var c = $0.container(keyedBy: Key.self)
            var nested = c.nestedContainer(keyedBy: Key.self, forKey: Key("a"))
            try c.encode(1, forKey: Key("b"))
            try nested.encode(2, forKey: Key("x"))
        },
        Case(name: "a superclass writes beside the subclass", expected: "b=1&a=2") {
            var c = $0.container(keyedBy: Key.self)
            try c.encode(1, forKey: Key("b"))
            var parent = c.superEncoder().container(keyedBy: Key.self)
            try parent.encode(2, forKey: Key("a"))
        },
        Case(
            name: "a nil element takes no index",
            expected: "a%5B0%5D=1&a%5B1%5D=3",
            arrayEncoding: .indexInBrackets
        ) {
            var c = $0.container(keyedBy: Key.self)
            try c.encode([1, nil, 3] as [Int?], forKey: Key("a"))
        },
        Case(
            name: "an element written past its index keeps the place it first wrote at",
            expected: "x%5B0%5D%5B0%5D=a&x%5B0%5D%5B1%5D=b&x%5B1%5D=c",
            arrayEncoding: .indexInBrackets
        ) {
            var c = $0.container(keyedBy: Key.self)
            var x = c.nestedUnkeyedContainer(forKey: Key("x"))
            var first = x.nestedUnkeyedContainer()
            try first.encodeNil()
            var second = x.nestedUnkeyedContainer()
            try second.encode("a")
            try second.encode("b")
            try x.encode("c")
        },
        Case(
            name: "forty members stream",
            expected: (0..<40).map { "k\($0)=\($0)" }.joined(separator: "&")
        ) {
            var c = $0.container(keyedBy: Key.self)
            for index in 0..<40 { try c.encode(index, forKey: Key("k\(index)")) }
        },
        Case(
            name: "a key repeated in a large object is found through its index",
            expected: (0..<40).map { $0 == 5 ? "k5=99" : "k\($0)=\($0)" }.joined(separator: "&")
        ) {
            var c = $0.container(keyedBy: Key.self)
            for index in 0..<40 { try c.encode(index, forKey: Key("k\(index)")) }
            try c.encode(99, forKey: Key("k5"))
        },
        Case(
            name: "keys that the key encoding makes equal are two members",
            expected: "j=1&j=2",
            keyEncoding: .lowercased
        ) {
            var c = $0.container(keyedBy: Key.self)
            try c.encode(1, forKey: Key("J"))
            try c.encode(2, forKey: Key("j"))
        },
        Case(name: "an array written where an object was replaces it", expected: "v%5B%5D=2") {
            var c = $0.container(keyedBy: Key.self)
            try c.encode(
                Script { encoder in
                    var keyed = encoder.container(keyedBy: Key.self)
                    try keyed.encode(1, forKey: Key("a"))
                    var unkeyed = encoder.unkeyedContainer()
                    try unkeyed.encode(2)
                }, forKey: Key("v"))
        },
        Case(
            name: "members nested three deep are sorted inside each object",
            expected: "a%5Bb%5D%5Bc%5D=1&a%5Bb%5D%5Bd%5D=2&a%5Bz%5D=3&y=4",
            sorted: true
        ) {
            var c = $0.container(keyedBy: Key.self)
            try c.encode(4, forKey: Key("y"))
            var a = c.nestedContainer(keyedBy: Key.self, forKey: Key("a"))
            try a.encode(3, forKey: Key("z"))
            var b = a.nestedContainer(keyedBy: Key.self, forKey: Key("b"))
            try b.encode(2, forKey: Key("d"))
            try b.encode(1, forKey: Key("c"))
        },
    ]

    @Test("each shape writes Alamofire's text", arguments: cases)
    func shapes(_ testCase: Case) throws {
        let encoder = URLEncodedFormEncoder(
            alphabetizeKeyValuePairs: testCase.sorted, arrayEncoding: testCase.arrayEncoding, keyEncoding: testCase.keyEncoding)
        #expect(try encoder.encode(Script(body: testCase.script)) as String == testCase.expected)
    }

    /// Objects below and above the size where the value tree looks members up through an index
    /// rather than a scan: the same shapes must give the same text.
    @Test("a wide object keeps first places and last values, merges containers and replaces kinds", arguments: [3, 31, 32, 33, 200])
    func wideObject(members: Int) throws {
        let script: @Sendable (any Encoder) throws -> Void = { encoder in
            var object = encoder.container(keyedBy: Key.self)
            for index in 0..<members { try object.encode("a", forKey: Key("k\(index)")) }
            // Written again: first place, last value.
            try object.encode("b", forKey: Key("k0"))
            try object.encode("b", forKey: Key("k\(members - 1)"))
            // A member that becomes an object, made twice: it merges in its place.
            var first = object.nestedContainer(keyedBy: Key.self, forKey: Key("k1"))
            try first.encode("x", forKey: Key("x"))
            var second = object.nestedContainer(keyedBy: Key.self, forKey: Key("k1"))
            try second.encode("y", forKey: Key("y"))
            // A wide inner object replaced by a scalar, then made a wide object again: none of its
            // old members remain, and an old key is a new member.
            var inner = object.nestedContainer(keyedBy: Key.self, forKey: Key("inner"))
            for index in 0..<members { try inner.encode(index, forKey: Key("m\(index)")) }
            try object.encode("gone", forKey: Key("inner"))
            var again = object.nestedContainer(keyedBy: Key.self, forKey: Key("inner"))
            for index in 0..<40 { try again.encode(index, forKey: Key("n\(index)")) }
            try again.encode(1, forKey: Key("m0"))
            try again.encode(2, forKey: Key("m0"))
        }
        var expected = ["k0=b", "k1%5Bx%5D=x&k1%5By%5D=y"]
        expected += (2..<members - 1).map { "k\($0)=a" }
        if members > 2 { expected.append("k\(members - 1)=b") }
        expected += (0..<40).map { "inner%5Bn\($0)%5D=\($0)" }
        expected.append("inner%5Bm0%5D=2")
        let encoder = URLEncodedFormEncoder(alphabetizeKeyValuePairs: false)
        #expect(try encoder.encode(Script(body: script)) as String == expected.joined(separator: "&"))
    }

    /// The value tree tells a small object's keys apart by their length before comparing them: a
    /// bit per length modulo 64, and the length kept in a byte. Keys whose lengths agree there
    /// (1, 65, 257, 513 bytes), and keys of one length that differ, must stay apart members.
    @Test("keys whose lengths agree modulo 64 or 256 stay apart, written again in their place")
    func keysOfCollidingLengths() throws {
        let keys = [1, 65, 257, 513].flatMap { length in
            [String(repeating: "a", count: length), String(repeating: "b", count: length)]
        }
        let script: @Sendable (any Encoder) throws -> Void = { encoder in
            var object = encoder.container(keyedBy: Key.self)
            for key in keys { try object.encode("first", forKey: Key(key)) }
            for key in keys.reversed() { try object.encode("last", forKey: Key(key)) }
        }
        let encoder = URLEncodedFormEncoder(alphabetizeKeyValuePairs: false)
        #expect(try encoder.encode(Script(body: script)) as String == keys.map { "\($0)=last" }.joined(separator: "&"))
    }

    @Test("a top level that is not keyed is an error")
    func topLevel() throws {
        let encoder = URLEncodedFormEncoder()
        #expect(throws: EncodingError.self) { let _: String = try encoder.encode([1, 2]) }
        #expect(throws: EncodingError.self) { let _: String = try encoder.encode("text") }
    }
}
