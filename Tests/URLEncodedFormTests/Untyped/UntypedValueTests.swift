import Foundation
import Testing
import URLEncodedForm

@Suite("Untyped values and parameters")
struct UntypedValueTests {
    @Test("parsing builds ordered text, arrays and objects")
    func parsing() throws {
        let form = try URLEncodedFormValue(parsing: "user[name]=Ada&tags[]=a&tags[]=b&flag&user[age]=36&x[1]=y")
        let expected: URLEncodedFormValue = [
            "user": ["name": "Ada", "age": "36"],
            "tags": ["a", "b"],
            "flag": "",
            "x": ["1": "y"],
        ]
        #expect(form == expected)
        #expect(form["user"]?["name"]?.string == "Ada")
        #expect(form["tags"]?[1] == "b")
        #expect(form["tags"]?[2] == nil)
        #expect(form["missing"] == nil)
        // Order matters to equality: members keep the order the form named them in.
        #expect(try URLEncodedFormValue(parsing: "b=1&a=2") != ["a": "2", "b": "1"])
    }

    @Test("jQuery's arrays of objects and arrays read as arrays, and written with indices read back; with [] they cannot be")
    func jQueryArraysOfContainers() throws {
        // The fuzzer's regression: `[]` cannot say where one object or array ends (Rails' rule
        // merges them), so such a value is written with indices.
        let form = try URLEncodedFormValue(parsing: "a[0][x]=1&a[1][y]=2&a[]=3")
        #expect(form == ["a": [["x": "1"], ["y": "2"], "3"]])
        let indexed = try form.encoded(with: URLEncodedFormEncoder(alphabetizeKeyValuePairs: false, arrayEncoding: .indexInBrackets))
        #expect(indexed == "a%5B0%5D%5Bx%5D=1&a%5B1%5D%5By%5D=2&a%5B2%5D=3")
        #expect(try URLEncodedFormDecoder().decode([String: [URLEncodedFormValue]].self, from: indexed) == ["a": [["x": "1"], ["y": "2"], "3"]])
        let bracketed = try form.encoded(with: URLEncodedFormEncoder(alphabetizeKeyValuePairs: false))
        #expect(try URLEncodedFormValue(parsing: bracketed) == ["a": [["x": "1", "y": "2"], "3"]])
    }

    @Test("parsing follows the decoder's options and limits")
    func parsingOptions() throws {
        let dots = URLEncodedFormDecoder(keyPathDecoding: .dots, spaceDecoding: .percentEscaped)
        #expect(try URLEncodedFormValue(parsing: "a.b=1+2", decoder: dots) == ["a": ["b": "1+2"]])
        #expect(try URLEncodedFormValue(parsing: Array("a=1".utf8)) == ["a": "1"])
        #expect(throws: URLEncodedFormDecodingError.tooManyParameters(limit: 1)) {
            try URLEncodedFormValue(parsing: "a=1&b=2", decoder: URLEncodedFormDecoder(limits: .init(maximumParameterCount: 1)))
        }
    }

    @Test(
        "values serialize through the encoder and parse back",
        arguments: [
            "a=1", "user%5Bname%5D=Ada&user%5Btags%5D%5B%5D=x", "b=%26&a=%3D", "list%5B%5D=1&list%5B%5D=2",
        ])
    func roundTrip(text: String) throws {
        let value = try URLEncodedFormValue(parsing: text)
        let unsorted = URLEncodedFormEncoder(alphabetizeKeyValuePairs: false)
        #expect(try value.encoded(with: unsorted) == text)
        #expect(try URLEncodedFormValue(parsing: value.encoded(with: unsorted)) == value)
    }

    @Test("a value is Codable with other coders too")
    func codable() throws {
        let value: URLEncodedFormValue = ["a": ["x", "y"], "b": ["c": "d"]]
        let json = try JSONEncoder().encode(value)
        let decoded = try JSONDecoder().decode(URLEncodedFormValue.self, from: json)
        #expect(decoded["a"] == ["x", "y"])
        #expect(decoded["b"]?["c"] == "d")
        #expect(throws: EncodingError.self) { try URLEncodedFormValue.string("top").encoded() }
    }

    @Test("a typed model can hold free-form fields")
    func freeForm() throws {
        struct Event: Decodable {
            var name: String
            var extra: URLEncodedFormValue
        }
        let event = try URLEncodedFormDecoder().decode(Event.self, from: "name=launch&extra[utm][source]=mail&extra[ref]=x")
        #expect(event.extra == ["utm": ["source": "mail"], "ref": "x"])
    }

    /// Building the value is iterative; Swift releases a nested enum recursively, which is why
    /// no limit lets a key nest past 512 components (`NestingCeiling`).
    @Test("a key of 512 components becomes a value with the limits lifted, and one of 513 is refused")
    func deepValue() throws {
        let text = "a" + String(repeating: "[x]", count: 511) + "=1"
        let value = try URLEncodedFormValue(parsing: text, decoder: URLEncodedFormDecoder(limits: .unlimited))
        var depth = 0
        var current = value["a"]
        while let next = current?["x"] {
            depth += 1
            current = next
        }
        #expect(depth == 511)
        #expect(current == "1")
        let key = "a" + String(repeating: "[x]", count: 512)
        #expect(throws: URLEncodedFormDecodingError.keyTooDeep(key: key, limit: 512)) {
            try URLEncodedFormValue(parsing: key + "=1", decoder: URLEncodedFormDecoder(limits: .unlimited))
        }
        #expect(throws: URLEncodedFormDecodingError.keyTooDeep(key: key, limit: 32)) {
            try URLEncodedFormValue(parsing: key + "=1")
        }
    }

    // MARK: [String: Any]

    @Test("the seed parameters encode as the issue states")
    func seedParameters() throws {
        let parameters: [String: Any] = [
            "a": "apple", "b": "book", "c": ["conent", "capacity", "contact"], "d": ["4": "dose", "5": "dairy"], "e": true, "f": 12,
        ]
        #expect(
            try URLEncodedFormEncoder().encode(parameters: parameters)
                == "a=apple&b=book&c%5B%5D=conent&c%5B%5D=capacity&c%5B%5D=contact&d%5B4%5D=dose&d%5B5%5D=dairy&e=1&f=12"
        )
    }

    @Test("NSNumber booleans are told from numbers, Swift values keep their types")
    func numbers() throws {
        let parameters: [String: Any] = [
            "bool": NSNumber(value: true), "falseBool": NSNumber(value: false), "int": NSNumber(value: 1),
            "zero": NSNumber(value: 0), "double": NSNumber(value: 1.5), "big": NSNumber(value: UInt64.max),
            "swiftBool": false, "swiftInt": 7, "swiftDouble": 0.25, "int8": Int8(-3),
        ]
        #expect(
            try URLEncodedFormEncoder(alphabetizeKeyValuePairs: false, boolEncoding: .literal).encode(parameters: parameters)
                == "big=18446744073709551615&bool=true&double=1.5&falseBool=false&int=1&int8=-3&swiftBool=false&swiftDouble=0.25&swiftInt=7&zero=0"
        )
    }

    @Test("JSONSerialization output keeps its booleans")
    func jsonSerialization() throws {
        let object = try JSONSerialization.jsonObject(with: Data(#"{"t":true,"f":false,"one":1,"half":0.5,"list":[1,true]}"#.utf8))
        let parameters = try #require(object as? [String: Any])
        #expect(
            try URLEncodedFormEncoder(arrayEncoding: .indexInBrackets, boolEncoding: .literal).encode(parameters: parameters)
                == "f=false&half=0.5&list%5B0%5D=1&list%5B1%5D=true&one=1&t=true"
        )
    }

    @Test("keys are sorted at every level even without alphabetizing, and nil follows nilEncoding")
    func ordering() throws {
        let inner: [String: Any] = ["z": 1, "a": 2]
        let optional: String? = "x"
        let none: String? = nil
        let parameters: [String: Any] = ["n": inner, "m": optional as Any, "l": none as Any, "k": NSNull(), "date": Date(timeIntervalSince1970: 0)]
        let encoder = URLEncodedFormEncoder(alphabetizeKeyValuePairs: false, dateEncoding: .secondsSince1970, nilEncoding: .null)
        #expect(try encoder.encode(parameters: parameters) == "date=0.0&k=null&l=null&m=x&n%5Ba%5D=2&n%5Bz%5D=1")
        #expect(try URLEncodedFormEncoder().encode(parameters: parameters).contains("Optional") == false)
    }

    @Test("unsupported values throw with their path")
    func unsupported() throws {
        final class Opaque {}
        do {
            _ = try URLEncodedFormEncoder().encode(parameters: ["a": ["b": Opaque()]])
            Issue.record("expected an error")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["a", "b"])
            #expect(context.debugDescription.contains("Opaque"))
        }
    }

    // MARK: Query items

    @Test("query items carry unescaped key paths and values in the encoder's order")
    func queryItems() throws {
        struct Search: Encodable {
            var q = "a&b=c+d %"
            var tags = ["x", "y"]
            var user = ["name": "Ada"]
        }
        let items = try URLEncodedFormEncoder().encodeQueryItems(Search())
        #expect(
            items == [
                URLQueryItem(name: "q", value: "a&b=c+d %"),
                URLQueryItem(name: "tags[]", value: "x"),
                URLQueryItem(name: "tags[]", value: "y"),
                URLQueryItem(name: "user[name]", value: "Ada"),
            ])
        var components = try #require(URLComponents(string: "https://example.com/search"))
        components.queryItems = items
        struct Decoded: Decodable, Equatable {
            var q: String
            var tags: [String]
            var user: [String: String]
        }
        let expected = Decoded(q: "a&b=c+d %", tags: ["x", "y"], user: ["name": "Ada"])
        // `URLComponents.queryItems` leaves `+` unescaped, so it reads back as a plus only with
        // `.percentEscaped`; as a space under the default, as a browser's `+` would.
        let literal = URLEncodedFormDecoder(spaceDecoding: .percentEscaped)
        #expect(try literal.decode(Decoded.self, from: components) == expected)
        #expect(try URLEncodedFormDecoder().decode(Decoded.self, from: components).q == "a&b=c d %")
        let url = try #require(components.url)
        #expect(try literal.decode(Decoded.self, from: url) == expected)
        #expect(try URLEncodedFormDecoder().decode([String: String].self, from: URL(fileURLWithPath: "/")) == [:])
    }

    @Test("form bodies from query items and pairs keep order and repeats")
    func pairs() {
        let encoder = URLEncodedFormEncoder(spaceEncoding: .plusReplaced)
        let items = [URLQueryItem(name: "q", value: "a b"), URLQueryItem(name: "flag", value: nil), URLQueryItem(name: "q", value: "&")]
        #expect(encoder.encode(items) == "q=a+b&flag&q=%26")
        #expect(URLEncodedFormEncoder().encode([("b", "1"), ("a", "é"), ("b", "2")]) == "b=1&a=%C3%A9&b=2")
        #expect(URLEncodedFormEncoder().encode([(String, String)]()) == "")
    }

    @Test("alphanumerics as the allowed set")
    func alphanumerics() throws {
        let encoder = URLEncodedFormEncoder(allowedCharacters: .alphanumerics)
        #expect(try encoder.encode(["greeting": "Hello, ", "target": "🌎"]) == "greeting=Hello%2C%20&target=%F0%9F%8C%8E")
        #expect(try encoder.encode(parameters: ["greeting": "Hello, ", "target": "🌎"]) == "greeting=Hello%2C%20&target=%F0%9F%8C%8E")
    }
}
