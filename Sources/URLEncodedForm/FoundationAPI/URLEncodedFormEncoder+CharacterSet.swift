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
    /// initializer takes them. A call without `allowedCharacters` chooses
    /// ``init(alphabetizeKeyValuePairs:arrayEncoding:boolEncoding:dataEncoding:dateEncoding:keyEncoding:keyPathEncoding:bracketEncoding:nilEncoding:spaceEncoding:unescapedCharacters:charset:allowsEmptyArrays:indexGaps:maximumDepth:userInfo:)``,
    /// which this one calls.
    ///
    /// - Parameters:
    ///   - alphabetizeKeyValuePairs: Whether object members are sorted. `true` by default.
    ///   - arrayEncoding: How array elements are keyed. `.brackets` by default.
    ///   - boolEncoding: How `Bool` values are written. `.numeric` by default.
    ///   - dataEncoding: How `Data` values are written. `.base64` by default.
    ///   - dateEncoding: How `Date` values are written. `.deferredToDate` by default.
    ///   - keyEncoding: How member names are transformed. `.useDefaultKeys` by default.
    ///   - keyPathEncoding: How nested names join their parent's path. `.brackets` by default.
    ///   - bracketEncoding: Whether the brackets and dots that structure a key path are escaped.
    ///     `.percentEscaped` by default.
    ///   - nilEncoding: How `nil` is written. `.dropKey` by default.
    ///   - spaceEncoding: How spaces are written. `.percentEscaped` by default.
    ///   - allowedCharacters: The characters left unescaped; only ASCII ones can be.
    ///   - charset: The charset names and values are written in, and whether the form starts
    ///     with `utf8=✓`. `.utf8` by default.
    ///   - allowsEmptyArrays: Whether an empty array is written `name[]`. `false` by default.
    ///   - indexGaps: Whether an element that writes nothing leaves a gap in the indices.
    ///     `.compact` by default.
    ///   - maximumDepth: How deep a value may nest. 512 by default, and at most.
    ///   - userInfo: Values every `encode(to:)` can read from its encoder. Empty by default.
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
        charset: URLEncodedForm.Charset = .utf8,
        allowsEmptyArrays: Bool = false,
        indexGaps: IndexGaps = .compact,
        maximumDepth: Int = 512,
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
            allowsEmptyArrays: allowsEmptyArrays,
            indexGaps: indexGaps,
            maximumDepth: maximumDepth,
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
    ///
    /// Alamofire declares the same name for the same set; in a file that imports both, this one
    /// gives way (`@_disfavoredOverload`), so the name is Alamofire's there and not ambiguous.
    @_disfavoredOverload
    public static let afURLQueryAllowed = URLEncodedFormEncoder.defaultAllowedCharacters
}
#endif
