/// The parameter that says which charset a form was sent in, read before any name is parsed,
/// since it decides how names are read: `utf8=✓`, which Rails' form helpers add and qs reads, or
/// `_charset_`, which a browser fills with the name of the charset it used (the HTML standard).
///
///     utf8=%E2%9C%93                 ✓ as UTF-8: the form is UTF-8
///     utf8=%26%2310003%3B            ✓ as a reference: the page's legacy charset
///     _charset_=windows-1252         the charset's name, as Chromium and Firefox send it
struct CharsetSentinel {
    /// Where the first `utf8` pair and the first `_charset_` pair start, so that the parser skips
    /// both: either is a note about the form, not a field of it.
    let starts: [Int]
    private let name: Name
    private let value: [UInt8]

    private enum Name { case utf8, charset }

    /// The first `utf8` or `_charset_` pair in `input`, which decides.
    static func find(in input: ByteReader) -> CharsetSentinel? {
        var first: (name: Name, value: [UInt8])?
        var starts: [Int] = []
        var seen: [Name] = []
        var start = 0
        while start < input.count, seen.count < 2 {
            var end = start
            while end < input.count, input[end] != UInt8(ascii: "&") { end &+= 1 }
            let pair = input[start..<end]
            for (name, prefix) in [(Name.utf8, "utf8="), (.charset, "_charset_=")] where !seen.contains(name) && pair.hasPrefix(prefix) {
                seen.append(name)
                starts.append(start)
                if first == nil {
                    var value: [UInt8] = []
                    PercentDecoding.decode(pair[prefix.utf8.count..<pair.count], plusIsSpace: true, into: &value)
                    first = (name, value)
                }
            }
            start = end &+ 1
        }
        guard let first else { return nil }
        return CharsetSentinel(starts: starts, name: first.name, value: first.value)
    }

    /// The charset the sentinel names, or `nil` for a `utf8` value that names none (it is still
    /// skipped, as qs skips it). A legacy `✓` means the decoder's charset when that is a legacy one,
    /// and ISO-8859-1 otherwise, as in qs.
    ///
    /// - Throws: ``URLEncodedFormDecodingError/Code-swift.struct/unsupportedCharset`` for a
    ///   `_charset_` this decoder cannot read.
    func charset(default configured: URLEncodedFormCharset.Encoding) throws -> URLEncodedFormCharset.Encoding? {
        switch name {
        case .utf8:
            if value.elementsEqual("✓".utf8) { return .utf8 }
            if value.elementsEqual("&#10003;".utf8) { return configured == .utf8 ? .isoLatin1 : configured }
            return nil
        case .charset:
            let label = String(decoding: value, as: UTF8.self)
            guard let encoding = URLEncodedFormCharset.Encoding(label: label) else { throw URLEncodedFormDecodingError.unsupportedCharset(label) }
            return encoding
        }
    }
}

extension ByteReader {
    func hasPrefix(_ prefix: String) -> Bool {
        count >= prefix.utf8.count && self[0..<prefix.utf8.count].elementsEqual(prefix.utf8)
    }
}
