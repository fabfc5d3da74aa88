import Foundation
import URLEncodedForm

// A request model as a client sends it and a server reads it.
struct SignUp: Codable {
    struct Address: Codable {
        let city: String
        let postcode: String
    }

    let name: String
    let age: Int
    let newsletter: Bool
    let interests: [String]
    let address: Address
    let referrer: String?
}

let signUp = SignUp(
    name: "Jürgen Müller",
    age: 42,
    newsletter: true,
    interests: ["swift", "forms & queries"],
    address: .init(city: "Köln", postcode: "50667"),
    referrer: nil
)

let examples: [(String, URLEncodedFormEncoder)] = [
    ("default (Alamofire's defaults)", URLEncodedFormEncoder()),
    ("HTML form body", URLEncodedFormEncoder(boolEncoding: .literal, spaceEncoding: .plusReplaced)),
    (
        "indices, dots, snake_case, null",
        URLEncodedFormEncoder(
            arrayEncoding: .indexInBrackets,
            keyEncoding: .convertToSnakeCase,
            keyPathEncoding: .dots,
            nilEncoding: .null
        )
    ),
    ("declaration order", URLEncodedFormEncoder(alphabetizeKeyValuePairs: false)),
]

do {
    print("Client: encoding\n")
    for (title, encoder) in examples {
        let text: String = try encoder.encode(signUp)
        print("\(title):\n  \(text)\n")
    }

    print("Server: decoding\n")
    let decoder = URLEncodedFormDecoder()
    // What a browser posts for the same form: `+` for spaces, a checkbox as `on`, a repeated key.
    let body = Array(
        "name=J%C3%BCrgen+M%C3%BCller&age=42&newsletter=on&interests=swift&interests=forms&address[city]=K%C3%B6ln&address[postcode]=50667".utf8)
    let decoded = try decoder.decode(SignUp.self, from: body)
    print("browser body:\n  \(decoded.name), \(decoded.age), newsletter: \(decoded.newsletter), \(decoded.interests), \(decoded.address.city)\n")
    // Every encoder option set above reads back with the matching decoder.
    let snake = URLEncodedFormDecoder(keyDecoding: .convertFromSnakeCase, keyPathDecoding: .dots, nilDecoding: .null)
    let text: String = try examples[2].1.encode(signUp)
    let readBack = try snake.decode(SignUp.self, from: text)
    print("indices, dots, snake_case, null read back:\n  \(readBack.address.postcode), referrer: \(readBack.referrer ?? "nil")\n")
    // `referrer=null` is nil only to a decoder told that `null` is nil, as the encoder wrote it.
    let untold = URLEncodedFormDecoder(keyDecoding: .convertFromSnakeCase, keyPathDecoding: .dots)
    guard readBack.referrer == nil, try untold.decode(SignUp.self, from: text).referrer == "null" else {
        print("error: nilEncoding: .null did not read back with nilDecoding: .null")
        exit(1)
    }
    // Bad input is an error value naming what and where, never a crash.
    for input in ["name=a&age=old&newsletter=1", "a" + String(repeating: "[x]", count: 100) + "=1"] {
        do {
            _ = try decoder.decode(SignUp.self, from: input)
        } catch {
            print("refused \(input.prefix(40))…:\n  \(error)\n")
        }
    }
} catch {
    print("error: \(error)")
    exit(1)
}
