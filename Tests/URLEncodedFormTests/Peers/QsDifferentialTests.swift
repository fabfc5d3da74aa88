import Foundation
import Testing
import URLEncodedForm

/// The real qs as the authority: 3,000 seeded bodies in the shapes clients send, and hostile
/// ones, each parsed by Debian's qs 6.11 under one of ten option sets
/// (`Tools/PeerSuites/qs-differential.js`, which CI runs again and compares with the committed
/// `Tests/Fixtures/qs-6.11-differential.json`). Each decodes into a type of qs's value's shape
/// under the options that mean qs's; every difference must match a documented rule.
@Suite("Decoder: the differential against the real qs")
struct QsDifferentialTests {
    @Test("every body agrees with qs 6.11 or differs by a documented rule")
    func everyBody() throws {
        let suite = QsCase.load("qs-6.11-differential.json")
        #expect(suite.cases.count == 3000)
        var counts: [QsComparison.Outcome: Int] = [:]
        var unexplained: [QsCase] = []
        for testCase in suite.cases {
            guard let outcome = QsComparison.outcome(of: testCase) else {
                unexplained.append(testCase)
                continue
            }
            counts[outcome, default: 0] += 1
        }
        for testCase in unexplained.prefix(40) {
            Issue.record("unexplained: \(testCase) gives \(testCase.expected?.description ?? testCase.throwsMessage ?? "")")
        }
        let summary = counts.sorted { $0.value > $1.value }.map { "  \($0.value)  \($0.key)" }.joined(separator: "\n")
        print("\(suite.source): \(suite.cases.count) bodies, \(unexplained.count) unexplained\n\(summary)")
        #expect(unexplained.count == 0)
        // The table in DecoderBehaviour.md ("Decoding compared with qs"), so that a body moving from agreement to a rule fails here.
        let expected: [QsComparison.Outcome: Int] = [
            .same: 1911, .difference(.malformedKey): 405, .difference(.undecodableText): 398, .difference(.railsArrayOfObjects): 144,
            .difference(.conflictingKey): 47, .difference(.parameterLimit): 27, .difference(.depthLiteral): 20,
            .difference(.arrayLimit): 19, .difference(.emptyPlainValueDropped): 18, .difference(.groupedBySpelling): 9,
            .difference(.emptyName): 1, .difference(.rawLatin1Text): 1,
        ]
        #expect(counts == expected)
    }
}
