/// The charset a form's percent-decoded bytes are in: what the encoder writes text in, and what
/// the decoder reads it as (``URLEncodedFormEncoder/charset``, ``URLEncodedFormDecoder/charset``).
///
/// Browsers encode a form in the page's charset. Every page served as UTF-8 gets UTF-8, but
/// legacy pages send `é` as `%E9`. A page labelled ISO-8859-1 is sent as windows-1252, which
/// the WHATWG Encoding standard maps that label to, so `€` arrives as `%80`; a character the
/// charset lacks arrives as a numeric character reference (`日` as `%26%2326085%3B`), which
/// ``URLEncodedFormDecoder/interpretsNumericEntities`` reads.
public enum Charset: Sendable, Hashable {
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
