#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Encodes `Encodable` values as `application/x-www-form-urlencoded` text: query strings and
/// HTML form bodies.
///
/// ```swift
/// struct Search: Encodable {
///     let query: String
///     let page: Int
///     let tags: [String]
/// }
///
/// let encoder = URLEncodedFormEncoder()
/// let query: String = try encoder.encode(Search(query: "swift forms", page: 2, tags: ["a", "b"]))
/// // page=2&query=swift%20forms&tags%5B%5D=a&tags%5B%5D=b
/// ```
///
/// The options, their defaults and the bytes written follow Alamofire's `URLEncodedFormEncoder`,
/// so code written for it compiles and produces the same text. Nested values become key paths
/// (`user[name]=Ada`), arrays repeat their key (`tags[]=a&tags[]=b`), and everything outside
/// ``allowedCharacters`` is percent-escaped as UTF-8.
///
/// The top-level value must encode as a keyed container: a struct, a class or a `[String: Value]`
/// dictionary. An encoder is a value: configure a copy, share it across tasks freely.
public struct URLEncodedFormEncoder: Sendable {
    /// Whether the members of every object are sorted by their escaped text (`key…=value`), for
    /// output that is the same on every run whatever the order of a dictionary. `true` by default.
    ///
    /// When `false`, members keep the order they were encoded in: declaration order for
    /// synthesized `Encodable` conformances. Array elements keep their order either way.
    public var alphabetizeKeyValuePairs: Bool { didSet { rules = EncodingRules(self) } }
    /// How array elements are keyed. ``ArrayEncoding-swift.enum/brackets`` by default.
    public var arrayEncoding: ArrayEncoding {
        didSet {
            separator = Separator(arrayEncoding)
            escaper = Self.escaper(allowing: allowedCharacters, separator: separator)
            rules = EncodingRules(self)
        }
    }
    /// How `Bool` values are written. ``BoolEncoding-swift.enum/numeric`` by default.
    public var boolEncoding: BoolEncoding { didSet { rules = EncodingRules(self) } }
    /// How `Data` values are written. ``DataEncoding-swift.enum/base64`` by default.
    public var dataEncoding: DataEncoding {
        get { strategies.values.dataEncoding }
        set { strategies = strategies.with { $0.dataEncoding = newValue } }
    }
    /// How `Date` values are written. ``DateEncoding-swift.enum/deferredToDate`` by default.
    public var dateEncoding: DateEncoding {
        get { strategies.values.dateEncoding }
        set { strategies = strategies.with { $0.dateEncoding = newValue } }
    }
    /// How member names are transformed. ``KeyEncoding-swift.enum/useDefaultKeys`` by default.
    public var keyEncoding: KeyEncoding
    /// How nested names join their parent's path. ``KeyPathEncoding-swift.struct/brackets`` by default.
    public var keyPathEncoding: KeyPathEncoding
    /// Whether the brackets and dots that structure a key path are percent-escaped.
    /// ``BracketEncoding-swift.enum/percentEscaped`` by default, as in Alamofire.
    public var bracketEncoding: BracketEncoding { didSet { rules = EncodingRules(self) } }
    /// How `nil` is written. ``NilEncoding-swift.struct/dropKey`` by default.
    public var nilEncoding: NilEncoding {
        get { strategies.values.nilEncoding }
        set { strategies = strategies.with { $0.nilEncoding = newValue } }
    }
    /// How spaces are written. ``SpaceEncoding-swift.enum/percentEscaped`` by default.
    public var spaceEncoding: SpaceEncoding { didSet { rules = EncodingRules(self) } }
    /// The characters written as they are; every other byte is percent-escaped as UTF-8 with
    /// upper-case hex digits. ``AllowedCharacters-swift.struct/default`` by default.
    ///
    /// Only ASCII characters can be left unescaped: the bytes of a multibyte character are always
    /// escaped, so the output is ASCII whatever this set holds. With the `FoundationAPI` trait,
    /// the initializer also takes a `CharacterSet`, as Alamofire's does, and
    /// ``AllowedCharacters-swift.struct/characterSet`` gives the set as one.
    public var allowedCharacters: AllowedCharacters {
        didSet { escaper = Self.escaper(allowing: allowedCharacters, separator: separator) }
    }

    /// The charset names and values are written in, whether the form starts with a sentinel
    /// that names it, and what a character the charset lacks becomes. ``URLEncodedFormCharset/utf8`` (no
    /// sentinel) by default.
    ///
    /// In ``URLEncodedFormCharset/isoLatin1`` or ``URLEncodedFormCharset/windows1252`` each character the charset has is its
    /// one byte (`é` → `%E9`) and every other one a decimal numeric character reference, escaped
    /// (`€` → `%26%238364%3B` in ISO-8859-1), as a browser submits a form from a page in that
    /// charset and as qs writes with `charset: 'iso-8859-1'`. Read it back with
    /// ``URLEncodedFormDecoder`` set to the same charset, or with ``URLEncodedFormCharset/sentinel`` on both
    /// sides. Names are written the same way, but the decoder, like qs, reads references in
    /// values only: keep names to characters the charset has.
    public var charset: URLEncodedFormCharset { didSet { rules = EncodingRules(self) } }
    /// Whether an empty array is written as its name and `[]` alone (`tags[]`), as qs writes it
    /// with `allowEmptyArrays`, so that it reads back as an empty array with the decoder's
    /// ``URLEncodedFormDecoder/allowsEmptyArrays`` (and a `[String]?` as `[]`, not `nil`).
    /// `false` by default: as in Alamofire, an empty array writes nothing. With this on, an empty
    /// array that is an element takes its place (`[[], [1]]` is `m[][]&m[][]=1`). An array that
    /// was given elements is not empty even when they write nothing: `[{}]` writes nothing, as
    /// in qs.
    public var allowsEmptyArrays: Bool { didSet { rules = EncodingRules(self) } }
    /// Which index an array element is written with when elements before it wrote nothing (an
    /// empty array, an object of dropped `nil`s, a `nil` under `.dropKey`), or whether that is an
    /// error. ``URLEncodedFormIndexGaps/compact`` by default, so `[1, nil, 2]` is `a[0]=1&a[1]=2`. The same
    /// type as the decoder's ``URLEncodedFormDecoder/indexGaps``, whose case of the same name
    /// reads it back.
    public var indexGaps: URLEncodedFormIndexGaps { didSet { rules = EncodingRules(self) } }
    /// How deep a value may nest: each level is a container inside a container, or a value whose
    /// `encode(to:)` runs inside another's, and each adds a component to the keys below it
    /// (`a[b][c]` has three). 512 by default, as `JSONEncoder` allows, which is also the most it
    /// can be: a larger setting is 512.
    ///
    /// A deeper value makes `encode` throw `EncodingError.invalidValue` with the coding path
    /// where it went past the limit, before its `encode(to:)` runs: a value that holds itself
    /// (an `indirect enum`, a class that points at another) is an error, never a stack overflow.
    /// ``URLEncodedFormDecoder/Limits-swift.struct/maximumDepth`` counts the same components.
    public var maximumDepth: Int {
        get { depth }
        set { depth = min(newValue, NestingCeiling.levels) }
    }
    // Kept within the ceiling when it is set (``NestingCeiling``).
    private var depth: Int { didSet { rules = EncodingRules(self) } }

    /// Values that every `encode(to:)` can read from its encoder's `userInfo`: a locale, a
    /// format, the API version a request targets. Empty by default.
    ///
    /// ```swift
    /// extension CodingUserInfoKey { static let apiVersion = CodingUserInfoKey(rawValue: "apiVersion")! }
    /// var encoder = URLEncodedFormEncoder()
    /// encoder.userInfo[.apiVersion] = 2
    /// // In an `encode(to:)`: `encoder.userInfo[.apiVersion] as? Int` is 2.
    /// ```
    public var userInfo: [CodingUserInfoKey: any Sendable] {
        get { strategies.values.userInfo }
        set { strategies = strategies.with { $0.userInfo = newValue } }
    }

    /// ``dataEncoding``, ``dateEncoding``, ``nilEncoding`` and ``userInfo``, which an encode
    /// retains at once (``ValueStrategies``).
    private(set) var strategies: ValueStrategies

    /// The options as an encode's stages act on them, resolved when one is set.
    private(set) var rules: EncodingRules

    /// The escaping table for ``allowedCharacters``, built when the set is assigned.
    private(set) var escaper: PercentEscaper
    /// The escaper for `allowed`; under a separator, one that escapes it too, even where `allowed`
    /// leaves it as it is, or an element holding it would split in two. Built when an option is
    /// assigned, not per encode.
    private static func escaper(allowing allowed: AllowedCharacters, separator: Separator) -> PercentEscaper {
        let bytes = allowed.bytes
        guard case .byte(let byte) = separator, bytes.contains(byte) else { return .allowing(bytes) }
        return PercentEscaper(allowing: bytes.removing(byte))
    }

    /// The separator of ``ArrayEncoding-swift.enum/separator(_:)``, read when the encoding is
    /// assigned rather than matched on every encode, which copied the enum's closure each time.
    private(set) var separator: Separator

    enum Separator {
        case none
        case byte(UInt8)
        /// One a form cannot carry as itself: outside printable ASCII, a space, or a character
        /// that already means something in form text.
        case refused

        init(_ arrayEncoding: ArrayEncoding) {
            guard case .separator(let character) = arrayEncoding else {
                self = .none
                return
            }
            if let byte = character.asciiValue, byte > 0x20, byte < 0x7F, !"&=%+#".utf8.contains(byte) {
                self = .byte(byte)
            } else {
                self = .refused
            }
        }
    }

    /// Creates an encoder; every argument defaults to the behaviour of Alamofire's encoder.
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
    ///   - allowedCharacters: The characters left unescaped: an ``AllowedCharacters-swift.struct``
    ///     set, or with the `FoundationAPI` trait a `CharacterSet` (Alamofire's
    ///     `.afURLQueryAllowed`, say); only ASCII ones can be. ``AllowedCharacters-swift.struct/default``
    ///     by default.
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
        allowedCharacters: some AllowedCharactersConvertible = AllowedCharacters.default,
        charset: URLEncodedFormCharset = .utf8,
        allowsEmptyArrays: Bool = false,
        indexGaps: URLEncodedFormIndexGaps = .compact,
        maximumDepth: Int = 512,
        userInfo: [CodingUserInfoKey: any Sendable] = [:]
    ) {
        self.allowsEmptyArrays = allowsEmptyArrays
        self.indexGaps = indexGaps
        depth = min(maximumDepth, NestingCeiling.levels)
        self.charset = charset
        strategies = ValueStrategies.make(.init(dataEncoding: dataEncoding, dateEncoding: dateEncoding, nilEncoding: nilEncoding, userInfo: userInfo))
        self.alphabetizeKeyValuePairs = alphabetizeKeyValuePairs
        self.arrayEncoding = arrayEncoding
        separator = Separator(arrayEncoding)
        self.boolEncoding = boolEncoding
        self.keyEncoding = keyEncoding
        self.keyPathEncoding = keyPathEncoding
        self.bracketEncoding = bracketEncoding
        self.spaceEncoding = spaceEncoding
        self.allowedCharacters = allowedCharacters.urlEncodedFormAllowedCharacters
        escaper = Self.escaper(allowing: self.allowedCharacters, separator: separator)
        rules = EncodingRules(
            arrayEncoding: arrayEncoding, separator: separator, boolEncoding: boolEncoding, bracketEncoding: bracketEncoding,
            spaceEncoding: spaceEncoding, alphabetizeKeyValuePairs: alphabetizeKeyValuePairs, charset: charset,
            allowsEmptyArrays: allowsEmptyArrays, indexGaps: indexGaps, maximumDepth: depth)
    }

    /// Encodes `value` as form text.
    ///
    /// ```swift
    /// let body: String = try URLEncodedFormEncoder().encode(["name": "Ada Lovelace"])
    /// // name=Ada%20Lovelace
    /// ```
    ///
    /// - Parameter value: A value that encodes as a keyed container.
    /// - Returns: The form text; empty when the value has no members.
    /// - Throws: `EncodingError.invalidValue` when the top-level value is an array or a single
    ///   value; errors thrown by a custom strategy or by the value's `encode(to:)`, unchanged.
    public func encode(_ value: some Encodable) throws -> String {
        var text = ""
        try encoded(value) { text = $0.stringUncheckedASCII }
        return text
    }

    /// Encodes `value` as the UTF-8 bytes of its form text, ready to be a request body.
    ///
    /// Chosen where the context asks for `Data`; `let text = try encoder.encode(value)` gives
    /// the `String`.
    ///
    /// - Throws: The errors the `String`-returning `encode(_:)` throws.
    @_disfavoredOverload
    public func encode(_ value: some Encodable) throws -> Data {
        var data = Data()
        try encoded(value) { data = $0.data }
        return data
    }

    /// Encodes `value` as the UTF-8 bytes of its form text, for byte-oriented server APIs.
    ///
    /// Chosen where the context asks for `[UInt8]`.
    ///
    /// - Throws: The errors the `String`-returning `encode(_:)` throws.
    @_disfavoredOverload
    public func encode(_ value: some Encodable) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try encoded(value) { bytes = $0.array }
        return bytes
    }

    /// values → tree → bytes: calls `body` with the form text of `value`.
    ///
    /// The containers build the value's tree (``ValueTree``) and ``FormSerializer`` writes
    /// it in one walk: the one path from a value to bytes.
    ///
    /// `body` returns nothing, so that no generic result passes through the stack storage the
    /// text is written in, which costs a metadata lookup per call where the caller is not
    /// specialized (the small encode; Benchmarks/README.md, Shortcuts).
    func encoded<Value: Encodable>(_ value: Value, _ body: (ByteReader) -> Void) throws {
        let session = try tree(of: value)
        let nodes = session.valueTree.nodes
        var failure: FormSerializer<NoPairItems>.Failure?
        ByteWriter.withStackStorage(640, 64, 320) { output, path, members in
            var serializer = FormSerializer(
                nodes: nodes, options: self, output: output, path: path, members: members, items: NoPairItems())
            _ = serializer.serialize(body)
            failure = serializer.failure
        }
        if let failure { throw error(failure, encoding: value, in: session) }
    }

    /// values → tree → pairs of unescaped text, through the same walk as ``encoded(_:_:)``, in
    /// the order of the text it writes.
    func unescapedPairs<Value: Encodable>(_ value: Value) throws -> [(name: String, value: String?)] {
        let session = try tree(of: value)
        let nodes = session.valueTree.nodes
        var failure: FormSerializer<UnescapedPairs>.Failure?
        var pairs = UnescapedPairs()
        ByteWriter.withStackStorage(640, 64, 320) { output, path, members in
            var serializer = FormSerializer(nodes: nodes, options: self, output: output, path: path, members: members, items: pairs)
            pairs = serializer.serialize { _ in }
            failure = serializer.failure
        }
        if let failure { throw error(failure, encoding: value, in: session) }
        return pairs.ordered
    }

    /// The tree of `value`, whose top level must be keyed.
    private func tree<Value: Encodable>(of value: Value) throws -> FormEncodingSession {
        if case .refused = separator, case .separator(let character) = arrayEncoding {
            throw Self.refusal(of: character, for: value)
        }
        let session = FormEncodingSession(options: self)
        try session.encode(value, to: .slot(FormEncodingSession.root))
        switch session.valueTree.nodes[ValueTree.root].kind {
        case .unset, .object:
            return session
        case .array, .emptyArray, .scalar, .bare:
            let kind = session.valueTree.nodes[ValueTree.root].kind
            let shape = kind == .array || kind == .emptyArray ? "an array" : "a single value"
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [],
                    debugDescription: """
                        URLEncodedFormEncoder needs a keyed value at the top level (a struct, a class or a \
                        [String: Value] dictionary), but \(Value.self) encoded as \(shape).
                        """
                )
            )
        }
    }

    /// What a value nested past `limit` levels is told.
    static func depthMessage(_ limit: Int) -> String {
        """
        The value nests more than \(limit) levels deep, the most the encoder's maximumDepth allows \
        (512 at most): a container inside a container, or an encode(to:) inside another, at every level.
        """
    }

    /// The error for what the walk left unwritten.
    private func error<Items>(_ failure: FormSerializer<Items>.Failure, encoding value: some Encodable, in session: FormEncodingSession)
        -> EncodingError
    {
        switch failure {
        case .tooDeep(let node):
            return EncodingError.invalidValue(
                value,
                EncodingError.Context(codingPath: session.codingPath(of: node), debugDescription: Self.depthMessage(maximumDepth))
            )
        case .reference(let node, let scalar):
            let code = String(scalar.value, radix: 16, uppercase: true)
            return EncodingError.invalidValue(
                String(scalar),
                EncodingError.Context(
                    codingPath: session.codingPath(of: node),
                    debugDescription: """
                        '\(scalar)' (U+\(code)) has no byte in \(charset.encoding.name), and with \
                        charset.numericReferences off it is not written as the reference &#\(scalar.value);.
                        """
                )
            )
        case .indexGap(let node):
            return EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: session.codingPath(of: node),
                    debugDescription: """
                        The element comes after elements of its array that wrote nothing (an empty array or \
                        object, or a nil left out), and indexGaps is .error: the form would close the gap or \
                        leave it, and the reader could not tell where each element was.
                        """
                )
            )
        case .separatorInElement(let node, let separator):
            let character = Character(Unicode.Scalar(separator))
            return EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: session.codingPath(of: node),
                    debugDescription: """
                        An element holds the separator '\(character)' that joins its array's elements into one query \
                        item: URLComponents escapes a query item's text itself, so the element would read back as \
                        two. Encode the query as text with encode(_:), which escapes it as %\(String(separator, radix: 16, uppercase: true)).
                        """
                )
            )
        }
    }

    /// The error for a separator that a form cannot carry as itself.
    private static func refusal(of separator: Character, for value: some Encodable) -> EncodingError {
        EncodingError.invalidValue(
            value,
            EncodingError.Context(
                codingPath: [],
                debugDescription: """
                    ArrayEncoding.separator(\(String(reflecting: separator))) cannot join elements: a separator \
                    is a printable ASCII character other than a space, &, =, %, + or #, written as it is.
                    """
            )
        )
    }
}
