#if FoundationAPI
import Foundation

extension URLEncodedFormEncoder {
    /// The characters written as they are, as a `CharacterSet`: Alamofire's name and type for
    /// ``unescapedCharacters``, which it reads and writes.
    ///
    /// Only ASCII characters can be left unescaped, so only the ASCII members of a set assigned
    /// here are kept, and reading gives those back.
    public var allowedCharacters: CharacterSet {
        get { CharacterSet(charactersIn: unescapedCharacters.description) }
        set { unescapedCharacters = UnescapedCharacters(newValue) }
    }

    /// ``UnescapedCharacters-swift.struct/default`` as a `CharacterSet`: RFC 3986's unreserved
    /// set (`A–Z a–z 0–9 - . _ ~`) plus `?` and `/`.
    public static let defaultAllowedCharacters = CharacterSet(
        charactersIn: UnescapedCharacters.default.description
    )

    /// ``UnescapedCharacters-swift.struct/jQuery`` as a `CharacterSet`: what JavaScript's
    /// `encodeURIComponent` leaves as it is, the escaping of jQuery's `$.param`.
    public static let jQueryAllowedCharacters = CharacterSet(charactersIn: UnescapedCharacters.jQuery.description)

    /// Creates an encoder with the unescaped characters given as a `CharacterSet`, as Alamofire's
    /// initializer takes them; every other argument is that of
    /// ``init(alphabetizeKeyValuePairs:arrayEncoding:boolEncoding:dataEncoding:dateEncoding:keyEncoding:keyPathEncoding:bracketEncoding:nilEncoding:spaceEncoding:unescapedCharacters:charset:charsetSentinel:allowsEmptyArrays:userInfo:)``,
    /// which a call without `allowedCharacters` chooses.
    ///
    /// - Parameter allowedCharacters: The characters left unescaped; only ASCII ones can be.
    public init(
        alphabetizeKeyValuePairs: Bool = true,
        arrayEncoding: ArrayEncoding = .brackets,
        boolEncoding: BoolEncoding = .numeric,
        dataEncoding: DataEncoding = .base64,
        dateEncoding: DateEncoding = .deferredToDate,
        keyEncoding: KeyEncoding = .useDefaultKeys,
        keyPathEncoding: KeyPathEncoding = .brackets,
        bracketEncoding: BracketEncoding = .percentEscaped,
        nilEncoding: NilEncoding = .dropKey,
        spaceEncoding: SpaceEncoding = .percentEscaped,
        allowedCharacters: CharacterSet,
        charset: Charset = .utf8,
        charsetSentinel: Bool = false,
        allowsEmptyArrays: Bool = false,
        userInfo: [CodingUserInfoKey: any Sendable] = [:]
    ) {
        self.init(
            alphabetizeKeyValuePairs: alphabetizeKeyValuePairs,
            arrayEncoding: arrayEncoding,
            boolEncoding: boolEncoding,
            dataEncoding: dataEncoding,
            dateEncoding: dateEncoding,
            keyEncoding: keyEncoding,
            keyPathEncoding: keyPathEncoding,
            bracketEncoding: bracketEncoding,
            nilEncoding: nilEncoding,
            spaceEncoding: spaceEncoding,
            unescapedCharacters: UnescapedCharacters(allowedCharacters),
            charset: charset,
            charsetSentinel: charsetSentinel,
            allowsEmptyArrays: allowsEmptyArrays,
            userInfo: userInfo
        )
    }
}

extension URLEncodedFormEncoder.UnescapedCharacters {
    /// The ASCII members of `set`: the only ones a form can leave unescaped.
    public init(_ set: CharacterSet) {
        self.init(bytes: ASCIISet { set.contains(Unicode.Scalar($0)) })
    }
}

extension CharacterSet {
    /// The characters ``URLEncodedFormEncoder`` leaves unescaped by default, under the name
    /// Alamofire gives them, so code that starts from Alamofire's set compiles unchanged.
    ///
    /// ```swift
    /// var allowed = CharacterSet.afURLQueryAllowed
    /// allowed.remove(charactersIn: "?/")
    /// let encoder = URLEncodedFormEncoder(allowedCharacters: allowed)
    /// ```
    public static let afURLQueryAllowed = URLEncodedFormEncoder.defaultAllowedCharacters
}
#endif
