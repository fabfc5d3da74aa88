#if FoundationAPI
import Foundation

extension URLEncodedFormEncoder.AllowedCharacters {
    /// The ASCII members of `set`: the only ones a form can leave unescaped.
    public init(_ set: CharacterSet) {
        self.init(bytes: ASCIISet { set.contains(Unicode.Scalar($0)) })
    }

    /// The set as a `CharacterSet`, the type Alamofire's `allowedCharacters` has.
    public var characterSet: CharacterSet {
        CharacterSet(charactersIn: description)
    }
}

/// A `CharacterSet` is given to the encoder as Alamofire's initializer takes it:
/// `URLEncodedFormEncoder(allowedCharacters: .afURLQueryAllowed)`, or a set of your own.
extension CharacterSet: URLEncodedFormEncoder.AllowedCharactersConvertible {
    /// The ASCII members of the set.
    public var urlEncodedFormAllowedCharacters: URLEncodedFormEncoder.AllowedCharacters {
        URLEncodedFormEncoder.AllowedCharacters(self)
    }
}

extension URLEncodedFormEncoder.AllowedCharactersConvertible where Self == CharacterSet {
    /// The characters ``URLEncodedFormEncoder`` leaves unescaped by default, as a `CharacterSet`
    /// under the name Alamofire gives them, so code that starts from Alamofire's set compiles
    /// unchanged.
    ///
    /// ```swift
    /// var allowed = CharacterSet.afURLQueryAllowed
    /// allowed.remove(charactersIn: "?/")
    /// let encoder = URLEncodedFormEncoder(allowedCharacters: allowed)
    /// ```
    ///
    /// Alamofire declares the same name on `CharacterSet` itself; in a file that imports both,
    /// its declaration is the more specific one and this one gives way, so the name is not
    /// ambiguous there.
    public static var afURLQueryAllowed: CharacterSet {
        URLEncodedFormEncoder.AllowedCharacters.default.characterSet
    }
}

// `CharacterSet`'s own sets by their short names where the initializer takes any set, as they are
// where Alamofire's takes a `CharacterSet`: `URLEncodedFormEncoder(allowedCharacters: .alphanumerics)`.
extension URLEncodedFormEncoder.AllowedCharactersConvertible where Self == CharacterSet {
    /// `CharacterSet.controlCharacters`.
    public static var controlCharacters: CharacterSet { CharacterSet.controlCharacters }
    /// `CharacterSet.whitespaces`.
    public static var whitespaces: CharacterSet { CharacterSet.whitespaces }
    /// `CharacterSet.whitespacesAndNewlines`.
    public static var whitespacesAndNewlines: CharacterSet { CharacterSet.whitespacesAndNewlines }
    /// `CharacterSet.decimalDigits`.
    public static var decimalDigits: CharacterSet { CharacterSet.decimalDigits }
    /// `CharacterSet.letters`.
    public static var letters: CharacterSet { CharacterSet.letters }
    /// `CharacterSet.lowercaseLetters`.
    public static var lowercaseLetters: CharacterSet { CharacterSet.lowercaseLetters }
    /// `CharacterSet.uppercaseLetters`.
    public static var uppercaseLetters: CharacterSet { CharacterSet.uppercaseLetters }
    /// `CharacterSet.nonBaseCharacters`.
    public static var nonBaseCharacters: CharacterSet { CharacterSet.nonBaseCharacters }
    /// `CharacterSet.alphanumerics`.
    public static var alphanumerics: CharacterSet { CharacterSet.alphanumerics }
    /// `CharacterSet.decomposables`.
    public static var decomposables: CharacterSet { CharacterSet.decomposables }
    /// `CharacterSet.illegalCharacters`.
    public static var illegalCharacters: CharacterSet { CharacterSet.illegalCharacters }
    /// `CharacterSet.punctuationCharacters`.
    public static var punctuationCharacters: CharacterSet { CharacterSet.punctuationCharacters }
    /// `CharacterSet.capitalizedLetters`.
    public static var capitalizedLetters: CharacterSet { CharacterSet.capitalizedLetters }
    /// `CharacterSet.symbols`.
    public static var symbols: CharacterSet { CharacterSet.symbols }
    /// `CharacterSet.newlines`.
    public static var newlines: CharacterSet { CharacterSet.newlines }
    /// `CharacterSet.urlUserAllowed`.
    public static var urlUserAllowed: CharacterSet { CharacterSet.urlUserAllowed }
    /// `CharacterSet.urlPasswordAllowed`.
    public static var urlPasswordAllowed: CharacterSet { CharacterSet.urlPasswordAllowed }
    /// `CharacterSet.urlHostAllowed`.
    public static var urlHostAllowed: CharacterSet { CharacterSet.urlHostAllowed }
    /// `CharacterSet.urlPathAllowed`.
    public static var urlPathAllowed: CharacterSet { CharacterSet.urlPathAllowed }
    /// `CharacterSet.urlQueryAllowed`.
    public static var urlQueryAllowed: CharacterSet { CharacterSet.urlQueryAllowed }
    /// `CharacterSet.urlFragmentAllowed`.
    public static var urlFragmentAllowed: CharacterSet { CharacterSet.urlFragmentAllowed }
}
#endif
