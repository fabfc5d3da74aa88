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

/// 100 rows of 17 fields, heavy in text and numbers, as a form of orders or readings is: four
/// `Double`s and three integers per row, a nested address, a `[String: String]`, and text with
/// spaces, `&`, `/`, `?` and non-ASCII in most string fields.
struct Rows: Codable, Sendable {
    struct Row: Codable, Sendable {
        struct Address: Codable, Sendable {
            var street: String
            var city: String
            var postcode: String
        }
        var id: Int
        var quantity: Int
        var revision: Int
        var price: Double
        var latitude: Double
        var longitude: Double
        var weight: Double
        var title: String
        var note: String
        var url: String
        var query: String
        var owner: String
        var status: String
        var address: Address
        var attributes: [String: String]
        var tag: String
        var comment: String?
    }

    var rows: [Row]

    static let sample = Rows(rows: (0..<100).map(row))

    private static func row(_ index: Int) -> Row {
        let attributes: [String: String] = ["gift": "yes & wrapped", "floor": String(index % 5), "door": "B/2"]
        let position = Double(index) / 1000
        return Row(
            id: 100_000 + index,
            quantity: index % 7 + 1,
            revision: index * 3,
            price: Double(index) * 1.25 + 0.99,
            latitude: 50.9375 + position,
            longitude: -6.9603 - position,
            weight: 0.125 * Double(index % 16),
            title: "Order \(index): Grüße & Co / Köln",
            note: "Deliver after 5 pm? Ring twice & wait — ça va",
            url: "https://example.com/orders/\(index)?ref=mail&lang=de",
            query: "size = M & colour = blue / green",
            owner: "Zoë Ørsted",
            status: index % 3 == 0 ? "shipped" : "open",
            address: .init(street: "Hauptstraße \(index)", city: "Köln", postcode: "50667"),
            attributes: attributes,
            tag: "priority?",
            comment: index % 4 == 0 ? nil : "Café crème, 2×"
        )
    }
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
