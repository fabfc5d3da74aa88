import Foundation
import Testing
import URLEncodedForm

/// The presets: each encoder preset and the decoder preset of the same name round-trip the
/// values the property tests generate, and each decoder preset reads what its peer's own readings
/// and tests say (`EncoderPresetTests` checks the bytes each encoder preset writes).
@Suite("Presets: each pair round-trips, and each decoder reads as its peer")
struct PresetTests {
    enum Pair: String, CaseIterable {
        case alamofire, qs, jQuery, php, rails, vapor, hummingbird, htmlForm

        var coders: (URLEncodedFormEncoder, URLEncodedFormDecoder) {
            switch self {
            case .alamofire: (.alamofire, .alamofire)
            case .qs: (.qs, .qs)
            case .jQuery: (.jQuery, .jQuery)
            case .php: (.php, .php)
            case .rails: (.rails, .rails)
            case .vapor: (.vapor, .vapor)
            case .hummingbird: (.hummingbird, .hummingbird)
            case .htmlForm: (.htmlForm, .htmlForm)
            }
        }

        var arrays: URLEncodedFormEncoder.ArrayEncoding { coders.0.arrayEncoding }

        /// Whether the encoder writes `nil` as `a=` (`.dropValue`), as qs and jQuery write `null`.
        var writesNilAsEmpty: Bool { self == .qs || self == .jQuery || self == .hummingbird }

        /// Whether the encoder writes something for `nil`: `a=`, or under Rack's `.bareKey` `a`.
        var writesNil: Bool { writesNilAsEmpty || self == .rails }
    }

    /// A `nil` written as `a=` (`.dropValue`, what qs and jQuery write for `null`) is the empty
    /// text where the type holds text, and a `false` written as a browser writes an unticked
    /// checkbox, as nothing, is `nil` in a `Bool?`: the values such pairs cannot tell apart.
    static func asReadBack(_ model: RoundTripTests.Model, _ pair: Pair) -> RoundTripTests.Model {
        var model = model
        if pair.writesNilAsEmpty, model.optionalText == nil { model.optionalText = "" }
        if pair == .htmlForm, model.optionalFlag == false { model.optionalFlag = nil }
        return model
    }

    @Test("every model the property test generates reads back through the decoder preset of the same name", arguments: Pair.allCases)
    func models(pair: Pair) throws {
        let (encoder, decoder) = pair.coders
        var random = SeededGenerator(seed: UInt64(pair.rawValue.count * 104_729 + 3))
        let dates = encoder.dateEncoding
        for _ in 0..<200 {
            let value = RoundTripTests.model(&random, arrays: pair.arrays, date: dates)
            let text: String = try encoder.encode(value)
            #expect(try decoder.decode(RoundTripTests.Model.self, from: text) == Self.asReadBack(value, pair), "\(text)")
        }
    }

    /// The values a form cannot tell apart, as OptionsReference's table "What each pair reads
    /// back" says each pair reads them: the table is read, and every cell run.
    @Test("the options reference says what each pair reads back, cell by cell")
    func readBackTable() throws {
        struct Probe: Codable {
            var text: String?
            var number: Int?
            var list: [String]?
            var elements: [Int?]?
            var flag: Bool?
        }
        func shown(_ value: Any?) -> String {
            switch value {
            case nil: "nil"
            case let text as String: "\"\(text)\""
            case let list as [String]: "[" + list.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
            case let elements as [Int?]: "[" + elements.map { $0.map(String.init) ?? "nil" }.joined(separator: ", ") + "]"
            default: "\(value!)"
            }
        }
        // Each column: the value written, and the member read back.
        let columns: [(Probe, (Probe) -> Any?)] = [
            (Probe(text: nil), { $0.text }), (Probe(text: ""), { $0.text }), (Probe(number: nil), { $0.number }),
            (Probe(list: []), { $0.list }), (Probe(elements: [1, nil, 2]), { $0.elements }), (Probe(flag: false), { $0.flag }),
        ]
        let reference = try DocumentationDriftTests.read("URLEncodedForm.docc/OptionsReference.md")
        let table = reference.components(separatedBy: "#### What each pair reads back").last ?? ""
        var checked: Set<Pair> = []
        for line in table.split(separator: "\n") where line.hasPrefix("| `.") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["`"]) }
            let pair = try #require(Pair(rawValue: String(cells[0].dropFirst())), "\(cells[0])")
            #expect(cells.count == columns.count + 1, "\(line)")
            let (encoder, decoder) = pair.coders
            for ((value, member), expected) in zip(columns, cells.dropFirst()) {
                let text: String = try encoder.encode(value)
                let readBack = shown(member(try decoder.decode(Probe.self, from: text)))
                #expect(readBack == expected, "\(pair): \(text) reads back as \(readBack), where the table says \(expected)")
            }
            checked.insert(pair)
        }
        #expect(checked == Set(Pair.allCases))
    }

    /// Arrays whose elements write nothing, beside rows of several members: each pair reads them
    /// back as its encoder numbered them (in place where it keeps positions, closed up where not).
    @Test("arrays whose elements write nothing read back through the decoder preset of the same name", arguments: Pair.allCases)
    func sparse(pair: Pair) throws {
        var (encoder, decoder) = pair.coders
        // qs and jQuery write `null` as `a=` (Rack as `a`) but skip `undefined` (Rack an empty
        // array); a Swift `nil` that writes nothing is the latter, and is what makes an element
        // that writes nothing, the shape this test is for.
        if pair.writesNil { encoder.nilEncoding = .dropKey }
        // The sparse generator's encoding whose numbering and decoder match the pair's.
        let encoding: SparseRoundTripTests.Encoding =
            switch pair {
            case .alamofire, .rails, .hummingbird: .brackets
            case .qs, .php: .keepPositions
            case .jQuery, .vapor: .jQuery
            case .htmlForm: .htmlForm
            }
        var random = SeededGenerator(seed: UInt64(pair.rawValue.count * 7_919 + 5))
        for _ in 0..<200 {
            var value: [String: SparseRoundTripTests.Sparse] = [:]
            value["s"] = SparseRoundTripTests.sparse(&random, encoding)
            let expected = value.compactMapValues { SparseRoundTripTests.readBack($0, encoding) }
            let text: String = try encoder.encode(value)
            #expect(try decoder.decode([String: SparseRoundTripTests.Sparse].self, from: text) == expected, "\(text)")
        }
    }

    /// What PHP 8.2's `parse_str` and Rack 2.2's `parse_nested_query` both read, read by the
    /// `.php` and `.rails` presets: the same value, or a difference of a documented rule.
    @Test("the .php and .rails presets read what PHP and Rack agree on, or differ by a documented rule")
    func phpAndRails() throws {
        // Rails reads two bodies differently from PHP: a repeated name that ends bare is `nil`.
        for (decoder, expectedSame, readsBareKeysAsNil) in [(URLEncodedFormDecoder.php, 1022, false), (.rails, 1020, true)] {
            var same = 0
            for testCase in PhpRackCase.load() {
                // Rails reads a bare name as `nil`, as Rack does; PHP as `""`.
                guard let expected = testCase.agreed(keepingNull: readsBareKeysAsNil) else { continue }
                // No form that both peers read is refused.
                #expect(throws: Never.self, "\(testCase.body)") { try URLEncodedFormValue(parsing: testCase.body, decoder: decoder) }
                guard let outcome = PhpRackComparison.outcome(of: testCase.body, expected: expected, decoder: decoder) else {
                    Issue.record("unexplained: \(testCase.body)")
                    continue
                }
                if outcome == .same { same += 1 }
            }
            #expect(same == expectedSame)
        }
    }

    @Test("the .htmlForm preset reads what Chromium submits from UTF-8 and legacy pages with a charset input")
    func htmlForm() throws {
        struct Consent: Decodable, Equatable {
            let name: String
            let agree: Bool
            let admin: Bool
        }
        // An unticked checkbox sends nothing; Rails' hidden field sends 0, then 1 when ticked.
        let form = "_charset_=windows-1252&name=Jos%E9+%26%2326085%3B&admin=0&admin=1"
        let html = URLEncodedFormDecoder.htmlForm
        #expect(try html.decode(Consent.self, from: form) == Consent(name: "José 日", agree: false, admin: true))
        #expect(try html.decode(Consent.self, from: "name=Ada&agree=on&admin=0") == Consent(name: "Ada", agree: true, admin: false))
        #expect(throws: DecodingError.self) { try URLEncodedFormDecoder().decode(Consent.self, from: "name=Ada&admin=0") }
    }

    /// A form whose middle row was removed: Rails reads the rows as a hash keyed by index, whose
    /// values are the two rows; PHP keeps the keys where they are, as `http_build_query` (and
    /// the `.php` encoder) numbers an array whose elements write nothing.
    @Test("a gap in indices: .rails closes it, .php, .qs and .jQuery keep each row in its place")
    func gaps() throws {
        struct Row: Decodable, Equatable { let n: String }
        struct Rows: Decodable, Equatable { let items: [Row] }
        struct OptionalRows: Decodable, Equatable { let items: [Row?] }
        let form = "items[0][n]=a&items[2][n]=c"
        #expect(try URLEncodedFormDecoder.rails.decode(Rows.self, from: form) == Rows(items: [Row(n: "a"), Row(n: "c")]))
        for decoder in [URLEncodedFormDecoder.php, .qs, .jQuery] {
            #expect(try decoder.decode(OptionalRows.self, from: form) == OptionalRows(items: [Row(n: "a"), nil, Row(n: "c")]))
            #expect(throws: DecodingError.self) { try decoder.decode(Rows.self, from: form) }
        }
    }

    @Test("each preset is a value to adjust: a copy changes, the preset does not")
    func adjustable() throws {
        var decoder = URLEncodedFormDecoder.rails
        decoder.limits.maximumDepth = 2
        #expect(throws: URLEncodedFormDecodingError.self) { try decoder.decode([String: [String: [String: String]]].self, from: "a[b][c]=1") }
        #expect(try URLEncodedFormDecoder.rails.decode([String: [String: [String: String]]].self, from: "a[b][c]=1") == ["a": ["b": ["c": "1"]]])
        var encoder = URLEncodedFormEncoder.php
        encoder.alphabetizeKeyValuePairs = true
        #expect(try encoder.encode(["b": "1", "a": "2"]) as String == "a=2&b=1")
        #expect(URLEncodedFormEncoder.php.alphabetizeKeyValuePairs == false)
    }
}

/// The forms that used to be refused or misread, under the default decoder and every preset:
/// each reads as the preset's peer reads it where the peer keeps the data.
@Suite("Presets: the repros of one odd name, [][], mixed indices and repeated names")
struct PresetReproTests {
    static let decoders: [(name: String, decoder: URLEncodedFormDecoder)] = [
        ("default", URLEncodedFormDecoder()), ("alamofire", .alamofire), ("qs", .qs), ("jQuery", .jQuery), ("php", .php),
        ("rails", .rails), ("vapor", .vapor), ("hummingbird", .hummingbird), ("htmlForm", .htmlForm),
    ]

    struct Signup: Decodable, Equatable { let name: String }

    @Test(
        "one malformed name does not refuse the form, and is kept under its whole name",
        arguments: ["name=x&a[b]]=1", "name=x&[]=y", "name=x&a[b]c=1", "name=x&items[0].name=y", "a[b=1&name=x", "a]=1&name=x"]
    )
    func malformed(form: String) throws {
        for (name, decoder) in Self.decoders {
            #expect(try decoder.decode(Signup.self, from: form) == Signup(name: "x"), "\(name)")
        }
    }

    @Test("a[][] starts a new inner array for each pair, under every preset")
    func arraysOfArrays() throws {
        struct Form: Decodable, Equatable { let a: [[String]] }
        for (name, decoder) in Self.decoders {
            #expect(try decoder.decode(Form.self, from: "a[][]=1&a[][]=2") == Form(a: [["1"], ["2"]]), "\(name)")
        }
    }

    @Test("rows written with [] and no index: .php starts a row a pair, as PHP does; the others fill the last row until a name repeats")
    func bracketRows() throws {
        struct Row: Decodable, Equatable {
            var name: String?
            var age: Int?
        }
        struct Form: Decodable, Equatable { let rows: [Row] }
        let body = "rows[][name]=Ada&rows[][age]=36&rows[][name]=Grace"
        for (name, decoder) in Self.decoders {
            let expected =
                decoder.dialect.bracketRows == .onePerPair
                ? [Row(name: "Ada"), Row(age: 36), Row(name: "Grace")] : [Row(name: "Ada", age: 36), Row(name: "Grace")]
            #expect(try decoder.decode(Form.self, from: body) == Form(rows: expected), "\(name)")
        }
        #expect(URLEncodedFormDecoder.php.dialect.bracketRows == .onePerPair)
        #expect(URLEncodedFormDecoder.rails.dialect.bracketRows == .untilRepeated)
        #expect(try URLEncodedFormValue(parsing: body, decoder: .php) == ["rows": [["name": "Ada"], ["age": "36"], ["name": "Grace"]]])
    }

    /// PHP's arrays hold a list and names together; under `conflictingKeys: .last` (the `.php` and
    /// `.rails` presets) one object holds both, the elements named by their indices. Lists
    /// below, at and above the size where an object's members are indexed.
    @Test("a list and names merge into one object under .php, typed and untyped", arguments: [1, 5, 31, 32, 33, 40])
    func listAndNames(count: Int) throws {
        let body =
            ((0..<count).map { "a[]=\($0)" } + ["a[b]=x", "a[\(count - 1)]=last", "a[]=next", "a[b]=y"]).joined(separator: "&")
        var expected: [String: String] = Dictionary(uniqueKeysWithValues: (0..<count).map { (String($0), String($0)) })
        expected[String(count - 1)] = "last"
        expected["b"] = "y"
        expected[String(count)] = "next"
        struct Form: Decodable { let a: [String: String] }
        #expect(try URLEncodedFormDecoder.php.decode(Form.self, from: body).a == expected)
        // In the order the names came, each repeated one in its first place with its last value.
        let members = (0..<count).map { String($0) } + ["b", String(count)]
        let untyped = try URLEncodedFormValue(parsing: body, decoder: .php)
        #expect(untyped == ["a": .object(members.map { .init(key: $0, value: .string(expected[$0] ?? "")) })])
        // The default refuses the form, naming the pair that mixed them.
        #expect(throws: URLEncodedFormDecodingError.conflictingKey("a[b]")) { try URLEncodedFormDecoder().decode(Form.self, from: body) }
    }

    @Test("an index mixed with [] keeps its place, as each preset's indexGaps says")
    func mixedIndices() throws {
        struct Form: Decodable, Equatable { let a: [String?] }
        for (name, decoder) in Self.decoders {
            let read = Result { try decoder.decode(Form.self, from: "a[5]=x&a[]=y").a }
            switch decoder.indexGaps {
            case .error: #expect(throws: URLEncodedFormDecodingError.self, "\(name)") { try read.get() }
            case .compact: #expect(try read.get() == ["x", "y"], "\(name)")
            case .keepPositions: #expect(try read.get() == [nil, nil, nil, nil, nil, "x", "y"], "\(name)")
            }
        }
    }

    @Test("Rails' hidden-field checkbox reads true typed, and untyped as duplicates says")
    func checkbox() throws {
        struct User: Decodable, Equatable { let admin: Bool }
        let form = "user[admin]=0&user[admin]=1"
        for (name, decoder) in Self.decoders {
            #expect(try decoder.decode([String: User].self, from: form) == ["user": User(admin: true)], "\(name)")
            let untyped = try decoder.decode(URLEncodedFormValue.self, from: form)["user"]?["admin"]
            let expected: URLEncodedFormValue =
                switch decoder.dialect.duplicateKeys {
                case .last: .string("1")
                case .combine: .array([.string("0"), .string("1")])
                case .first: .string("0")
                case .error: .null
                }
            #expect(untyped == expected, "\(name)")
        }
    }
}
