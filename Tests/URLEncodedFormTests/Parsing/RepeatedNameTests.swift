import Testing

@testable import URLEncodedForm

/// A pair whose name is, byte for byte, the previous pair's, and which ended in `[]`, appends to
/// the array that pair appended to, without splitting or walking the name again (`repeatArray`
/// in the parser). The same form with its brackets spelled differently in every other pair
/// (`a[]`, then `a%5B%5D`) never takes that path, and must read the same: the same value, or the
/// same error quoting the same key. So must the form in chunks, where a name can span two.
@Suite("Parser: the same name in consecutive pairs")
struct RepeatedNameTests {
    /// The option sets whose rules a repeated `[]` meets: empty arrays, conflicts replaced
    /// (PHP's appended indices), one row per pair, dots, and each limit a pair can break.
    static let decoders: [(name: String, decoder: URLEncodedFormDecoder)] = {
        var emptyArrays = URLEncodedFormDecoder()
        emptyArrays.allowsEmptyArrays = true
        var conflictsReplaced = URLEncodedFormDecoder()
        conflictsReplaced.dialect.conflictingKeys = .last
        return [
            ("default", URLEncodedFormDecoder()),
            ("allowsEmptyArrays", emptyArrays),
            ("conflictingKeys: .last", conflictsReplaced),
            ("bracketRows: .onePerPair", URLEncodedFormDecoder(dialect: .init(bracketRows: .onePerPair))),
            ("keyPathDecoding: .dots", URLEncodedFormDecoder(keyPathDecoding: .dots)),
            ("percentEscaped", URLEncodedFormDecoder(spaceDecoding: .percentEscaped)),
            ("maximumArrayLength: 3", URLEncodedFormDecoder(limits: .init(maximumArrayLength: 3))),
            ("maximumParameterCount: 5", URLEncodedFormDecoder(limits: .init(maximumParameterCount: 5))),
            ("maximumDepth: 2", URLEncodedFormDecoder(limits: .init(maximumDepth: 2))),
        ]
    }()

    /// Names with their brackets as `(` and `)`, spelled by `spell`: lists, lists under a name,
    /// lists of lists (PHP and Rack start an inner list for every `a[][]` pair), rows, indexed
    /// elements, plain and repeated names, a dotted name, and names that need decoding.
    static let names = [
        "a()", "a()", "b()", "a(x)()", "a()()", "a(0)()", "a()(x)", "a", "a(x)", "a(x)(y)()", "a.b()", "a+b()", "%61()", "(x)()",
        "()",
    ]

    static func spell(_ name: String, open: String, close: String) -> String {
        name.replacingOccurrences(of: "(", with: open).replacingOccurrences(of: ")", with: close)
    }

    /// A form of one to nine pairs, two in three of which repeat the name before, each given its
    /// value (`v3`), an empty one or none.
    static func form(_ random: inout SeededGenerator) -> [(name: String, value: String?)] {
        var pairs: [(name: String, value: String?)] = []
        for index in 0..<Int.random(in: 1...9, using: &random) {
            let repeats = Int.random(in: 0..<3, using: &random) > 0
            let name = repeats ? pairs.last?.name ?? names[0] : names.randomElement(using: &random)!
            let value: String? = [Optional("v\(index)"), "v\(index)", "v\(index)", "", nil].randomElement(using: &random)!
            pairs.append((name, value))
        }
        return pairs
    }

    static func body(_ pairs: [(name: String, value: String?)], spellings: [(open: String, close: String)]) -> String {
        pairs.enumerated().map { index, pair in
            let spelling = spellings[index % spellings.count]
            let name = spell(pair.name, open: spelling.open, close: spelling.close)
            return pair.value.map { "\(name)=\($0)" } ?? name
        }.joined(separator: "&")
    }

    /// A decode's value, or its error's description and, for a limit, the error itself.
    enum Outcome: Equatable {
        case value(URLEncodedFormValue)
        case refused(String, URLEncodedFormDecodingError?)

        init(_ decode: () throws -> URLEncodedFormValue) {
            do { self = .value(try decode()) } catch { self = .refused("\(error)", error as? URLEncodedFormDecodingError) }
        }

        init(_ decode: () async throws -> URLEncodedFormValue) async {
            do { self = .value(try await decode()) } catch { self = .refused("\(error)", error as? URLEncodedFormDecodingError) }
        }

        /// Whether a body in chunks (`self`) read as it did whole. A name refused as too deep
        /// while it arrives is quoted as far as it had arrived, since the rest is not read.
        func matchesWhole(_ whole: Outcome) -> Bool {
            guard case .refused(_, let partial?) = self, case .refused(_, let error?) = whole, error.code == .keyTooDeep else {
                return self == whole
            }
            return partial.code == error.code && partial.limit == error.limit && (error.key ?? "").hasPrefix(partial.key ?? "?")
        }
    }

    @Test("a repeated name reads as the same name spelled another way, whole and in chunks", arguments: 0..<decoders.count)
    func repeatedNames(decoderIndex: Int) async {
        let (options, decoder) = Self.decoders[decoderIndex]
        var random = SeededGenerator(seed: 53 + UInt64(decoderIndex))
        // Every pair of a form spelled one way, so that repeats are byte for byte; and each pair
        // spelled unlike the one before, so that none is.
        let oneWay = [[("[", "]")], [("%5B", "%5D")], [("%5b", "%5d")]]
        let alternating = [("[", "]"), ("%5B", "%5D")]
        for _ in 0..<600 {
            let pairs = Self.form(&random)
            let repeated = Self.body(pairs, spellings: oneWay.randomElement(using: &random)!)
            let respelled = Self.body(pairs, spellings: alternating)
            let whole = Outcome { try decoder.decode(URLEncodedFormValue.self, from: repeated) }
            let expected = Outcome { try decoder.decode(URLEncodedFormValue.self, from: respelled) }
            let bytes = Array(repeated.utf8)
            let chunked = await Outcome {
                try await decoder.decode(URLEncodedFormValue.self, from: Chunks(bytes.chunked(by: Int.random(in: 1...7, using: &random))))
            }
            #expect(whole == expected, "\(options): \(repeated) against \(respelled)")
            #expect(chunked.matchesWhole(whole), "\(options): \(repeated) in chunks: \(chunked) against \(whole)")
            if whole != expected || !chunked.matchesWhole(whole) { return }
        }
    }

    /// The rules a repeated name must keep, each a case the shortcut could break.
    @Test(
        "a repeated [] name appends, and keeps every rule of a list",
        arguments: [
            ("tags%5B%5D=a&tags%5B%5D=b&tags%5B%5D=c", false, #"{tags:["a","b","c"]}"#),
            ("a[x][]=1&a[x][]=2&a[y]=3&a[x][]=4", false, #"{a:{x:["1","2","4"],y:"3"}}"#),
            // Each `a[][]` pair starts an inner list, as PHP and Rack read it.
            ("a[][]=1&a[][]=2&a[][]=3", false, #"{a:[["1"],["2"],["3"]]}"#),
            // A bare `a[]` after values is an element with no `=`, and with allowsEmptyArrays adds nothing.
            ("a[]=1&a[]&a[]=2", false, #"{a:["1",bare,"2"]}"#),
            ("a[]=1&a[]&a[]=2", true, #"{a:["1","2"]}"#),
        ]
    )
    func rules(input: String, allowsEmptyArrays: Bool, expected: String) throws {
        var decoder = URLEncodedFormDecoder()
        decoder.allowsEmptyArrays = allowsEmptyArrays
        #expect(try parsedTree(input, decoder) == expected)
    }

    @Test("a repeated [] name meets the limits, and its error quotes the decoded name")
    func limits() {
        #expect(throws: URLEncodedFormDecodingError.arrayTooLong(key: "a[]", limit: 2)) {
            try parsedTree("a%5B%5D=1&a%5B%5D=2&a%5B%5D=3", URLEncodedFormDecoder(limits: .init(maximumArrayLength: 2)))
        }
        #expect(throws: URLEncodedFormDecodingError.tooManyParameters(limit: 2)) {
            try parsedTree("a[]=1&a[]=2&a[]=3", URLEncodedFormDecoder(limits: .init(maximumParameterCount: 2)))
        }
    }
}
