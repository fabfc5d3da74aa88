import Foundation

extension URLEncodedFormDecoder {
    /// Which keys make up an array.
    ///
    /// Every strategy accepts the three ways clients write arrays, so a server reads what any of
    /// them sends:
    ///
    /// ```swift
    /// struct Query: Decodable { let tags: [String] }
    /// // tags[]=a&tags[]=b       brackets: Alamofire, Rails, PHP
    /// // tags[0]=a&tags[1]=b     indices, in any order: jQuery, qs
    /// // tags=a&tags=b           repeated keys: HTML forms, Go, Python
    /// ```
    ///
    /// A member that is missing decodes as an empty array, because an empty array writes nothing.
    public enum ArrayDecoding: Sendable {
        /// Brackets, indices and repeated keys. The default.
        case automatic
        /// Also splits each value at `separator`, for `tags=a,b,c`. An empty value is an empty
        /// array; a value cannot contain the separator itself, escaped or not.
        case separator(Character)
    }

    /// Which texts are `Bool` values.
    ///
    /// Whatever the strategy, a bare name without `=` (`?verbose`) is `true`: a flag.
    public enum BoolDecoding: Sendable {
        /// `1`/`0`, `true`/`false`, `on`/`off` (what a checked HTML checkbox sends) and `yes`/`no`,
        /// in any case. The default.
        case lenient
        /// Only `1` and `0`, what ``URLEncodedFormEncoder/BoolEncoding-swift.enum/numeric`` writes.
        case numeric
        /// Only `true` and `false`, what ``URLEncodedFormEncoder/BoolEncoding-swift.enum/literal``
        /// writes.
        case literal
        /// The result of a closure that receives the percent-decoded text. Errors it throws
        /// propagate out of `decode` unchanged.
        case custom(@Sendable (String) throws -> Bool)
    }

    /// How `Data` values are read.
    public enum DataDecoding: Sendable {
        /// Uses `Data`'s own `Decodable` conformance: an array of byte values.
        case deferredToData
        /// Base64 text, as ``URLEncodedFormEncoder/DataEncoding-swift.enum/base64`` writes it. A `+`
        /// that arrived unescaped, and so reads as a space, is taken as `+`. The default.
        case base64
        /// The result of a closure that receives the percent-decoded text. Errors it throws
        /// propagate out of `decode` unchanged.
        case custom(@Sendable (String) throws -> Data)
    }

    /// How `Date` values are read; each case reads what the encoder's case of the same name writes.
    public enum DateDecoding: Sendable {
        /// Uses `Date`'s own `Decodable` conformance: seconds since 1 January 2001. The default.
        case deferredToDate
        /// Seconds since 1 January 1970, fractions allowed: `978307323.456`.
        case secondsSince1970
        /// Milliseconds since 1 January 1970, fractions allowed: `978307323456`.
        case millisecondsSince1970
        /// ISO 8601 / RFC 3339 internet date-time, with or without fractional seconds:
        /// `2001-01-01T00:02:03Z`, `2001-01-01T01:02:03.5+01:00`.
        case iso8601
        /// The date a `DateFormatter` reads. The formatter must not be mutated while decoding.
        case formatted(DateFormatter)
        /// The result of a closure that receives the percent-decoded text. Errors it throws
        /// propagate out of `decode` unchanged.
        case custom(@Sendable (String) throws -> Date)
    }

    /// What a key that holds one value means when the form repeats it, as qs's `duplicates`
    /// option: `a=1&a=2` read into a `String` or an `Int`.
    ///
    /// A repeated key is an array wherever the type asks for one (`[String]`, `Set<Int>`), and
    /// ``URLEncodedFormValue`` keeps every value, whatever this says.
    public enum DuplicateDecoding: Sendable, Hashable {
        /// The last value: `a=1&a=2` reads as `2`. The default, as for Vapor, Rails and PHP.
        case last
        /// The first value: `a=1&a=2` reads as `1`, as Go's `url.Values.Get` reads.
        case first
        /// Refused: a `DecodingError.dataCorrupted` that names the key and how many times it
        /// came, for servers that treat a repeated field as tampering.
        case error
    }

    /// Whether decoding stops at the first field that fails, or goes on and reports every one.
    public enum ErrorReporting: Sendable, Hashable {
        /// The first failure is thrown as it is: a `DecodingError`, or the error a custom
        /// strategy or an `init(from:)` threw. The default.
        case firstError
        /// Every field that fails is recorded and decoding goes on past it; the decode then
        /// throws ``URLEncodedFormFieldErrors`` listing them all, for a form re-rendered with a
        /// message beside each bad input.
        ///
        /// A failed field is given a stand-in so that its parent can go on: an empty text, zero,
        /// `false`, `nil`, an empty collection, the first case of a `CaseIterable` enum, or the
        /// ``URLEncodedFormStandIn/formStandIn`` of a type that names one. A type that has none (a
        /// struct whose `init(from:)` throws, an enum that is not `CaseIterable`) is recorded and
        /// stops the level that holds it, unless that level reads it as optional. Input refused before decoding (a limit, a malformed key) is still one
        /// ``URLEncodedFormDecodingError``. A failure is recorded even where the type's own
        /// `init(from:)` would have caught it with `try?`.
        case everyField
    }

    /// How percent-decoded bytes become text.
    ///
    /// Browsers encode a form in the page's charset. Every page served as UTF-8 gets UTF-8, but
    /// legacy pages in ISO-8859-1 send `é` as `%E9`.
    public enum Charset: Sendable, Hashable {
        /// UTF-8, where bytes that are not UTF-8 become U+FFFD. The default.
        case utf8
        /// ISO-8859-1 (Latin-1): each byte is the character of the same number, so `%E9` is `é`.
        case isoLatin1
    }

    /// How the names in the form are matched to coding keys.
    public enum KeyDecoding: Sendable {
        /// Names must equal the type's `CodingKey`s. The default.
        case useDefaultKeys
        /// `one_two_three` → `oneTwoThree`, as `JSONDecoder` converts. A key also matches the name
        /// ``URLEncodedFormEncoder/KeyEncoding-swift.enum/convertToSnakeCase`` writes for it, so
        /// `my_url_property` finds `myURLProperty`.
        case convertFromSnakeCase
        /// `one-two-three` → `oneTwoThree`; matches what
        /// ``URLEncodedFormEncoder/KeyEncoding-swift.enum/convertToKebabCase`` writes, likewise.
        case convertFromKebabCase
        /// The coding-key name a closure returns for each name in the form.
        case custom(@Sendable (String) -> String)
    }

    /// How nested names are read from a key.
    ///
    /// ```swift
    /// // .brackets: parent[child][grandchild]=value
    /// // .dots:     parent.child.grandchild=value, and parent[child].grandchild=value
    /// ```
    public struct KeyPathDecoding: Sendable, Hashable {
        let acceptsDots: Bool

        /// `parent[child]`, where `[]` appends to an array. A dot is an ordinary character. The
        /// default.
        public static let brackets = KeyPathDecoding(acceptsDots: false)
        /// `parent.child`, and brackets as well: `parent.items[0].name`. A name in brackets is
        /// taken as it is, so `hosts[example.com]` is the member `example.com` of `hosts`.
        public static let dots = KeyPathDecoding(acceptsDots: true)
    }

    /// What a `+` means.
    public enum SpaceDecoding: Sendable {
        /// `+` is a space, as in every HTML form body and query string. The default.
        case plusAsSpace
        /// `+` is a plus sign; only `%20` is a space. For text escaped with RFC 3986 rules that
        /// left `+` unescaped.
        case plusLiteral
    }
}
