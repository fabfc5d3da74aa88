import Foundation
import Testing
import URLEncodedForm

/// The decoding examples of the DocC articles and comments, as values (check.py runs the runnable blocks).
@Suite("Documentation examples: decoding")
struct DecoderDocumentationTests {
    struct Signup: Decodable, Equatable {
        let name: String
        let email: String
        let agree: Bool
        let interests: [String]
        let referrer: String?
    }

    @Test("a browser's body: + as a space, UTF-8 escaped, on for a checkbox, a repeated name, a missing optional")
    func serverQuickStart() throws {
        let body = "name=J%C3%BCrgen+M%C3%BCller&email=j%40example.com&agree=on&interests=swift&interests=forms"
        let expected = Signup(name: "Jürgen Müller", email: "j@example.com", agree: true, interests: ["swift", "forms"], referrer: nil)
        let decoder = URLEncodedFormDecoder()
        #expect(try decoder.decode(Signup.self, from: body) == expected)
        #expect(try decoder.decode(Signup.self, from: Array(body.utf8)[...]) == expected)
    }

    @Test("the server article's examples: checkboxes, removed rows, separators, the Vapor decoder")
    func serverArticle() throws {
        struct Preferences: Decodable, Equatable { let newsletter: Bool }
        let checkboxes = URLEncodedFormDecoder(dialect: .init(missingBool: .false))
        #expect(try checkboxes.decode(Preferences.self, from: "") == Preferences(newsletter: false))
        #expect(try checkboxes.decode(Preferences.self, from: "newsletter=on") == Preferences(newsletter: true))

        struct Order: Decodable, Equatable {
            struct Item: Decodable, Equatable { let sku: String, quantity: Int }
            let items: [Item]
        }
        let order = try URLEncodedFormDecoder(indexGaps: .compact)
            .decode(Order.self, from: "items[0][sku]=a&items[0][quantity]=1&items[2][sku]=c&items[2][quantity]=3")
        #expect(order == Order(items: [.init(sku: "a", quantity: 1), .init(sku: "c", quantity: 3)]))

        struct Pets: Decodable, Equatable { let pets: [String] }
        let vapor = URLEncodedFormDecoder(
            arrayDecoding: .separators([",", "|"]), dateDecoding: .secondsSince1970, dialect: .init(missingBool: .false))
        #expect(try vapor.decode(Pets.self, from: "pets=Zizek,Foo%2C") == Pets(pets: ["Zizek", "Foo,"]))
        #expect(try vapor.decode([String: Date].self, from: "d=0") == ["d": Date(timeIntervalSince1970: 0)])

        let legacy = URLEncodedFormDecoder(charset: URLEncodedFormCharset(.windows1252, sentinel: true))
        #expect(try legacy.decode([String: String].self, from: "_charset_=windows-1252&t=%80+%26%2326085%3B") == ["t": "€ 日"])
    }

    @Test("DocC examples")
    func doccExamples() throws {
        struct Tagged: Decodable, Equatable {
            let name: String
            let agree: Bool
            let tags: [String]
        }
        #expect(
            try URLEncodedFormDecoder().decode(Tagged.self, from: "name=J%C3%BCrgen+M%C3%BCller&agree=on&tags[]=a&tags[]=b")
                == Tagged(name: "Jürgen Müller", agree: true, tags: ["a", "b"])
        )
        struct Search: Decodable, Equatable {
            let q: String
            let page: Int?
        }
        #expect(try URLEncodedFormDecoder().decode(Search.self, from: "q=swift+forms&page=2") == Search(q: "swift forms", page: 2))
        struct Query: Decodable, Equatable { let tags: [String] }
        for text in ["tags[]=a&tags[]=b", "tags[0]=a&tags[1]=b", "tags=a&tags=b"] {
            #expect(try URLEncodedFormDecoder().decode(Query.self, from: text) == Query(tags: ["a", "b"]))
        }
        struct Hosts: Decodable, Equatable { let hosts: [String: Int] }
        #expect(
            try URLEncodedFormDecoder(keyPathDecoding: .dots).decode(Hosts.self, from: "hosts[example.com]=1") == Hosts(hosts: ["example.com": 1]))
    }

    @Test(
        "DecoderBehaviour.md table of inputs",
        arguments: [
            ("a=1&b=2", ["a": ["1"], "b": ["2"]]),
            ("&&a=1&", ["a": ["1"]]),
            ("a+b=c+d", ["a b": ["c d"]]),
            ("a%20b=c%2Bd", ["a b": ["c+d"]]),
            ("verbose", ["verbose": [""]]),
            ("tags[]=a&tags[]=b", ["tags": ["a", "b"]]),
            ("tags[1]=b&tags[0]=a", ["tags": ["a", "b"]]),
            ("tags=a&tags=b", ["tags": ["a", "b"]]),
            ("tags=a", ["tags": ["a"]]),
        ])
    func readmeTable(input: String, expected: [String: [String]]) throws {
        #expect(try URLEncodedFormDecoder().decode([String: [String]].self, from: input) == expected)
    }
}

@Suite("Documentation examples: integration")
struct IntegrationDocumentationTests {
    @Test("RequestsAndUntypedValues.md: query items, pairs and untyped values")
    func readme() throws {
        #expect(
            URLEncodedFormEncoder().encode([("grant_type", "password"), ("username", "ada@example.com")])
                == "grant_type=password&username=ada%40example.com"
        )
        #expect(URLEncodedFormEncoder().encode([URLQueryItem(name: "q", value: "a b"), URLQueryItem(name: "flag", value: nil)]) == "q=a%20b&flag")
        let form = try URLEncodedFormValue(parsing: "user[name]=Ada&tags[]=a&tags[]=b")
        #expect(form["user"]?["name"] == .string("Ada"))
        #expect(form["tags"] == .array(["a", "b"]))
        #expect(try form.encoded() == "tags%5B%5D=a&tags%5B%5D=b&user%5Bname%5D=Ada")
        #expect(try form.encoded(with: URLEncodedFormEncoder(alphabetizeKeyValuePairs: false)) == "user%5Bname%5D=Ada&tags%5B%5D=a&tags%5B%5D=b")
        #expect(try URLEncodedFormEncoder().encodeQueryItems(["tags": ["a"]]) == [URLQueryItem(name: "tags[]", value: "a")])
    }
}
