import Foundation
import Testing
import URLEncodedForm

/// qs's own parser tests (`test/parse.js`), extracted as data by `Tools/PeerSuites/qs-parse-cases.js`
/// into `Tests/Fixtures/qs-parse-cases.json`: each `qs.parse(input, options)` and the value or
/// error its test expects. Each is decoded under the options that mean what qs's mean, into a type
/// of the expected value's shape; every difference must match a documented rule.
@Suite("Decoder: qs's own parse tests")
struct QsParseSuiteTests {
    @Test("every case of qs's test/parse.js agrees or differs by a documented rule")
    func everyCase() throws {
        let suite = QsCase.load("qs-parse-cases.json")
        #expect(suite.cases.count == 358)
        var counts: [QsComparison.Outcome: Int] = [:]
        for testCase in suite.cases {
            guard let outcome = QsComparison.outcome(of: testCase) else {
                Issue.record("unexplained: \(testCase)")
                continue
            }
            counts[outcome, default: 0] += 1
        }
        let summary = counts.sorted { $0.value > $1.value }.map { "  \($0.value)  \($0.key)" }.joined(separator: "\n")
        print("\(suite.source): \(suite.cases.count) cases\n\(summary)")
        // The table in DecoderBehaviour.md ("Decoding compared with qs"), so that a case moving from agreement to a rule fails here.
        let expected: [QsComparison.Outcome: Int] = [
            .same: 184, .bothRefuse: 27, .notReplayable: 24, .difference(.malformedKey): 19, .difference(.emptyName): 19,
            .difference(.emptyNamePath): 7,
            .difference(.conflictingKey): 16, .difference(.arrayLimit): 12, .difference(.noCounterpart): 10,
            .difference(.prototypeNames): 11, .difference(.depthLiteral): 11, .difference(.invalidOptionValue): 10,
            .difference(.splitAtFirstEquals): 4, .difference(.parameterLimit): 3, .difference(.entitiesJoinPieces): 1,
        ]
        #expect(counts == expected)
    }
}
