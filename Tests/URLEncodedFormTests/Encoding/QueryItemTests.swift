import Foundation
import Testing

@testable import URLEncodedForm

/// `encodeQueryItems` comes out of the same walk as the text: under every option, the items that
/// `URLComponents` writes read back as exactly the pairs the text encoder writes, in its order,
/// a bare name as a bare name.
@Suite("Encoder: query items")
struct QueryItemTests {
    struct Item: Encodable {
        var name: String
        var note: String?
    }

    struct Nested: Encodable {
        var inner = ["k": "v", "k 2": "w&x"]
        var list = ["p"]
    }

    /// Every kind of member, text that needs every escape, and nothing that holds the separator.
    struct Query: Encodable {
        var q = "a&b=c+d %/?#[]é"
        var page = -2
        var flag = true
        var missing: String? = nil
        var when = Date(timeIntervalSince1970: 0)
        var blob = Data([1, 2, 250])
        var tags = ["x y", "ü", "+", ""]
        var empty: [String] = []
        var rows = [[1, 2], [3]]
        var items = [Item(name: "n1", note: nil), Item(name: "n 2", note: "z")]
        var nested = Nested()
        var sparse: [String?] = ["a", nil, "b"]
        var userName = "Ada"
    }

    /// One encoder per value of every option, each changed alone from the defaults, and a few
    /// changed together.
    static let encoders: [(String, URLEncodedFormEncoder)] = {
        var encoders: [(String, URLEncodedFormEncoder)] = [("defaults", URLEncodedFormEncoder())]
        func with(_ name: String, _ change: (inout URLEncodedFormEncoder) -> Void) {
            var encoder = URLEncodedFormEncoder()
            change(&encoder)
            encoders.append((name, encoder))
        }
        let arrays: [(String, URLEncodedFormEncoder.ArrayEncoding)] = [
            ("brackets", .brackets), ("noBrackets", .noBrackets), ("indexInBrackets", .indexInBrackets), ("jQuery", .jQuery),
            ("separator", .separator(",")), ("custom", .custom { "\($0)(\($1))" }),
        ]
        for (name, arrays) in arrays {
            with(name) { $0.arrayEncoding = arrays }
            with(name + " unsorted, positions kept") {
                $0.arrayEncoding = arrays
                $0.alphabetizeKeyValuePairs = false
                $0.indexGaps = .keepPositions
            }
        }
        let nils: [(String, URLEncodedFormEncoder.NilEncoding)] = [
            ("dropValue", .dropValue), ("null", .null), ("bareKey", .bareKey), ("custom nil", .init { "-" }),
        ]
        for (name, nils) in nils { with(name) { $0.nilEncoding = nils } }
        with("bareKey, separator") {
            $0.nilEncoding = .bareKey
            $0.arrayEncoding = .separator("|")
        }
        with("dots") { $0.keyPathEncoding = .dots }
        with("custom key paths") { $0.keyPathEncoding = .init { "::\($0)" } }
        with("literal brackets") { $0.bracketEncoding = .literal }
        with("plus") { $0.spaceEncoding = .plusReplaced }
        with("jQuery's characters") { $0.allowedCharacters = .jQuery }
        with("unreserved") { $0.allowedCharacters = .unreserved }
        with("snake case") { $0.keyEncoding = .convertToSnakeCase }
        with("custom keys") { $0.keyEncoding = .custom { $0.uppercased() } }
        with("literal bools") { $0.boolEncoding = .literal }
        with("ISO 8601") { $0.dateEncoding = .iso8601 }
        with("data's bytes") { $0.dataEncoding = .deferredToData }
        with("empty arrays") { $0.allowsEmptyArrays = true }
        with("sentinel") { $0.charset.sentinel = true }
        for preset in [URLEncodedFormEncoder.qs, .jQuery, .php, .rails, .vapor, .hummingbird] {
            encoders.append(("preset \(encoders.count)", preset))
        }
        return encoders
    }()

    /// The pairs of query text, percent-decoded, a `+` read as `plusIsSpace` says; `nil` for a
    /// name written alone.
    static func pairs(_ query: String, plusIsSpace: Bool) -> [(String, String?)] {
        guard !query.isEmpty else { return [] }
        func decoded<Text: StringProtocol>(_ text: Text) -> String {
            let spaced = plusIsSpace ? text.replacingOccurrences(of: "+", with: " ") : String(text)
            return spaced.removingPercentEncoding ?? "<not UTF-8>"
        }
        return query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            guard let equals = pair.firstIndex(of: "=") else { return (decoded(pair), nil) }
            return (decoded(pair[..<equals]), decoded(pair[pair.index(after: equals)...]))
        }
    }

    @Test("URLComponents writes the text encoder's pairs from the items, under every option", arguments: encoders.indices)
    func sameAsText(index: Int) throws {
        let (name, encoder) = Self.encoders[index]
        // One value for both: two dictionaries of the same members may list them in two orders,
        // which an unsorted encoder keeps.
        let query = Query()
        let text: String = try encoder.encode(query)
        let items = try encoder.encodeQueryItems(query)
        var components = URLComponents()
        components.queryItems = items
        // URLComponents leaves `+` as it is and writes a space as `%20`, so its `+` is a plus.
        let fromItems = Self.pairs(components.percentEncodedQuery ?? "", plusIsSpace: false)
        let plusIsSpace = if case .plusReplaced = encoder.spaceEncoding { true } else { false }
        let fromText = Self.pairs(text, plusIsSpace: plusIsSpace)
        #expect(fromItems.count == fromText.count, "\(name): \(text)")
        for (item, pair) in zip(fromItems, fromText) {
            #expect(item.0 == pair.0 && item.1 == pair.1, "\(name): \(item) against \(pair), in \(text)")
        }
        // The items themselves are the pairs, unescaped.
        #expect(items.map(\.name) == fromText.map(\.0), "\(name)")
        #expect(items.map(\.value) == fromText.map(\.1), "\(name)")
    }

    @Test("a nil under bareKey is an item without a value, and an empty array under allowsEmptyArrays one too")
    func bare() throws {
        struct Form: Encodable {
            var a: String? = nil
            var b: [String] = []
            var c = ""
        }
        let items = try URLEncodedFormEncoder(nilEncoding: .bareKey, allowsEmptyArrays: true).encodeQueryItems(Form())
        #expect(items == [URLQueryItem(name: "a", value: nil), URLQueryItem(name: "b[]", value: nil), URLQueryItem(name: "c", value: "")])
    }

    @Test("separated elements are one item; an element holding the separator is an error at its path")
    func separator() throws {
        let encoder = URLEncodedFormEncoder(arrayEncoding: .separator(","))
        #expect(try encoder.encodeQueryItems(["tags": ["a b", "c"]]) == [URLQueryItem(name: "tags", value: "a b,c")])
        // The text escapes the separator inside an element; a query item cannot.
        #expect(try encoder.encode(["tags": ["a,b", "c"]]) as String == "tags=a%2Cb,c")
        do {
            _ = try encoder.encodeQueryItems(["tags": ["c", "a,b"]])
            Issue.record("expected an error")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["tags", "1"])
            #expect(context.debugDescription.contains("separator ','"))
        }
        // Outside a joined array, a separator in a value is any character.
        #expect(try encoder.encodeQueryItems(["tag": "a,b"]) == [URLQueryItem(name: "tag", value: "a,b")])
    }

    @Test("a legacy charset is an error that names it", arguments: [URLEncodedFormCharset.isoLatin1, .windows1252])
    func legacyCharset(charset: URLEncodedFormCharset) throws {
        do {
            _ = try URLEncodedFormEncoder(charset: charset).encodeQueryItems(["city": "Zürich"])
            Issue.record("expected an error")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.debugDescription.contains(charset.encoding.name))
        }
    }

    @Test("the items follow the text's sort, nested objects sorted first, and every other error it throws")
    func order() throws {
        struct Form: Encodable {
            var z = ["b": "1", "a": "2"]
            var a = [["y": "3", "x": "4"]]
            var m = "5"
        }
        let items = try URLEncodedFormEncoder(arrayEncoding: .indexInBrackets).encodeQueryItems(Form())
        #expect(items.map(\.name) == ["a[0][x]", "a[0][y]", "m", "z[a]", "z[b]"])
        #expect(items.map(\.value) == ["4", "3", "5", "2", "1"])
        #expect(throws: EncodingError.self) { try URLEncodedFormEncoder().encodeQueryItems([1, 2]) }
    }
}
