/// Whether a `Content-Type` header names a form body: `application/x-www-form-urlencoded`, with
/// any parameters, in any case (media types are case-insensitive, RFC 9110, 8.3.1).
///
/// ```
/// "application/x-www-form-urlencoded"                  → true
/// "Application/X-WWW-Form-URLEncoded ; charset=UTF-8"  → true
/// "application/x-www-form-urlencodedx"                 → false
/// "application/json"                                   → false
/// ```
///
/// `package`, so that both framework adapters ask it the same way. Compared byte by byte, since
/// every request asks: the frameworks' own media-type parsers split, trim and lowercase the
/// header (Vapor's `headers.contentType`, twice per request, took 18% of a streamed route's
/// processor time in the load benchmark's profile). Not Hummingbird's `MediaType.isType` either:
/// it compares the subtype case-sensitively.
package enum FormMediaType {
    package static func matches(_ contentType: String) -> Bool {
        // What clients send, compared at once.
        if contentType == "application/x-www-form-urlencoded" { return true }
        var bytes = contentType.utf8[...]
        if let semicolon = bytes.firstIndex(of: UInt8(ascii: ";")) { bytes = bytes[..<semicolon] }
        func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        while let first = bytes.first, isSpace(first) { bytes = bytes.dropFirst() }
        while let last = bytes.last, isSpace(last) { bytes = bytes.dropLast() }
        let form = "application/x-www-form-urlencoded".utf8
        // ASCII letters differ from their capitals in one bit (0x20); the other bytes of the
        // media type are not letters, and must match exactly.
        return bytes.count == form.count
            && zip(bytes, form).allSatisfy { byte, expected in
                byte == expected || (expected >= UInt8(ascii: "a") && expected <= UInt8(ascii: "z") && byte | 0x20 == expected)
            }
    }
}
