import Foundation
import URLEncodedForm

// A request model as a client would send it.
struct SignUp: Encodable {
    struct Address: Encodable {
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
    ("indices, dots, snake_case, null", URLEncodedFormEncoder(
        arrayEncoding: .indexInBrackets,
        keyEncoding: .convertToSnakeCase,
        keyPathEncoding: .dots,
        nilEncoding: .null
    )),
    ("declaration order", URLEncodedFormEncoder(alphabetizeKeyValuePairs: false)),
]

do {
    for (title, encoder) in examples {
        let text: String = try encoder.encode(signUp)
        print("\(title):\n  \(text)\n")
    }
} catch {
    print("error: \(error)")
    exit(1)
}
