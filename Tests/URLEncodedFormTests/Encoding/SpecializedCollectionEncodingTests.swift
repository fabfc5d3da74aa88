import Foundation
import Testing

@testable import URLEncodedForm

/// `[String]`, `[Int]` and `[String: String]` are written by the encoder itself, for speed,
/// rather than by the standard library's `encode(to:)`. These tests write the same values as those
/// types and as ones the standard library writes (`ContiguousArray`, a dictionary of a wrapped
/// string) under every array encoding and the presets, and require the same pairs.
@Suite("Encoder: arrays and dictionaries it writes itself")
struct SpecializedCollectionEncodingTests {
    struct Direct: Encodable {
        var tags: [String]
        var ids: [Int]
        var labels: [String: String]
        var rows: [[String]]
        var nested: [String: [String: String]]
    }

    struct Generic: Encodable {
        var tags: ContiguousArray<String>
        var ids: ContiguousArray<Int>
        var labels: [String: Wrapped]
        var rows: [ContiguousArray<String>]
        var nested: [String: [String: Wrapped]]
    }

    /// A string the standard library's dictionary writes, as a single value.
    struct Wrapped: Encodable {
        var text: String
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(text)
        }
    }

    static let values: [Direct] = [
        Direct(tags: ["a", "b c"], ids: [1, -2], labels: ["x": "1", "y": "&="], rows: [["p"], []], nested: ["k": ["a": "b"]]),
        Direct(tags: [], ids: [], labels: [:], rows: [], nested: [:]),
        Direct(tags: [""], ids: [0], labels: ["": "", "é": "🌍"], rows: [[""], ["q", "r"]], nested: ["": [:], "m": ["": "x"]]),
    ]

    static let encoders: [(String, URLEncodedFormEncoder)] = [
        ("alamofire", .alamofire), ("qs", .qs), ("jQuery", .jQuery), ("php", .php), ("rails", .rails), ("vapor", .vapor),
        ("hummingbird", .hummingbird),
        ("brackets", URLEncodedFormEncoder(arrayEncoding: .brackets)),
        ("noBrackets", URLEncodedFormEncoder(arrayEncoding: .noBrackets)),
        ("separator", URLEncodedFormEncoder(arrayEncoding: .separator(","))),
        ("custom", URLEncodedFormEncoder(arrayEncoding: .custom { key, index in "\(key).\(index)" })),
        ("empty arrays", URLEncodedFormEncoder(allowsEmptyArrays: true)),
        ("unsorted", URLEncodedFormEncoder(alphabetizeKeyValuePairs: false)),
        ("snake case", URLEncodedFormEncoder(keyEncoding: .convertToSnakeCase)),
    ]

    /// The pairs, in order where the encoder sorts them; as a set otherwise, as a dictionary's
    /// order is its own.
    static func pairs(_ text: String, sorted: Bool) -> [Substring] {
        let pairs = text.split(separator: "&", omittingEmptySubsequences: false)
        return sorted ? pairs : pairs.sorted()
    }

    @Test("the same pairs as the standard library's conformances write", arguments: 0..<values.count)
    func samePairs(index: Int) throws {
        let direct = Self.values[index]
        let generic = Generic(
            tags: ContiguousArray(direct.tags), ids: ContiguousArray(direct.ids), labels: direct.labels.mapValues(Wrapped.init),
            rows: direct.rows.map(ContiguousArray.init), nested: direct.nested.mapValues { $0.mapValues(Wrapped.init) })
        for (name, encoder) in Self.encoders {
            let sorted = encoder.alphabetizeKeyValuePairs
            #expect(
                Self.pairs(try encoder.encode(direct), sorted: sorted) == Self.pairs(try encoder.encode(generic), sorted: sorted),
                "\(name)")
            #expect(
                Self.pairs(try encoder.encode(direct.labels), sorted: sorted)
                    == Self.pairs(try encoder.encode(generic.labels), sorted: sorted), "\(name), top level")
        }
    }

    @Test("the pairs written are the ones expected")
    func bytes() throws {
        #expect(
            try URLEncodedFormEncoder().encode(Self.values[0])
                == "ids%5B%5D=1&ids%5B%5D=-2&labels%5Bx%5D=1&labels%5By%5D=%26%3D&nested%5Bk%5D%5Ba%5D=b&rows%5B%5D%5B%5D=p&tags%5B%5D=a&tags%5B%5D=b%20c"
        )
    }
}
