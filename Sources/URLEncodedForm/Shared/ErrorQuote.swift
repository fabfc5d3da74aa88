/// Text from the input as an error message quotes it: its first 64 Unicode scalars, never more
/// than 256 bytes of UTF-8, `…` where it was cut, and control characters escaped, so that any
/// input, a megabyte of it or one `Character` of 300,000 combining marks, makes a short message
/// on one line. The whole text stays in the error for code that wants it.
///
/// ```
/// "12"                        → 12
/// "line\nbreak"               → line\nbreak
/// "1" + 300,000 × U+0301      → 1́́́… (the digit and 63 marks, 127 bytes)
/// ```
///
/// `package`, so that the framework adapters quote what they put in a response the same way.
package enum ErrorQuote {
    package static let maximumScalars = 64
    package static let maximumBytes = 256

    /// `text` shortened and escaped for a message.
    package static func quote(_ text: some StringProtocol) -> String {
        var quoted = ""
        var scalars = 0
        var bytes = 0
        for scalar in text.unicodeScalars {
            let escaped = escape(scalar)
            let length = escaped.map { $0.utf8.count } ?? UTF8.width(scalar)
            // Room is kept for the `…` (3 bytes) in case more follows.
            guard scalars < maximumScalars, bytes + length <= maximumBytes - 3 else {
                quoted += "…"
                return quoted
            }
            if let escaped { quoted += escaped } else { quoted.unicodeScalars.append(scalar) }
            scalars += 1
            bytes += length
        }
        return quoted
    }

    /// Whether ``quote(_:)`` gives `text` whole: short enough, and nothing in it escaped.
    package static func quotesWhole(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.count <= maximumScalars && text.utf8.count <= maximumBytes - 3
            && text.unicodeScalars.allSatisfy { escape($0) == nil }
    }

    /// How a scalar that would break a message's line or reorder its text is written: C0 and
    /// C1 controls, DEL, the line and paragraph separators, and the bidirectional controls.
    private static func escape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x09: return "\\t"
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
            return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        default: return nil
        }
    }
}
