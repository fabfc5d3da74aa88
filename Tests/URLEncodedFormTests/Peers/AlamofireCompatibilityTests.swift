import Foundation
import Testing
import URLEncodedForm

/// The bytes Alamofire 5.12's `URLEncodedFormEncoder` writes, which users rely on.
@Suite("Alamofire compatibility")
struct AlamofireCompatibilityTests {
    @Test(
        "escaping of keys and values",
        arguments: [
            (["reserved": ":#[]@!$&'()*+,;="], "reserved=%3A%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D"),
            (["illegal": " \"#%<>[]\\^`{}|"], "illegal=%20%22%23%25%3C%3E%5B%5D%5C%5E%60%7B%7D%7C"),
            (["percent%": "%25"], "percent%25=%2525"),
            (["?foo?": "?bar?"], "?foo?=?bar?"),
            (["foo": "/bar/baz/qux"], "foo=/bar/baz/qux"),
            ([" foo ": " bar "], "%20foo%20=%20bar%20"),
            (["+foo+": "+bar+"], "%2Bfoo%2B=%2Bbar%2B"),
            (["foo&bar": "baz&qux", "foobar": "bazqux"], "foo%26bar=baz%26qux&foobar=bazqux"),
            (["unreserved": "-._~AZaz09"], "unreserved=-._~AZaz09"),
            (
                ["french": "français", "japanese": "日本語", "arabic": "العربية", "emoji": "😃"],
                "arabic=%D8%A7%D9%84%D8%B9%D8%B1%D8%A8%D9%8A%D8%A9&emoji=%F0%9F%98%83"
                    + "&french=fran%C3%A7ais&japanese=%E6%97%A5%E6%9C%AC%E8%AA%9E"
            ),
        ]
    )
    func escaping(parameters: [String: String], expected: String) throws {
        #expect(try formText(parameters) == expected)
    }

    @Test("thousands of multibyte characters are escaped whole")
    func longMultibyteText() throws {
        let text = String(repeating: "一二三四五六七八九十", count: 2000)
        let escaped = String(
            repeating: "%E4%B8%80%E4%BA%8C%E4%B8%89%E5%9B%9B%E4%BA%94%E5%85%AD%E4%B8%83%E5%85%AB%E4%B9%9D%E5%8D%81",
            count: 2000
        )
        #expect(try formText(["chinese": text]) == "chinese=\(escaped)")
    }

    @Test("nested dictionaries become bracketed or dotted key paths")
    func nestedKeys() throws {
        #expect(try formText(["a": ["b": "b"]]) == "a%5Bb%5D=b")
        #expect(try formText(["a": ["b": "b"]], URLEncodedFormEncoder(keyPathEncoding: .dots)) == "a.b=b")
    }

    @Test("a struct with nested values, sorted and in declaration order")
    func encodableStruct() throws {
        #expect(
            try formText(EncodableStruct())
                == "five%5Ba%5D=a&four%5B%5D=1&four%5B%5D=2&four%5B%5D=3&one=one&seven%5Ba%5D=a&six%5Ba%5D%5Bb%5D=b&three=1&two=2"
        )
        #expect(
            try formText(EncodableStruct(), URLEncodedFormEncoder(alphabetizeKeyValuePairs: false))
                == "one=one&two=2&three=1&four%5B%5D=1&four%5B%5D=2&four%5B%5D=3&five%5Ba%5D=a&six%5Ba%5D%5Bb%5D=b&seven%5Ba%5D=a"
        )
        #expect(
            try formText(EncodableStruct(), URLEncodedFormEncoder(arrayEncoding: .indexInBrackets))
                == "five%5Ba%5D=a&four%5B0%5D=1&four%5B1%5D=2&four%5B2%5D=3&one=one&seven%5Ba%5D=a&six%5Ba%5D%5Bb%5D=b&three=1&two=2"
        )
    }

    @Test("integer-looking dictionary keys stay object keys")
    func integerLookingKeys() throws {
        #expect(
            try formText(SeedParameters())
                == "a=apple&b=book&c%5B%5D=conent&c%5B%5D=capacity&c%5B%5D=contact&d%5B4%5D=dose&d%5B5%5D=dairy&e=1&f=12"
        )
        #expect(try formText(["d": [4: "dose"]]) == "d%5B4%5D=dose")
    }

    @Test("array elements keep their order, unlike Alamofire's sort")
    func arrayOrder() throws {
        #expect(try formText(["a": [3, 1, 2, 10]]) == "a%5B%5D=3&a%5B%5D=1&a%5B%5D=2&a%5B%5D=10")
        let indexed = URLEncodedFormEncoder(arrayEncoding: .indexInBrackets)
        let elevenElements = Array(0...10)
        let expected = elevenElements.map { "a%5B\($0)%5D=\($0)" }.joined(separator: "&")
        #expect(try formText(["a": elevenElements], indexed) == expected)
    }

    @Test(
        "names that keyEncoding makes equal are both written",
        arguments: [
            (URLEncodedFormEncoder.KeyEncoding.lowercased, "j=1&j=2&x%5Bk%5D=3&x%5Bk%5D=4"),
            (.uppercased, "J=1&J=2&X%5BK%5D=3&X%5BK%5D=4"),
            (.convertToSnakeCase, "j=1&j=2&x%5Bk%5D=3&x%5Bk%5D=4"),
        ]
    )
    func collidingNames(keyEncoding: URLEncodedFormEncoder.KeyEncoding, expected: String) throws {
        let value: [String: URLEncodedFormValue] = ["j": "1", "J": "2", "x": ["k": "3", "K": "4"]]
        #expect(try formText(value, URLEncodedFormEncoder(keyEncoding: keyEncoding)) == expected)
    }

    /// Alamofire finds element `i` of an array by index on every write: the element at `i` if the
    /// array has one, else a new last element, so after an element that wrote nothing it spreads
    /// the next element's pairs over several indices (`x[0][0]=a&x[1][0]=b&x[2]=c` for the second
    /// case). Here an element keeps the index it first wrote at: a deliberate difference
    /// (EncoderCompatibility), which changes vector 934 of the corpus.
    @Test(
        "array elements after one that wrote nothing keep one index for all their pairs",
        arguments: [
            (Elements.emptyThenScalar, "x%5B0%5D=a"),
            (.emptyThenPairThenScalar, "x%5B0%5D%5B0%5D=a&x%5B0%5D%5B1%5D=b&x%5B1%5D=c"),
            (.droppedObjectThenObject, "x%5B0%5D%5Bk%5D=a&x%5B0%5D%5Bm%5D=b"),
            (.pairs, "x%5B0%5D%5B0%5D=a&x%5B0%5D%5B1%5D=b&x%5B1%5D%5B0%5D=c"),
        ]
    )
    func elementPositions(elements: Elements, expected: String) throws {
        let encoder = URLEncodedFormEncoder(alphabetizeKeyValuePairs: false, arrayEncoding: .indexInBrackets)
        #expect(try formText(["x": elements], encoder) == expected)
    }

    struct Members: Encodable {
        var k: String?
        var m: String?
    }

    enum Elements: Encodable, Sendable {
        case emptyThenScalar, emptyThenPairThenScalar, droppedObjectThenObject, pairs

        func encode(to encoder: any Encoder) throws {
            var array = encoder.unkeyedContainer()
            switch self {
            case .emptyThenScalar:
                try array.encode([String]())
                try array.encode("a")
            case .emptyThenPairThenScalar:
                try array.encode([String?.none])
                try array.encode(["a", "b"])
                try array.encode("c")
            case .droppedObjectThenObject:
                try array.encode(Members(k: nil, m: nil))
                try array.encode(Members(k: "a", m: "b"))
            case .pairs:
                try array.encode(["a", "b"])
                try array.encode(["c"])
            }
        }
    }

    @Test(
        "numbers are written as Swift describes them",
        arguments: [
            (NumberBox(1.0), "1.0"),
            (NumberBox(1e20), "1e%2B20"),
            (NumberBox(-0.0), "-0.0"),
            (NumberBox(0.1 + 0.2), "0.30000000000000004"),
            (NumberBox(Double.pi), "3.141592653589793"),
            (NumberBox(Float(1.1)), "1.1"),
            (NumberBox(Float(1.0)), "1.0"),
            (NumberBox(Decimal(string: "1.123456") ?? 0), "1.123456"),
            (NumberBox(Decimal(1)), "1"),
            (NumberBox(Int.min), "-9223372036854775808"),
            (NumberBox(Int.max), "9223372036854775807"),
            (NumberBox(Int8.min), "-128"),
            (NumberBox(Int16.min), "-32768"),
            (NumberBox(Int32.min), "-2147483648"),
            (NumberBox(Int64.min), "-9223372036854775808"),
            (NumberBox(UInt.max), "18446744073709551615"),
            (NumberBox(UInt8.max), "255"),
            (NumberBox(UInt16.max), "65535"),
            (NumberBox(UInt32.max), "4294967295"),
            (NumberBox(UInt64.max), "18446744073709551615"),
            (NumberBox(0), "0"),
            (NumberBox(-7), "-7"),
        ]
    )
    func numbers(box: NumberBox, expected: String) throws {
        #expect(try box.encodedValue(URLEncodedFormEncoder()) == expected)
    }

    @Test("the seed date under each strategy")
    func dates() throws {
        let date = Date(timeIntervalSinceReferenceDate: 123.456)
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSSS"
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.locale = Locale(identifier: "en_US_POSIX")
        let cases: [(URLEncodedFormEncoder.DateEncoding, String)] = [
            (.deferredToDate, "123.456"),
            (.secondsSince1970, "978307323.456"),
            (.millisecondsSince1970, "978307323456.0"),
            (.iso8601, "2001-01-01T00%3A02%3A03Z"),
            (.formatted(formatter), "2001-01-01%2000%3A02%3A03.4560"),
            (.custom { "\($0.timeIntervalSinceReferenceDate)" }, "123.456"),
        ]
        for (strategy, expected) in cases {
            #expect(try formText(["date": date], URLEncodedFormEncoder(dateEncoding: strategy)) == "date=\(expected)")
        }
    }

    @Test("data as base64, as its own bytes, or custom")
    func data() throws {
        let data = Data("data".utf8)
        #expect(try formText(["data": data]) == "data=ZGF0YQ%3D%3D")
        #expect(
            try formText(["data": data], URLEncodedFormEncoder(dataEncoding: .deferredToData))
                == "data%5B%5D=100&data%5B%5D=97&data%5B%5D=116&data%5B%5D=97"
        )
        let hex = URLEncodedFormEncoder(dataEncoding: .custom { $0.map { String($0, radix: 16) }.joined() })
        #expect(try formText(["data": data], hex) == "data=64617461")
    }

    @Test("errors thrown by custom strategies propagate unchanged")
    func customStrategyErrors() throws {
        struct StrategyError: Error, Equatable { let name: String }
        let dateEncoder = URLEncodedFormEncoder(dateEncoding: .custom { _ in throw StrategyError(name: "date") })
        #expect(throws: StrategyError(name: "date")) { try formText(["date": Date()], dateEncoder) }
        let dataEncoder = URLEncodedFormEncoder(dataEncoding: .custom { _ in throw StrategyError(name: "data") })
        #expect(throws: StrategyError(name: "data")) { try formText(["data": Data()], dataEncoder) }
    }

    @Test("bool encodings")
    func bools() throws {
        #expect(try formText(["yes": true, "no": false]) == "no=0&yes=1")
        #expect(try formText(["yes": true, "no": false], URLEncodedFormEncoder(boolEncoding: .literal)) == "no=false&yes=true")
    }

    @Test("space encodings")
    func spaces() throws {
        let text = ["spaces": "replace with spaces"]
        #expect(try formText(text) == "spaces=replace%20with%20spaces")
        #expect(try formText(text, URLEncodedFormEncoder(spaceEncoding: .plusReplaced)) == "spaces=replace+with+spaces")
        #expect(
            try formText(["a+b c": "1+2 3"], URLEncodedFormEncoder(spaceEncoding: .plusReplaced)) == "a%2Bb+c=1%2B2+3"
        )
    }

    @Test("allowed characters can be customized")
    func allowedCharacters() throws {
        var allowed = CharacterSet.afURLQueryAllowed
        allowed.remove(charactersIn: "?/")
        #expect(try formText(["allowed": "?/"], URLEncodedFormEncoder(allowedCharacters: allowed)) == "allowed=%3F%2F")

        let alphanumerics = URLEncodedFormEncoder(allowedCharacters: .alphanumerics)
        #expect(
            try formText(["greeting": "Hello, ", "target": "🌎"], alphanumerics) == "greeting=Hello%2C%20&target=%F0%9F%8C%8E"
        )
        var encoder = URLEncodedFormEncoder()
        encoder.allowedCharacters = encoder.allowedCharacters.inserting("[]")
        #expect(try formText(["a": ["b": "[c]"]], encoder) == "a[b]=[c]")
    }

    @Test("superclasses and super encoders write where Alamofire's do")
    func superEncoders() throws {
        #expect(try formText(EncodableSuperclass()) == "one=one&three=1&two=2")
        #expect(
            try formText(EncodableSubclass())
                == "five%5Ba%5D=a&five%5Bb%5D=b&four%5B%5D=1&four%5B%5D=2&four%5B%5D=3&one=one&three=1&two=2"
        )
        #expect(try formText(ManuallyEncodableSubclass()) == "five%5Ba%5D=a&five%5Bb%5D=b&four%5Bfive%5D=2&four%5Bfour%5D=one")
        #expect(
            try formText(["foo": [EncodableSuperclass()]], URLEncodedFormEncoder(arrayEncoding: .indexInBrackets))
                == "foo%5B0%5D%5Bone%5D=one&foo%5B0%5D%5Bthree%5D=1&foo%5B0%5D%5Btwo%5D=2"
        )
    }

    @Test("nested containers under one key: the last kind written wins, elements in order")
    func nestedContainers() throws {
        let indexed = URLEncodedFormEncoder(arrayEncoding: .indexInBrackets)
        #expect(
            try formText(ManuallyEncodableStruct(), indexed)
                == "root%5B0%5D%5B0%5D=1&root%5B0%5D%5B1%5D=2&root%5B0%5D%5B2%5D=3&root%5B1%5D%5Ba%5D%5Bstring%5D=string"
                + "&root%5B2%5D%5B0%5D%5B0%5D=1&root%5B2%5D%5B0%5D%5B1%5D=2&root%5B2%5D%5B0%5D%5B2%5D=3"
        )
        #expect(
            try formText(ManuallyEncodableStruct())
                == "root%5B%5D%5B%5D=1&root%5B%5D%5B%5D=2&root%5B%5D%5B%5D=3&root%5B%5D%5Ba%5D%5Bstring%5D=string"
                + "&root%5B%5D%5B%5D%5B%5D=1&root%5B%5D%5B%5D%5B%5D=2&root%5B%5D%5B%5D%5B%5D=3"
        )
    }
}

/// One number under the key `n`, so a table can hold numbers of every type.
struct NumberBox: Encodable, Sendable, CustomTestStringConvertible {
    private let encodeValue: @Sendable (inout KeyedEncodingContainer<NameKey>) throws -> Void
    let testDescription: String

    init<Number: Encodable & Sendable>(_ number: Number) {
        encodeValue = { try $0.encode(number, forKey: NameKey("n")) }
        testDescription = "\(Number.self)(\(number))"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NameKey.self)
        try encodeValue(&container)
    }

    func encodedValue(_ encoder: URLEncodedFormEncoder) throws -> String {
        let text = try formText(self, encoder)
        return String(text.dropFirst("n=".count))
    }
}
