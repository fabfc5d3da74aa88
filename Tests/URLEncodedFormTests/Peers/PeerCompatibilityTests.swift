import Foundation
import Testing
import URLEncodedForm

/// Text written by the form encoders of Vapor 4.122.3 and Hummingbird 2.28.1, with their default
/// configurations, for the models below; captured by running them on these exact values. Both
/// leave brackets unescaped and order members by hash, and Vapor writes dates as seconds since
/// 1970, Hummingbird as `Date`'s own encoding.
@Suite("Decoder: reads what Vapor and Hummingbird write")
struct PeerCompatibilityTests {
    struct Address: Decodable, Equatable {
        var street: String
        var city: String
        var zip: String
    }

    struct User: Decodable, Equatable {
        var name: String
        var age: Int
        var email: String?
        var nickname: String?
        var admin: Bool
        var score: Double
        var tags: [String]
        var address: Address
    }

    static let jurgen = User(
        name: "Jürgen Müller", age: 42, email: "j@example.com", nickname: nil, admin: true, score: 9.5,
        tags: ["a&b", "c=d", "e+f", "100%"], address: Address(street: "Hauptstraße 1", city: "Köln", zip: "50667")
    )
    static let ada = User(
        name: "Ada", age: 0, email: nil, nickname: "", admin: false, score: -0.25,
        tags: ["x y", "[z]"], address: Address(street: "a[b]", city: "ü/?#", zip: "")
    )

    @Test(
        "ordinary models decode to the values the peers encoded",
        arguments: [
            (
                "address[zip]=50667&address[street]=Hauptstra%C3%9Fe%201&address[city]=K%C3%B6ln&age=42&tags[]=a%26b&tags[]=c%3Dd&tags[]=e%2Bf&tags[]=100%25&name=J%C3%BCrgen%20M%C3%BCller&admin=true&email=j%40example.com&score=9.5",
                jurgen
            ),
            (
                "address[zip]=&address[street]=a%5Bb%5D&address[city]=%C3%BC%2F%3F%23&age=0&name=Ada&admin=false&tags[]=x%20y&tags[]=%5Bz%5D&nickname=&score=-0.25",
                ada
            ),
            (
                "address[zip]=&address[street]=a%5Bb%5D&address[city]=%C3%BC/?%23&age=0&name=Ada&admin=false&tags[]=x%20y&tags[]=%5Bz%5D&nickname=&score=-0.25",
                ada
            ),
        ]
    )
    func users(text: String, expected: User) throws {
        #expect(try URLEncodedFormDecoder().decode(User.self, from: text) == expected)
    }

    @Test("Hummingbird leaves + unescaped, so it reads as a space, as Hummingbird's own decoder reads it")
    func hummingbirdPlus() throws {
        let text =
            "address[zip]=50667&address[street]=Hauptstra%C3%9Fe%201&address[city]=K%C3%B6ln&age=42&tags[]=a%26b&tags[]=c%3Dd&tags[]=e+f&tags[]=100%25&name=J%C3%BCrgen%20M%C3%BCller&admin=true&email=j@example.com&score=9.5"
        var expected = Self.jurgen
        expected.tags[2] = "e f"
        #expect(try URLEncodedFormDecoder().decode(User.self, from: text) == expected)
        // Read with `+` as a plus, it is the value Hummingbird encoded.
        #expect(try URLEncodedFormDecoder(spaceDecoding: .percentEscaped).decode(User.self, from: text) == Self.jurgen)
    }

    struct Numbers: Decodable, Equatable {
        var i8: Int8
        var u64: UInt64
        var f: Float
        var d: Double
        var dict: [String: Int]
    }

    @Test(
        "numbers and dictionaries",
        arguments: [
            "d=1e-07&dict[one]=1&dict[two]=2&u64=18446744073709551615&f=1.5&i8=-128",
            "i8=-128&f=1.5&u64=18446744073709551615&d=1e-07&dict[one]=1&dict[two]=2",
        ])
    func numbers(text: String) throws {
        #expect(
            try URLEncodedFormDecoder().decode(Numbers.self, from: text)
                == Numbers(i8: -128, u64: .max, f: 1.5, d: 1e-7, dict: ["one": 1, "two": 2])
        )
    }

    struct Attendee: Decodable, Equatable {
        var name: String
        var plusOne: Bool
    }

    struct Event: Decodable, Equatable {
        var title: String
        var at: Date
        var attendees: [Attendee]
    }

    static let launch = Event(
        title: "Launch", at: Date(timeIntervalSince1970: 1_700_000_000),
        attendees: [Attendee(name: "Ada", plusOne: true), Attendee(name: "Grace", plusOne: false)]
    )

    @Test("arrays of objects: Vapor's indices, Hummingbird's brackets")
    func events() throws {
        let vapor =
            "at=1700000000.0&attendees[0][name]=Ada&attendees[0][plusOne]=true&attendees[1][name]=Grace&attendees[1][plusOne]=false&title=Launch"
        #expect(try URLEncodedFormDecoder(dateDecoding: .secondsSince1970).decode(Event.self, from: vapor) == Self.launch)
        let hummingbird =
            "at=721692800.0&attendees[][name]=Ada&attendees[][plusOne]=true&attendees[][name]=Grace&attendees[][plusOne]=false&title=Launch"
        #expect(try URLEncodedFormDecoder().decode(Event.self, from: hummingbird) == Self.launch)
    }
}
