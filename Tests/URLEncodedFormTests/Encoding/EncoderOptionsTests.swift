import Foundation
import Testing

@testable import URLEncodedForm

@Suite("Encoder options")
struct EncoderOptionsTests {
    struct Profile: Encodable {
        struct Name: Encodable {
            let first: String
            let middle: String?
        }

        let name: Name
        let tags: [String]
        let nickname: String?
    }

    static let profile = Profile(name: .init(first: "Ada", middle: nil), tags: ["x", "y"], nickname: nil)

    @Test(
        "array encodings",
        arguments: [
            (URLEncodedFormEncoder.ArrayEncoding.brackets, "tags%5B%5D=x&tags%5B%5D=y"),
            (.noBrackets, "tags=x&tags=y"),
            (.indexInBrackets, "tags%5B0%5D=x&tags%5B1%5D=y"),
            (.custom { key, index in "\(key)(\(index + 1))" }, "tags%281%29=x&tags%282%29=y"),
        ]
    )
    func arrayEncodings(encoding: URLEncodedFormEncoder.ArrayEncoding, expected: String) throws {
        #expect(try formText(["tags": ["x", "y"]], URLEncodedFormEncoder(arrayEncoding: encoding)) == expected)
    }

    @Test("a custom array encoding receives the unescaped path of nested arrays")
    func customArrayPath() throws {
        let encoder = URLEncodedFormEncoder(arrayEncoding: .custom { key, index in "\(key):\(index)" })
        #expect(try formText(["a b": ["c": [["d", "e"]]]], encoder) == "a%20b%5Bc%5D%3A0%3A0=d&a%20b%5Bc%5D%3A0%3A1=e")
    }

    @Test(
        "key path encodings",
        arguments: [
            (URLEncodedFormEncoder.KeyPathEncoding.brackets, "name%5Bfirst%5D=Ada&tags%5B%5D=x&tags%5B%5D=y"),
            (.dots, "name.first=Ada&tags%5B%5D=x&tags%5B%5D=y"),
            (.init { "::\($0)" }, "name%3A%3Afirst=Ada&tags%5B%5D=x&tags%5B%5D=y"),
        ]
    )
    func keyPathEncodings(encoding: URLEncodedFormEncoder.KeyPathEncoding, expected: String) throws {
        #expect(try formText(Self.profile, URLEncodedFormEncoder(keyPathEncoding: encoding)) == expected)
    }

    @Test(
        "nil encodings apply to synthesized optionals at every depth",
        arguments: [
            (URLEncodedFormEncoder.NilEncoding.dropKey, "name%5Bfirst%5D=Ada&tags%5B%5D=x&tags%5B%5D=y"),
            (
                .dropValue,
                "name%5Bfirst%5D=Ada&name%5Bmiddle%5D=&nickname=&tags%5B%5D=x&tags%5B%5D=y"
            ),
            (
                .null,
                "name%5Bfirst%5D=Ada&name%5Bmiddle%5D=null&nickname=null&tags%5B%5D=x&tags%5B%5D=y"
            ),
            (
                .init { "nil" },
                "name%5Bfirst%5D=Ada&name%5Bmiddle%5D=nil&nickname=nil&tags%5B%5D=x&tags%5B%5D=y"
            ),
            (.init { nil }, "name%5Bfirst%5D=Ada&tags%5B%5D=x&tags%5B%5D=y"),
            (.bareKey, "name%5Bfirst%5D=Ada&name%5Bmiddle%5D&nickname&tags%5B%5D=x&tags%5B%5D=y"),
        ]
    )
    func nilEncodings(encoding: URLEncodedFormEncoder.NilEncoding, expected: String) throws {
        #expect(try formText(Self.profile, URLEncodedFormEncoder(nilEncoding: encoding)) == expected)
    }

    @Test("nil inside dictionaries and arrays")
    func nilInCollections() throws {
        let dictionary: [String: String?] = ["a": "1", "b": nil]
        let array: [String: [Int?]] = ["a": [1, nil, 3]]
        #expect(try formText(dictionary) == "a=1")
        #expect(try formText(dictionary, URLEncodedFormEncoder(nilEncoding: .null)) == "a=1&b=null")
        // A dropped element takes no index, so indices stay dense.
        let indexed = URLEncodedFormEncoder(arrayEncoding: .indexInBrackets)
        #expect(try formText(array, indexed) == "a%5B0%5D=1&a%5B1%5D=3")
        var indexedNull = indexed
        indexedNull.nilEncoding = .null
        #expect(try formText(array, indexedNull) == "a%5B0%5D=1&a%5B1%5D=null&a%5B2%5D=3")
    }

    @Test("an explicit encodeNil follows the nil encoding in every container")
    func explicitNil() throws {
        struct Explicit: Encodable {
            func encode(to encoder: any Encoder) throws {
                var keyed = encoder.container(keyedBy: NameKey.self)
                try keyed.encodeNil(forKey: NameKey("k"))
                var unkeyed = keyed.nestedUnkeyedContainer(forKey: NameKey("u"))
                try unkeyed.encodeNil()
                var single = keyed.superEncoder(forKey: NameKey("s")).singleValueContainer()
                try single.encodeNil()
            }
        }
        #expect(try formText(Explicit()) == "")
        #expect(try formText(Explicit(), URLEncodedFormEncoder(nilEncoding: .null)) == "k=null&s=null&u%5B%5D=null")
        #expect(try formText(Explicit(), URLEncodedFormEncoder(nilEncoding: .bareKey)) == "k&s&u%5B%5D")
    }

    /// A bare key reads back as `nil` with the decoder's `nilDecoding: .bareKey`, also when it
    /// replaces a value written before under the same key, and in arrays.
    @Test("nil as a bare key reads back as nil", arguments: [false, true])
    func bareKeyRoundTrip(writesKeyTwice: Bool) throws {
        struct Form: Codable, Equatable {
            var a: String?
            var b: [String?]
            var c: [String: Int?]
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                if writesKeyTwice { try container.encode("first", forKey: .a) }
                try container.encode(a, forKey: .a)
                try container.encode(b, forKey: .b)
                try container.encode(c, forKey: .c)
            }
            var writesKeyTwice = false
            enum CodingKeys: CodingKey { case a, b, c }
            init(a: String?, b: [String?], c: [String: Int?], writesKeyTwice: Bool) {
                (self.a, self.b, self.c, self.writesKeyTwice) = (a, b, c, writesKeyTwice)
            }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                a = try container.decodeIfPresent(String.self, forKey: .a)
                b = try container.decode([String?].self, forKey: .b)
                c = try container.decode([String: Int?].self, forKey: .c)
            }
            static func == (lhs: Form, rhs: Form) -> Bool { lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c }
        }
        let form = Form(a: nil, b: [nil, "x", nil], c: ["d": nil, "e": 1], writesKeyTwice: writesKeyTwice)
        let text = try formText(form, URLEncodedFormEncoder(nilEncoding: .bareKey))
        #expect(text == "a&b%5B%5D&b%5B%5D=x&b%5B%5D&c%5Bd%5D&c%5Be%5D=1")
        #expect(try URLEncodedFormDecoder(nilDecoding: .bareKey).decode(Form.self, from: text) == form)
    }

    /// A custom nil encoding is user code: it runs once for each `nil`, in arrays too, where the
    /// encoder must know whether the `nil` takes an index.
    @Test("a custom nil encoding runs once per nil")
    func customNilRunsOnce() throws {
        let calls = Calls()
        let encoder = URLEncodedFormEncoder(
            nilEncoding: .init {
                calls.count()
                return "-"
            })
        // `[Int?]` reaches the single-value container; `encodeNil()` of an unkeyed one is the
        // path that must also decide whether the `nil` takes an index.
        struct Nils: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: NameKey.self)
                var array = container.nestedUnkeyedContainer(forKey: NameKey("a"))
                try array.encodeNil()
                try array.encode(1)
                try array.encodeNil()
                try container.encode([nil, 2] as [Int?], forKey: NameKey("b"))
            }
        }
        #expect(try formText(Nils(), encoder) == "a%5B%5D=-&a%5B%5D=1&a%5B%5D=-&b%5B%5D=-&b%5B%5D=2")
        #expect(calls.value == 3)
    }

    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var calls = 0
        func count() { lock.withLock { calls += 1 } }
        var value: Int { lock.withLock { calls } }
    }

    @Test(
        "key encodings transform every member name, one path component at a time",
        arguments: [
            (URLEncodedFormEncoder.KeyEncoding.useDefaultKeys, "userName%5BfirstName%5D=Ada"),
            (.convertToSnakeCase, "user_name%5Bfirst_name%5D=Ada"),
            (.convertToKebabCase, "user-name%5Bfirst-name%5D=Ada"),
            (.capitalized, "UserName%5BFirstName%5D=Ada"),
            (.uppercased, "USERNAME%5BFIRSTNAME%5D=Ada"),
            (.lowercased, "username%5Bfirstname%5D=Ada"),
            (.custom { "x_\($0)" }, "x_userName%5Bx_firstName%5D=Ada"),
        ]
    )
    func keyEncodings(encoding: URLEncodedFormEncoder.KeyEncoding, expected: String) throws {
        #expect(try formText(["userName": ["firstName": "Ada"]], URLEncodedFormEncoder(keyEncoding: encoding)) == expected)
    }

    @Test(
        "camel case splits into words as Foundation's JSONEncoder splits them",
        arguments: [
            ("oneTwoThree", "one_two_three"),
            ("myURLProperty", "my_url_property"),
            ("URLSession", "u_rl_session"),
            ("myURL", "my_url"),
            ("simple", "simple"),
            ("_oneTwo_", "_one_two_"),
            ("a", "a"),
            ("", ""),
            ("already_snake", "already_snake"),
            ("version2Beta", "version2_beta"),
            ("ÄpfelÜber", "äpfel_über"),
            ("ǅemalČuvar", "ǆemal_čuvar"),
        ]
    )
    func snakeCase(key: String, expected: String) {
        #expect(URLEncodedFormEncoder.KeyEncoding.convertToSnakeCase.encode(key) == expected)
        if !key.contains("_") {
            let kebab = expected.replacingOccurrences(of: "_", with: "-")
            #expect(URLEncodedFormEncoder.KeyEncoding.convertToKebabCase.encode(key) == kebab)
        }
    }

    @Test("every option is a mutable property")
    func mutableOptions() throws {
        var encoder = URLEncodedFormEncoder()
        encoder.alphabetizeKeyValuePairs = false
        encoder.arrayEncoding = .noBrackets
        encoder.boolEncoding = .literal
        encoder.dataEncoding = .custom { _ in "D" }
        encoder.dateEncoding = .custom { _ in "T" }
        encoder.keyEncoding = .uppercased
        encoder.keyPathEncoding = .dots
        encoder.nilEncoding = .null
        encoder.spaceEncoding = .plusReplaced
        encoder.allowedCharacters = .init(.alphanumerics)
        struct Everything: Encodable {
            let z = [true]
            let data = Data()
            let date = Date()
            let nested = ["a b": "c d"]
            let missing: Int? = nil
        }
        #expect(try formText(Everything(), encoder) == "Z=true&DATA=D&DATE=T&NESTED%2EA+B=c+d&MISSING=null")
    }
}

@Suite("Escaping every ASCII byte")
struct ASCIIEscapingTests {
    static let unescaped = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~?/".utf8)

    @Test("keys and values escape the same way, with uppercase hex", arguments: UInt8(0)..<0x80)
    func byte(_ byte: UInt8) throws {
        let character = String(UnicodeScalar(byte))
        let expected: String
        if Self.unescaped.contains(byte) {
            expected = character
        } else {
            let hex = String(byte, radix: 16, uppercase: true)
            expected = "%" + (hex.count == 1 ? "0" + hex : hex)
        }
        #expect(try formText([character: character]) == "\(expected)=\(expected)")
        let plus = URLEncodedFormEncoder(spaceEncoding: .plusReplaced)
        let expectedWithPlus = byte == UInt8(ascii: " ") ? "+" : expected
        #expect(try formText([character: character], plus) == "\(expectedWithPlus)=\(expectedWithPlus)")
    }

    @Test(
        "multibyte UTF-8 is escaped byte by byte, whatever the allowed set",
        arguments: [
            ("é", "%C3%A9"),
            ("€", "%E2%82%AC"),
            ("🌍", "%F0%9F%8C%8D"),
            ("Grüße 🌍", "Gr%C3%BC%C3%9Fe%20%F0%9F%8C%8D"),
            ("e\u{301}", "e%CC%81"),
            ("\u{0}", "%00"),
        ]
    )
    func multibyte(text: String, expected: String) throws {
        #expect(try formText(["v": text]) == "v=\(expected)")
        #expect(try formText(["v": text], URLEncodedFormEncoder(allowedCharacters: .alphanumerics.union(.whitespaces))) == "v=\(expected)")
    }
}
