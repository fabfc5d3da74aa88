import Foundation
import Testing
import URLEncodedForm

/// What qs-codec 1.6.3, a port of a newer qs, writes for qs's `allowEmptyArrays`, which qs 6.11
/// lacks (`Tests/Fixtures/qs-codec-1.6.3-stringify.json`, recorded by
/// `Tests/PeerSuites/qs-codec-stringify.py`; CI records it again and compares), written by this
/// encoder with `allowsEmptyArrays`: the 200 values of the qs 6.11 fixture, with `[]` and with
/// indices.
@Suite("Encoder: writes what qs-codec writes for empty arrays")
struct QsCodecStringifyTests {
    enum Outcome: String, CaseIterable {
        case same = "the same text"
        /// An empty array is an element that writes something here, as in qs; but an empty
        /// object still writes nothing and, as in Alamofire, takes no index, where qs skips one.
        /// Checked precisely: without those elements, the texts are the same.
        case elementsThatWriteNothing = "an array holds elements that write nothing"
    }

    /// The README's numbers.
    static let expectedCounts: [String: [Outcome: Int]] = [
        "empty-arrays-brackets": [.same: 200],
        "empty-arrays-indices": [.same: 188, .elementsThatWriteNothing: 12],
    ]

    @Test("every value is written as qs-codec writes it with allow_empty_lists", arguments: ["empty-arrays-brackets", "empty-arrays-indices"])
    func optionSet(_ name: String) throws {
        let cases = fixtureCases("qs-codec-1.6.3-stringify.json").cases
        #expect(cases.count == 200)
        let encoder = URLEncodedFormEncoder(
            alphabetizeKeyValuePairs: false,
            arrayEncoding: name.hasSuffix("indices") ? .indexInBrackets : .brackets,
            bracketEncoding: .literal,
            nilEncoding: .dropValue,
            allowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"),
            allowsEmptyArrays: true
        )
        var counts: [Outcome: Int] = [:]
        for testCase in cases {
            let value = OrderedValue(json: testCase["value"] ?? NSNull())
            let written = try #require((testCase["written"] as? [String: [String: String]])?[name])
            let text: String = try encoder.encode(value)
            if text == written["text"] {
                counts[.same, default: 0] += 1
            } else if let pruned = written["withoutEmptyElements"], try encoder.encode(value.withoutEmptyElements(emptyArraysWrite: true)) == pruned {
                counts[.elementsThatWriteNothing, default: 0] += 1
            } else {
                Issue.record("\(name): wrote \(text), qs-codec wrote \(written["text"] ?? "")")
            }
        }
        print("qs-codec \(name): " + Outcome.allCases.map { "\(counts[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", "))
        #expect(counts == Self.expectedCounts[name])
    }
}
