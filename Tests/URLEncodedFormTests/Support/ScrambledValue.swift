import Foundation
import URLEncodedForm

/// A value whose `encode(to:)` writes `value` through containers it holds and fills in an order
/// drawn from `seed`, as `Codable` allows: every nested container of an object or array is made
/// in order (so each element takes its coding index), then the containers are filled one by one,
/// picked at random from all that are open at any depth; and the members of an object are at
/// times written through two containers made for its key, which merge. `JSONEncoder` structures
/// the value the same whatever the order, so the form must read back as the JSON does.
struct ScrambledValue: Encodable, Sendable {
    let value: FixtureValue
    let seed: UInt64

    typealias Key = ShapedDecoding.AnyKey

    func encode(to encoder: any Encoder) throws {
        guard case .object(let members) = value else { return }
        let scrambler = Scrambler(seed: seed)
        try scrambler.fill(encoder.container(keyedBy: Key.self), members)
        try scrambler.run()
    }

    /// The containers still to fill, and the order they are filled in.
    private final class Scrambler {
        var random: SeededGenerator
        var pending: [() throws -> Void] = []

        init(seed: UInt64) {
            random = SeededGenerator(seed: seed)
        }

        func run() throws {
            while !pending.isEmpty {
                let work = pending.remove(at: Int.random(in: pending.indices, using: &random))
                try work()
            }
        }

        func fill(_ container: KeyedEncodingContainer<Key>, _ members: [String: FixtureValue]) throws {
            var container = container
            for (name, value) in members.sorted(by: { $0.key < $1.key }).shuffled(using: &random) {
                let key = Key(stringValue: name)
                switch value {
                case .string(let text):
                    try container.encode(text, forKey: key)
                case .null:
                    try container.encodeNil(forKey: key)
                case .array(let elements):
                    let nested = container.nestedUnkeyedContainer(forKey: key)
                    pending.append { try self.fill(nested, elements) }
                case .object(let inner):
                    // At times in two containers made for the one key, which merge.
                    let sorted = inner.sorted { $0.key < $1.key }
                    let split = sorted.count > 1 && Bool.random(using: &random) ? sorted.count / 2 : sorted.count
                    let first = container.nestedContainer(keyedBy: Key.self, forKey: key)
                    pending.append { try self.fill(first, Dictionary(uniqueKeysWithValues: sorted[..<split].map { ($0.key, $0.value) })) }
                    if split < sorted.count {
                        let second = container.nestedContainer(keyedBy: Key.self, forKey: key)
                        pending.append { try self.fill(second, Dictionary(uniqueKeysWithValues: sorted[split...].map { ($0.key, $0.value) })) }
                    }
                }
            }
        }

        func fill(_ container: any UnkeyedEncodingContainer, _ elements: [FixtureValue]) throws {
            var container = container
            for element in elements {
                switch element {
                case .string(let text):
                    try container.encode(text)
                case .null:
                    try container.encodeNil()
                case .array(let inner):
                    let nested = container.nestedUnkeyedContainer()
                    pending.append { try self.fill(nested, inner) }
                case .object(let members):
                    let nested = container.nestedContainer(keyedBy: Key.self)
                    pending.append { try self.fill(nested, members) }
                }
            }
        }
    }

    /// A random object of text, arrays and objects, none of them empty, up to `depth` deep. Names
    /// hold no brackets or dots and are no numbers, so that every reader reads them as names.
    static func random(depth: Int, using random: inout SeededGenerator) -> FixtureValue {
        .object(members(depth: depth, using: &random))
    }

    private static let names = ["a", "b", "name", "x y", "ü", "k&v", "p=q", "100%", "+", "z"]
    private static let texts = ["", "0", "one", "a b", "&", "=", "+", "%", "é", "🌍", "x,y", "\n"]

    private static func members(depth: Int, using random: inout SeededGenerator) -> [String: FixtureValue] {
        var members: [String: FixtureValue] = [:]
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            members[names.randomElement(using: &random) ?? "a"] = element(depth: depth - 1, using: &random)
        }
        return members
    }

    private static func element(depth: Int, using random: inout SeededGenerator) -> FixtureValue {
        switch depth > 0 ? Int.random(in: 0..<3, using: &random) : 0 {
        case 1:
            return .array((0..<Int.random(in: 1...4, using: &random)).map { _ in element(depth: depth - 1, using: &random) })
        case 2:
            return .object(members(depth: depth, using: &random))
        default:
            return .string(texts.randomElement(using: &random) ?? "")
        }
    }

    /// What `JSONEncoder` writes for the value, read back by `JSONDecoder`.
    func throughJSON() throws -> FixtureValue {
        let json = try JSONEncoder().encode(self)
        return FixtureValue(try JSONDecoder().decode(URLEncodedFormValue.self, from: json))
    }
}
