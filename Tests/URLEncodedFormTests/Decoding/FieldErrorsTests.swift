import Foundation
import Testing
import URLEncodedForm

@Suite("Every field error at once (errorReporting: .everyField)")
struct FieldErrorsTests {
    struct Address: Decodable, Equatable {
        var street: String
        var zip: Int
    }

    struct Item: Decodable, Equatable {
        var sku: String
        var qty: Int
    }

    enum Plan: String, Decodable, CaseIterable {
        case free, pro
    }

    struct Signup: Decodable, Equatable {
        var name: String
        var age: Int
        var email: String
        var plan: Plan
        var birthday: Date
        var address: Address
        var items: [Item]
        var newsletter: Bool
    }

    static let everyField = URLEncodedFormDecoder(dateDecoding: .iso8601, errorReporting: .everyField)
    static let firstError = URLEncodedFormDecoder(dateDecoding: .iso8601)

    static let valid = [
        "name=Ada", "age=36", "email=ada%40example.com", "plan=pro", "birthday=1815-12-10T00:00:00Z",
        "address[street]=St+James", "address[zip]=12345",
        "items[0][sku]=a", "items[0][qty]=1", "items[1][sku]=b", "items[1][qty]=2", "items[2][sku]=c", "items[2][qty]=3",
        "newsletter=on",
    ]

    /// The valid form with `broken` pairs replacing (or, with an empty value, removing) theirs.
    static func form(_ broken: [String: String?]) -> String {
        valid.compactMap { pair in
            let name = String(pair.prefix { $0 != "=" })
            guard let replacement = broken[name] else { return pair }
            return replacement.map { "\(name)=\($0)" }
        }.joined(separator: "&")
    }

    @Test("a valid form decodes as it does without the option")
    func valid() throws {
        let form = Self.form([:])
        #expect(try Self.everyField.decode(Signup.self, from: form) == Self.firstError.decode(Signup.self, from: form))
    }

    @Test("every bad field is listed, in form order, with its spelling, path, kind and the decoder's own message")
    func everyField() throws {
        let broken: [String: String?] = [
            "age": "old", "email": nil, "plan": "gold", "birthday": "yesterday",
            "address[zip]": "SW1", "items[2][qty]": "many", "newsletter": "maybe",
        ]
        let expected: [(field: String, path: [String], kind: URLEncodedFormFieldErrors.FieldError.Kind)] = [
            ("age", ["age"], .wrongType),
            ("email", ["email"], .missing),
            ("plan", ["plan"], .invalidValue),
            ("birthday", ["birthday"], .invalidValue),
            ("address[zip]", ["address", "zip"], .wrongType),
            ("items[2][qty]", ["items", "2", "qty"], .wrongType),
            ("newsletter", ["newsletter"], .wrongType),
        ]
        let errors = try #require(throws: URLEncodedFormFieldErrors.self) {
            try Self.everyField.decode(Signup.self, from: Self.form(broken))
        }
        #expect(errors.fields.map(\.field) == expected.map(\.field))
        for (field, (name, path, kind)) in zip(errors.fields, expected) {
            #expect(field.codingPath.map(\.stringValue) == path)
            #expect(field.kind == kind, "\(name)")
            // The message is the one the decoder writes when this field alone is wrong.
            let alone = Self.form([name: broken[name] ?? nil])
            do {
                _ = try Self.firstError.decode(Signup.self, from: alone)
                Issue.record("\(name) alone should fail")
            } catch let error as DecodingError {
                #expect(field.message == Self.message(of: error))
            }
        }
        #expect(errors["address[zip]"]?.message.contains("\"SW1\"") == true)
        #expect(errors.description.hasPrefix("7 fields could not be decoded:"))
    }

    static func message(of error: DecodingError) -> String {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context):
            context.debugDescription
        @unknown default:
            ""
        }
    }

    struct Strict: Decodable {
        enum Level: String, Decodable { case low, high }
        var first: Int
        var level: Level
        var last: Int
    }

    struct Lenient: Decodable {
        var first: Int
        var level: Strict.Level?
        var last: Int
    }

    struct Account: Decodable {
        var name: String
        var age: Int
        var address: Address
        var admin: Bool
        var plan: Plan
        var last: Int
    }

    @Test("a missing nested value, a missing member and an enum case not listed are each one field, and the rest is read")
    func missingNestedValue() throws {
        let errors = try #require(throws: URLEncodedFormFieldErrors.self) {
            try Self.everyField.decode(Account.self, from: "age=x&admin=maybe&plan=gold&last=z")
        }
        #expect(errors.fields.map(\.field) == ["name", "age", "address", "admin", "plan", "last"])
        #expect(errors.fields.map(\.kind) == [.missing, .wrongType, .missing, .wrongType, .invalidValue, .wrongType])
        #expect(errors.description.hasPrefix("6 fields could not be decoded:"))
        #expect(errors["address"]?.message == "No value for the key \"address\": the form has no \"address\".")
    }

    /// A type that holds itself has no value to stand in: the stand-ins made inside one another
    /// stop at a depth, and the level stops, with no crash.
    final class Chain: Decodable {
        let next: Chain
        let name: String
    }

    @Test("a type that holds itself stops its level rather than recursing")
    func selfHoldingType() throws {
        struct Holder: Decodable {
            var first: Int
            var chain: Chain
            var last: Int
        }
        let errors = try #require(throws: URLEncodedFormFieldErrors.self) {
            try Self.everyField.decode(Holder.self, from: "first=x&last=y")
        }
        #expect(errors.fields.map(\.field) == ["first", "chain"])
    }

    @Test("a value with no stand-in stops its level, unless that level reads it as optional")
    func noStandIn() throws {
        let form = "first=x&level=medium&last=y"
        let stopped = try #require(throws: URLEncodedFormFieldErrors.self) {
            try Self.everyField.decode(Strict.self, from: form)
        }
        // `level` has no stand-in: `last` is never read.
        #expect(stopped.fields.map(\.field) == ["first", "level"])
        let optional = try #require(throws: URLEncodedFormFieldErrors.self) {
            try Self.everyField.decode(Lenient.self, from: form)
        }
        #expect(optional.fields.map(\.field) == ["first", "level", "last"])
        #expect(optional.fields.map(\.kind) == [.wrongType, .invalidValue, .wrongType])
    }

    struct Named: Decodable {
        enum Level: String, Decodable, URLEncodedFormStandIn {
            case low, high
            static var formStandIn: Level { .high }
        }

        struct Adult: Decodable, URLEncodedFormStandIn {
            var years: Int
            static var formStandIn: Adult { Adult(years: 18) }
            init(years: Int) { self.years = years }
            init(from decoder: any Decoder) throws {
                years = try decoder.singleValueContainer().decode(Int.self)
                if years < 18 {
                    throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "under 18"))
                }
            }
        }

        var first: Int
        var level: Level
        var age: Adult
        var levels: [Level]
        var last: Int
    }

    @Test("a type that names its stand-in lets its level go on, in objects and in arrays")
    func namedStandIn() throws {
        let errors = try #require(throws: URLEncodedFormFieldErrors.self) {
            try Self.everyField.decode(Named.self, from: "first=x&level=medium&age=12&levels[]=low&levels[]=mid&last=y")
        }
        #expect(errors.fields.map(\.field) == ["first", "level", "age", "levels[1]", "last"])
        #expect(errors.fields.map(\.kind) == [.wrongType, .invalidValue, .invalidValue, .invalidValue, .wrongType])
        #expect(errors["age"]?.message == "under 18")
        // A valid form never sees the stand-in.
        let valid = try Self.everyField.decode(Named.self, from: "first=1&level=low&age=40&levels[]=low&last=2")
        #expect(valid.level == .low && valid.age.years == 40 && valid.levels == [.low])
    }

    struct Checked: Decodable {
        struct TooYoung: Error, CustomStringConvertible {
            var description: String { "must be 18 or over" }
        }

        struct Age: Decodable {
            var years: Int
            init(from decoder: any Decoder) throws {
                years = try decoder.singleValueContainer().decode(Int.self)
                if years < 18 { throw TooYoung() }
            }
        }

        var age: Age?
        var name: String
    }

    @Test("an error of the type's own is recorded as custom, and the rest goes on")
    func customError() throws {
        let errors = try #require(throws: URLEncodedFormFieldErrors.self) {
            try Self.everyField.decode(Checked.self, from: "age=12")
        }
        #expect(errors.fields.map(\.field) == ["age", "name"])
        #expect(errors.fields.map(\.kind) == [.custom, .missing])
        #expect(errors["age"]?.message == "must be 18 or over")
        #expect(errors["age"]?.underlying is Checked.TooYoung)
    }

    @Test("elements of arrays and dictionaries are collected too")
    func collections() throws {
        let errors = try #require(throws: URLEncodedFormFieldErrors.self) {
            try Self.everyField.decode([String: [Int]].self, from: "a[]=1&a[]=x&a[]=3&b[]=y")
        }
        #expect(errors.fields.map(\.field) == ["a[1]", "b[0]"])
        #expect(errors.fields.map { $0.codingPath.map(\.stringValue) } == [["a", "1"], ["b", "0"]])
    }

    @Test("input refused before decoding is still one URLEncodedFormDecodingError; a limit met while reading is a field")
    func refusals() throws {
        #expect(throws: URLEncodedFormDecodingError.conflictingKey("a[b]")) {
            try Self.everyField.decode([String: String].self, from: "a=1&a[b]=2")
        }
        struct List: Decodable {
            var items: [Int]
            var name: String
        }
        let errors = try #require(throws: URLEncodedFormFieldErrors.self) {
            try Self.everyField.decode(List.self, from: "items[5000]=1")
        }
        #expect(errors.fields.map(\.kind) == [.refusedByLimit, .missing])
        #expect(errors.fields.map(\.field) == ["items", "name"])
    }

    @Test("the top level is a field of its own when the form is not an object")
    func topLevel() throws {
        let errors = try #require(throws: URLEncodedFormFieldErrors.self) {
            try Self.everyField.decode([Int].self, from: "a=1")
        }
        #expect(errors.fields.count == 1)
        #expect(errors.fields.first?.field == "")
    }

    /// The fields of ``Profile``, each with the pairs that give it a valid value and the ways a
    /// client breaks it: (the pairs sent, the field the error names).
    struct ProfileField {
        var valid: [String]
        var broken: [(pairs: [String], field: String)]
    }

    struct Profile: Decodable {
        struct ID: Decodable {
            var value: Int
            init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(Int.self) }
        }

        var name: String
        var age: Int
        var admin: Bool
        var plan: Plan
        var address: Address
        var id: ID
        var scores: [Int]
        var born: Date
        var rating: Double
        var tags: [String: Int]
        var manager: Address?
        var items: [Item]
    }

    static let profileFields: [ProfileField] = [
        .init(valid: ["name=Ada"], broken: [([], "name")]),
        .init(valid: ["age=36"], broken: [(["age=x"], "age"), ([], "age")]),
        .init(valid: ["admin=on"], broken: [(["admin=maybe"], "admin"), ([], "admin")]),
        .init(valid: ["plan=pro"], broken: [(["plan=gold"], "plan"), ([], "plan")]),
        .init(
            valid: ["address[street]=a", "address[zip]=1"],
            broken: [([], "address"), (["address[street]=a", "address[zip]=x"], "address[zip]"), (["address[zip]=1"], "address[street]")]),
        .init(valid: ["id=7"], broken: [(["id=q"], "id"), ([], "id")]),
        .init(valid: ["scores[0]=1", "scores[1]=2"], broken: [(["scores[0]=1", "scores[1]=x"], "scores[1]")]),
        .init(valid: ["born=1815-12-10T00:00:00Z"], broken: [(["born=yesterday"], "born"), ([], "born")]),
        .init(valid: ["rating=4.5"], broken: [(["rating=high"], "rating")]),
        .init(valid: ["tags[a]=1"], broken: [(["tags[a]=x"], "tags[a]")]),
        .init(valid: [], broken: [(["manager[street]=b", "manager[zip]=y"], "manager[zip]")]),
        .init(
            valid: ["items[0][sku]=a", "items[0][qty]=1"],
            broken: [(["items[0][sku]=a", "items[0][qty]=x"], "items[0][qty]"), (["items[0][qty]=1"], "items[0][sku]")]),
    ]

    @Test("a random subset of the fields broken is exactly the subset reported", arguments: 0..<200)
    func brokenSubset(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        var pairs: [String] = []
        var expected: [String] = []
        for field in Self.profileFields {
            if Bool.random(using: &generator), let broken = field.broken.randomElement(using: &generator) {
                pairs += broken.pairs
                expected.append(broken.field)
            } else {
                pairs += field.valid
            }
        }
        // Whichever order the client sends the pairs in (arrays are indexed, so that their order
        // stays), the fields are read in the type's order.
        pairs.shuffle(using: &generator)
        let form = pairs.joined(separator: "&")
        guard !expected.isEmpty else {
            _ = try Self.everyField.decode(Profile.self, from: form)
            return
        }
        let errors = try #require(throws: URLEncodedFormFieldErrors.self, "\(form)") {
            try Self.everyField.decode(Profile.self, from: form)
        }
        #expect(errors.fields.map(\.field) == expected, "\(form)")
        #expect(errors.description.hasPrefix("\(expected.count) field\(expected.count == 1 ? "" : "s") could not be decoded:"))
    }
}
