import Foundation
import Testing

@testable import URLEncodedForm

/// What jQuery 3.6.1's own `$.param` writes (`Tests/Fixtures/jquery-3.6.1-param.json`, recorded
/// from Debian's jQuery by `Tools/PeerSuites/jquery-param.js`; CI records it again and compares),
/// written by this encoder with `arrayEncoding: .jQuery`: every one of the 217 values, byte for
/// byte, by the stream and by the tree, but for one rule, checked precisely.
@Suite("Encoder: writes what jQuery's $.param writes")
struct JQueryParamEncodingTests {
    /// `$.param`'s order (no sorting), its escaping (`encodeURIComponent`) and `null` as `name=`.
    static let encoder = URLEncodedFormEncoder(
        alphabetizeKeyValuePairs: false,
        arrayEncoding: .jQuery,
        boolEncoding: .literal,
        nilEncoding: .dropValue,
        allowedCharacters: URLEncodedFormEncoder.AllowedCharacters.jQuery.characterSet
    )

    enum Outcome: String, CaseIterable {
        case same = "the same text"
        /// Under a top-level name that ends in `[]` itself (`m[]`), jQuery writes each element
        /// under the name alone, an array or an object as JavaScript's `toString` writes it
        /// (`1,2`, `[object Object]`); here such an element is keyed by its index
        /// (`m[][0][]=1`), which reads back. Checked precisely: without those elements, the
        /// texts are the same.
        case containerUnderBracketName = "an array or object under a name ending in []"
    }

    static func written(_ value: OrderedValue) throws -> String {
        try encoder.encode(value)
    }

    @Test("every value is written as $.param writes it")
    func fixture() throws {
        let cases = fixtureCases("jquery-3.6.1-param.json").cases
        #expect(cases.count == 217)
        var counts: [Outcome: Int] = [:]
        for testCase in cases {
            let param = testCase["param"] as? String ?? ""
            let text = try Self.written(OrderedValue(json: testCase["ordered"] ?? NSNull()))
            if text == param {
                counts[.same, default: 0] += 1
            } else if let pruned = testCase["withoutContainerElements"] as? [String: Any],
                try Self.written(OrderedValue(json: pruned["ordered"] ?? NSNull())) == pruned["param"] as? String
            {
                counts[.containerUnderBracketName, default: 0] += 1
            } else {
                Issue.record("wrote \(text), $.param wrote \(param)")
            }
        }
        #expect(counts == [.same: 216, .containerUnderBracketName: 1])
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let value: [String: [OrderedValue]]
        let expected: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "values take empty brackets", value: ["a": [.text("x"), .text("y")]], expected: "a[]=x&a[]=y"),
        Case(
            name: "objects and arrays take their index", value: ["a": [.text("x"), .object([("b", .text("1"))]), .array([.text("2")])]],
            expected: "a[]=x&a[1][b]=1&a[2][]=2"),
        Case(
            name: "an element that writes nothing keeps its index", value: ["a": [.array([]), .object([("b", .text("1"))])]], expected: "a[1][b]=1"),
        Case(name: "a nil element dropped keeps its index", value: ["a": [.null, .array([.text("z")])]], expected: "a[1][]=z"),
        Case(name: "arrays of arrays of objects", value: ["m": [.array([.object([("k", .text("v"))])])]], expected: "m[0][0][k]=v"),
    ]

    @Test("jQuery's keys", arguments: cases)
    func keys(_ testCase: Case) throws {
        let encoder = URLEncodedFormEncoder(arrayEncoding: .jQuery, bracketEncoding: .literal)
        #expect(try encoder.encode(testCase.value) as String == testCase.expected)
    }

    @Test("a key written twice beside an array of values and objects keeps its first place, the array its keys")
    func valueAfterSwitch() throws {
        struct Repeats: Encodable {
            enum Key: String, CodingKey { case a, b }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(1, forKey: .b)
                try container.encode([OrderedValue.text("x"), .object([("k", .text("v"))])], forKey: .a)
                try container.encode(2, forKey: .b)
            }
        }
        let encoder = URLEncodedFormEncoder(alphabetizeKeyValuePairs: false, arrayEncoding: .jQuery, bracketEncoding: .literal)
        #expect(try encoder.encode(Repeats()) as String == "b=2&a[]=x&a[1][k]=v")
    }
}
