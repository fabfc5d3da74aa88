import Foundation
import Testing
import URLEncodedForm

/// The decoding cases of Vapor's and Hummingbird's own URL-encoded-form tests, as data:
/// `Tests/Fixtures/vapor-4.122.3-urlencodedform-cases.json` and
/// `Tests/Fixtures/hummingbird-2.28.1-urlencodedform-cases.json`, written from the test files of
/// the versions the adapters are built against. Each case is the input, the peer's options, the
/// model (declared below with the fields and types of the peer's test model), and the values its
/// test asserts or the error it expects. Every case is decoded under the options that give the
/// peer's behaviour, and agrees or differs by a rule checked precisely below.
@Suite("Decoder: Vapor's and Hummingbird's own form tests")
struct SwiftPeerSuiteTests {
    // MARK: The peers' test models

    enum Foo: String, Codable { case foo, bar, baz }

    struct User: Codable {
        var name: String
        var age: Int
        var pets: [String]
        var dict: [String: Int]
        var foos: [Foo]
        var nums: [Decimal]
        var isCool: Bool
    }

    struct Users: Codable { var users: [User] }
    struct StringArray: Codable { var array: [String] }
    struct IntKeyedStrings: Codable { var array: [Int: String] }
    struct DateArray: Codable { var dates: [Date] }
    struct DateField: Codable { var date: Date }
    struct OptionalDateField: Codable { var value: Date? }
    struct HummingbirdDate: Codable { var d: Date }
    struct IntArrays: Codable { var array: [Int] }

    struct Pet: Codable {
        enum Kind: String, Codable { case cat, dog }
        var name: String
        var type: Kind
    }

    struct Flag: Codable { var flag: Bool }
    struct OptionalFlag: Codable { var flag: Bool? }
    struct Empty: Codable {}

    struct RenamedKeys: Codable {
        var a: String
        var b: Int
        private enum CodingKeys: String, CodingKey {
            case a = "A"
            case b = "B"
        }
    }

    struct Numbers: Codable {
        var b: Bool, i: Int, i8: Int8, i16: Int16, i32: Int32, i64: Int64
        var u: UInt, u8: UInt8, u16: UInt16, u32: UInt32, u64: UInt64, f: Float, d: Double
    }

    struct NumberArrays: Codable {
        var b: [Bool], i: [Int], i8: [Int8], i16: [Int16], i32: [Int32], i64: [Int64]
        var u: [UInt], u8: [UInt8], u16: [UInt16], u32: [UInt32], u64: [UInt64], f: [Float], d: [Double]
    }

    struct IntArray: Codable { var arr: [Int] }
    struct OptionalIntArray: Codable { var arr: [Int]? }
    struct Text: Codable { var a: String }

    struct Containing: Codable {
        struct Inner: Codable { var a: Int8, b: String }
        var t: Inner
    }

    struct EnumField: Codable {
        enum Choice: String, Codable { case first, second }
        var a: Choice
    }

    struct Int16Array: Codable { var a: [Int16] }
    struct IntDictionary: Codable { var a: [String: Int] }
    struct OptionalMap: Codable { var map: [String: Int]? }
    struct DataField: Codable { var a: Data }
    struct RangeField: Codable { var a: ClosedRange<Int> }

    struct NestedKeys: Codable {
        var forename: String, surname: String, age: Int
        private enum CodingKeys: String, CodingKey { case name, age, forename, surname }
        private enum NameKeys: String, CodingKey {
            case forename = "first"
            case surname = "second"
        }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let name = try container.nestedContainer(keyedBy: NameKeys.self, forKey: .name)
            forename = try name.decode(String.self, forKey: .forename)
            surname = try name.decode(String.self, forKey: .surname)
            age = try container.decode(Int.self, forKey: .age)
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(forename, forKey: .forename)
            try container.encode(surname, forKey: .surname)
            try container.encode(age, forKey: .age)
        }
    }

    struct OptionalAge: Codable { var name: String, age: Int? }
    struct Site: Codable { var site: URL }
    struct EmptyCollections: Codable { var array: [Int], map: [String: Int], a: Int }

    /// Reads `input` into the model named `model` and returns it as JSON: dates as seconds since
    /// 1970, data as base64.
    static func decode(_ model: String, _ input: String, _ decoder: URLEncodedFormDecoder) throws -> Any {
        func json<T: Codable>(_ type: T.Type) throws -> Any {
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .secondsSince1970
            return try JSONSerialization.jsonObject(with: encoder.encode(decoder.decode(T.self, from: input)), options: .fragmentsAllowed)
        }
        switch model {
        case "User": return try json(User.self)
        case "Users": return try json(Users.self)
        case "StringArray": return try json(StringArray.self)
        case "IntKeyedStrings": return try json(IntKeyedStrings.self)
        case "DateArray": return try json(DateArray.self)
        case "Date": return input.hasPrefix("d=") ? try json(HummingbirdDate.self) : try json(DateField.self)
        case "IntArrays": return try json(IntArrays.self)
        case "Pet": return try json(Pet.self)
        case "Flag": return try json(Flag.self)
        case "OptionalFlag": return try json(OptionalFlag.self)
        case "Empty": return try json(Empty.self)
        case "TopLevelOptionalDate": return ["value": try json(Date?.self)]
        case "OptionalDateField": return try json(OptionalDateField.self)
        case "RenamedKeys": return try json(RenamedKeys.self)
        case "Numbers": return try json(Numbers.self)
        case "NumberArrays": return try json(NumberArrays.self)
        case "IntArray": return try json(IntArray.self)
        case "OptionalIntArray": return try json(OptionalIntArray.self)
        case "Text": return try json(Text.self)
        case "Containing": return try json(Containing.self)
        case "Enum": return try json(EnumField.self)
        case "Int16Array": return try json(Int16Array.self)
        case "IntDictionary": return try json(IntDictionary.self)
        case "OptionalMap": return try json(OptionalMap.self)
        case "Data": return try json(DataField.self)
        case "ClosedRange": return try json(RangeField.self)
        case "NestedKeys": return try json(NestedKeys.self)
        case "OptionalAge": return try json(OptionalAge.self)
        case "Site": return try json(Site.self)
        case "EmptyCollections": return try json(EmptyCollections.self)
        default: throw UnknownModel(name: model)
        }
    }

    struct UnknownModel: Error { let name: String }

    // MARK: Options

    /// The options that give Vapor's behaviour: its defaults (`boolFlags`, separators `,` and `|`,
    /// dates as seconds since 1970), then the case's own.
    static func vaporDecoder(_ options: [String: Any]) -> URLEncodedFormDecoder {
        // The `.vapor` preset, with the options a test sets by Vapor's names.
        var decoder = URLEncodedFormDecoder.vapor
        if options["boolFlags"] as? Bool == false { decoder.dialect.missingBool = .keyNotFound }
        if let strategy = options["dateDecodingStrategy"] { decoder.dateDecoding = dateDecoding(strategy) }
        return decoder
    }

    static func hummingbirdDecoder(_ options: [String: Any]) -> URLEncodedFormDecoder {
        var decoder = URLEncodedFormDecoder.hummingbird
        if let strategy = options["dateDecodingStrategy"] { decoder.dateDecoding = dateDecoding(strategy) }
        return decoder
    }

    static func dateDecoding(_ strategy: Any) -> URLEncodedFormDecoder.DateDecoding {
        switch strategy {
        case "secondsSince1970" as String: return .secondsSince1970
        case "millisecondsSince1970" as String: return .millisecondsSince1970
        case "iso8601" as String: return .iso8601
        case let options as [String: Any] where options["parseStrategy"] != nil:
            return .parseStrategy(Date.ISO8601FormatStyle())
        case let options as [String: Any]:
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: options["locale"] as? String ?? "en_US_POSIX")
            formatter.dateFormat = options["dateFormat"] as? String
            formatter.timeZone = TimeZone(secondsFromGMT: options["timeZoneSecondsFromGMT"] as? Int ?? 0)
            return .formatted(formatter)
        default: return .deferredToDate
        }
    }

    // MARK: Comparing

    enum Outcome: String, CaseIterable {
        case same = "the value the peer's test asserts"
        case bothRefuse = "both refuse"
        case noCrash = "no crash, as the peer's test asks"
        /// Vapor refuses `name[]=Tanner` read as one `String`; here an array of one is read where
        /// one value is expected as a repeated key is, giving its value (its last, by default).
        case oneElementArrayAsValue = "an array of one read as one value gives its value; Vapor refuses"
        /// Vapor reads a top-level single value from a form that is one bare name; a form is
        /// named values, so the decoder reads a keyed top level only.
        case topLevelSingleValue = "a top-level single value is refused: a form is named values"
        /// Vapor's parse tree puts names repeated without brackets before the `[]` pushes of the
        /// same name; the decoder keeps the form's order.
        case formOrderKept = "a repeated name and [] pushes keep the form's order; Vapor's tree puts the repeated names first"
        /// `a[][x]=1&a[][x]=2`: Vapor's tree merges every `[]` object into one object of arrays;
        /// the decoder starts a new element when the member repeats (Rails' rule).
        case railsArraysOfObjects = "[][x] pushes make one element per object (Rails' rule); Vapor's tree merges them into one"
        /// Hummingbird refuses a repeated name, and a name given both plainly and with `[]`; the
        /// decoder reads them as the array every other decoder reads.
        case repeatedNameIsArray = "a repeated name is an array; Hummingbird refuses it"
        /// `someField[=2`: a name that is no key path is kept under its whole name, and the rest
        /// of the form is read; Hummingbird refuses the form, as `malformedKeys: .error` does.
        case malformedKeyKept = "a malformed key is kept under its whole name; Hummingbird refuses the form"
    }

    struct Case {
        var test: String
        var input: String
        var options: [String: Any]
        var model: String?
        var expected: Any?
        var throwsError: String?
        var untyped: FixtureValue?
        var vaporData: Any?
        var doesNotCrash: Bool

        init(_ json: [String: Any]) {
            test = json["test"] as? String ?? ""
            if let repeating = json["inputRepeating"] as? [String: Any] {
                input =
                    (repeating["prefix"] as? String ?? "")
                    + String(repeating: repeating["unit"] as? String ?? "", count: repeating["count"] as? Int ?? 0)
                    + (repeating["suffix"] as? String ?? "")
            } else {
                input = json["input"] as? String ?? ""
            }
            options = json["options"] as? [String: Any] ?? [:]
            model = json["model"] as? String
            expected = json["expected"]
            throwsError = json["throws"] as? String
            untyped = json["untyped"].map(FixtureValue.init(json:))
            vaporData = json["vaporData"]
            doesNotCrash = json["doesNotCrash"] as? Bool ?? false
        }
    }

    static func load(_ name: String) -> (source: String, cases: [Case]) {
        let fixture = fixtureCases(name)
        return (fixture.source, fixture.cases.map(Case.init))
    }

    /// Whether `actual` holds every member `expected` states, with equal values: the peers' tests
    /// assert some fields of a model, not all.
    static func holds(_ actual: Any, _ expected: Any) -> Bool {
        if let expected = expected as? [String: Any] {
            guard let actual = actual as? [String: Any] else { return false }
            return expected.allSatisfy { key, value in
                value is NSNull ? actual[key] == nil || actual[key] is NSNull : actual[key].map { holds($0, value) } ?? false
            }
        }
        if let expected = expected as? [Any] {
            guard let actual = actual as? [Any], actual.count == expected.count else { return false }
            return zip(actual, expected).allSatisfy { holds($0, $1) }
        }
        if let expected = expected as? NSNumber, let actual = actual as? NSNumber {
            // Float fields come back through Float's own text (-1.1 as -1.100000023841858).
            return expected == actual || abs(expected.doubleValue - actual.doubleValue) < 1e-6
        }
        return (expected as? NSObject) == (actual as? NSObject)
    }

    /// Vapor's `URLEncodedFormData` as a value: a tree of `values` and `children`, where the
    /// child named "" holds what `[]` pushed and the root's values are bare names.
    static func vaporValue(_ data: Any, isRoot: Bool = true) -> FixtureValue {
        var values: [String] = []
        var children: [String: Any] = [:]
        switch data {
        case let text as String: values = [text]
        case let array as [String]: values = array
        case let node as [String: Any] where node["values"] != nil || node["children"] != nil:
            values = node["values"] as? [String] ?? []
            children = node["children"] as? [String: Any] ?? [:]
        case let node as [String: Any]: children = node
        default: break
        }
        let pushed = children.removeValue(forKey: "")
        if isRoot {
            var members = children.mapValues { vaporValue($0, isRoot: false) }
            for flag in values { members[flag] = .string("") }
            return .object(members)
        }
        if !children.isEmpty { return .object(children.mapValues { vaporValue($0, isRoot: false) }) }
        var elements = values.map(FixtureValue.string)
        switch pushed.map({ vaporValue($0, isRoot: false) }) {
        case .array(let pushes)?: elements += pushes
        case let push?: elements.append(push)
        case nil: break
        }
        return pushed == nil && elements.count == 1 ? elements[0] : .array(elements)
    }

    static func outcome(_ testCase: Case, decoder: URLEncodedFormDecoder) throws -> Outcome {
        if let model = testCase.model {
            let decoded = Result { try decode(model, testCase.input, decoder) }
            if testCase.doesNotCrash { return .noCrash }
            switch (decoded, testCase.expected) {
            case (.success(let value), let expected?) where holds(value, expected): return .same
            case (.failure, nil): return .bothRefuse
            case (.success, nil) where QsComparison.keepsMalformedKey(testCase.input, decoder):
                return .malformedKeyKept
            case (.success(let value), nil):
                // Read as the array every other decoder reads: for an empty model, the repeated
                // name as an array; otherwise the same as the form without `[]`.
                if model == "Empty", case .object(let members) = FixtureValue(try URLEncodedFormValue(parsing: testCase.input)),
                    members.values.contains(where: { if case .array = $0 { true } else { false } })
                {
                    return .repeatedNameIsArray
                }
                let flattened = testCase.input.replacingOccurrences(of: "[]=", with: "=")
                if testCase.input != flattened, let plain = try? decode(model, flattened, decoder), holds(value, plain), holds(plain, value) {
                    return .oneElementArrayAsValue
                }
            case (.failure(let error), let expected?):
                if model == "TopLevelOptionalDate", !testCase.input.contains("="), error is DecodingError,
                    let wrapped = try? decode("OptionalDateField", "value=" + testCase.input, decoder) as? [String: Any],
                    let inner = wrapped["value"], holds(["value": inner], expected)
                {
                    return .topLevelSingleValue
                }
            default: break
            }
            throw Unexplained(testCase: testCase.test, input: testCase.input)
        }
        let value = FixtureValue(try URLEncodedFormValue(parsing: testCase.input, decoder: decoder))
        let theirs = testCase.vaporData.map { vaporValue($0) } ?? testCase.untyped
        if value == theirs { return .same }
        if case .object(let ours)? = Optional(value), case .object(let them)? = theirs {
            for (name, element) in ours where them[name] != element {
                // The same values, in another order; or the same leaves regrouped.
                if case .array(let mine) = element.at(["sub"]) ?? element, case .array(let other) = them[name]?.at(["sub"]) ?? them[name] {
                    if mine.count == other.count, Set(mine.map(\.description)) == Set(other.map(\.description)) { return .formOrderKept }
                    if mine.flatMap(\.leaves) == other.flatMap(\.leaves), mine.count > other.count { return .railsArraysOfObjects }
                }
            }
        }
        throw Unexplained(testCase: testCase.test, input: testCase.input)
    }

    struct Unexplained: Error, CustomStringConvertible {
        let testCase: String
        let input: String
        var description: String { "\(testCase): \(input.prefix(200))" }
    }

    @Test(
        "every decoding case of the peer's own tests agrees or differs by a checked rule",
        arguments: ["vapor-4.122.3-urlencodedform-cases.json", "hummingbird-2.28.1-urlencodedform-cases.json"]
    )
    func everyCase(fixture: String) throws {
        let suite = Self.load(fixture)
        #expect(suite.cases.count == (fixture.hasPrefix("vapor") ? 51 : 39))
        var counts: [Outcome: Int] = [:]
        for testCase in suite.cases {
            let decoder = fixture.hasPrefix("vapor") ? Self.vaporDecoder(testCase.options) : Self.hummingbirdDecoder(testCase.options)
            do {
                counts[try Self.outcome(testCase, decoder: decoder), default: 0] += 1
            } catch {
                Issue.record("unexplained: \(error)")
            }
        }
        let summary = Outcome.allCases.compactMap { outcome in counts[outcome].map { "  \($0)  \(outcome.rawValue)" } }.joined(separator: "\n")
        print("\(suite.source): \(suite.cases.count) cases\n\(summary)")
        // The numbers in DecoderBehaviour.md ("Decoding compared with qs"), so that a case moving from agreement to a rule fails here.
        let expected: [Outcome: Int] =
            fixture.hasPrefix("vapor")
            ? [.same: 41, .bothRefuse: 5, .oneElementArrayAsValue: 1, .topLevelSingleValue: 1, .formOrderKept: 2, .railsArraysOfObjects: 1]
            : [.same: 31, .bothRefuse: 3, .noCrash: 1, .repeatedNameIsArray: 3, .malformedKeyKept: 1]
        #expect(counts == expected)
    }
}
