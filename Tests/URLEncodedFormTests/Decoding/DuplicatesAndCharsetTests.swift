import Foundation
import Testing
import URLEncodedForm

/// One case of `Tests/Fixtures/qs-charset-duplicates.json`: what qs decodes for `form` under its
/// `duplicates`, `charset` and `charsetSentinel` options.
struct QSCase: Sendable, CustomTestStringConvertible {
    let form: String
    let duplicateKeys: URLEncodedFormDecoder.DuplicateKeys
    let charset: URLEncodedFormCharset.Encoding
    let charsetSentinel: Bool
    let decoded: [String: String]

    var testDescription: String { "\(form) \(duplicateKeys) \(charset) sentinel: \(charsetSentinel)" }

    var decoder: URLEncodedFormDecoder {
        // qs reads numeric references only when asked (`interpretNumericEntities`).
        URLEncodedFormDecoder(
            charset: URLEncodedFormCharset(charset, sentinel: charsetSentinel, numericReferences: false),
            dialect: .init(duplicateKeys: duplicateKeys))
    }

    struct Malformed: Error {}

    static func fixture() throws -> [QSCase] {
        let file = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/qs-charset-duplicates.json")
        guard let root = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any],
            let cases = root["cases"] as? [[String: Any]]
        else { throw Malformed() }
        return try cases.map { entry in
            guard let form = entry["form"] as? String, let duplicates = entry["duplicates"] as? String,
                let charset = entry["charset"] as? String, let sentinel = entry["charsetSentinel"] as? Bool,
                let decoded = entry["decoded"] as? [String: String]
            else { throw Malformed() }
            return QSCase(
                form: form, duplicateKeys: duplicates == "first" ? .first : .last,
                charset: charset == "utf8" ? .utf8 : .isoLatin1, charsetSentinel: sentinel, decoded: decoded)
        }
    }
}

@Suite("Repeated keys and charsets, against qs")
struct DuplicatesAndCharsetTests {
    @Test("the fixture holds every combination of the options")
    func fixtureShape() throws {
        let cases = try QSCase.fixture()
        #expect(cases.count == 96)
        #expect(Set(cases.map { "\($0.duplicateKeys)\($0.charset)\($0.charsetSentinel)" }).count == 8)
    }

    @Test("each form decodes as qs-codec decodes it", arguments: try QSCase.fixture())
    func matchesQS(_ qsCase: QSCase) throws {
        #expect(try qsCase.decoder.decode([String: String].self, from: qsCase.form) == qsCase.decoded)
        // Untyped too: `duplicates` keeps the first or the last value there, as qs does.
        let untyped = try qsCase.decoder.decode(URLEncodedFormValue.self, from: qsCase.form)
        guard case .object(let members) = untyped else {
            Issue.record("not an object: \(untyped)")
            return
        }
        let texts = members.map { member -> (String, String?) in
            if case .string(let text) = member.value { (member.key, text) } else { (member.key, nil) }
        }
        #expect(Dictionary(texts) { $1 } == qsCase.decoded)
    }

    /// Rails' hidden-field checkbox: the box's hidden `0` and, when ticked, its `1`. PHP 8.2's
    /// `parse_str` and Rack 2.2's `parse_nested_query` both read `"1"`: `.last`.
    @Test(
        "in an untyped value, duplicates decides a name repeated without brackets; a name with brackets stays a list",
        arguments: [
            (URLEncodedFormDecoder.DuplicateKeys.combine, "user[admin]=0&user[admin]=1", #"{user:{admin:["0","1"]}}"#),
            (.last, "user[admin]=0&user[admin]=1", #"{user:{admin:"1"}}"#),
            (.first, "user[admin]=0&user[admin]=1", #"{user:{admin:"0"}}"#),
            (.last, "a=1&a=2&a=3&b[]=1&b[]=2", #"{a:"3",b:["1","2"]}"#),
            (.first, "a&a=2", #"{a:""}"#),
            // A name given with brackets and without is a list whatever the option says: PHP
            // keeps the last pair's kind of value, Rack refuses; the list keeps both.
            (.last, "a=1&a[]=2", #"{a:["1","2"]}"#),
            (.last, "a[]=1&a=2", #"{a:["1","2"]}"#),
            (.last, "a[0]=1&a=2", #"{a:["1","2"]}"#),
            (.last, "a=1&a=2&a[]=3", #"{a:["1","2","3"]}"#),
        ] as [(URLEncodedFormDecoder.DuplicateKeys, String, String)]
    )
    func untyped(rule: URLEncodedFormDecoder.DuplicateKeys, form: String, expected: String) throws {
        let value = try URLEncodedFormDecoder(dialect: .init(duplicateKeys: rule)).decode(URLEncodedFormValue.self, from: form)
        #expect(FixtureValue(value).description == expected)
    }

    @Test("duplicateKeys: .error refuses a repeated name in an untyped value too, naming it and its count")
    func untypedError() throws {
        let decoder = URLEncodedFormDecoder(dialect: .init(duplicateKeys: .error))
        let error = #expect(throws: URLEncodedFormDecodingError.self) {
            try decoder.decode(URLEncodedFormValue.self, from: "user[admin]=0&user[admin]=1")
        }
        #expect(error?.code == .duplicateKey)
        #expect(error?.key == "user[admin]")
        #expect(error?.description.contains("\"user[admin]\" appears 2 times") == true)
        let list = try decoder.decode(URLEncodedFormValue.self, from: "a[]=1&a[]=2")
        #expect(list == .object([.init(key: "a", value: .array([.string("1"), .string("2")]))]))
    }

    struct Profile: Decodable, Equatable {
        var name: String
        var age: Int
    }

    @Test(
        "a repeated key gives its last, its first, or an error where one value is expected",
        arguments: [
            (URLEncodedFormDecoder.DuplicateKeys.last, "Bo", 41),
            (.first, "Ada", 36),
        ] as [(URLEncodedFormDecoder.DuplicateKeys, String, Int)]
    )
    func duplicates(rule: URLEncodedFormDecoder.DuplicateKeys, name: String, age: Int) throws {
        let form = "name=Ada&age=36&name=Bo&age=41"
        #expect(try URLEncodedFormDecoder(dialect: .init(duplicateKeys: rule)).decode(Profile.self, from: form) == Profile(name: name, age: age))
    }

    @Test("duplicateKeys: .error names the key and the count, and arrays still take every value")
    func duplicatesError() throws {
        let decoder = URLEncodedFormDecoder(dialect: .init(duplicateKeys: .error))
        do {
            _ = try decoder.decode(Profile.self, from: "name=Ada&age=36&age=37&age=38")
            Issue.record("expected an error")
        } catch let error as URLEncodedFormDecodingError {
            #expect(error.code == .duplicateKey && error.key == "age")
            #expect(error.description.contains("\"age\" appears 3 times"))
        }
        struct Tags: Decodable, Equatable { var tags: [String] }
        #expect(try decoder.decode(Tags.self, from: "tags=a&tags=b") == Tags(tags: ["a", "b"]))
        #expect(try decoder.decode(Profile.self, from: "name=Ada&age=36") == Profile(name: "Ada", age: 36))
    }

    @Test("ISO-8859-1 names match coding keys, and values read as text and numbers")
    func latin1() throws {
        struct Order: Decodable, Equatable {
            // A key with a non-ASCII letter is what ISO-8859-1 forms are about.
            // swift-format-ignore: IdentifiersMustBeASCII
            var café: String
            var quantity: Int
        }
        let decoder = URLEncodedFormDecoder(charset: .isoLatin1)
        #expect(try decoder.decode(Order.self, from: "caf%E9=cr%E8me+br%FBl%E9e&quantity=2") == Order(café: "crème brûlée", quantity: 2))
        // Raw (unescaped) bytes from 0x80 are ISO-8859-1 too.
        let raw = Data([0x63, 0x61, 0x66, 0xE9, 0x3D, 0xE9, 0x26]) + Data("quantity=1".utf8)
        #expect(try decoder.decode(Order.self, from: raw) == Order(café: "é", quantity: 1))
        // Under UTF-8 the same bytes are not UTF-8, so the key does not match.
        #expect(throws: DecodingError.self) {
            try URLEncodedFormDecoder().decode(Order.self, from: "caf%E9=x&quantity=2")
        }
    }

    @Test("the sentinel is never decoded into the value, and picks the charset when it names one")
    func sentinel() throws {
        struct Comment: Decodable, Equatable { var text: String }
        let decoder = URLEncodedFormDecoder(charset: URLEncodedFormCharset(.utf8, sentinel: true))
        #expect(try decoder.decode(Comment.self, from: "utf8=%26%2310003%3B&text=%E9t%E9") == Comment(text: "été"))
        #expect(try decoder.decode([String: String].self, from: "utf8=%E2%9C%93&text=%C3%A9") == ["text": "é"])
        #expect(try decoder.decode([String: String].self, from: "utf8=&text=a") == ["text": "a"])
        // Off by default: the parameter is an ordinary one.
        #expect(try URLEncodedFormDecoder().decode([String: String].self, from: "utf8=%E2%9C%93") == ["utf8": "✓"])
    }
}
