import AlamofireNames
import Foundation
import Testing
import URLEncodedForm

/// An app that imports Alamofire and this package at once, as one moving from one to the other
/// does: `CharacterSet.afURLQueryAllowed`, declared by both, names one set without ambiguity
/// (this file compiles), and it is the set the encoder leaves unescaped by default.
@Suite("Alamofire's names beside this package's")
struct AlamofireNamesTests {
    @Test("CharacterSet.afURLQueryAllowed compiles beside Alamofire's and is the same set")
    func afURLQueryAllowed() throws {
        let allowed = CharacterSet.afURLQueryAllowed
        let encoder = URLEncodedFormEncoder(allowedCharacters: .afURLQueryAllowed)
        let ascii = (0..<128).compactMap(Unicode.Scalar.init)
        #expect(ascii.filter(allowed.contains) == ascii.filter(URLEncodedFormEncoder.AllowedCharacters.default.characterSet.contains))
        #expect(ascii.filter(encoder.allowedCharacters.contains) == ascii.filter(allowed.contains))
        #expect(try encoder.encode(["q": "a/b?c:d"]) as String == "q=a/b?c%3Ad")
    }
}
