extension URLEncodedFormEncoder {
    /// The ASCII characters a form writes as they are; every other byte is percent-escaped.
    ///
    /// The encoder's ``URLEncodedFormEncoder/allowedCharacters`` option, a set of its own so
    /// that escaping needs no `CharacterSet`, which only full Foundation has. Only ASCII
    /// characters can be left unescaped, so the set holds nothing else: the bytes of a multibyte
    /// character are always escaped and the output is ASCII whatever the set holds.
    ///
    /// ```swift
    /// var encoder = URLEncodedFormEncoder()
    /// encoder.allowedCharacters = URLEncodedFormEncoder.AllowedCharacters.default.removing("?/")
    /// encoder.allowedCharacters = "abc"     // a string literal: exactly these characters
    /// ```
    ///
    /// With the `FoundationAPI` trait (on by default), the initializer takes a `CharacterSet`
    /// too, as Alamofire's does (`allowedCharacters: .afURLQueryAllowed`), and
    /// ``characterSet`` gives the set as one.
    public struct AllowedCharacters: AllowedCharactersConvertible, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
        var bytes: ASCIISet

        init(bytes: ASCIISet) {
            self.bytes = bytes
        }

        /// The ASCII characters of `characters`. Any other character is not added: it could only
        /// ever be escaped.
        public init(_ characters: String) {
            bytes = ASCIISet(characters)
        }

        /// The ASCII characters of the literal; any other character is not added.
        public init(stringLiteral characters: String) {
            self.init(characters)
        }

        /// The encoder's default: RFC 3986's unreserved characters (`A–Z a–z 0–9 - . _ ~`) plus
        /// `?` and `/`, which RFC 3986 section 3.4 allows unescaped in a query. Alamofire's
        /// `.afURLQueryAllowed`.
        public static let `default` = AllowedCharacters(bytes: PercentEscaper.defaultSet)

        /// The characters JavaScript's `encodeURIComponent` leaves as they are
        /// (`A–Z a–z 0–9 - _ . ! ~ * ' ( )`), the escaping of jQuery's `$.param` and of qs.
        public static let jQuery: AllowedCharacters =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()"

        /// RFC 3986's unreserved characters alone (`A–Z a–z 0–9 - . _ ~`): what the WHATWG URL
        /// standard and Python's `urllib.parse.quote` leave unescaped in a form value.
        public static let unreserved: AllowedCharacters =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"

        /// Whether `character` is written as it is.
        public func contains(_ character: Unicode.Scalar) -> Bool {
            character.isASCII && bytes.contains(UInt8(character.value))
        }

        /// This set with the ASCII characters of `characters` added.
        public func inserting(_ characters: String) -> AllowedCharacters {
            AllowedCharacters(bytes: bytes.union(ASCIISet(characters)))
        }

        /// This set without the characters of `characters`.
        public func removing(_ characters: String) -> AllowedCharacters {
            AllowedCharacters(bytes: bytes.subtracting(ASCIISet(characters)))
        }

        /// The characters in the set, in ASCII order.
        public var description: String {
            String(decoding: (UInt8(0)..<0x80).filter(bytes.contains), as: UTF8.self)
        }

        /// The set itself.
        public var urlEncodedFormAllowedCharacters: AllowedCharacters { self }
    }

    /// What the initializer's `allowedCharacters` takes: an ``AllowedCharacters`` set, or with
    /// the `FoundationAPI` trait a `CharacterSet`, as Alamofire's initializer takes it.
    public protocol AllowedCharactersConvertible: Sendable {
        /// The ASCII characters of this set, which a form can leave unescaped.
        var urlEncodedFormAllowedCharacters: AllowedCharacters { get }
    }
}

// The sets by their short names where the initializer takes any set:
// `URLEncodedFormEncoder(allowedCharacters: .jQuery)`.
extension URLEncodedFormEncoder.AllowedCharactersConvertible where Self == URLEncodedFormEncoder.AllowedCharacters {
    /// ``URLEncodedFormEncoder/AllowedCharacters/default``.
    public static var `default`: Self { URLEncodedFormEncoder.AllowedCharacters.default }
    /// ``URLEncodedFormEncoder/AllowedCharacters/jQuery``.
    public static var jQuery: Self { URLEncodedFormEncoder.AllowedCharacters.jQuery }
    /// ``URLEncodedFormEncoder/AllowedCharacters/unreserved``.
    public static var unreserved: Self { URLEncodedFormEncoder.AllowedCharacters.unreserved }
}
