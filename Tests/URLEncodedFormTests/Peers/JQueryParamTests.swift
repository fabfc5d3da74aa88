import Foundation
import Testing
import URLEncodedForm

/// What jQuery 3.6.1's own `$.param` writes (`Tests/Fixtures/jquery-3.6.1-param.json`, recorded
/// from Debian's jQuery by `Tools/PeerSuites/jquery-param.js`; CI records it again and compares),
/// decoded into types of the values' shapes. Every case reads back as the value jQuery was
/// given, but for the two things jQuery's text cannot say, each checked precisely below.
@Suite("Decoder: reads what jQuery's $.param writes")
struct JQueryParamTests {
    struct Case {
        var value: FixtureValue
        var param: String
    }

    /// Loaded by each test rather than kept in a `static let`: a value that lives until exit is
    /// scanned by LeakSanitizer, which does not see the enum's tagged box pointers and reports
    /// every box as leaked.
    static func cases() -> [Case] {
        // Values named `ids[]` are for the encoder: no decoder reads that form back as the name.
        fixtureCases("jquery-3.6.1-param.json").cases.filter { $0["encoderOnly"] == nil }
            .map { Case(value: FixtureValue(json: $0["value"] ?? [:]), param: $0["param"] as? String ?? "") }
    }

    enum Outcome: String, CaseIterable {
        case same = "the same value"
        /// `tags: []` writes nothing, so the decoded value has no `tags`.
        case emptyContainerWritesNothing = "an empty array or object writes nothing"
        /// jQuery numbers an element by its place among all elements, including the empty ones
        /// it does not write, so `[[], {k: 1}]` is `tags[1][k]=1`: a gap, which `indexGaps:
        /// .keepPositions` reads back exactly. A value before the gap is written `[]`, without
        /// its place (`[[], "z", [1]]` is `a[]=z&a[2][]=1`), so there the indices say 0 and 2
        /// and `.compact` reads back the elements that were written.
        case gapAfterEmptyElement = "an empty element leaves a gap in the indices after it"
    }

    static func outcome(_ testCase: Case) throws -> Outcome {
        func decoded(like shape: FixtureValue, _ decoder: URLEncodedFormDecoder = URLEncodedFormDecoder()) -> FixtureValue? {
            try? ShapedDecoding.decode(testCase.param, like: shape, with: decoder)
        }
        // What jQuery wrote is the value without its empty arrays and objects.
        let written = testCase.value.withoutEmptyContainers
        if decoded(like: testCase.value) == testCase.value { return .same }
        if decoded(like: written) == written { return .emptyContainerWritesNothing }
        do {
            _ = try ShapedDecoding.decode(testCase.param, like: written, with: URLEncodedFormDecoder())
        } catch let error as URLEncodedFormDecodingError where error.code == .indexGap {
            if decoded(like: testCase.value, URLEncodedFormDecoder(indexGaps: .keepPositions))?.withoutEmptyContainers == written
                || decoded(like: written, URLEncodedFormDecoder(indexGaps: .compact)) == written
            {
                return .gapAfterEmptyElement
            }
        }
        throw Unexplained(testCase: testCase)
    }

    struct Unexplained: Error, CustomStringConvertible {
        let testCase: Case
        var description: String { "\(testCase.param) does not read back as \(testCase.value)" }
    }

    @Test("every value jQuery wrote reads back, with each difference explained")
    func everyCase() throws {
        let cases = Self.cases()
        #expect(cases.count == 215)
        var counts: [Outcome: Int] = [:]
        for testCase in cases {
            do {
                counts[try Self.outcome(testCase), default: 0] += 1
            } catch {
                Issue.record("\(error)")
            }
        }
        print("jQuery $.param: \(cases.count) cases: " + Outcome.allCases.map { "\(counts[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", "))
        // The numbers in DecoderBehaviour.md ("Decoding compared with qs"), so that a value moving from agreement to a rule fails here.
        #expect(counts == [.same: 134, .emptyContainerWritesNothing: 73, .gapAfterEmptyElement: 8])
    }

    @Test(
        "jQuery's arrays that mix values with objects and arrays read in order",
        arguments: [
            ("a%5B%5D=1&a%5B1%5D%5Bb%5D=2", #"{a:["1",{b:"2"}]}"#),
            ("a%5B0%5D%5Bx%5D=1&a%5B%5D=", #"{a:[{x:"1"},""]}"#),
            (
                "filter[0][]=int1&filter[0][]==&filter[0][]=77&filter[]=and&filter[2][]=int2&filter[2][]==&filter[2][]=8",
                #"{filter:[["int1","=","77"],"and",["int2","=","8"]]}"#
            ),
        ]
    )
    func mixedArrays(param: String, expected: String) throws {
        let value = try #require(Self.cases().first { $0.param == param || $0.param.removingPercentEncoding == param }?.value)
        #expect(value.description == expected)
        #expect(try ShapedDecoding.decode(param, like: value, with: URLEncodedFormDecoder()) == value)
    }
}
