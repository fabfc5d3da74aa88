import Foundation

// The values every coder encodes and decodes. The same models are `Codable` for all of them.

// No stored property has a default value: Swift runs those initializers inside every synthesized
// `init(from:)`, so a default would be rebuilt by each decode and measured as decoding time.

struct Small: Codable, Sendable {
    var name: String
    var count: Int
    var active: Bool
    var ratio: Double
    var nickname: String?
    var query: String

    static let sample = Small(name: "Ada Lovelace", count: 42, active: true, ratio: 0.625, nickname: nil, query: "fish & chips = 2 + 2")
}

struct Medium: Codable, Sendable {
    struct Address: Codable, Sendable {
        struct Geo: Codable, Sendable {
            var latitude: Double
            var longitude: Double
        }
        var street: String
        var city: String
        var postcode: String
        var geo: Geo
    }

    var id: Int
    var username: String
    var greeting: String
    var email: String
    var verified: Bool
    var score: Double
    var address: Address
    var scores: [Int]
    var tags: [String]
    var labels: [String: String]
    var website: String?
    var phone: String?

    static let sample = Medium(
        id: 1_234_567,
        username: "ada",
        greeting: "Grüße 🌍",
        email: "ada@example.com",
        verified: true,
        score: 98.25,
        address: Address(street: "Hauptstraße 1", city: "Köln", postcode: "50667", geo: .init(latitude: 50.9375, longitude: 6.9603)),
        scores: [3, 1, 4, 1, 5],
        tags: ["swift", "forms", "server"],
        labels: ["env": "production", "team": "core", "tier": "gold"],
        website: "https://example.com/ada",
        phone: nil
    )
}

struct Large: Codable, Sendable {
    var items: [Medium]

    static let sample = Large(
        items: (0..<100).map { index in
            var item = Medium.sample
            item.id = index
            return item
        })
}

struct Text: Codable, Sendable {
    var text: String

    static let sample = Text(text: make(byteCount: 4096))

    /// Mostly ASCII letters, about 10% bytes to escape (`&`, `=`, spaces, `é`), some multibyte.
    static func make(byteCount: Int) -> String {
        let pieces = ["Lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit", "sed", "do"]
        var text = ""
        var index = 0
        while text.utf8.count < byteCount {
            text += pieces[index % pieces.count]
            text += index % 7 == 3 ? "&" : index % 11 == 5 ? "=é" : " "
            index += 1
        }
        return String(text.utf8.prefix(byteCount)) ?? text
    }
}

enum Buffers {
    static let size = 64 * 1024
    /// All safe: nothing to escape.
    static let safe = [UInt8]((0..<size).map { UInt8(ascii: "a") + UInt8($0 % 26) })
    /// One byte in ten needs escaping.
    static let tenthEscaped = [UInt8]((0..<size).map { $0 % 10 == 9 ? UInt8(ascii: "&") : UInt8(ascii: "a") + UInt8($0 % 26) })
    /// Every byte is non-ASCII (two-byte UTF-8 letters).
    static let nonASCII = [UInt8](String(repeating: "é", count: size / 2).utf8)

    static func escaped(_ bytes: [UInt8]) -> [UInt8] {
        Array(String(decoding: bytes, as: UTF8.self).addingPercentEncoding(withAllowedCharacters: .alphanumerics)?.utf8 ?? "".utf8)
    }
}
