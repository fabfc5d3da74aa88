import Foundation
import Testing

@testable import URLEncodedForm

/// The encoder against 4,000 vectors written by the real Alamofire 5.12 encoder
/// (`Tests/Fixtures/alamofire-5.12-encoder.jsonl`, described in `Tests/Fixtures/README.md`).
@Suite("Alamofire 5.12 corpus")
struct AlamofireCorpusTests {
    @Test("every vector encodes to Alamofire's bytes")
    func everyVector() throws {
        let vectors = try AlamofireVector.corpus()
        #expect(vectors.count == 4000)
        var failures = 0
        for vector in vectors {
            let text: String = try vector.encoder.encode(vector.value)
            if let changed = Self.numberingDifferences[vector.id] {
                // Alamofire's text splits an element; ours keeps its members at one index.
                #expect(text != vector.expected && text == changed, "vector \(vector.id): wrote \(text)")
                continue
            }
            let matches =
                vector.comparesPairs
                ? Self.pairs(text) == Self.pairs(vector.expected)
                : text == vector.expected
            if !matches {
                failures += 1
                // A few in full; more would bury the first one.
                if failures <= 5 {
                    Issue.record("vector \(vector.id): wrote \(text)\nexpected \(vector.expected)")
                }
            }
        }
        #expect(failures == 0, "\(failures) of \(vectors.count) vectors differ")
    }

    /// The vectors whose text the element numbering changes, with the text written instead: an
    /// element that wrote nothing (`[nil]` under `.dropKey`) is followed by one of two values,
    /// which Alamofire writes at indices 0 and 1 of `)` and this encoder at `(0)(0)` and `(0)(1)`
    /// (EncoderCompatibility, "Differences from Alamofire").
    static let numberingDifferences: [Int: String] = [
        934: "?7fy.k=0&?7fy.%3B~.16dt6~=0&?7fy.%26G=1700000000250.0&%29%280%29%280%29=p%3Et&%29%280%29%281%29=-128&%29%281%29=0.0"
    ]

    /// How the encoder's text compares with what Alamofire 5.12 itself wrote, over the corpus:
    /// the same bytes, the same pairs (where Alamofire's order varies from run to run or it sorts
    /// array elements as text), or different on purpose.
    struct Agreement: Equatable {
        var bytes = 0
        var pairs = 0
        var namesConverted = 0
        var numbering = 0
        var differing: Int { namesConverted + numbering }
    }

    static func agreement() throws -> Agreement {
        var agreement = Agreement()
        for vector in try AlamofireVector.corpus() {
            let text: String = try vector.encoder.encode(vector.value)
            let alamofire = vector.alamofire ?? vector.expected
            // A vector whose pairs Alamofire writes in an order that varies is compared by its
            // pairs, as the encoder's order for it varies with `Dictionary`'s too.
            if !vector.comparesPairs && text == alamofire {
                agreement.bytes += 1
            } else if vector.comparesPairs && pairs(text) == pairs(alamofire) {
                agreement.pairs += 1
            } else if numberingDifferences[vector.id] != nil {
                agreement.numbering += 1
            } else if vector.alamofire != nil, text == vector.expected || pairs(text) == pairs(vector.expected) {
                // Written as the vector's notes say, where Alamofire converts the whole path.
                agreement.namesConverted += 1
            }
        }
        return agreement
    }

    /// README.md and each article state the corpus's agreement in the same words and numbers,
    /// the ones the corpus gives: a change to the encoder or to a document that makes them
    /// disagree fails here.
    @Test("README and the articles state the corpus's agreement with the numbers it gives")
    func statedAgreement() throws {
        let agreement = try Self.agreement()
        #expect(agreement.bytes + agreement.pairs + agreement.differing == 4000, "\(agreement)")
        func number(_ value: Int) -> String { value.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US"))) }
        let phrases = [
            "\(number(agreement.bytes + agreement.pairs)) of the 4,000", "\(number(agreement.bytes)) byte for byte",
            "\(number(agreement.pairs)) as the same pairs", "\(number(agreement.differing)) deliberately different",
            "\(number(agreement.namesConverted)) names converted", "\(number(agreement.numbering)) element numbered",
        ]
        for document in [
            "../../README.md", "URLEncodedForm.docc/EncoderCompatibility.md", "URLEncodedForm.docc/MigratingFromAlamofire.md",
            "URLEncodedForm.docc/OptionsReference.md",
        ] {
            let text = try DocumentationDriftTests.read(document).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            for phrase in phrases where !text.contains(phrase) {
                Issue.record("\(document) does not say \"\(phrase)\"")
            }
            #expect(!text.contains("3,999"), "\(document)")
        }
    }

    @Test("the corpus covers every option value and every note")
    func coverage() throws {
        let vectors = try AlamofireVector.corpus()
        var seen: [String: Set<String>] = [:]
        for vector in vectors {
            for (option, value) in vector.options { seen[option, default: []].insert(value) }
            seen["notes", default: []].formUnion(vector.notes)
            seen["compare", default: []].insert(vector.comparesPairs ? "pairs" : "exact")
        }
        #expect(seen["arrayEncoding"]?.count == 4)
        #expect(seen["dataEncoding"]?.count == 3)
        #expect(seen["dateEncoding"]?.count == 6)
        #expect(seen["keyEncoding"]?.count == 5)
        #expect(seen["nilEncoding"]?.count == 3)
        #expect(seen["allowedCharacters"]?.count == 3)
        for option in ["alphabetizeKeyValuePairs", "boolEncoding", "keyPathEncoding", "spaceEncoding", "compare"] {
            #expect(seen[option]?.count == 2, "\(option)")
        }
        #expect(seen["notes"]?.count == 3)
    }

    private static func pairs(_ text: String) -> [Substring] {
        text.split(separator: "&", omittingEmptySubsequences: false).sorted()
    }
}
