import Foundation
import Testing

@testable import URLEncodedForm

/// The encoder against 4,000 vectors written by the real Alamofire 5.12 encoder
/// (`Tests/Fixtures/alamofire-5.12-encoder.jsonl`, described in `Tests/Fixtures/README.md`).
@Suite("Alamofire 5.12 corpus")
struct AlamofireCorpusTests {
    /// Both ways to encode are checked against Alamofire on their own: the public call, which
    /// streams, and the tree it falls back to (see `FormPairStream`).
    enum Path: String, CaseIterable, CustomTestStringConvertible {
        case stream, tree
        var testDescription: String { rawValue }
    }

    @Test("every vector encodes to Alamofire's bytes", arguments: Path.allCases)
    func everyVector(path: Path) throws {
        let vectors = try AlamofireVector.corpus()
        #expect(vectors.count == 4000)
        var failures = 0
        for vector in vectors {
            let text: String =
                switch path {
                case .stream: try vector.encoder.encode(vector.value)
                case .tree: try vector.encoder.encodedThroughTree(vector.value) { $0.string }
                }
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

    /// Without this, an encoder that always fell back to the tree would pass the test above. Every
    /// vector streams, since an element keeps the place it first wrote at (425 and 2322, whose
    /// second element follows one that wrote nothing, went to the tree before).
    @Test("every vector streams")
    func streaming() throws {
        var treeVectors: [Int] = []
        for vector in try AlamofireVector.corpus() where try !vector.encoder.streams(vector.value) {
            treeVectors.append(vector.id)
        }
        #expect(treeVectors == [])
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
