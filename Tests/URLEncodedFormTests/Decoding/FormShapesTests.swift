import Foundation
import Testing
import URLEncodedForm

/// What HTML forms send that a plain reading gets wrong: rows removed from a numbered list,
/// unticked checkboxes, bare names, and the date and time inputs.
@Suite("Decoder: index gaps, missing Bools, bare keys, HTML date inputs")
struct FormShapesTests {
    struct Item: Decodable, Equatable {
        var sku: String
    }

    struct Order: Decodable, Equatable {
        var items: [Item]
    }

    struct SparseOrder: Decodable, Equatable {
        var items: [Item?]
    }

    /// The user removed row 1 of a dynamic form: the browser sends rows 0 and 2.
    static let removedRow = "items[0][sku]=a&items[2][sku]=c"

    @Test("a gap in the indices is refused by default, naming the first missing index")
    func gapRefused() throws {
        do {
            _ = try URLEncodedFormDecoder().decode(Order.self, from: Self.removedRow)
            Issue.record("decoded")
        } catch let error as URLEncodedFormDecodingError {
            #expect(error.code == .indexGap && error.key == "items" && error.index == 1)
            #expect(error.description == #"The array "items" has no element at index 1; indices must run from 0 without gaps (indexGaps: .error)."#)
        }
    }

    @Test(
        "indexGaps: .compact reads the rows in index order without the gaps",
        arguments: [
            ("items[0][sku]=a&items[2][sku]=c", ["a", "c"]),
            ("items[5][sku]=f&items[1][sku]=b&items[3][sku]=d", ["b", "d", "f"]),
            ("items[7][sku]=x", ["x"]),
            ("items[0][sku]=a&items[1][sku]=b", ["a", "b"]),
            ("items[0][sku]=a&items[00][sku]=z&items[3][sku]=d", ["a", "z", "d"]),
        ]
    )
    func compact(input: String, skus: [String]) throws {
        let order = try URLEncodedFormDecoder(indexGaps: .compact).decode(Order.self, from: input)
        #expect(order.items.map(\.sku) == skus)
    }

    @Test("errors in a compacted array name the row as the form does")
    func compactedPaths() throws {
        do {
            _ = try URLEncodedFormDecoder(indexGaps: .compact).decode(Order.self, from: "items[0][sku]=a&items[2][name]=c")
            Issue.record("decoded")
        } catch let DecodingError.keyNotFound(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["items", "2"])
            #expect(context.debugDescription.contains(#""items[2][sku]""#))
        }
    }

    @Test("indexGaps: .keepPositions puts nil at each missing index, and refuses it where nil cannot go")
    func keepPositions() throws {
        let decoder = URLEncodedFormDecoder(indexGaps: .keepPositions)
        #expect(try decoder.decode(SparseOrder.self, from: Self.removedRow) == SparseOrder(items: [Item(sku: "a"), nil, Item(sku: "c")]))
        #expect(try decoder.decode([String: [String?]].self, from: "a[3]=d&a[1]=b") == ["a": [nil, "b", nil, "d"]])
        do {
            _ = try decoder.decode(Order.self, from: Self.removedRow)
            Issue.record("decoded")
        } catch let DecodingError.keyNotFound(key, context) {
            #expect(context.codingPath.map(\.stringValue) == ["items", "1"])
            #expect(key.stringValue == "sku")
        }
        // An index longer than the form itself is refused, whatever the limits.
        var unlimited = decoder
        unlimited.limits = .unlimited
        #expect(throws: URLEncodedFormDecodingError.arrayTooLong(key: "a", limit: 13)) {
            try unlimited.decode([String: [String?]].self, from: "a[999999999]=")
        }
    }

    @Test("a repeated index is refused under .error and .keepPositions, and kept in order under .compact")
    func repeatedIndex() throws {
        let input = "a[0]=x&a[00]=y"
        #expect(throws: URLEncodedFormDecodingError.indexGap("a", index: 0, repeated: true)) {
            try URLEncodedFormDecoder().decode([String: [String]].self, from: input)
        }
        #expect(throws: DecodingError.self) { try URLEncodedFormDecoder(indexGaps: .keepPositions).decode([String: [String]].self, from: input) }
        #expect(try URLEncodedFormDecoder(indexGaps: .compact).decode([String: [String]].self, from: input) == ["a": ["x", "y"]])
    }

    struct Signup: Decodable, Equatable {
        var name: String
        var newsletter: Bool
        var terms: Bool?
    }

    @Test("an unticked checkbox is a missing key, or false with missingBool: .false")
    func missingBool() throws {
        #expect(throws: DecodingError.self) { try URLEncodedFormDecoder().decode(Signup.self, from: "name=Ada") }
        let decoder = URLEncodedFormDecoder(dialect: .init(missingBool: .false))
        #expect(try decoder.decode(Signup.self, from: "name=Ada") == Signup(name: "Ada", newsletter: false, terms: nil))
        #expect(try decoder.decode(Signup.self, from: "name=Ada&newsletter=on&terms=on") == Signup(name: "Ada", newsletter: true, terms: true))
        // Only a missing member: a value that is not a Bool is still an error.
        #expect(throws: DecodingError.self) { try decoder.decode(Signup.self, from: "name=Ada&newsletter=maybe") }
        // Through the generic path too, as a property wrapper or a generic model reads it.
        struct Generic<Value: Decodable & Equatable>: Decodable, Equatable { var flag: Value }
        #expect(try decoder.decode(Generic<Bool>.self, from: "") == Generic(flag: false))
    }

    @Test(
        "a bare name is a flag by default, and nil with nilDecoding: .bareKey",
        arguments: [
            ("a&b=", URLEncodedFormValue.object([.init(key: "a", value: ""), .init(key: "b", value: "")]), ["", ""] as [String?]),
            ("a&b=", .object([.init(key: "a", value: .null), .init(key: "b", value: "")]), [nil, ""]),
        ] as [(String, URLEncodedFormValue, [String?])]
    )
    func bareKeys(input: String, untyped: URLEncodedFormValue, typed: [String?]) throws {
        let decoder = URLEncodedFormDecoder(nilDecoding: untyped["a"] == .null ? .bareKey : .dropKey)
        #expect(try URLEncodedFormValue(parsing: input, decoder: decoder) == untyped)
        struct Pair: Decodable { var a: String?, b: String? }
        let pair = try decoder.decode(Pair.self, from: input)
        #expect([pair.a, pair.b] == typed)
    }

    @Test("under nilDecoding: .bareKey a bare name cannot be a non-optional value, not even a Bool")
    func bareKeysRequired() throws {
        let decoder = URLEncodedFormDecoder(nilDecoding: .bareKey)
        struct Flag: Decodable { var verbose: Bool }
        do {
            _ = try decoder.decode(Flag.self, from: "verbose")
            Issue.record("decoded")
        } catch let DecodingError.valueNotFound(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["verbose"])
            #expect(context.debugDescription.contains("bare name"))
        }
        #expect(try URLEncodedFormDecoder().decode(Flag.self, from: "verbose").verbose)
        #expect(try decoder.decode([String: [String?]].self, from: "a[]&a[]=x") == ["a": [nil, "x"]])
    }

    static let utc = TimeZone(identifier: "UTC") ?? .current
    static let berlin = TimeZone(identifier: "Europe/Berlin") ?? .current

    /// Seconds since 1970 of a time in UTC.
    static func utcTime(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Double = 0) -> Double {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        let date = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)) ?? Date()
        return date.timeIntervalSince1970 + second
    }

    @Test(
        "what each HTML date and time input sends reads as a date in the decoder's time zone, and writes back the same",
        arguments: [
            ("2026-11-23", URLEncodedFormEncoder.HTMLDateInput.date, utcTime(2026, 11, 23)),
            ("2026-11-23T14:30", .dateTimeLocal, utcTime(2026, 11, 23, 14, 30)),
            ("2026-11-23T14:30:05", .dateTimeLocal, utcTime(2026, 11, 23, 14, 30, 5)),
            ("2026-11-23T14:30:05.250", .dateTimeLocal, utcTime(2026, 11, 23, 14, 30, 5.25)),
            ("2026-11", .month, utcTime(2026, 11, 1)),
            ("2026-W48", .week, utcTime(2026, 11, 23)),
            ("2026-W01", .week, utcTime(2025, 12, 29)),
            ("2020-W53", .week, utcTime(2020, 12, 28)),
            ("14:30", .time, utcTime(1970, 1, 1, 14, 30)),
            ("00:00:01.500", .time, utcTime(1970, 1, 1, 0, 0, 1.5)),
            ("2024-02-29", .date, utcTime(2024, 2, 29)),
            ("0001-01-01", .date, utcTime(1, 1, 1)),
        ]
    )
    func htmlDates(text: String, input: URLEncodedFormEncoder.HTMLDateInput, seconds: Double) throws {
        struct Field: Codable { var at: Date }
        let decoder = URLEncodedFormDecoder(dateDecoding: .htmlInput(timeZone: Self.utc))
        let date = try decoder.decode(Field.self, from: "at=" + text).at
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.0005)
        let encoder = URLEncodedFormEncoder(dateEncoding: .htmlInput(input, timeZone: Self.utc))
        #expect(try encoder.encode(Field(at: date)) == "at=" + text.replacingOccurrences(of: ":", with: "%3A"))
    }

    @Test("the time zone is the coder's: a date-time read in Berlin is an hour before the same text read in UTC")
    func htmlTimeZones() throws {
        let text = "at=2026-01-15T12:00"
        let utc = try URLEncodedFormDecoder(dateDecoding: .htmlInput(timeZone: Self.utc)).decode([String: Date].self, from: text)
        let berlin = try URLEncodedFormDecoder(dateDecoding: .htmlInput(timeZone: Self.berlin)).decode([String: Date].self, from: text)
        #expect(try #require(utc["at"]).timeIntervalSince(try #require(berlin["at"])) == 3600)
        // A space instead of the T, as the standard also allows.
        let spaced = try URLEncodedFormDecoder(dateDecoding: .htmlInput(timeZone: Self.utc)).decode([String: Date].self, from: "at=2026-01-15+12:00")
        #expect(spaced == utc)
        // One or two digits of a fraction are tenths and hundredths, as the standard reads them.
        let tenths = try URLEncodedFormDecoder(dateDecoding: .htmlInput(timeZone: Self.utc)).decode(
            [String: Date].self, from: "at=00:00:01.5&b=00:00:01.05")
        // `Date` counts from 2001, so a time near 1970 keeps about 0.1 µs.
        #expect(abs((tenths["at"]?.timeIntervalSince1970 ?? 0) - 1.5) < 1e-6)
        #expect(abs((tenths["b"]?.timeIntervalSince1970 ?? 0) - 1.05) < 1e-6)
    }

    @Test(
        "text no such input sends is refused with the path and the value",
        arguments: [
            "2026-13-01", "2026-02-30", "2025-02-29", "2026-11-23T24:00", "2026-W54", "2025-W53", "2026-W00", "14:60", "2026-1-5", "26-11-23",
            "2026-11-23T14:30Z", "2026-11-23T14", "14:30:05.1234", "", "0000-01-01",
        ]
    )
    func htmlDateErrors(text: String) throws {
        do {
            _ = try URLEncodedFormDecoder(dateDecoding: .htmlInput(timeZone: Self.utc)).decode([String: Date].self, from: "at=" + text)
            Issue.record("decoded \(text)")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.map(\.stringValue) == ["at"])
            #expect(context.debugDescription.contains("\"\(text)\""))
        }
    }

    @Test("a Sendable ParseStrategy and FormatStyle read and write dates; what the strategy cannot read is a DecodingError at the date")
    func strategies() throws {
        struct Event: Codable, Equatable { var day: Date }
        let style = Date.ISO8601FormatStyle().year().month().day()
        let encoder = URLEncodedFormEncoder(dateEncoding: .formatStyle(style))
        let decoder = URLEncodedFormDecoder(dateDecoding: .parseStrategy(style))
        let event = Event(day: Date(timeIntervalSince1970: utcTimeDay()))
        let text = try encoder.encode(event)
        #expect(text == "day=2026-11-23")
        #expect(try decoder.decode(Event.self, from: text) == event)
        do {
            _ = try decoder.decode(Event.self, from: "day=soon")
            Issue.record("decoded")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.map(\.stringValue) == ["day"])
            #expect(context.debugDescription.contains(#""soon""#))
            #expect(context.underlyingError != nil)
        }
        func utcTimeDay() -> Double { Self.utcTime(2026, 11, 23) }
    }
}
