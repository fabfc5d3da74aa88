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
/// Compared byte by byte, since every request asks: the frameworks' own media-type parsers
/// split, trim and lowercase the header on every call, and Hummingbird's `MediaType.isType`
/// compares the subtype case-sensitively. The load benchmark's profile is in
/// `Benchmarks/README.md`, "Load".
package struct FormMediaType: Equatable {
    /// The `charset` parameter's value, unquoted, as the client wrote it; `nil` when there is none.
    package let charset: String?

    /// `contentType` read as a form's media type; `nil` for any other media type.
    package init?(_ contentType: String) {
        // What browsers and most clients send, compared at once.
        if contentType == "application/x-www-form-urlencoded" {
            charset = nil
            return
        }
        let bytes = Array(contentType.utf8)
        let semicolon = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
        guard Self.isForm(Self.trimmed(bytes[..<semicolon])) else { return nil }
        charset = Self.charset(inParameters: bytes[semicolon...])
    }

    private static let form = Array("application/x-www-form-urlencoded".utf8)

    /// Whether `name` is the form's media type in any case. ASCII letters differ from their
    /// capitals in one bit (0x20); the other bytes of the media type are not letters, and must
    /// match exactly.
    private static func isForm(_ name: ArraySlice<UInt8>) -> Bool {
        name.count == form.count
            && zip(name, form).allSatisfy { byte, expected in
                byte == expected || (expected >= UInt8(ascii: "a") && expected <= UInt8(ascii: "z") && byte | 0x20 == expected)
            }
    }

    /// The first `charset` parameter in `; name=value; …` (RFC 9110, 5.6.6): names in any case,
    /// values a token or a quoted string, whose `\` escapes the next character.
    private static func charset(inParameters bytes: ArraySlice<UInt8>) -> String? {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            // At a `;`: the parameter's name runs to `=`.
            index += 1
            let nameStart = index
            while index < bytes.endIndex, bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: ";") { index += 1 }
            let name = trimmed(bytes[nameStart..<index])
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "=") else { continue }
            index += 1
            while index < bytes.endIndex, isSpace(bytes[index]) { index += 1 }
            var value: [UInt8] = []
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "\"") {
                index += 1
                while index < bytes.endIndex, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.endIndex { index += 1 }
                    value.append(bytes[index])
                    index += 1
                }
                while index < bytes.endIndex, bytes[index] != UInt8(ascii: ";") { index += 1 }
            } else {
                let valueStart = index
                while index < bytes.endIndex, bytes[index] != UInt8(ascii: ";") { index += 1 }
                value = Array(trimmed(bytes[valueStart..<index]))
            }
            if name.count == 7, name.elementsEqual("charset".utf8, by: { $0 | 0x20 == $1 }) {
                return String(decoding: value, as: UTF8.self)
            }
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var bytes = bytes
        while let first = bytes.first, isSpace(first) { bytes = bytes.dropFirst() }
        while let last = bytes.last, isSpace(last) { bytes = bytes.dropLast() }
        return bytes
    }
}
