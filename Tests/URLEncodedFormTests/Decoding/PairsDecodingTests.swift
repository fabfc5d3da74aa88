import Foundation
import Testing

@testable import URLEncodedForm

/// Pairs that are already split and unescaped (a multipart form's text fields) against the form
/// text they come from: the same values, limits and errors.
@Suite("Decoder: pairs already split")
struct PairsDecodingTests {
    /// The pairs of `body` as a multipart parser would hand them over: split at `&` and the first
    /// `=`, then unescaped by Foundation; `nil` for a body whose escapes are not UTF-8.
    static func pairs(of body: String) -> [(String, String)]? {
        var pairs: [(String, String)] = []
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2,
                let name = parts[0].replacingOccurrences(of: "+", with: " ").removingPercentEncoding,
                let value = parts[1].replacingOccurrences(of: "+", with: " ").removingPercentEncoding
            else { return nil }
            pairs.append((name, value))
        }
        return pairs
    }

    @Test("every committed body whose pairs unescape decodes from its pairs as from its text")
    func corpus() throws {
        var bodies = QsCase.load("qs-6.11-differential.json").cases.compactMap(\.input)
        bodies += fixtureCases("qs-parse-cases.json").cases.compactMap { $0["input"] as? String }
        bodies += try AlamofireVector.corpus().map(\.expected)
        var compared = 0
        for body in bodies {
            guard let pairs = Self.pairs(of: body) else { continue }
            let decoder = URLEncodedFormDecoder()
            let fromText = Result { try decoder.decode(URLEncodedFormValue.self, from: body) }
            let fromPairs = Result { try decoder.decode(URLEncodedFormValue.self, fromPairs: pairs) }
            switch (fromText, fromPairs) {
            case (.success(let text), .success(let pairs)):
                #expect(text == pairs, "\(body)")
            case (.failure(let text as URLEncodedFormDecodingError), .failure(let pairs as URLEncodedFormDecodingError)):
                #expect(text.code == pairs.code, "\(body)")
            default:
                Issue.record("\(body): text \(fromText), pairs \(fromPairs)")
            }
            compared += 1
        }
        #expect(compared > 6000, "\(compared) of \(bodies.count)")
    }

    struct Order: Decodable, Equatable {
        var user: User
        var items: [Item]
        struct User: Decodable, Equatable { var name: String }
        struct Item: Decodable, Equatable {
            var sku: String
            var qty: Int
        }
    }

    @Test("values are the text they are: no escape is read, and + is a plus sign")
    func valuesAsText() throws {
        let order = try URLEncodedFormDecoder().decode(
            Order.self,
            fromPairs: [("user[name]", "A+B %41 &=x"), ("items[][sku]", "é€"), ("items[][qty]", "2"), ("items[][sku]", "b"), ("items[][qty]", "1")]
        )
        #expect(order == Order(user: .init(name: "A+B %41 &=x"), items: [.init(sku: "é€", qty: 2), .init(sku: "b", qty: 1)]))
        var dots = URLEncodedFormDecoder()
        dots.keyPathDecoding = .dots
        #expect(try dots.decode(Order.User.self, fromPairs: [("name", "x")]) == .init(name: "x"))
        #expect(try dots.decode([String: Order.User].self, fromPairs: [("u.name", "x")]) == ["u": .init(name: "x")])
    }

    @Test("every bad field is reported with its path")
    func fieldErrors() {
        var decoder = URLEncodedFormDecoder()
        decoder.errorReporting = .everyField
        let error = #expect(throws: URLEncodedFormFieldErrors.self) {
            try decoder.decode(
                Order.self, fromPairs: [("user[name]", "Ada"), ("items[0][sku]", "a"), ("items[0][qty]", "two"), ("items[1][qty]", "3")])
        }
        #expect(error?.fields.map(\.field) == ["items[0][qty]", "items[1][sku]"])
    }

    @Test(
        "the limits refuse pairs as they refuse text",
        arguments: [
            (URLEncodedFormDecoder.Limits(maximumParameterCount: 2), [("a", "1"), ("b", "2"), ("c", "3")], "tooManyParameters"),
            (.init(maximumDepth: 2), [("a[b][c]", "1")], "keyTooDeep"),
            (.init(maximumInputLength: 5), [("ab", "1"), ("c", "12")], "inputTooLong"),
            (.init(maximumArrayLength: 1), [("a[]", "1"), ("a[]", "2")], "arrayTooLong"),
            (.default, [("a]", "1")], "malformedKey"),
        ] as [(URLEncodedFormDecoder.Limits, [(String, String)], String)]
    )
    func limits(limits: URLEncodedFormDecoder.Limits, pairs: [(String, String)], code: String) {
        var decoder = URLEncodedFormDecoder(dialect: .init(malformedKeys: .error))
        decoder.limits = limits
        let error = #expect(throws: URLEncodedFormDecodingError.self) {
            try decoder.decode(URLEncodedFormValue.self, fromPairs: pairs)
        }
        #expect(error.map { "\($0.code)" } == code)
    }
}
