import Foundation
import URLEncodedForm

/// Encodes with the given encoder (the defaults unless told) and returns the text.
func formText(_ value: some Encodable, _ encoder: URLEncodedFormEncoder = URLEncodedFormEncoder()) throws -> String {
    try encoder.encode(value)
}

/// A coding key for any name, for hand-written `encode(to:)` in tests.
struct NameKey: CodingKey, Hashable {
    let stringValue: String
    let intValue: Int? = nil

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { nil }
}

/// Writes its members in the order given, a name as often as it appears, so tests can check
/// that a key written twice keeps its first place and its last value beside the rest of a value:
/// `KeyedWrites(("a", 1), ("b", 2), ("a", 3))`.
struct KeyedWrites: Encodable {
    let writes: [(name: String, value: any Encodable)]

    init(_ writes: (name: String, value: any Encodable)...) { self.writes = writes }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NameKey.self)
        for (name, value) in writes {
            try container.encode(value, forKey: NameKey(name))
        }
    }
}

struct EncodableStruct: Encodable {
    struct Nested: Encodable {
        let a = "a"
    }

    let one = "one"
    let two = 2
    let three = true
    let four = [1, 2, 3]
    let five = ["a": "a"]
    let six = ["a": ["b": "b"]]
    let seven = Nested()
}

/// The example of the issue: integer-looking dictionary keys stay object keys.
struct SeedParameters: Encodable {
    let a = "apple"
    let b = "book"
    let c = ["conent", "capacity", "contact"]
    let d = ["4": "dose", "5": "dairy"]
    let e = true
    let f = 12
}

class EncodableSuperclass: Encodable {
    let one = "one"
    let two = 2
    let three = true
}

class EncodableSubclass: EncodableSuperclass, @unchecked Sendable {
    let four = [1, 2, 3]
    let five = ["a": "a", "b": "b"]

    fileprivate enum CodingKeys: String, CodingKey {
        case four, five
    }

    override func encode(to encoder: any Encoder) throws {
        try super.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(four, forKey: .four)
        try container.encode(five, forKey: .five)
    }
}

/// Exercises every `superEncoder` flavour the way Alamofire's own test model does: the same
/// members as `EncodableSubclass`, written by hand.
final class ManuallyEncodableSubclass: EncodableSubclass, @unchecked Sendable {
    override func encode(to encoder: any Encoder) throws {
        var keyed = encoder.container(keyedBy: CodingKeys.self)
        try keyed.encode(four, forKey: .four)
        try keyed.encode(five, forKey: .five)

        var superContainer = keyed.superEncoder().container(keyedBy: CodingKeys.self)
        try superContainer.encode(one, forKey: .four)

        var keyedSuperContainer = keyed.superEncoder(forKey: .four).container(keyedBy: CodingKeys.self)
        try keyedSuperContainer.encode(two, forKey: .five)

        var unkeyed = keyed.nestedUnkeyedContainer(forKey: .four)
        var unkeyedSuperContainer = unkeyed.superEncoder().container(keyedBy: CodingKeys.self)
        try unkeyedSuperContainer.encode(one, forKey: .four)
    }
}

/// Mixes nested keyed and unkeyed containers under one key.
struct ManuallyEncodableStruct: Encodable {
    let a = ["string": "string"]
    let b = [1, 2, 3]

    private enum RootKey: String, CodingKey { case root }
    private enum TypeKeys: String, CodingKey { case a, b }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: RootKey.self)
        var nestedKeyed = container.nestedContainer(keyedBy: TypeKeys.self, forKey: .root)
        try nestedKeyed.encode(a, forKey: .a)

        var nestedUnkeyed = container.nestedUnkeyedContainer(forKey: .root)
        try nestedUnkeyed.encode(b)

        var nestedUnkeyedKeyed = nestedUnkeyed.nestedContainer(keyedBy: TypeKeys.self)
        try nestedUnkeyedKeyed.encode(a, forKey: .a)

        var nestedUnkeyedUnkeyed = nestedUnkeyed.nestedUnkeyedContainer()
        try nestedUnkeyedUnkeyed.encode(b)
    }
}

/// A deterministic generator (SplitMix64), so generated cases reproduce from their seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The cases of a fixture in `Tests/Fixtures` written one JSON object a line after a header line
/// (the PHP, Rack and Swift-peer recorders' format), or an empty list when the file cannot be
/// read, which the tests that count their cases then report.
func fixtureLines(_ name: String) -> [[String: Any]] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fixtures/\(name)")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").dropFirst().compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
}

/// The cases of a JSON fixture in `Tests/Fixtures` (`{"source": …, "cases": [ … ]}`), or an empty
/// list when the file cannot be read, which the tests that count their cases then report.
func fixtureCases(_ name: String) -> (source: String, cases: [[String: Any]]) {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fixtures/\(name)")
    guard let data = try? Data(contentsOf: url),
        let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let cases = json["cases"] as? [[String: Any]]
    else { return ("", []) }
    return (json["source"] as? String ?? "", cases)
}
