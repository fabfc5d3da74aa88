import Foundation
import Testing

@testable import URLEncodedForm

@Suite("Encoder and decoder: allowsEmptyArrays")
struct EmptyArrayTests {
    struct Form: Codable, Equatable {
        var tags: [String]
        var maybe: [String]?
        var rows: [[Int]]
        var items: [Item]
        var name: String

        struct Item: Codable, Equatable {
            var labels: [String]
        }
    }

    static let form = Form(
        tags: [],
        maybe: [],
        rows: [[], [1, 2], []],
        items: [Form.Item(labels: []), Form.Item(labels: ["x"])],
        name: "n"
    )

    @Test("an empty array is its name and [] alone, and takes its place as an element")
    func text() throws {
        let encoder = URLEncodedFormEncoder(arrayEncoding: .indexInBrackets, allowsEmptyArrays: true)
        #expect(
            try encoder.encode(Self.form) as String
                == "items%5B0%5D%5Blabels%5D%5B%5D&items%5B1%5D%5Blabels%5D%5B0%5D=x&maybe%5B%5D&name=n"
                + "&rows%5B0%5D%5B%5D&rows%5B1%5D%5B0%5D=1&rows%5B1%5D%5B1%5D=2&rows%5B2%5D%5B%5D&tags%5B%5D"
        )
        // An empty array written last is still open when the encode ends.
        struct Last: Encodable {
            var a = "x"
            var y: [[Int]] = [[]]
            var z: [Int] = []
        }
        #expect(try encoder.encode(Last()) as String == "a=x&y%5B0%5D%5B%5D&z%5B%5D")
        // Off, as in Alamofire: empty arrays write nothing and elements that write nothing take
        // no index; an element keeps the index it first wrote at (`rows`, where Alamofire writes
        // `rows[0][0]=1&rows[1][0]=2`).
        let alamofire = URLEncodedFormEncoder(arrayEncoding: .indexInBrackets)
        #expect(try alamofire.encode(Self.form) as String == "items%5B0%5D%5Blabels%5D%5B0%5D=x&name=n&rows%5B0%5D%5B0%5D=1&rows%5B0%5D%5B1%5D=2")
    }

    @Test(
        "the text reads back as the same value, empty arrays and all",
        arguments: [URLEncodedFormEncoder.ArrayEncoding.indexInBrackets, .brackets]
    )
    func roundTrip(arrayEncoding: URLEncodedFormEncoder.ArrayEncoding) throws {
        // With `[]` alone, nested arrays cannot say where one element ends; keep them flat there.
        var form = Self.form
        if case .brackets = arrayEncoding {
            form.rows = []
            form.items = [Form.Item(labels: [])]
        }
        let text: String = try URLEncodedFormEncoder(arrayEncoding: arrayEncoding, allowsEmptyArrays: true).encode(form)
        #expect(try URLEncodedFormDecoder(allowsEmptyArrays: true).decode(Form.self, from: text) == form, "\(text)")
    }

    @Test(
        "an array given elements is no empty array, even when they write nothing; an array made after one keeps its element",
        arguments: [
            // `.object([])`, an empty object, writes nothing whatever the options.
            (OrderedValue.array([.object([])]), "", ""),
            (.array([.object([]), .array([])]), "t[][]", "t[0][]"),
            (.array([.object([]), .array([.array([.text("x")])])]), "t[][][]=x", "t[0][0][0]=x"),
            (.array([.object([]), .array([]), .array([.array([.text("x")])])]), "t[][]&t[][][]=x", "t[0][]&t[1][0][0]=x"),
            (.array([.array([.object([])]), .text("y")]), "t[]=y", "t[0]=y"),
        ]
    )
    func elementsThatWriteNothing(value: OrderedValue, brackets: String, indices: String) throws {
        for (arrayEncoding, expected) in [(URLEncodedFormEncoder.ArrayEncoding.brackets, brackets), (.indexInBrackets, indices)] {
            let encoder = URLEncodedFormEncoder(arrayEncoding: arrayEncoding, bracketEncoding: .literal, allowsEmptyArrays: true)
            let form = OrderedValue.object([("t", value)])
            #expect(try encoder.encode(form) as String == expected)
        }
    }

    /// Empty arrays inside a value, and one that replaces a value written before under the same
    /// key, are written alike.
    @Test("empty arrays are written alike beside a key written twice")
    func keyWrittenTwice() throws {
        let encoder = URLEncodedFormEncoder(arrayEncoding: .indexInBrackets, allowsEmptyArrays: true)
        let alone: String = try encoder.encode(Self.form)
        // The same pairs under `b`: `items%5B0%5D…` becomes `b%5Bitems%5D%5B0%5D…`.
        let underB = alone.split(separator: "&").map { pair -> String in
            let name = pair.prefix { $0 != "=" }
            let first = name.range(of: "%5B").map { name[..<$0.lowerBound] } ?? name
            return "b%5B\(first)%5D" + pair.dropFirst(first.count)
        }
        let writes = KeyedWrites(("a", "first"), ("b", Self.form), ("a", [[String]]([[]])))
        #expect(try encoder.encode(writes) as String == (["a%5B0%5D%5B%5D"] + underB).joined(separator: "&"))
    }

    @Test(
        "the decoder reads a bare name[] as an empty array only when asked",
        arguments: [
            (true, "a[]", #"{"a":[]}"#),
            (true, "a[]=", #"{"a":[""]}"#),
            (true, "a[]&a[]=x", #"{"a":["x"]}"#),
            (true, "o[t][]&n=1", #"{"n":"1","o":{"t":[]}}"#),
            (false, "a[]", #"{"a":[""]}"#),
        ]
    )
    func decoding(allows: Bool, form: String, expected: String) throws {
        let value = try URLEncodedFormDecoder(allowsEmptyArrays: allows).decode(URLEncodedFormValue.self, from: form)
        let json = try JSONEncoder.sorted.encode(value)
        #expect(String(decoding: json, as: UTF8.self) == expected)
    }
}

extension JSONEncoder {
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }
}

/// Nested empty arrays: only the innermost writes, each in its place, and the tree writes what
/// the stream writes (found by the round-trip fuzzer: `a[][]` read as `[[]]` was written `a[]`).
@Suite("Encoder: nested empty arrays")
struct NestedEmptyArrayTests {
    @Test(
        "the innermost empty array is written, in its place, by stream and tree alike",
        arguments: [
            ([[[String]]]([[[]]]), "a%5B0%5D%5B0%5D%5B%5D"),
            ([[[]], [["x"]], []], "a%5B0%5D%5B0%5D%5B%5D&a%5B1%5D%5B0%5D%5B0%5D=x&a%5B2%5D%5B%5D"),
            ([[], [[]]], "a%5B0%5D%5B%5D&a%5B1%5D%5B0%5D%5B%5D"),
        ]
    )
    func nested(value: [[[String]]], expected: String) throws {
        let encoder = URLEncodedFormEncoder(arrayEncoding: .indexInBrackets, allowsEmptyArrays: true)
        #expect(try encoder.encode(["a": value]) as String == expected)
        let decoded = try URLEncodedFormDecoder(allowsEmptyArrays: true).decode([String: [[[String]]]].self, from: expected)
        #expect(decoded == ["a": value])
    }
}
