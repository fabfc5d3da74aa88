import Foundation
import Testing

@testable import URLEncodedForm

/// The unescaped-characters option without `CharacterSet`, against the `CharacterSet` option it
/// stands in for when the `FoundationAPI` trait is off.
@Suite("Unescaped characters")
struct AllowedCharactersTests {
    static let sets = [
        "", "abc", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~?/", "&=+%[]. ",
        "!$'()*,;:@", "é€日本 ascii", "\u{0}\u{1F}\u{7F}",
    ]

    @Test("a set made from a string writes what the CharacterSet of the same characters writes", arguments: sets)
    func sameOutput(characters: String) throws {
        let value = ["key [x]": ["a b&c=d", "é~?/!*'()", "\u{1}\u{7F}"], "plus+": ["100%"]]
        for space in [URLEncodedFormEncoder.SpaceEncoding.percentEscaped, .plusReplaced] {
            let lean = URLEncodedFormEncoder(spaceEncoding: space, allowedCharacters: URLEncodedFormEncoder.AllowedCharacters(characters))
            let foundation = URLEncodedFormEncoder(spaceEncoding: space, allowedCharacters: CharacterSet(charactersIn: characters))
            let text: String = try lean.encode(value)
            #expect(text == (try foundation.encode(value) as String))
            #expect(lean.allowedCharacters == foundation.allowedCharacters)
            #expect(lean.allowedCharacters.characterSet == CharacterSet(charactersIn: characters).intersection(asciiCharacters))
        }
    }

    @Test("holds the ASCII characters it is given and no other", arguments: sets)
    func members(characters: String) {
        let set = URLEncodedFormEncoder.AllowedCharacters(characters)
        for value in UInt32(0)..<0x100 {
            let scalar = Unicode.Scalar(value)!
            #expect(set.contains(scalar) == (value < 0x80 && characters.unicodeScalars.contains(scalar)), "\(value)")
        }
        #expect(set.description == String(characters.unicodeScalars.filter(\.isASCII).sorted().map(Character.init).uniqued()))
        #expect(set.characterSet == CharacterSet(charactersIn: set.description))
    }

    @Test("inserting and removing change exactly the characters given")
    func algebra() {
        let set: URLEncodedFormEncoder.AllowedCharacters = "abc"
        #expect(set.inserting("xé").description == "abcx")
        #expect(set.removing("b?").description == "ac")
        #expect(set.removing("abc") == "")
        #expect(URLEncodedFormEncoder.AllowedCharacters.default.removing("?/") == .unreserved)
    }

    @Test("the named sets are the CharacterSets of the same names")
    func namedSets() {
        typealias Set = URLEncodedFormEncoder.AllowedCharacters
        #expect(Set.default == Set(CharacterSet.afURLQueryAllowed))
        // Alamofire's definition: the query characters without the delimiters a form escapes.
        #expect(Set.default == Set(CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: ":#[]@!$&'()*+,;="))))
        #expect(Set.jQuery == Set(CharacterSet(charactersIn: "-_.!~*'()").union(.alphanumerics)))
        let unreserved = CharacterSet(charactersIn: "-._~").union(.init(charactersIn: "a"..."z"))
            .union(.init(charactersIn: "A"..."Z")).union(.init(charactersIn: "0"..."9"))
        #expect(Set.unreserved == Set(unreserved))
        #expect(URLEncodedFormEncoder().allowedCharacters == .default)
        #expect(URLEncodedFormEncoder(allowedCharacters: .afURLQueryAllowed).allowedCharacters == .default)
        #expect(URLEncodedFormEncoder(allowedCharacters: .jQuery).allowedCharacters == .jQuery)
        #expect(URLEncodedFormEncoder(allowedCharacters: .alphanumerics).allowedCharacters == Set(.alphanumerics))
    }

    @Test("assigning a set, or one made from a CharacterSet, changes what is escaped")
    func assigning() throws {
        var encoder = URLEncodedFormEncoder()
        encoder.allowedCharacters = "ab"
        #expect(encoder.allowedCharacters.characterSet == CharacterSet(charactersIn: "ab"))
        #expect(try encoder.encode(["ab": "abc"]) as String == "ab=ab%63")
        encoder.allowedCharacters = .init(CharacterSet(charactersIn: "c=é"))
        #expect(encoder.allowedCharacters == "c=")
        #expect(try encoder.encode(["ab": "abc"]) as String == "%61%62=%61%62c")
    }
}

private let asciiCharacters = CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(0x7F))

extension Sequence where Element: Hashable {
    fileprivate func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
