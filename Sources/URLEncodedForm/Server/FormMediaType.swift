/// A `Content-Type` header read as the server adapters need it: whether it names a form body,
/// `application/x-www-form-urlencoded` in any case and with any parameters (media types are
/// case-insensitive, RFC 9110, 8.3.1), and the label its `charset` parameter gives, if any.
///
/// ```
/// "application/x-www-form-urlencoded"                         → a form, no charset
/// "Application/X-WWW-Form-URLEncoded ; charset=UTF-8"         → a form, charset "UTF-8"
/// "application/x-www-form-urlencoded; charset=\"latin1\""     → a form, charset "latin1"
/// "application/x-www-form-urlencodedx", "application/json"    → nil
/// ```
///
/// Compared byte by byte in the header's own bytes, since every request asks: the frameworks'
/// own media-type parsers split, trim and lowercase the header on every call, and Hummingbird's
/// `MediaType.isType` compares the subtype case-sensitively. The load benchmark's profile is in
/// `Benchmarks/README.md`, "Load".
package struct FormMediaType: Equatable {
    /// The `charset` parameter's value, unquoted, as the client wrote it; `nil` when there is none.
    package let charset: String?

    private typealias Bytes = Substring.UTF8View

    /// `contentType` read as a form's media type; `nil` for any other media type.
    package init?(_ contentType: String) {
        // What browsers and most clients send, compared at once.
        if contentType == "application/x-www-form-urlencoded" {
            charset = nil
            return
        }
        let bytes = contentType[...].utf8
        let semicolon = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
        guard Self.isForm(Self.trimmed(bytes[..<semicolon])) else { return nil }
        charset = Self.charset(inParameters: bytes[semicolon...])
    }

    /// Whether `name` is the form's media type in any case. ASCII letters differ from their
    /// capitals in one bit (0x20); the other bytes of the media type are not letters, and must
    /// match exactly.
    private static func isForm(_ name: Bytes) -> Bool {
        let form = "application/x-www-form-urlencoded".utf8
        return name.count == form.count
            && zip(name, form).allSatisfy { byte, expected in
                byte == expected || (expected >= UInt8(ascii: "a") && expected <= UInt8(ascii: "z") && byte | 0x20 == expected)
            }
    }

    /// The first `charset` parameter in `; name=value; …` (RFC 9110, 5.6.6): names in any case,
    /// values a token or a quoted string, whose `\` escapes the next character.
    private static func charset(inParameters bytes: Bytes) -> String? {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            // At a `;`: the parameter's name runs to `=`.
            index = bytes.index(after: index)
            let nameStart = index
            while index < bytes.endIndex, bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: ";") {
                index = bytes.index(after: index)
            }
            let name = trimmed(bytes[nameStart..<index])
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "=") else { continue }
            index = bytes.index(after: index)
            let isCharset = name.count == 7 && name.elementsEqual("charset".utf8) { $0 | 0x20 == $1 }
            let (value, end) = parameterValue(in: bytes, from: index, keeping: isCharset)
            if let value { return value }
            index = end
        }
        return nil
    }

    /// The value that starts at `start`, a token or a quoted string, unquoted when `keeping` it
    /// (`nil` otherwise: another parameter's value is only skipped); and where it ends, at the
    /// next `;` or the end.
    private static func parameterValue(in bytes: Bytes, from start: Bytes.Index, keeping: Bool) -> (String?, Bytes.Index) {
        var index = start
        while index < bytes.endIndex, isSpace(bytes[index]) { index = bytes.index(after: index) }
        guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "\"") else {
            let end = bytes[index...].firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
            return (keeping ? String(decoding: trimmed(bytes[index..<end]), as: UTF8.self) : nil, end)
        }
        var value: [UInt8] = []
        index = bytes.index(after: index)
        while index < bytes.endIndex, bytes[index] != UInt8(ascii: "\"") {
            if bytes[index] == UInt8(ascii: "\\"), bytes.index(after: index) < bytes.endIndex { index = bytes.index(after: index) }
            if keeping { value.append(bytes[index]) }
            index = bytes.index(after: index)
        }
        let end = bytes[index...].firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
        return (keeping ? String(decoding: value, as: UTF8.self) : nil, end)
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    private static func trimmed(_ bytes: Bytes) -> Bytes {
        var bytes = bytes
        while let first = bytes.first, isSpace(first) { bytes = bytes.dropFirst() }
        while let last = bytes.last, isSpace(last) { bytes = bytes.dropLast() }
        return bytes
    }
}
