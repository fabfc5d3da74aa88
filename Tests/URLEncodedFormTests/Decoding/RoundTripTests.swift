import Foundation
import Testing
import URLEncodedForm

/// Generated values, encoded under every lossless combination of the encoder's options, decode
/// back to themselves with the matching decoder.
///
/// Lossy combinations, documented in DecoderBehaviour.md ("What does not round-trip"), are left out of the generated shapes:
/// `.noBrackets` cannot express arrays of objects or nested arrays, `.brackets` cannot express
/// nested arrays, nor arrays of objects whose elements have different members; sub-millisecond
/// dates lose precision under `.millisecondsSince1970`, sub-second ones under `.iso8601`.
@Suite("Round trip: encoder to decoder")
struct RoundTripTests {
    struct Item: Codable, Equatable {
        var name: String
        var quantity: Int
    }

    struct Nested: Codable, Equatable {
        var title: String
        var labels: [String]
        var inner: [String: Double]
    }

    struct Model: Codable, Equatable {
        var text: String
        var optionalText: String?
        var count: Int
        var small: Int8
        var large: UInt64
        var ratio: Double
        var precise: Float
        var flag: Bool
        var optionalFlag: Bool?
        var optionalCount: Int?
        var when: Date
        var blob: Data
        var tags: [String]
        var scores: [Int]
        var nested: Nested
        var optionalNested: Nested?
        var items: [Item]
        var lookup: [String: Int]
        var groups: [String: [String]]
        var matrix: [[Int]]
        var amount: Decimal
        var link: URL
    }

    /// Text made of fragments that need every kind of escaping, but no brackets or dots, which
    /// dictionary keys cannot hold losslessly.
    static let fragments = ["a", "Z", "key", "x y", "&", "=", "+", "%", "?", "/", "#", ",", "é", "🌍", "0", "10", "\n", "\u{0}", "ß"]
    static let dictionaryKeys = ["alpha", "beta", "gamma delta", "ü", "x&y", "a=b", "100%", "plus+sign", "0", "7", "🌍"]

    static func text(_ random: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...4, using: &random)).map { _ in fragments.randomElement(using: &random) ?? "" }.joined()
    }

    static func list<T>(_ range: ClosedRange<Int>, _ random: inout SeededGenerator, _ element: (inout SeededGenerator) -> T) -> [T] {
        (0..<Int.random(in: range, using: &random)).map { _ in element(&random) }
    }

    static func dictionary<T>(_ random: inout SeededGenerator, _ value: (inout SeededGenerator) -> T) -> [String: T] {
        var result: [String: T] = [:]
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            result[dictionaryKeys.randomElement(using: &random) ?? "k"] = value(&random)
        }
        return result
    }

    static func nested(_ random: inout SeededGenerator) -> Nested {
        Nested(
            title: text(&random),
            labels: list(0...3, &random, text),
            inner: dictionary(&random) { Double(Int.random(in: -1000...1000, using: &$0)) / 8 }
        )
    }

    static func model(_ random: inout SeededGenerator, arrays: URLEncodedFormEncoder.ArrayEncoding, date: URLEncodedFormEncoder.DateEncoding) -> Model
    {
        let seconds = Double(Int.random(in: -2_000_000_000...4_000_000_000, using: &random))
        let when: Date
        switch date {
        case .iso8601, .millisecondsSince1970: when = Date(timeIntervalSince1970: seconds)
        default: when = Date(timeIntervalSince1970: seconds + Double.random(in: 0..<1, using: &random))
        }
        var objectArrays = true
        var nestedArrays = true
        switch arrays {
        case .noBrackets:
            objectArrays = false
            nestedArrays = false
        case .brackets: nestedArrays = false
        default: break
        }
        return Model(
            text: text(&random),
            optionalText: Bool.random(using: &random) ? text(&random) : nil,
            count: Int.random(in: .min ... .max, using: &random),
            small: Int8.random(in: .min ... .max, using: &random),
            large: UInt64.random(in: .min ... .max, using: &random),
            ratio: Double(bitPattern: UInt64.random(in: 0...0x7FEF_FFFF_FFFF_FFFF, using: &random)) * (Bool.random(using: &random) ? 1 : -1),
            precise: Float(bitPattern: UInt32.random(in: 0...0x7F7F_FFFF, using: &random)),
            flag: Bool.random(using: &random),
            optionalFlag: [true, false, nil].randomElement(using: &random) ?? nil,
            optionalCount: Bool.random(using: &random) ? Int.random(in: -5...5, using: &random) : nil,
            when: when,
            blob: Data(list(0...6, &random) { UInt8.random(in: 0...255, using: &$0) }),
            tags: list(0...4, &random, text),
            scores: list(0...4, &random) { Int.random(in: -99...99, using: &$0) },
            nested: nested(&random),
            optionalNested: Bool.random(using: &random) ? nested(&random) : nil,
            items: objectArrays ? list(0...3, &random) { Item(name: text(&$0), quantity: Int.random(in: 0...9, using: &$0)) } : [],
            lookup: dictionary(&random) { Int.random(in: -9...9, using: &$0) },
            groups: dictionary(&random) { random in list(1...3, &random, text) },
            matrix: nestedArrays ? list(0...3, &random) { random in list(1...3, &random) { Int.random(in: 0...9, using: &$0) } } : [],
            amount: Decimal(Int.random(in: -1_000_000...1_000_000, using: &random)) / 100,
            link: URL(string: "https://example.com/\(Int.random(in: 0...999, using: &random))?q=\(Int.random(in: 0...9, using: &random))")
                ?? URL(fileURLWithPath: "/")
        )
    }

    enum ArrayCase: String, CaseIterable { case brackets, noBrackets, indexInBrackets }
    enum PathCase: String, CaseIterable { case brackets, dots }
    enum KeyCase: String, CaseIterable { case useDefaultKeys, snakeCase, kebabCase }

    @Test(
        "every lossless option combination decodes what it encodes",
        arguments: ArrayCase.allCases, PathCase.allCases
    )
    func roundTrip(arrays: ArrayCase, paths: PathCase) throws {
        let arrayEncoding: URLEncodedFormEncoder.ArrayEncoding =
            switch arrays {
            case .brackets: .brackets
            case .noBrackets: .noBrackets
            case .indexInBrackets: .indexInBrackets
            }
        let dates: [(URLEncodedFormEncoder.DateEncoding, URLEncodedFormDecoder.DateDecoding)] = [
            (.deferredToDate, .deferredToDate), (.secondsSince1970, .secondsSince1970),
            (.millisecondsSince1970, .millisecondsSince1970), (.iso8601, .iso8601),
        ]
        let datas: [(URLEncodedFormEncoder.DataEncoding, URLEncodedFormDecoder.DataDecoding)] = [
            (.base64, .base64), (.deferredToData, .deferredToData),
        ]
        var random = SeededGenerator(seed: UInt64(arrays.rawValue.count * 31 + paths.rawValue.count))
        var checked = 0
        for keys in KeyCase.allCases {
            for (dateEncoding, dateDecoding) in dates {
                for (dataEncoding, dataDecoding) in datas {
                    for bools in [URLEncodedFormEncoder.BoolEncoding.numeric, .literal] {
                        for spaces in [URLEncodedFormEncoder.SpaceEncoding.percentEscaped, .plusReplaced] {
                            let encoder = URLEncodedFormEncoder(
                                alphabetizeKeyValuePairs: Bool.random(using: &random),
                                arrayEncoding: arrayEncoding,
                                boolEncoding: bools,
                                dataEncoding: dataEncoding,
                                dateEncoding: dateEncoding,
                                keyEncoding: keys == .snakeCase ? .convertToSnakeCase : keys == .kebabCase ? .convertToKebabCase : .useDefaultKeys,
                                keyPathEncoding: paths == .dots ? .dots : .brackets,
                                spaceEncoding: spaces
                            )
                            let decoder = URLEncodedFormDecoder(
                                dataDecoding: dataDecoding,
                                dateDecoding: dateDecoding,
                                keyDecoding: keys == .snakeCase
                                    ? .convertFromSnakeCase : keys == .kebabCase ? .convertFromKebabCase : .useDefaultKeys,
                                keyPathDecoding: paths == .dots ? .dots : .brackets
                            )
                            for _ in 0..<3 {
                                let value = Self.model(&random, arrays: arrayEncoding, date: dateEncoding)
                                let text: String = try encoder.encode(value)
                                let decoded = try decoder.decode(Model.self, from: text)
                                #expect(decoded == value, "\(text)")
                                checked += 1
                            }
                        }
                    }
                }
            }
        }
        #expect(checked == 3 * 4 * 2 * 2 * 2 * 3)
    }

    /// The options that write what only a decoder told of them reads back, each with its decoder.
    enum WrittenOption: String, CaseIterable {
        case jQuery, separator, literalBrackets, bareKeyNil, emptyArrays, latin1Sentinel, windows1252

        var coders: (URLEncodedFormEncoder, URLEncodedFormDecoder) {
            switch self {
            case .jQuery:
                (URLEncodedFormEncoder(arrayEncoding: .jQuery), URLEncodedFormDecoder())
            case .separator:
                // Allowed characters that keep the separator as it is, which elements still escape.
                (
                    URLEncodedFormEncoder(
                        arrayEncoding: .separator(","),
                        allowedCharacters: CharacterSet.afURLQueryAllowed.union(CharacterSet(charactersIn: ","))
                    ),
                    URLEncodedFormDecoder(arrayDecoding: .separator(","))
                )
            case .literalBrackets:
                (URLEncodedFormEncoder(arrayEncoding: .indexInBrackets, bracketEncoding: .literal), URLEncodedFormDecoder())
            case .bareKeyNil:
                (URLEncodedFormEncoder(nilEncoding: .bareKey), URLEncodedFormDecoder(nilDecoding: .bareKey))
            case .emptyArrays:
                (
                    URLEncodedFormEncoder(arrayEncoding: .indexInBrackets, allowsEmptyArrays: true),
                    URLEncodedFormDecoder(allowsEmptyArrays: true)
                )
            case .latin1Sentinel:
                (
                    URLEncodedFormEncoder(charset: URLEncodedFormCharset(.isoLatin1, sentinel: true)),
                    URLEncodedFormDecoder(charset: URLEncodedFormCharset(.utf8, sentinel: true))
                )
            case .windows1252:
                (URLEncodedFormEncoder(charset: .windows1252), URLEncodedFormDecoder(charset: .windows1252))
            }
        }
    }

    @Test("each option the encoder writes for a decoder reads back through it", arguments: WrittenOption.allCases)
    func writtenOption(_ option: WrittenOption) throws {
        let (encoder, decoder) = option.coders
        var random = SeededGenerator(seed: UInt64(option.rawValue.count * 97 + 5))
        for _ in 0..<200 {
            var encoder = encoder
            encoder.alphabetizeKeyValuePairs = Bool.random(using: &random)
            // `.brackets` cannot write nested arrays; `.separator` writes them as rows.
            let arrays: URLEncodedFormEncoder.ArrayEncoding =
                [.bareKeyNil, .latin1Sentinel, .windows1252].contains(option) ? .brackets : .indexInBrackets
            var value = Self.model(&random, arrays: arrays, date: .deferredToDate)
            if option == .latin1Sentinel || option == .windows1252 {
                // References are read in values only, as qs reads them: names keep to the charset.
                value.keepNames { $0.unicodeScalars.allSatisfy { $0.value < 0x100 } }
            }
            let text: String = try encoder.encode(value)
            #expect(try decoder.decode(Model.self, from: text) == value, "\(text)")
        }
    }

    @Test("of the nil encodings, only dropKey tells nil from an empty string")
    func nilEncodings() throws {
        struct Form: Codable, Equatable {
            var a: String?
            var b: Int?
        }
        let decoder = URLEncodedFormDecoder()
        let dropKey = URLEncodedFormEncoder(nilEncoding: .dropKey)
        #expect(try decoder.decode(Form.self, from: dropKey.encode(Form(a: nil, b: nil)) as String) == Form(a: nil, b: nil))
        #expect(try decoder.decode(Form.self, from: dropKey.encode(Form(a: "", b: 1)) as String) == Form(a: "", b: 1))
        // `.dropValue` writes `a=`, which reads as "" for a String and nil for other types.
        let dropValue = URLEncodedFormEncoder(nilEncoding: .dropValue)
        #expect(try decoder.decode(Form.self, from: dropValue.encode(Form(a: nil, b: nil)) as String) == Form(a: "", b: nil))
        // `.null` writes the text `null`, which is a string like any other.
        let null = URLEncodedFormEncoder(nilEncoding: .null)
        #expect(try decoder.decode([String: String].self, from: null.encode(Form(a: nil, b: nil)) as String) == ["a": "null", "b": "null"])
    }

    /// Each `nilDecoding` case reads back what the `nilEncoding` case of its name writes: every
    /// `nil`, in members and elements, of text and other types, untyped as `.null`. What each
    /// pair cannot tell from `nil` is the text it writes for one (`""` for `.dropValue`, `"null"`
    /// for `.null`), which the values here leave out.
    @Test(
        "each nilDecoding case reads back the nils its nilEncoding case writes",
        arguments: [
            (URLEncodedFormEncoder.NilEncoding.dropKey, URLEncodedFormDecoder.NilDecoding.dropKey, false),
            (.dropValue, .dropValue, true), (.null, .null, true), (.bareKey, .bareKey, true),
            (.init(encoding: { "-" }), .init(decoding: { $0 == "-" }), true),
        ] as [(URLEncodedFormEncoder.NilEncoding, URLEncodedFormDecoder.NilDecoding, Bool)]
    )
    func nilPairs(encoding: URLEncodedFormEncoder.NilEncoding, decoding: URLEncodedFormDecoder.NilDecoding, writesNil: Bool) throws {
        struct Form: Codable, Equatable {
            var a: String?
            var b: Int?
            var c: Bool?
            var list: [String?]
        }
        let encoder = URLEncodedFormEncoder(arrayEncoding: .indexInBrackets, nilEncoding: encoding, indexGaps: .keepPositions)
        let decoder = URLEncodedFormDecoder(nilDecoding: decoding, indexGaps: .keepPositions)
        for form in [
            Form(a: nil, b: nil, c: nil, list: ["x", nil, "y"]), Form(a: "x", b: 0, c: false, list: [nil, "z"]),
            Form(a: "a b", b: nil, c: true, list: []),
        ] {
            let text: String = try encoder.encode(form)
            #expect(try decoder.decode(Form.self, from: text) == form, "\(text)")
        }
        // Untyped, a nil that writes something reads as `.null`.
        let untyped = try decoder.decode(URLEncodedFormValue.self, from: encoder.encode(Form(a: nil, b: 1, c: nil, list: [])) as String)
        #expect(untyped["a"] == (writesNil ? .null : nil))
    }

    /// Types that hold several nested containers of one object or array and fill them in a
    /// random order (``ScrambledValue``), under each encoding that writes every shape: the form
    /// reads back as what `JSONEncoder` → `JSONDecoder` gives for the same value.
    @Test(
        "containers held and written in any order read back as JSONEncoder structures them",
        arguments: [ElementNumberingTests.Encoding.indexInBrackets, .keepPositions, .jQuery], [false, true]
    )
    func scrambled(encoding: ElementNumberingTests.Encoding, dots: Bool) throws {
        var random = SeededGenerator(seed: UInt64(encoding.rawValue.count * 7 + (dots ? 1 : 0)))
        var decoder = URLEncodedFormDecoder(keyPathDecoding: dots ? .dots : .brackets)
        decoder.indexGaps = encoding == .indexInBrackets ? .error : .keepPositions
        for seed in 0..<250 {
            let value = ScrambledValue(value: ScrambledValue.random(depth: 4, using: &random), seed: UInt64(seed))
            let json = try value.throughJSON()
            var encoder = encoding.encoder(sorted: Bool.random(using: &random))
            encoder.keyPathEncoding = dots ? .dots : .brackets
            let text: String = try encoder.encode(value)
            #expect(try ShapedDecoding.decode(text, like: json, with: decoder) == json, "seed \(seed): \(text)")
        }
    }

    @Test("a top-level dictionary of arrays round-trips under every array encoding")
    func dictionaryOfArrays() throws {
        let value = ["a": ["1", "2"], "b": ["x y"], "c": ["&"]]
        for arrays in [URLEncodedFormEncoder.ArrayEncoding.brackets, .noBrackets, .indexInBrackets] {
            let text: String = try URLEncodedFormEncoder(arrayEncoding: arrays).encode(value)
            #expect(try URLEncodedFormDecoder().decode([String: [String]].self, from: text) == value)
        }
    }
}

extension RoundTripTests.Model {
    /// Drops the dictionary members whose names `keeps` refuses.
    mutating func keepNames(_ keeps: (String) -> Bool) {
        lookup = lookup.filter { keeps($0.key) }
        groups = groups.filter { keeps($0.key) }
        nested.inner = nested.inner.filter { keeps($0.key) }
        if var optional = optionalNested {
            optional.inner = optional.inner.filter { keeps($0.key) }
            optionalNested = optional
        }
    }
}
