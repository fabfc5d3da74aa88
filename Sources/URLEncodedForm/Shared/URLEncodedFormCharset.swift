/// The charset a form's text is in, with the two ways a form carries what a charset cannot say
/// by itself: numeric character references and a sentinel. ``URLEncodedFormEncoder/charset``
/// writes a form in it and ``URLEncodedFormDecoder/charset`` reads one.
///
/// ```swift
/// var encoder = URLEncodedFormEncoder()
/// encoder.charset = .windows1252            // é → %E9, € → %80, 日 → %26%2326085%3B
/// encoder.charset.sentinel = true           // the form starts with utf8=%26%2310003%3B
///
/// var decoder = URLEncodedFormDecoder()
/// decoder.charset.sentinel = true           // that sentinel makes the form windows-1252
/// ```
///
/// Browsers encode a form in the page's charset. Every page served as UTF-8 gets UTF-8, but
/// legacy pages send `é` as `%E9`. A page labelled ISO-8859-1 is sent as windows-1252, which
/// the WHATWG Encoding standard maps that label to, so `€` arrives as `%80`; a character the
/// charset lacks arrives as a numeric character reference (`日` as `%26%2326085%3B`), which
/// ``numericReferences`` reads.
///
/// Assigning ``utf8``, ``isoLatin1`` or ``windows1252`` sets all three properties; to change
/// the charset of a preset and keep its other two, set ``encoding``.
public struct URLEncodedFormCharset: Sendable, Hashable {
    /// Which bytes stand for which characters.
    public enum Encoding: Sendable, Hashable {
        /// UTF-8, where bytes that are not UTF-8 become U+FFFD. The default.
        case utf8
        /// ISO-8859-1 (Latin-1): each byte is the character of the same number, so `%E9` is `é`
        /// and `%80` is U+0080, as qs reads `charset: 'iso-8859-1'`.
        case isoLatin1
        /// windows-1252, what browsers send from pages labelled ISO-8859-1, Latin-1 or
        /// windows-1252: ISO-8859-1 but for `%80`–`%9F`, which are `€`, `‚`, `ƒ`, `„`, `…`, the
        /// curly quotes and the rest of that row.
        case windows1252
    }

    /// Which bytes stand for which characters. ``Encoding-swift.enum/utf8`` by default.
    public var encoding: Encoding

    /// Whether the form says which charset it is in, as Rails' and qs's `utf8=✓` sentinel and
    /// the `_charset_` field of HTML forms do. `false` by default.
    ///
    /// - **Encoding:** the form starts with `utf8=✓`, written in the form's charset
    ///   (`utf8=%E2%9C%93` in UTF-8, `utf8=%26%2310003%3B` in a legacy one), so that a server
    ///   tells the charset from the form itself. A form with nothing else in it stays empty.
    /// - **Decoding:** the first `utf8` or `_charset_` parameter decides the charset of that form,
    ///   and neither is decoded into the value, whatever it holds. Sent as UTF-8, `✓` arrives as
    ///   `utf8=%E2%9C%93`; a browser that sent the form in a legacy charset, where `✓` has no
    ///   byte, writes the reference `&#10003;` instead (`utf8=%26%2310003%3B`), which picks
    ///   ``encoding`` when that is a legacy one and ISO-8859-1 otherwise, as qs does. A browser
    ///   fills a hidden input named `_charset_` with the name of the charset it used (the HTML
    ///   standard): `UTF-8` picks UTF-8; `windows-1252`, and the labels the WHATWG Encoding
    ///   standard treats as it (`ISO-8859-1`, `latin1`, `US-ASCII`…), pick windows-1252; any
    ///   other name is refused with
    ///   ``URLEncodedFormDecodingError/Code-swift.struct/unsupportedCharset`` rather than read
    ///   as the wrong text.
    public var sentinel: Bool

    /// Whether a character that ISO-8859-1 or windows-1252 lacks travels as a decimal numeric
    /// character reference, as browsers and qs write it (`日` as `&#26085;`, escaped
    /// `%26%2326085%3B`). `true` by default.
    ///
    /// - **Encoding:** such a character is written as its reference; with this off, encoding a
    ///   value or a key that holds one throws `EncodingError.invalidValue` at its coding path,
    ///   for a server that would read the reference as text.
    /// - **Decoding:** references in the values of a form read in a legacy charset are read as
    ///   the characters they name, as qs's `interpretNumericEntities`; with this off they stay
    ///   text. Names are never rewritten, as in qs, and a reference to no character (a
    ///   surrogate, or past U+10FFFF) stays as it is.
    ///
    /// In UTF-8 every character has bytes of its own, so neither side writes or reads
    /// references: `&#38;` in a UTF-8 form is text the user typed.
    public var numericReferences: Bool

    /// A charset, with the sentinel off and numeric references on unless said otherwise.
    public init(_ encoding: Encoding, sentinel: Bool = false, numericReferences: Bool = true) {
        self.encoding = encoding
        self.sentinel = sentinel
        self.numericReferences = numericReferences
    }

    /// UTF-8, without a sentinel. The default.
    public static let utf8 = URLEncodedFormCharset(.utf8)
    /// ISO-8859-1, without a sentinel, characters it lacks as numeric references.
    public static let isoLatin1 = URLEncodedFormCharset(.isoLatin1)
    /// windows-1252, without a sentinel, characters it lacks as numeric references.
    public static let windows1252 = URLEncodedFormCharset(.windows1252)

    /// Whether the bytes are read or written in a single-byte charset, where numeric references
    /// apply.
    var isLegacy: Bool { encoding != .utf8 }
}

extension URLEncodedFormCharset.Encoding {
    /// The charset's name in messages, as the WHATWG Encoding standard writes it.
    var name: String {
        switch self {
        case .utf8: "UTF-8"
        case .isoLatin1: "ISO-8859-1"
        case .windows1252: "windows-1252"
        }
    }
}

extension URLEncodedFormCharset.Encoding {
    /// The encoding a charset label names, as the WHATWG Encoding standard reads labels (ASCII
    /// whitespace trimmed, any case): its labels of UTF-8, and of windows-1252, which every label
    /// of ISO-8859-1 and US-ASCII also means to a browser. `nil` for any other label. A form's
    /// `_charset_` and a request's `Content-Type` charset are read with it.
    init?(label: String) {
        let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, 0x0C]
        let bytes = label.utf8.drop { whitespace.contains($0) }.reversed().drop { whitespace.contains($0) }.reversed()
        let lowercased = String(decoding: bytes.map { $0 &- UInt8(ascii: "A") < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
        if Self.utf8Labels.contains(lowercased) {
            self = .utf8
        } else if Self.windows1252Labels.contains(lowercased) {
            self = .windows1252
        } else {
            return nil
        }
    }

    private static let utf8Labels: Set<String> = ["utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8"]
    private static let windows1252Labels: Set<String> = [
        "windows-1252", "ansi_x3.4-1968", "ascii", "cp1252", "cp819", "csisolatin1", "ibm819", "iso-8859-1", "iso-ir-100",
        "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "l1", "latin1", "us-ascii", "x-cp1252",
    ]
}
