import Foundation
import Testing
import URLEncodedForm

@Suite("Encoder containers and errors")
struct EncoderContainerTests {
    /// A top-level value that is not keyed, paired with the words its error must contain.
    struct RootCase: Sendable, CustomTestStringConvertible {
        let encode: @Sendable (URLEncodedFormEncoder) throws -> String
        let shape: String
        let testDescription: String

        init<Value: Encodable & Sendable>(_ value: Value, _ shape: String) {
            encode = { try $0.encode(value) }
            self.shape = shape
            testDescription = "\(Value.self)"
        }
    }

    @Test(
        "a top-level array or single value is an invalid value",
        arguments: [
            RootCase([1], "an array"),
            RootCase(["a", "b"], "an array"),
            RootCase("string", "a single value"),
            RootCase(42, "a single value"),
            RootCase(true, "a single value"),
            RootCase(Date(timeIntervalSince1970: 0), "a single value"),
            RootCase(Data([1, 2]), "a single value"),
            RootCase([[1]], "an array"),
        ]
    )
    func invalidRoot(rootCase: RootCase) throws {
        let error = #expect(throws: EncodingError.self) { try rootCase.encode(URLEncodedFormEncoder()) }
        guard case .invalidValue(_, let context) = error else {
            Issue.record("expected EncodingError.invalidValue, got \(String(describing: error))")
            return
        }
        #expect(context.codingPath.isEmpty)
        #expect(context.debugDescription.contains("keyed value at the top level"))
        #expect(context.debugDescription.contains(rootCase.shape))
    }

    @Test("a top-level nil with a nil text is an invalid value")
    func topLevelNullIsInvalid() {
        let value: [String: Int]? = nil
        #expect(throws: EncodingError.self) { try formText(value, URLEncodedFormEncoder(nilEncoding: .null)) }
    }

    @Test("values with no members encode as empty text")
    func emptyRoots() throws {
        struct Empty: Encodable {}
        struct OnlyNil: Encodable { let a: Int? = nil }
        struct OnlyEmptyCollections: Encodable {
            let a: [Int] = []
            let b: [String: Int] = [:]
            let c: [[Int]] = [[], []]
        }
        #expect(try formText(Empty()) == "")
        #expect(try formText([String: String]()) == "")
        #expect(try formText(OnlyNil()) == "")
        #expect(try formText(OnlyEmptyCollections()) == "")
        #expect(try formText(Optional<[String: Int]>.none) == "")
        let data: Data = try URLEncodedFormEncoder().encode(Empty())
        #expect(data.isEmpty)
    }

    @Test("empty members leave no stray separators")
    func noStraySeparators() throws {
        struct Mixed: Encodable {
            let a: [Int] = []
            let b = 1
            let c: [String: [Int]] = ["x": [], "y": [2]]
            let d: Int? = nil
            let e = 3
        }
        #expect(try formText(Mixed()) == "b=1&c%5By%5D%5B%5D=2&e=3")
        #expect(try formText(Mixed(), URLEncodedFormEncoder(alphabetizeKeyValuePairs: false)) == "b=1&c%5By%5D%5B%5D=2&e=3")
    }

    @Test("String, Data and [UInt8] results hold the same bytes")
    func resultTypes() throws {
        let encoder = URLEncodedFormEncoder()
        let text: String = try encoder.encode(EncodableStruct())
        let data: Data = try encoder.encode(EncodableStruct())
        let bytes: [UInt8] = try encoder.encode(EncodableStruct())
        #expect(Array(text.utf8) == bytes)
        #expect(Array(data) == bytes)
    }

    @Test("a key written twice keeps its first position and its last value")
    func duplicateKeys() throws {
        let writes = KeyedWrites(("b", 1), ("a", 2), ("b", 3))
        #expect(try formText(writes, URLEncodedFormEncoder(alphabetizeKeyValuePairs: false)) == "b=3&a=2")
    }

    @Test("encoding twice through one single value container throws")
    func singleValueTwice() {
        struct Twice: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode("first")
                try container.encode("second")
            }
        }
        let error = #expect(throws: EncodingError.self) { try formText(["value": Twice()]) }
        guard case .invalidValue(let value, let context) = error else {
            Issue.record("expected EncodingError.invalidValue")
            return
        }
        #expect(value as? String == "second")
        #expect(context.codingPath.map(\.stringValue) == ["value"])
    }

    @Test("coding paths name every key and index down to the value")
    func codingPaths() throws {
        struct Recorder: Encodable {
            let paths: PathLog
            func encode(to encoder: any Encoder) throws {
                paths.append(encoder.codingPath.map(\.stringValue))
                var container = encoder.container(keyedBy: NameKey.self)
                paths.append(container.codingPath.map(\.stringValue))
                var nested = container.nestedUnkeyedContainer(forKey: NameKey("list"))
                try nested.encode("x")
                paths.append(nested.codingPath.map(\.stringValue))
                let element = nested.nestedContainer(keyedBy: NameKey.self)
                paths.append(element.codingPath.map(\.stringValue))
            }
        }
        let log = PathLog()
        _ = try formText(["user": ["items": [Recorder(paths: log), Recorder(paths: log)]]])
        #expect(
            log.entries == [
                ["user", "items", "0"], ["user", "items", "0"], ["user", "items", "0", "list"],
                ["user", "items", "0", "list", "1"],
                ["user", "items", "1"], ["user", "items", "1"], ["user", "items", "1", "list"],
                ["user", "items", "1", "list", "1"],
            ]
        )
    }

    @Test("errors thrown inside a nested value carry its coding path")
    func nestedErrorPath() throws {
        struct Failing: Encodable {
            func encode(to encoder: any Encoder) throws {
                throw EncodingError.invalidValue(
                    0,
                    EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "refused")
                )
            }
        }
        let error = #expect(throws: EncodingError.self) { try formText(["a": ["b": [Failing()]]]) }
        guard case .invalidValue(_, let context) = error else {
            Issue.record("expected EncodingError.invalidValue")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["a", "b", "0"])
        #expect(context.codingPath.last?.intValue == 0)
    }

    @Test("URLs are written as their absolute string")
    func urls() throws {
        let url = try #require(URL(string: "https://example.com/a?b=c"))
        #expect(try formText(["link": url]) == "link=https%3A//example.com/a?b%3Dc")
    }

    @Test("classes, enums and nested optionals encode through their own conformances")
    func customConformances() throws {
        enum Color: String, Encodable { case red, green }
        struct Palette: Encodable {
            let primary: Color
            let others: [Color]
            let byName: [String: Color]
            let maybe: Color??
        }
        let palette = Palette(primary: .red, others: [.green, .red], byName: ["x": .green], maybe: .some(nil))
        #expect(
            try formText(palette, URLEncodedFormEncoder(nilEncoding: .null))
                == "byName%5Bx%5D=green&maybe=null&others%5B%5D=green&others%5B%5D=red&primary=red"
        )
    }
}

/// Collects coding paths from inside `encode(to:)`; reads happen after encoding finishes.
final class PathLog: @unchecked Sendable {
    private(set) var entries: [[String]] = []
    func append(_ path: [String]) { entries.append(path) }
}
