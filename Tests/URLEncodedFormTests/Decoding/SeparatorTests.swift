import Foundation
import Testing

@testable import URLEncodedForm

/// `arrayDecoding: .separator` and `.separators`: values split where an array is read, before
/// their escapes are decoded, every element kept and counted.
@Suite("Decoder: values split at separators")
struct SeparatorTests {
    static let comma = URLEncodedFormDecoder(arrayDecoding: .separator(","))

    struct Rows: Decodable, Equatable {
        var name: [String]
        var age: [Int]
    }

    @Test(
        "every element is kept, empty ones too, and an escaped separator is text",
        arguments: [
            ("tags=1,2,3", ["1", "2", "3"]),
            ("tags=a,,b,", ["a", "", "b", ""]),
            ("tags=", [""]),
            ("tags=,", ["", ""]),
            ("tags=4", ["4"]),
            ("tags=Zizek,Foo%2C", ["Zizek", "Foo,"]),
            ("tags=1%2C2,3", ["1,2", "3"]),
            ("tags=1,2&tags=3", ["1", "2", "3"]),
            ("tags[]=1,2&tags[]=3", ["1", "2", "3"]),
            ("tags[]=a&tags[]=&tags[]=b&tags[]=", ["a", "", "b", ""]),
            ("tags[1]=c,d&tags[0]=a,b", ["a", "b", "c", "d"]),
            ("tags=a+b,c%20d", ["a b", "c d"]),
            ("tags", [""]),
        ]
    )
    func elements(input: String, expected: [String]) throws {
        #expect(try Self.comma.decode([String: [String]].self, from: input)["tags"] == expected)
    }

    @Test("rows stay aligned when a value is empty (the columns of a table form)")
    func alignedRows() throws {
        let rows = try Self.comma.decode(Rows.self, from: "name[]=A&name[]=&name[]=C&age[]=1&age[]=2&age[]=3")
        #expect(rows == Rows(name: ["A", "", "C"], age: [1, 2, 3]))
    }

    @Test("a value read as one String keeps its separators")
    func wholeValue() throws {
        struct Person: Decodable, Equatable {
            var name: String
            var pets: [String]
        }
        let person = try URLEncodedFormDecoder(arrayDecoding: .separators([",", "|"]))
            .decode(Person.self, from: "name=Vapor,+Tanner&pets=Zizek|Foo,Bar")
        #expect(person == Person(name: "Vapor, Tanner", pets: ["Zizek", "Foo", "Bar"]))
    }

    @Test(
        "each value of a repeated key is a row of an array of arrays",
        arguments: [
            ("m[]=1,2,3&m[]=4,5,6", [[1, 2, 3], [4, 5, 6]]),
            ("m=1,2&m=3", [[1, 2], [3]]),
            ("m=1,2", [[1, 2]]),
            ("m[0]=1&m[1]=2,3", [[1], [2, 3]]),
        ]
    )
    func rows(input: String, expected: [[Int]]) throws {
        #expect(try Self.comma.decode([String: [[Int]]].self, from: input)["m"] == expected)
        #expect(try Self.comma.decode([String: [Int]].self, from: input)["m"] == expected.flatMap { $0 })
        #expect(try Self.comma.decode([String: [Set<Int>]].self, from: input)["m"] == expected.map(Set.init))
    }

    @Test("legacy-charset text is converted once, in every piece")
    func latin1() throws {
        for charset in [URLEncodedFormCharset.isoLatin1, .windows1252] {
            let decoder = URLEncodedFormDecoder(arrayDecoding: .separator(","), charset: charset)
            #expect(try decoder.decode([String: [String]].self, from: "a=%E9,x,%E9%E8") == ["a": ["é", "x", "éè"]])
            #expect(try decoder.decode([String: String].self, from: "a=%E9,x") == ["a": "é,x"])
        }
    }

    @Test("several separators, and separators of several bytes, split only where they are not escaped")
    func separatorSets() throws {
        let vapor = URLEncodedFormDecoder(arrayDecoding: .separators([",", "|"]))
        #expect(try vapor.decode([String: [String]].self, from: "a=1|2,3%7C4%2C5") == ["a": ["1", "2", "3|4,5"]])
        let wide = URLEncodedFormDecoder(arrayDecoding: .separator("、"))
        #expect(try wide.decode([String: [String]].self, from: "a=x%E3%80%81y、z") == ["a": ["x、y", "z"]])
        let none = URLEncodedFormDecoder(arrayDecoding: .separators([]))
        #expect(try none.decode([String: [String]].self, from: "a=1,2") == ["a": ["1,2"]])
    }

    @Test("pieces read as untyped values are text")
    func untypedPieces() throws {
        #expect(try Self.comma.decode([String: [URLEncodedFormValue]].self, from: "a=1,%26,") == ["a": ["1", "&", ""]])
    }

    @Test("an optional element type reads empty pieces as nil")
    func optionals() throws {
        #expect(try Self.comma.decode([String: [Int?]].self, from: "a=1,,3") == ["a": [1, nil, 3]])
    }

    @Test("each separated element counts toward maximumArrayLength")
    func limit() throws {
        var decoder = Self.comma
        decoder.limits.maximumArrayLength = 5
        #expect(try decoder.decode([String: [String]].self, from: "a=1,2,3,4,5")["a"]?.count == 5)
        #expect(throws: URLEncodedFormDecodingError.arrayTooLong(key: "a", limit: 5)) {
            try decoder.decode([String: [String]].self, from: "a=1,2,3,4,5,6")
        }
        #expect(throws: URLEncodedFormDecodingError.arrayTooLong(key: "a", limit: 5)) {
            try decoder.decode([String: [String]].self, from: "a=1,2,3&a=4,5,6")
        }
        // Each row is an array of its own.
        #expect(try decoder.decode([String: [[String]]].self, from: "a=1,2,3&a=4,5,6")["a"]?.count == 2)
        // The default limit stops a megabyte of commas at its 1,001st element.
        let commas = "a=" + String(repeating: ",", count: 1 << 20 - 3)
        #expect(throws: URLEncodedFormDecodingError.arrayTooLong(key: "a", limit: 1000)) {
            try Self.comma.decode([String: [String]].self, from: commas)
        }
    }

    @Test("an element past the end, and a field error, name the element's place in the split array")
    func paths() throws {
        struct Three: Decodable {
            var a: Int, b: Int, c: Int
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                (a, b, c) = (try container.decode(Int.self), try container.decode(Int.self), try container.decode(Int.self))
            }
        }
        do {
            _ = try Self.comma.decode([String: Three].self, from: "t=1,x")
            Issue.record("decoded")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["t", "1"])
        }
        do {
            _ = try Self.comma.decode([String: Three].self, from: "t=1,2")
            Issue.record("decoded")
        } catch let DecodingError.valueNotFound(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["t", "2"])
        }
    }
}
