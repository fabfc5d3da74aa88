import Foundation
import Synchronization
import Testing

@testable import URLEncodedForm

/// User code runs once per value, because there is one path from a value to bytes. Every shape
/// below is one that only a tree settles (a key written twice, a container reopened, an element
/// written past its index); each counts the calls of the values' `encode(to:)` and of every
/// custom strategy: once per value, and a name closure once per name written.
@Suite("Encoder: user code runs once")
struct UserCodeCallTests {
    /// Calls, by what was called.
    final class Calls: Sendable {
        private let counts = Mutex<[String: Int]>([:])
        func record(_ name: String) { counts.withLock { $0[name, default: 0] += 1 } }
        var all: [String: Int] { counts.withLock { $0 } }
    }

    /// An integer whose `encode(to:)` is counted.
    struct Counted: Encodable {
        let calls: Calls
        let value: Int
        func encode(to encoder: any Encoder) throws {
            calls.record("encode(to:)")
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }

    /// A value whose `encode(to:)` is the case's script, counted too.
    struct Script: Encodable {
        let calls: Calls
        let body: @Sendable (any Encoder, Calls) throws -> Void
        func encode(to encoder: any Encoder) throws {
            calls.record("script")
            try body(encoder, calls)
        }
    }

    typealias Key = ShapedDecoding.AnyKey

    struct Shape: Sendable, CustomTestStringConvertible {
        let name: String
        /// How many times the script encodes a `Counted`, a `Data`, a `Date` and a `nil`.
        let counted: Int
        var data = 0
        var dates = 0
        var nils = 0
        /// How many `Script`s it encodes, itself included.
        var scripts = 1
        /// The member names each of the three encoders writes, which is how often its name
        /// closure runs.
        var names = [0, 0, 0]
        /// Whether the encode fails (a top level that is not keyed).
        var fails = false
        let script: @Sendable (any Encoder, Calls) throws -> Void
        var testDescription: String { name }
    }

    static let shapes: [Shape] = [
        Shape(name: "a key written twice", counted: 3, names: [2, 0, 2]) { encoder, calls in
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(Counted(calls: calls, value: 1), forKey: Key(stringValue: "a"))
            try c.encode(Counted(calls: calls, value: 2), forKey: Key(stringValue: "b"))
            try c.encode(Counted(calls: calls, value: 3), forKey: Key(stringValue: "a"))
        },
        Shape(name: "a container made twice under one key", counted: 3, names: [4, 2, 4]) { encoder, calls in
            var c = encoder.container(keyedBy: Key.self)
            var first = c.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: "a"))
            try first.encode(Counted(calls: calls, value: 1), forKey: Key(stringValue: "x"))
            try c.encode(Counted(calls: calls, value: 2), forKey: Key(stringValue: "b"))
            var second = c.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: "a"))
            try second.encode(Counted(calls: calls, value: 3), forKey: Key(stringValue: "y"))
        },
        Shape(name: "a container written after a sibling", counted: 2, data: 1, dates: 1, names: [5, 2, 5]) { encoder, calls in
            var c = encoder.container(keyedBy: Key.self)
            var nested = c.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: "a"))
            try c.encode(Counted(calls: calls, value: 1), forKey: Key(stringValue: "b"))
            try c.encode(Data([1, 2]), forKey: Key(stringValue: "d"))
            try nested.encode(Counted(calls: calls, value: 2), forKey: Key(stringValue: "x"))
            try nested.encode(Date(timeIntervalSince1970: 0), forKey: Key(stringValue: "t"))
        },
        Shape(name: "an element written past its index", counted: 3, nils: 1, names: [2, 0, 2]) { encoder, calls in
            var c = encoder.container(keyedBy: Key.self)
            var x = c.nestedUnkeyedContainer(forKey: Key(stringValue: "x"))
            // An element that writes nothing, whatever the options.
            _ = x.nestedContainer(keyedBy: Key.self)
            try c.encodeNil(forKey: Key(stringValue: "n"))
            var second = x.nestedUnkeyedContainer()
            try second.encode(Counted(calls: calls, value: 1))
            try second.encode(Counted(calls: calls, value: 2))
            try x.encode(Counted(calls: calls, value: 3))
        },
        Shape(name: "a key repeated in a large object", counted: 41, names: [40, 0, 40]) { encoder, calls in
            var c = encoder.container(keyedBy: Key.self)
            for index in 0..<40 { try c.encode(Counted(calls: calls, value: index), forKey: Key(stringValue: "k\(index)")) }
            try c.encode(Counted(calls: calls, value: 99), forKey: Key(stringValue: "k5"))
        },
        Shape(name: "an array written where an object was", counted: 2, scripts: 2, names: [1, 0, 1]) { encoder, calls in
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(
                Script(calls: calls) { inner, calls in
                    var keyed = inner.container(keyedBy: Key.self)
                    try keyed.encode(Counted(calls: calls, value: 1), forKey: Key(stringValue: "a"))
                    var unkeyed = inner.unkeyedContainer()
                    try unkeyed.encode(Counted(calls: calls, value: 2))
                }, forKey: Key(stringValue: "v"))
        },
        Shape(name: "an object written where a scalar was", counted: 2, data: 1, names: [3, 2, 3]) { encoder, calls in
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(Counted(calls: calls, value: 1), forKey: Key(stringValue: "a"))
            var nested = c.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: "a"))
            try nested.encode(Counted(calls: calls, value: 2), forKey: Key(stringValue: "x"))
            try nested.encode(Data([3]), forKey: Key(stringValue: "y"))
        },
        Shape(name: "an array and its elements reopened", counted: 3, nils: 2, names: [3, 0, 3]) { encoder, calls in
            var c = encoder.container(keyedBy: Key.self)
            var list = c.nestedUnkeyedContainer(forKey: Key(stringValue: "list"))
            var empty = c.nestedUnkeyedContainer(forKey: Key(stringValue: "empty"))
            try list.encode(Counted(calls: calls, value: 1))
            try list.encodeNil()
            try c.encode(Counted(calls: calls, value: 2), forKey: Key(stringValue: "b"))
            try list.encode(Counted(calls: calls, value: 3))
            try c.encodeNil(forKey: Key(stringValue: "n"))
            _ = empty
            empty = c.nestedUnkeyedContainer(forKey: Key(stringValue: "empty"))
        },
        Shape(name: "elements written out of order", counted: 3, names: [4, 3, 4]) { encoder, calls in
            var c = encoder.container(keyedBy: Key.self)
            var list = c.nestedUnkeyedContainer(forKey: Key(stringValue: "list"))
            var first = list.nestedContainer(keyedBy: Key.self)
            _ = list.nestedContainer(keyedBy: Key.self)
            var third = list.nestedContainer(keyedBy: Key.self)
            try third.encode(Counted(calls: calls, value: 3), forKey: Key(stringValue: "z"))
            try first.encode(Counted(calls: calls, value: 1), forKey: Key(stringValue: "x"))
            try third.encode(Counted(calls: calls, value: 2), forKey: Key(stringValue: "y"))
        },
        Shape(name: "a top level that is not keyed", counted: 2, fails: true) { encoder, calls in
            var unkeyed = encoder.unkeyedContainer()
            try unkeyed.encode(Counted(calls: calls, value: 1))
            try unkeyed.encode(Counted(calls: calls, value: 2))
        },
    ]

    /// Encoders with every strategy a closure of the user's can take, counted.
    static func encoders(_ calls: Calls) -> [URLEncodedFormEncoder] {
        let nilText = URLEncodedFormEncoder.NilEncoding {
            calls.record("nilEncoding")
            return "null"
        }
        return [
            URLEncodedFormEncoder(
                arrayEncoding: .custom { key, index in
                    calls.record("arrayEncoding")
                    return "\(key)(\(index))"
                },
                dataEncoding: .custom { data in
                    calls.record("dataEncoding")
                    return data.map(String.init).joined(separator: ".")
                },
                dateEncoding: .custom { date in
                    calls.record("dateEncoding")
                    return String(date.timeIntervalSince1970)
                },
                keyEncoding: .custom { key in
                    calls.record("keyEncoding")
                    return key.uppercased()
                },
                nilEncoding: nilText
            ),
            URLEncodedFormEncoder(
                arrayEncoding: .indexInBrackets,
                dataEncoding: .custom { data in
                    calls.record("dataEncoding")
                    return "\(data.count)"
                },
                keyPathEncoding: URLEncodedFormEncoder.KeyPathEncoding { subkey in
                    calls.record("keyPathEncoding")
                    return ".\(subkey)"
                },
                nilEncoding: nilText,
                allowsEmptyArrays: true
            ),
            URLEncodedFormEncoder(
                arrayEncoding: .separator(","),
                keyEncoding: .custom { key in
                    calls.record("keyEncoding")
                    return "_" + key
                },
                nilEncoding: .bareKey
            ),
        ]
    }

    /// Runs the shape's encode; returns its text (or `nil` when it threw) and the calls it made.
    static func run(_ shape: Shape, encoder index: Int) -> (text: String?, calls: [String: Int]) {
        let calls = Calls()
        let encoder = encoders(calls)[index]
        let value = Script(calls: calls, body: shape.script)
        let text = try? encoder.encode(value) as String
        return (text, calls.all)
    }

    @Test("every shape a tree settles runs user code once", arguments: shapes, 0..<3)
    func once(_ shape: Shape, encoder index: Int) throws {
        let (text, counts) = Self.run(shape, encoder: index)
        #expect((text == nil) == shape.fails)
        #expect(counts["script"] == shape.scripts)
        #expect(counts["encode(to:)"] == shape.counted)
        let closuresPerValue = [
            "dataEncoding": index == 2 ? 0 : shape.data,
            "dateEncoding": index == 0 ? shape.dates : 0,
            "nilEncoding": index == 2 ? 0 : shape.nils,
            // A name closure runs once per member name written: the first and third encoders'
            // `keyEncoding` for every member, the second's `keyPathEncoding` for nested ones.
            index == 1 ? "keyPathEncoding" : "keyEncoding": shape.names[index],
        ]
        for (closure, expected) in closuresPerValue {
            #expect(counts[closure, default: 0] == expected, "\(closure): \(text ?? "failed")")
        }
    }
}
