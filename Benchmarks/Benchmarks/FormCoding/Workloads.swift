import Foundation

// The values every coder encodes and decodes. The same models are `Codable` for all of them.

struct Small: Codable, Sendable {
    var name = "Ada Lovelace"
    var count = 42
    var active = true
    var ratio = 0.625
    var nickname: String? = nil
    var query = "fish & chips = 2 + 2"
}

struct Medium: Codable, Sendable {
    struct Address: Codable, Sendable {
        struct Geo: Codable, Sendable {
            var latitude = 50.9375
            var longitude = 6.9603
        }
        var street = "Hauptstraße 1"
        var city = "Köln"
        var postcode = "50667"
        var geo = Geo()
    }

    var id = 1_234_567
    var username = "ada"
    var greeting = "Grüße 🌍"
    var email = "ada@example.com"
    var verified = true
    var score = 98.25
    var address = Address()
    var scores = [3, 1, 4, 1, 5]
    var tags = ["swift", "forms", "server"]
    var labels = ["env": "production", "team": "core", "tier": "gold"]
    var website: String? = "https://example.com/ada"
    var phone: String? = nil
}

struct Large: Codable, Sendable {
    var items = (0..<100).map { index in
        var item = Medium()
        item.id = index
        return item
    }
}

struct Text: Codable, Sendable {
    var text: String = Text.make(byteCount: 4096)

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
