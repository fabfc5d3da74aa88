import Foundation
import Testing
import URLEncodedForm

/// No value can change the structure of the form, and no key can either unless it holds key-path
/// punctuation: such a key is a key path, as in Alamofire, qs, Rails and PHP.
@Suite("Encoder safety: keys and values cannot inject structure")
struct EncoderSafetyTests {
    /// Texts without `[`, `]` or `.`, each of which must stay one name or one value.
    static let hostile = [
        "&", "=", "+", "%", "#", "\r", "\n", "\r\n", "a&b=c", "%5B", "%5b", "%2e", "%2E", "%5D", "%25", "+%20+",
        "?x=1#y", " ", "é", "a&b=c&d", "\u{0}", "%2", "%%", "%ZZ", "&=&=",
    ]
    /// Texts that are key paths when they are names, and must stay one value when they are values.
    static let punctuated = ["[", "]", ".", "[]", "][", "a[b]", "a]b[", "[0]", "a.b", "..", "é[ü]", "a[b][c]=d&e"]

    enum Style: CaseIterable {
        case brackets, dots

        var encoder: URLEncodedFormEncoder { URLEncodedFormEncoder(keyPathEncoding: self == .dots ? .dots : .brackets) }
        var decoder: URLEncodedFormDecoder { URLEncodedFormDecoder(keyPathDecoding: self == .dots ? .dots : .brackets) }
    }

    @Test("a hostile key or value at the top level reads back as itself", arguments: Style.allCases, hostile)
    func topLevel(style: Style, text: String) throws {
        let form = ["key": text, text: "value", "other": "x"]
        let encoded: String = try style.encoder.encode(form)
        #expect(encoded.split(separator: "&").count == form.count, "\(encoded)")
        #expect(try style.decoder.decode([String: String].self, from: encoded) == form)
    }

    @Test("a hostile key or value nested in objects and arrays reads back as itself", arguments: Style.allCases, hostile)
    func nested(style: Style, text: String) throws {
        let form: [String: [String: [String]]] = ["outer": [text: [text, "b"], "plain": ["c"]]]
        let encoded: String = try style.encoder.encode(form)
        #expect(encoded.split(separator: "&").count == 3, "\(encoded)")
        #expect(try style.decoder.decode([String: [String: [String]]].self, from: encoded) == form)
        // The same through the untyped value, whose members keep their order.
        let value = try URLEncodedFormValue(parsing: encoded, decoder: style.decoder)
        #expect(try URLEncodedFormValue(parsing: value.encoded(with: style.encoder), decoder: style.decoder) == value)
    }

    @Test("any value, punctuation included, is one pair and reads back as itself", arguments: Style.allCases, hostile + punctuated)
    func values(style: Style, text: String) throws {
        let form: [String: URLEncodedFormValue] = ["a": .string(text), "b": [.string(text), .string(text)]]
        let encoded: String = try style.encoder.encode(form)
        #expect(encoded.split(separator: "&").count == 3, "\(encoded)")
        #expect(try URLEncodedFormValue(parsing: encoded, decoder: style.decoder) == ["a": .string(text), "b": [.string(text), .string(text)]])
    }

    @Test(
        "a name's own brackets (and dots under .dots) are written as Alamofire writes them, and read as a key path",
        arguments: [
            (Style.brackets, ["user[name]": "Ada"] as [String: String], "user%5Bname%5D=Ada"),
            (.brackets, ["file.txt": "1"], "file.txt=1"),
            (.dots, ["user.name": "Ada"], "user.name=Ada"),
            (.dots, ["user[name]": "Ada"], "user%5Bname%5D=Ada"),
        ]
    )
    func keyPathIdiom(style: Style, form: [String: String], encoded: String) throws {
        #expect(try style.encoder.encode(form) as String == encoded)
        let value = try URLEncodedFormValue(parsing: encoded, decoder: style.decoder)
        if form.keys.first == "file.txt" {
            #expect(value == ["file.txt": "1"])
        } else {
            #expect(value == ["user": ["name": "Ada"]])
        }
    }

    @Test(
        "escapes are read the same in either case",
        arguments: [
            ("x%5Ba%5D=1", "x%5ba%5d=1"), ("x%5B%5D=1&x%5B%5D=2", "x%5b%5d=1&x%5b%5D=2"), ("a%C3%A9=%C3%A9", "a%c3%a9=%c3%a9"),
        ]
    )
    func escapeCase(upper: String, lower: String) throws {
        #expect(try URLEncodedFormValue(parsing: lower) == URLEncodedFormValue(parsing: upper))
        #expect(try URLEncodedFormValue(parsing: "a%2eb=1", decoder: .init(keyPathDecoding: .dots)) == ["a": ["b": "1"]])
    }

    /// The body that .NET's `HttpUtility.UrlEncode` writes, with lowercase hex.
    @Test("a body with lowercase escapes decodes in full")
    func lowercaseBody() throws {
        struct Item: Decodable, Equatable { var name: String }
        struct Order: Decodable, Equatable {
            var items: [Item]
            var user: [String: String]
        }
        let order = try URLEncodedFormDecoder().decode(Order.self, from: "items%5b0%5d%5bname%5d=x&user%5bname%5d=Ada")
        #expect(order == Order(items: [Item(name: "x")], user: ["name": "Ada"]))
    }

    @Test("an array under the empty name keeps its element keys and reads back", arguments: Style.allCases)
    func emptyName(style: Style) throws {
        let prefixes: [(URLEncodedFormEncoder.ArrayEncoding, String)] = [
            (.brackets, "%5B%5D=a&%5B%5D=b&c"), (.indexInBrackets, "%5B0%5D=a&%5B1%5D=b&c"), (.noBrackets, "=a&=b&c"),
        ]
        for (arrays, prefix) in prefixes {
            var encoder = style.encoder
            encoder.arrayEncoding = arrays
            let encoded: String = try encoder.encode(["": ["a", "b"], "c": ["d"]])
            #expect(encoded.hasPrefix(prefix), "\(encoded)")
            #expect(try style.decoder.decode([String: [String]].self, from: encoded) == ["": ["a", "b"], "c": ["d"]])
        }
    }

    @Test("an array read from a repeated key at the depth limit is written one component deeper")
    func repeatedKeyAtDepthLimit() throws {
        // Found by the round-trip fuzz target: `a=1&a=2` becomes `a[]=1&a[]=2` when written.
        let decoder = URLEncodedFormDecoder(limits: .init(maximumDepth: 3))
        let value = try URLEncodedFormValue(parsing: "x[y][z]=1&x[y][z]=2", decoder: decoder)
        let written = try value.encoded(with: URLEncodedFormEncoder(alphabetizeKeyValuePairs: false))
        #expect(written == "x%5By%5D%5Bz%5D%5B%5D=1&x%5By%5D%5Bz%5D%5B%5D=2")
        #expect(throws: URLEncodedFormDecodingError.self) { try URLEncodedFormValue(parsing: written, decoder: decoder) }
        #expect(try URLEncodedFormValue(parsing: written, decoder: URLEncodedFormDecoder(limits: .init(maximumDepth: 4))) == value)
    }
}
