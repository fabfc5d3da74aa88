import Foundation
import Testing
import URLEncodedForm

extension CodingUserInfoKey {
    fileprivate static let unit = CodingUserInfoKey(rawValue: "unit")!
}

/// A price whose coding reads the unit from `userInfo`, as a model reads a locale or an API
/// version.
private struct Price: Codable, Equatable {
    var cents: Int

    init(cents: Int) { self.cents = cents }

    init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(Double.self)
        let perUnit = decoder.userInfo[.unit] as? Int ?? 1
        cents = Int(value * Double(perUnit))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        let perUnit = encoder.userInfo[.unit] as? Int ?? 1
        try container.encode(Double(cents) / Double(perUnit))
    }
}

private struct Order: Codable, Equatable {
    var item: String
    var price: Price
    var extras: [Price]
}

/// A collection whose bytes are contiguous, which records whether the decoder read them in place
/// or iterated them.
private struct TrackedBytes: Collection {
    let bytes: [UInt8]
    let log: Log

    final class Log: @unchecked Sendable {
        var readInPlace = 0
        var iterated = 0
    }

    var startIndex: Int { bytes.startIndex }
    var endIndex: Int { bytes.endIndex }
    func index(after index: Int) -> Int { index + 1 }
    subscript(position: Int) -> UInt8 { bytes[position] }

    func makeIterator() -> IndexingIterator<[UInt8]> {
        log.iterated += 1
        return bytes.makeIterator()
    }

    func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        log.readInPlace += 1
        return try bytes.withUnsafeBufferPointer(body)
    }
}

@Suite("Coder conventions: userInfo, String-first encoding, input types, the error type")
struct CoderConventionsTests {
    @Test("userInfo reaches every encode(to:) and init(from:), nested and in arrays")
    func userInfo() throws {
        let order = Order(item: "tea", price: Price(cents: 250), extras: [Price(cents: 50)])
        let encoder = URLEncodedFormEncoder(userInfo: [.unit: 100])
        let text = try encoder.encode(order)
        #expect(text == "extras%5B%5D=0.5&item=tea&price=2.5")
        var decoder = URLEncodedFormDecoder()
        decoder.userInfo[.unit] = 100
        #expect(try decoder.decode(Order.self, from: text) == order)
        // Without it, the same text reads as whole units.
        #expect(try URLEncodedFormDecoder().decode(Order.self, from: text).price.cents == 2)
        #expect(try URLEncodedFormEncoder().encode(order) == "extras%5B%5D=50.0&item=tea&price=250.0")
        // Set through the property, it is kept when another option that some values read is set
        // after it, and a copy made before keeps its own.
        var mutated = URLEncodedFormEncoder()
        let before = mutated
        mutated.userInfo[.unit] = 100
        mutated.dateEncoding = .iso8601
        mutated.nilEncoding = .dropKey
        #expect(try mutated.encode(order) == text)
        #expect(try before.encode(order) == "extras%5B%5D=50.0&item=tea&price=250.0")
        mutated.userInfo = [:]
        #expect(try mutated.encode(order) == "extras%5B%5D=50.0&item=tea&price=250.0")
    }

    @Test("encode without a type annotation gives a String; Data and [UInt8] where asked for")
    func stringFirst() throws {
        let encoder = URLEncodedFormEncoder()
        let text = try encoder.encode(["name": "Ada Lovelace"])
        #expect(type(of: text) == String.self)
        #expect(text == "name=Ada%20Lovelace")
        let data: Data = try encoder.encode(["name": "Ada Lovelace"])
        let bytes: [UInt8] = try encoder.encode(["name": "Ada Lovelace"])
        #expect(data == Data(text.utf8) && bytes == Array(text.utf8))
        func send(_ body: Data) -> Int { body.count }
        #expect(send(try encoder.encode(["a": "1"])) == 3)
    }

    static let form = "name=Ada&tags[]=x&tags[]=y"
    struct Person: Decodable, Equatable {
        var name: String
        var tags: [String]
    }

    static let expected = Person(name: "Ada", tags: ["x", "y"])

    @Test("the same form decodes from String, Substring, Data, [UInt8], slices and UTF-8 views")
    func inputTypes() throws {
        let decoder = URLEncodedFormDecoder()
        let url = "https://example.com/search?" + Self.form
        let query = url[url.index(after: try #require(url.firstIndex(of: "?")))...]
        let bytes = Array(Self.form.utf8)
        let padded = [UInt8](repeating: UInt8(ascii: "&"), count: 3) + bytes
        #expect(try decoder.decode(Person.self, from: Self.form) == Self.expected)
        #expect(try decoder.decode(Person.self, from: query) == Self.expected)
        #expect(try decoder.decode(Person.self, from: Data(Self.form.utf8)) == Self.expected)
        #expect(try decoder.decode(Person.self, from: bytes) == Self.expected)
        #expect(try decoder.decode(Person.self, from: padded[3...]) == Self.expected)
        #expect(try decoder.decode(Person.self, from: Self.form.utf8) == Self.expected)
        #expect(try decoder.decode(Person.self, from: query.utf8) == Self.expected)
        #expect(try decoder.decode(Person.self, from: ContiguousArray(bytes)) == Self.expected)
        // Not contiguous: copied once, then read.
        #expect(try decoder.decode(Person.self, from: bytes.lazy.map { $0 }) == Self.expected)
    }

    @Test("contiguous bytes are read in place, without iterating them")
    func readInPlace() throws {
        let log = TrackedBytes.Log()
        let tracked = TrackedBytes(bytes: Array(Self.form.utf8), log: log)
        #expect(try URLEncodedFormDecoder().decode(Person.self, from: tracked) == Self.expected)
        #expect(log.readInPlace == 1)
        #expect(log.iterated == 0)
    }

    @Test("the limit applies to a Substring's bytes, before anything is read")
    func substringLimit() {
        let text = "x=" + String(repeating: "a", count: 100)
        let slice = text[...]
        let decoder = URLEncodedFormDecoder(limits: .init(maximumInputLength: 50))
        #expect(throws: URLEncodedFormDecodingError.inputTooLong(length: 102, limit: 50)) {
            try decoder.decode([String: String].self, from: slice)
        }
    }

    @Test(
        "refusals carry a code, the key, the limit and a sentence",
        arguments: [
            ("a=1&b=2&c=3&d=4", URLEncodedFormDecodingError.Code.tooManyParameters, nil, 3, true),
            ("a[b][c]=1", .keyTooDeep, "a[b][c]", 2, true),
            ("a[]=1&a[]=2&a[]=3", .arrayTooLong, "a[]", 2, true),
            ("a[b=1", .malformedKey, "a[b", nil, false),
            ("a=1&a[b]=2", .conflictingKey, "a[b]", nil, false),
            (String(repeating: "x", count: 70), .inputTooLong, nil, 64, true),
        ] as [(String, URLEncodedFormDecodingError.Code, String?, Int?, Bool)]
    )
    func errorFields(input: String, code: URLEncodedFormDecodingError.Code, key: String?, limit: Int?, isLimit: Bool) {
        let decoder = URLEncodedFormDecoder(
            limits: .init(maximumInputLength: 64, maximumParameterCount: 3, maximumDepth: 2, maximumArrayLength: 2),
            dialect: .init(malformedKeys: .error))
        do {
            _ = try decoder.decode([String: URLEncodedFormValue].self, from: input)
            Issue.record("expected \(code)")
        } catch let error as URLEncodedFormDecodingError {
            #expect(error.code == code)
            #expect(error.key == key)
            #expect(error.limit == limit)
            #expect(error.code.isLimit == isLimit)
            #expect(error.length == (code == .inputTooLong ? 70 : nil))
            #expect(error.description.hasPrefix("The "))
            #expect(key.map { error.description.contains("\"\($0)\"") } ?? true)
            #expect(limit.map { error.description.contains("\($0)") } ?? true)
            // Every code is told apart by `==` and by name, as a `switch` over an enum would.
            #expect("\(error.code)" == "\(code)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
