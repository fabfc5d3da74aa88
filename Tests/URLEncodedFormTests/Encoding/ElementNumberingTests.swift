import Foundation
import Testing

@testable import URLEncodedForm

/// Which index each array element is written with: an element takes its index when it first
/// writes and keeps it, so the members of one element always share it, and an element that
/// writes nothing takes none (`.compact`) or leaves its place empty (`.keepPositions`).
@Suite("Encoder: element numbering")
struct ElementNumberingTests {
    /// `{"a": [{"y": 2, "x": 1}, {}, {"q": 4, "p": 3}]}`, members in that order.
    static let rows = OrderedValue.object([
        (
            "a",
            .array([
                .object([("y", .text("2")), ("x", .text("1"))]),
                .object([]),
                .object([("q", .text("4")), ("p", .text("3"))]),
            ])
        )
    ])

    /// `{"": ["x"], "b": "1"}` and `{"": [["a", "b"], ["c"]]}`: arrays under the empty name.
    static let unnamedList = OrderedValue.object([("", .array([.text("x")])), ("b", .text("1"))])
    static let unnamedRows = OrderedValue.object([("", .array([.array([.text("a"), .text("b")]), .array([.text("c")])]))])

    enum Encoding: String, CaseIterable, CustomTestStringConvertible {
        case brackets, noBrackets, indexInBrackets, keepPositions, jQuery, separator, custom
        var testDescription: String { rawValue }

        func encoder(sorted: Bool) -> URLEncodedFormEncoder {
            var encoder = URLEncodedFormEncoder(alphabetizeKeyValuePairs: sorted)
            encoder.arrayEncoding =
                switch self {
                case .brackets: .brackets
                case .noBrackets: .noBrackets
                case .indexInBrackets, .keepPositions: .indexInBrackets
                case .jQuery: .jQuery
                case .separator: .separator(",")
                case .custom: .custom { key, index in "\(key)(\(index))" }
                }
            if self == .keepPositions { encoder.indexGaps = .keepPositions }
            return encoder
        }
    }

    /// What each encoding writes for ``rows``, brackets shown literally: sorted, then in
    /// encoding order. The third element's two members share one index.
    static let rowsText: [Encoding: (sorted: String, unsorted: String)] = [
        .brackets: ("a[][x]=1&a[][y]=2&a[][p]=3&a[][q]=4", "a[][y]=2&a[][x]=1&a[][q]=4&a[][p]=3"),
        .noBrackets: ("a[x]=1&a[y]=2&a[p]=3&a[q]=4", "a[y]=2&a[x]=1&a[q]=4&a[p]=3"),
        .indexInBrackets: ("a[0][x]=1&a[0][y]=2&a[1][p]=3&a[1][q]=4", "a[0][y]=2&a[0][x]=1&a[1][q]=4&a[1][p]=3"),
        .keepPositions: ("a[0][x]=1&a[0][y]=2&a[2][p]=3&a[2][q]=4", "a[0][y]=2&a[0][x]=1&a[2][q]=4&a[2][p]=3"),
        .jQuery: ("a[0][x]=1&a[0][y]=2&a[2][p]=3&a[2][q]=4", "a[0][y]=2&a[0][x]=1&a[2][q]=4&a[2][p]=3"),
        .separator: ("a[][x]=1&a[][y]=2&a[][p]=3&a[][q]=4", "a[][y]=2&a[][x]=1&a[][q]=4&a[][p]=3"),
        .custom: ("a(0)[x]=1&a(0)[y]=2&a(1)[p]=3&a(1)[q]=4", "a(0)[y]=2&a(0)[x]=1&a(1)[q]=4&a(1)[p]=3"),
    ]

    /// What each encoding writes for ``unnamedList`` (sorted and not alike: `b` comes second
    /// either way) and for ``unnamedRows``. Brackets and indices as Alamofire 5.12 writes them.
    static let unnamedText: [Encoding: (list: String, rows: String)] = [
        .brackets: ("[]=x&b=1", "[][]=a&[][]=b&[][]=c"),
        .noBrackets: ("=x&b=1", "=a&=b&=c"),
        .indexInBrackets: ("[0]=x&b=1", "[0][0]=a&[0][1]=b&[1][0]=c"),
        .keepPositions: ("[0]=x&b=1", "[0][0]=a&[0][1]=b&[1][0]=c"),
        .jQuery: ("[]=x&b=1", "[0][]=a&[0][]=b&[1][]=c"),
        .separator: ("=x&b=1", "[]=a,b&[]=c"),
        .custom: ("(0)=x&b=1", "(0)(0)=a&(0)(1)=b&(1)(0)=c"),
    ]

    static func literal(_ text: String) -> String {
        text.replacingOccurrences(of: "%5B", with: "[").replacingOccurrences(of: "%5D", with: "]")
            .replacingOccurrences(of: "%28", with: "(").replacingOccurrences(of: "%29", with: ")")
    }

    @Test("the members of one element share its index, after an element that wrote nothing", arguments: Encoding.allCases)
    func rowsShareIndex(encoding: Encoding) throws {
        let expected = try #require(Self.rowsText[encoding])
        for sorted in [true, false] {
            let encoder = encoding.encoder(sorted: sorted)
            let text: String = try encoder.encode(Self.rows)
            #expect(Self.literal(text) == (sorted ? expected.sorted : expected.unsorted))
        }
    }

    @Test("an array under the empty name keeps its brackets", arguments: Encoding.allCases)
    func emptyName(encoding: Encoding) throws {
        let expected = try #require(Self.unnamedText[encoding])
        for sorted in [true, false] {
            let encoder = encoding.encoder(sorted: sorted)
            for (value, text) in [(Self.unnamedList, expected.list), (Self.unnamedRows, expected.rows)] {
                let written: String = try encoder.encode(value)
                #expect(Self.literal(written) == text)
            }
        }
    }

    @Test("an array under the empty name reads back as it was written", arguments: [Encoding.brackets, .indexInBrackets, .noBrackets, .jQuery])
    func emptyNameReadsBack(encoding: Encoding) throws {
        let encoder = encoding.encoder(sorted: true)
        let list = ["": ["a", "b"], "c": ["d"]]
        #expect(try URLEncodedFormDecoder().decode([String: [String]].self, from: encoder.encode(list) as String) == list)
        guard encoding != .noBrackets, encoding != .brackets else { return }
        let rows = ["": [["a", "b"], ["c"]]]
        #expect(try URLEncodedFormDecoder().decode([String: [[String]]].self, from: encoder.encode(rows) as String) == rows)
    }

    /// `[1, nil, 2]` and `[[], [3], [4, 5]]` under `.dropKey`: only the written indices differ.
    @Test(
        "indexGaps: .keepPositions writes each element at its coding position",
        arguments: [
            (URLEncodedFormIndexGaps.compact, "a[0]=1&a[1]=2&m[0][0]=3&m[1][0]=4&m[1][1]=5"),
            (.keepPositions, "a[0]=1&a[2]=2&m[1][0]=3&m[2][0]=4&m[2][1]=5"),
        ]
    )
    func keepPositions(gaps: URLEncodedFormIndexGaps, expected: String) throws {
        struct Form: Codable, Equatable {
            var a: [Int?]
            var m: [[Int]?]
        }
        let value = Form(a: [1, nil, 2], m: [[], [3], [4, 5]])
        let encoder = URLEncodedFormEncoder(arrayEncoding: .indexInBrackets, indexGaps: gaps)
        let text: String = try encoder.encode(value)
        #expect(Self.literal(text) == expected)
        // Read back with the decoder's matching option: the gaps are `nil` again.
        if gaps == .keepPositions {
            let decoded = try URLEncodedFormDecoder(indexGaps: .keepPositions).decode(Form.self, from: text)
            #expect(decoded == Form(a: [1, nil, 2], m: [nil, [3], [4, 5]]))
        } else {
            #expect(try URLEncodedFormDecoder().decode(Form.self, from: text) == Form(a: [1, 2], m: [[3], [4, 5]]))
        }
    }

    /// `.error`: an element written after one that wrote nothing is refused at its coding path,
    /// in every array style, and a form without such an element is written as `.compact` writes
    /// it and read back by the decoder's `.error`.
    @Test(
        "indexGaps: .error refuses an element after one that wrote nothing, at its coding path, in every array style",
        arguments: [
            URLEncodedFormEncoder.ArrayEncoding.brackets, .noBrackets, .indexInBrackets, .jQuery, .separator(","),
            .custom { key, index in "\(key)(\(index))" },
        ]
    )
    func refusedGaps(arrays: URLEncodedFormEncoder.ArrayEncoding) throws {
        struct Form: Codable, Equatable {
            var a: [Int?]
            var m: [[Int]]?
        }
        let refusing = URLEncodedFormEncoder(arrayEncoding: arrays, indexGaps: .error)
        for (value, path) in [(Form(a: [1, nil, 2]), ["a", "2"]), (Form(a: [1], m: [[], [3]]), ["m", "1"]), (Form(a: [nil, 1]), ["a", "1"])] {
            do {
                _ = try refusing.encode(value) as String
                Issue.record("\(value) was written")
            } catch let EncodingError.invalidValue(_, context) {
                #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == path)
                #expect(context.debugDescription.contains("indexGaps is .error"))
            }
        }
        // Nothing written after the element that wrote nothing: no gap, and the same text as `.compact`.
        for value in [Form(a: [1, 2, nil]), Form(a: [1, 2], m: [[3], []])] {
            let text: String = try refusing.encode(value)
            #expect(text == (try URLEncodedFormEncoder(arrayEncoding: arrays).encode(value) as String))
        }
        if case .indexInBrackets = arrays {
            let text: String = try refusing.encode(Form(a: [1, 2], m: [[3]]))
            #expect(try URLEncodedFormDecoder(indexGaps: .error).decode(Form.self, from: text) == Form(a: [1, 2], m: [[3]]))
        }
    }
}
