import Foundation
import Testing
import URLEncodedForm

@Suite("Decoder: what clients send")
struct DecoderBehaviourTests {
    private let decoder = URLEncodedFormDecoder()

    struct Signup: Decodable, Equatable {
        var name: String
        var email: String
        var agree: Bool
        var newsletter: Bool?
        var interests: [String]
        var comment: String?
    }

    @Test("browser form bodies decode")
    func browserBodies() throws {
        let body = "name=J%C3%BCrgen+M%C3%BCller&email=j%40example.com&agree=on&interests=swift&interests=forms&comment=Line+1%0D%0ALine+2"
        #expect(
            try decoder.decode(Signup.self, from: body)
                == Signup(
                    name: "Jürgen Müller", email: "j@example.com", agree: true, newsletter: nil,
                    interests: ["swift", "forms"], comment: "Line 1\r\nLine 2"
                )
        )
        // Unticked boxes and empty fields: nothing is sent, or an empty value.
        let sparse = "name=&email=a%2Bb%40c.d&agree=off&comment="
        #expect(
            try decoder.decode(Signup.self, from: sparse)
                == Signup(name: "", email: "a+b@c.d", agree: false, newsletter: nil, interests: [], comment: "")
        )
        // The hidden-field trick: the later value of a repeated field wins where one is expected.
        #expect(try decoder.decode(Signup.self, from: "name=a&email=b&agree=0&agree=1").agree)
    }

    struct Tags: Decodable, Equatable {
        var tags: [Int]
    }

    @Test(
        "arrays come from brackets, indices in any order, or repeated keys",
        arguments: [
            "tags[]=1&tags[]=2&tags[]=3",
            "tags%5B%5D=1&tags%5B%5D=2&tags%5B%5D=3",
            "tags[0]=1&tags[1]=2&tags[2]=3",
            "tags[2]=3&tags[0]=1&tags[1]=2",
            "tags=1&tags=2&tags=3",
            "tags=1&tags[]=2&tags=3",
        ]
    )
    func arrays(input: String) throws {
        #expect(try decoder.decode(Tags.self, from: input) == Tags(tags: [1, 2, 3]))
    }

    @Test("one value, or none, is an array of one, or an empty array")
    func shortArrays() throws {
        #expect(try decoder.decode(Tags.self, from: "tags=7") == Tags(tags: [7]))
        #expect(try decoder.decode(Tags.self, from: "") == Tags(tags: []))
        #expect(try decoder.decode(Tags.self, from: "other=1") == Tags(tags: []))
    }

    struct Attendee: Decodable, Equatable {
        var name: String
        var plusOne: Bool
    }

    struct Event: Decodable, Equatable {
        var title: String
        var attendees: [Attendee]
    }

    @Test(
        "arrays of objects come from indices or from brackets where a repeated member starts an element",
        arguments: [
            "title=T&attendees[0][name]=Ada&attendees[0][plusOne]=1&attendees[1][name]=Grace&attendees[1][plusOne]=0",
            "title=T&attendees[1][plusOne]=0&attendees[0][name]=Ada&attendees[1][name]=Grace&attendees[0][plusOne]=1",
            "title=T&attendees[][name]=Ada&attendees[][plusOne]=1&attendees[][name]=Grace&attendees[][plusOne]=0",
        ]
    )
    func arraysOfObjects(input: String) throws {
        let expected = Event(
            title: "T",
            attendees: [Attendee(name: "Ada", plusOne: true), Attendee(name: "Grace", plusOne: false)]
        )
        #expect(try decoder.decode(Event.self, from: input) == expected)
    }

    @Test(
        ".lenient reads every common spelling of a Bool, and a bare name as true",
        arguments: [
            ("1", true), ("0", false), ("true", true), ("false", false), ("TRUE", true), ("False", false),
            ("on", true), ("off", false), ("On", true), ("yes", true), ("no", false), ("YES", true),
        ]
    )
    func lenientBools(text: String, expected: Bool) throws {
        #expect(try decoder.decode([String: Bool].self, from: "flag=\(text)") == ["flag": expected])
    }

    @Test(
        ".lenient refuses text that only looks like a Bool",
        arguments: ["%00on", "%00%001", "%001", "on%00", "%00no", "%00%00yes", "tru", "1 ", "+1", "oon", "yess", "falsee", "%00"]
    )
    func lenientRefusals(text: String) throws {
        #expect(throws: DecodingError.self) { try decoder.decode([String: Bool].self, from: "flag=\(text)") }
    }

    @Test("a bare name is true under every strategy; other text must match the strategy")
    func strictBools() throws {
        struct Flags: Decodable, Equatable {
            var verbose: Bool
            var quiet: Bool?
        }
        for strategy: URLEncodedFormDecoder.BoolDecoding in [.lenient, .numeric, .literal] {
            let decoder = URLEncodedFormDecoder(boolDecoding: strategy)
            #expect(try decoder.decode(Flags.self, from: "verbose&quiet") == Flags(verbose: true, quiet: true))
        }
        let numeric = URLEncodedFormDecoder(boolDecoding: .numeric)
        #expect(try numeric.decode([String: Bool].self, from: "a=1&b=0") == ["a": true, "b": false])
        #expect(throws: DecodingError.self) { try numeric.decode([String: Bool].self, from: "a=true") }
        let literal = URLEncodedFormDecoder(boolDecoding: .literal)
        #expect(try literal.decode([String: Bool].self, from: "a=true&b=false") == ["a": true, "b": false])
        #expect(throws: DecodingError.self) { try literal.decode([String: Bool].self, from: "a=1") }
        #expect(throws: DecodingError.self) { try decoder.decode([String: Bool].self, from: "a=maybe") }
        #expect(throws: DecodingError.self) { try decoder.decode([String: Bool].self, from: "a=") }
        #expect(throws: DecodingError.self) { try decoder.decode([String: Bool].self, from: "a=%11") }
        let custom = URLEncodedFormDecoder(boolDecoding: .custom { $0 == "ja" })
        #expect(try custom.decode([String: Bool].self, from: "a=ja&b=nein") == ["a": true, "b": false])
    }

    struct Profile: Decodable, Equatable {
        var name: String
        var nickname: String?
        var age: Int?
        var score: Double?
        var address: Address?
        var tags: [String]
        var scores: [String: Int]
        var seen: Set<Int>
        var avatar: Data
    }

    struct Address: Decodable, Equatable {
        var city: String
    }

    @Test("missing optionals are nil, missing collections empty, and an empty value is nil except for a String")
    func optionals() throws {
        let empty = Profile(
            name: "a", nickname: nil, age: nil, score: nil, address: nil, tags: [], scores: [:], seen: [], avatar: Data())
        // Empty `Data` is written `avatar=`: a missing one is an error (`missingMembers`).
        #expect(try decoder.decode(Profile.self, from: "name=a&avatar=") == empty)
        var blank = empty
        blank.nickname = ""
        #expect(try decoder.decode(Profile.self, from: "name=a&nickname=&age=&score=&address=&avatar=") == blank)
        var full = blank
        full.nickname = "b"
        full.age = 3
        full.score = 0.5
        full.address = Address(city: "Köln")
        full.tags = ["x"]
        full.scores = ["math": 2]
        full.seen = [4, 5]
        full.avatar = Data([1, 2])
        let text = "name=a&nickname=b&age=3&score=0.5&address[city]=K%C3%B6ln&tags[]=x&scores[math]=2&seen=4&seen=5&avatar=AQI%3D"
        #expect(try decoder.decode(Profile.self, from: text) == full)
    }

    /// Each kind of member a form can leave out, and what it reads as: `JSONDecoder`'s
    /// `keyNotFound` wherever a form can write the value, and empty where a form cannot write it
    /// empty. DecoderBehaviour's table "What a missing member becomes" says the same.
    @Test(
        "a missing member is keyNotFound where JSONDecoder throws it, unless a form cannot write it",
        arguments: [
            // (member, decoder, what it reads as: "keyNotFound" or the value's description)
            ("String", URLEncodedFormDecoder(), "keyNotFound"),
            ("Int", URLEncodedFormDecoder(), "keyNotFound"),
            ("Bool", URLEncodedFormDecoder(), "keyNotFound"),
            ("Bool", URLEncodedFormDecoder(dialect: .init(missingBool: .false)), "false"),
            ("Date", URLEncodedFormDecoder(), "keyNotFound"),
            ("Data", URLEncodedFormDecoder(), "keyNotFound"),
            ("Data", URLEncodedFormDecoder(dataDecoding: .custom { Data($0.utf8) }), "keyNotFound"),
            ("Data", URLEncodedFormDecoder(dataDecoding: .deferredToData), "0 bytes"),
            ("Data", URLEncodedFormDecoder(dataDecoding: .deferredToData, allowsEmptyArrays: true), "keyNotFound"),
            ("Address", URLEncodedFormDecoder(), "keyNotFound"),
            ("Int?", URLEncodedFormDecoder(), "nil"),
            ("[String]", URLEncodedFormDecoder(), "[]"),
            ("[String]", URLEncodedFormDecoder(allowsEmptyArrays: true), "keyNotFound"),
            ("Set<Int>", URLEncodedFormDecoder(), "[]"),
            ("Set<Int>", URLEncodedFormDecoder(allowsEmptyArrays: true), "keyNotFound"),
            ("[String: Int]", URLEncodedFormDecoder(), "[:]"),
            ("[String: Int]", URLEncodedFormDecoder(allowsEmptyArrays: true), "[:]"),
            ("nested [String]", URLEncodedFormDecoder(), "[]"),
            ("nested [String]", URLEncodedFormDecoder(allowsEmptyArrays: true), "keyNotFound"),
        ] as [(String, URLEncodedFormDecoder, String)]
    )
    func missingMembers(member: String, decoder: URLEncodedFormDecoder, reads: String) throws {
        struct One<Value: Decodable>: Decodable {
            var value: Value
        }
        /// An optional member as a type declares one, read with `decodeIfPresent`.
        struct Optional: Decodable {
            var value: Int?
        }
        /// Reads `value` through `nestedUnkeyedContainer(forKey:)`, as a hand-written `init(from:)` does.
        struct Nested: Decodable {
            var value: [String]
            enum CodingKeys: CodingKey { case value }
            init(from decoder: any Decoder) throws {
                var list = try decoder.container(keyedBy: CodingKeys.self).nestedUnkeyedContainer(forKey: .value)
                value = []
                while !list.isAtEnd { value.append(try list.decode(String.self)) }
            }
        }
        func read<Value: Decodable>(_: Value.Type) throws -> String {
            "\(try decoder.decode(One<Value>.self, from: "other=1").value)"
        }
        do {
            let value =
                switch member {
                case "String": try read(String.self)
                case "Int": try read(Int.self)
                case "Bool": try read(Bool.self)
                case "Date": try read(Date.self)
                case "Data": try read(Data.self)
                case "Address": try read(Address.self)
                case "Int?": "\(try decoder.decode(Optional.self, from: "other=1").value as Any)"
                case "[String]": try read([String].self)
                case "Set<Int>": try read(Set<Int>.self)
                case "[String: Int]": try read([String: Int].self)
                default: "\(try decoder.decode(Nested.self, from: "other=1").value)"
                }
            #expect(value == reads)
        } catch DecodingError.keyNotFound(let key, _) {
            #expect(reads == "keyNotFound")
            #expect(key.stringValue == "value")
        }
    }

    @Test("top-level dictionaries decode, keyed by text or by integers")
    func topLevelDictionaries() throws {
        #expect(try decoder.decode([String: String].self, from: "a=1&b=x+y") == ["a": "1", "b": "x y"])
        #expect(try decoder.decode([String: [Int]].self, from: "a=1&a=2&b[]=3") == ["a": [1, 2], "b": [3]])
        #expect(try decoder.decode([String: [String: Int]].self, from: "a[x]=1&b[y]=2") == ["a": ["x": 1], "b": ["y": 2]])
        #expect(try decoder.decode([Int: String].self, from: "1=a&20=b") == [1: "a", 20: "b"])
        #expect(try decoder.decode([String: String].self, from: "") == [:])
        // Integer-looking keys stay keys: the encoder writes `["4": "dose"]` as `d[4]=dose`.
        #expect(try decoder.decode([String: [String: String]].self, from: "d[4]=dose&d[5]=dairy") == ["d": ["4": "dose", "5": "dairy"]])
    }

    struct Numbers: Decodable, Equatable {
        var i8: Int8, i16: Int16, i32: Int32, i64: Int64, i: Int
        var u8: UInt8, u16: UInt16, u32: UInt32, u64: UInt64, u: UInt
        var f: Float, d: Double
    }

    @Test("integers read at both ends of every width, and floats in every form the encoder writes")
    func numbers() throws {
        let minimum = "i8=-128&i16=-32768&i32=-2147483648&i64=-9223372036854775808&i=-9223372036854775808&u8=0&u16=0&u32=0&u64=0&u=0&f=-1.1&d=-0.0"
        #expect(
            try decoder.decode(Numbers.self, from: minimum)
                == Numbers(i8: .min, i16: .min, i32: .min, i64: .min, i: .min, u8: 0, u16: 0, u32: 0, u64: 0, u: 0, f: -1.1, d: -0.0)
        )
        let maximum =
            "i8=127&i16=%2B32767&i32=2147483647&i64=9223372036854775807&i=9223372036854775807&u8=255&u16=65535&u32=4294967295&u64=18446744073709551615&u=18446744073709551615&f=3.4028235e%2B38&d=1e%2B20"
        #expect(
            try decoder.decode(Numbers.self, from: maximum)
                == Numbers(
                    i8: .max, i16: .max, i32: .max, i64: .max, i: .max, u8: .max, u16: .max, u32: .max, u64: .max, u: .max,
                    f: .greatestFiniteMagnitude, d: 1e20)
        )
        #expect(
            try decoder.decode([String: Double].self, from: "a=inf&b=-inf&c=5e-324") == [
                "a": .infinity, "b": -.infinity, "c": .leastNonzeroMagnitude,
            ])
        #expect(try decoder.decode([String: Decimal].self, from: "a=12.345&b=-1e3") == ["a": Decimal(string: "12.345"), "b": -1000])
        #expect(try decoder.decode([String: URL].self, from: "a=https%3A//x.example/a?b%3Dc") == ["a": URL(string: "https://x.example/a?b=c")])
    }

    @Test(
        "numbers that do not fit or do not parse are errors, never traps",
        arguments: [
            "i8=128", "i8=-129", "u8=256", "u8=-1", "u64=18446744073709551616", "i=99999999999999999999999999",
            "i=1.5", "i=", "i=-", "i=%2B", "i=1e3", "i=0x10", "i= 1", "d=abc", "d=", "f=1,5",
        ])
    func badNumbers(pair: String) throws {
        struct One: Decodable {
            var i8: Int8?
            var u8: UInt8?
            var u64: UInt64?
            var i: Int?
            var d: Double?
            var f: Float?
        }
        let key = String(pair.prefix { $0 != "=" })
        if pair.hasSuffix("=") {
            // An empty value is nil for an optional number.
            _ = try decoder.decode(One.self, from: pair)
            #expect(throws: DecodingError.self) { try decoder.decode([String: Int].self, from: pair) }
            return
        }
        #expect(throws: DecodingError.self) { try decoder.decode(One.self, from: pair) }
        #expect(throws: DecodingError.self) { try decoder.decode([String: Int8].self, from: "\(key)=\(pair.dropFirst(key.count + 1))x") }
    }

    struct Stamp: Decodable, Equatable {
        var at: Date
    }

    @Test(
        "every date strategy reads what the encoder writes",
        arguments: [
            (URLEncodedFormDecoder.DateDecoding.deferredToDate, "123.456", 978_307_323.456),
            (.secondsSince1970, "978307323.456", 978_307_323.456),
            (.millisecondsSince1970, "978307323456.0", 978_307_323.456),
            (.millisecondsSince1970, "978307323000", 978_307_323),
            (.iso8601, "2001-01-01T00%3A02%3A03Z", 978_307_323),
            (.iso8601, "2001-01-01T01:02:03%2B01:00", 978_307_323),
            (.iso8601, "2001-01-01T00:02:03.5Z", 978_307_323.5),
        ]
    )
    func dates(strategy: URLEncodedFormDecoder.DateDecoding, text: String, seconds: Double) throws {
        let decoded = try URLEncodedFormDecoder(dateDecoding: strategy).decode(Stamp.self, from: "at=\(text)")
        #expect(abs(decoded.at.timeIntervalSince1970 - seconds) < 1e-6)
    }

    @Test("formatted and custom dates")
    func formattedDates() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        let formatted = URLEncodedFormDecoder(dateDecoding: .formatted(formatter))
        #expect(try formatted.decode(Stamp.self, from: "at=2001-01-02").at == Date(timeIntervalSince1970: 978_393_600))
        #expect(throws: DecodingError.self) { try formatted.decode(Stamp.self, from: "at=02.01.2001") }
        let custom = URLEncodedFormDecoder(dateDecoding: .custom { Date(timeIntervalSince1970: Double($0.count)) })
        #expect(try custom.decode(Stamp.self, from: "at=abc").at == Date(timeIntervalSince1970: 3))
        #expect(throws: DecodingError.self) { try URLEncodedFormDecoder(dateDecoding: .iso8601).decode(Stamp.self, from: "at=yesterday") }
    }

    struct Blob: Decodable, Equatable {
        var data: Data
    }

    @Test("data strategies")
    func data() throws {
        let bytes = Data([0xFB, 0xFF, 0x01])
        #expect(try decoder.decode(Blob.self, from: "data=%2B/8B") == Blob(data: bytes))
        // A `+` that arrived unescaped reads as a space; base64 takes it back.
        #expect(try decoder.decode(Blob.self, from: "data=+/8B") == Blob(data: bytes))
        #expect(throws: DecodingError.self) { try decoder.decode(Blob.self, from: "data=%%%") }
        let deferred = URLEncodedFormDecoder(dataDecoding: .deferredToData)
        #expect(try deferred.decode(Blob.self, from: "data[]=251&data[]=255&data[]=1") == Blob(data: bytes))
        let custom = URLEncodedFormDecoder(dataDecoding: .custom { Data($0.utf8) })
        #expect(try custom.decode(Blob.self, from: "data=hi") == Blob(data: Data("hi".utf8)))
    }

    struct Account: Decodable, Equatable {
        var userID: Int
        var myURLProperty: String
        var displayName: String
    }

    @Test("key strategies match both converted names and the names the encoder writes")
    func keyDecoding() throws {
        let snake = URLEncodedFormDecoder(keyDecoding: .convertFromSnakeCase)
        let expected = Account(userID: 1, myURLProperty: "u", displayName: "d")
        #expect(try snake.decode(Account.self, from: "user_id=1&my_url_property=u&display_name=d") == expected)
        #expect(try snake.decode(Account.self, from: "userID=1&myURLProperty=u&displayName=d") == expected)
        #expect(try snake.decode([String: Int].self, from: "first_key=1&_private_=2&plain=3") == ["firstKey": 1, "_private_": 2, "plain": 3])
        let kebab = URLEncodedFormDecoder(keyDecoding: .convertFromKebabCase)
        #expect(try kebab.decode(Account.self, from: "user-id=1&my-url-property=u&display-name=d") == expected)
        let custom = URLEncodedFormDecoder(keyDecoding: .custom { $0.replacingOccurrences(of: "x_", with: "") })
        #expect(try custom.decode(Account.self, from: "x_userID=1&x_myURLProperty=u&x_displayName=d") == expected)
    }

    class Base: Decodable {
        let one: String
        let two: Int
    }

    final class Derived: Base, @unchecked Sendable {
        let four: [Int]

        private enum CodingKeys: String, CodingKey { case four }

        required init(from decoder: any Decoder) throws {
            four = try decoder.container(keyedBy: CodingKeys.self).decode([Int].self, forKey: .four)
            try super.init(from: decoder)
        }
    }

    @Test("a subclass reads its superclass's members beside its own, as the encoder writes them")
    func subclass() throws {
        let text = try formText(EncodableSubclass())
        let decoded = try decoder.decode(Derived.self, from: text)
        #expect(decoded.one == "one")
        #expect(decoded.two == 2)
        #expect(decoded.four == [1, 2, 3])
    }

    @Test("limits can be raised for trusted input")
    func unlimited() throws {
        let text = (0..<1500).map { "k\($0)=\($0)" }.joined(separator: "&")
        #expect(throws: URLEncodedFormDecodingError.tooManyParameters(limit: 1000)) {
            try decoder.decode([String: Int].self, from: text)
        }
        let decoded = try URLEncodedFormDecoder(limits: .unlimited).decode([String: Int].self, from: text)
        #expect(decoded.count == 1500)
        #expect(decoded["k1499"] == 1499)
    }
}
