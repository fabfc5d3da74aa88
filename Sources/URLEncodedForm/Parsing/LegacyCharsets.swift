/// Text from forms sent in a legacy charset, made UTF-8: ISO-8859-1 and windows-1252 bytes, and
/// the numeric character references a browser writes for characters its charset lacks.
///
///     ISO-8859-1    %E9 → é      %80 → U+0080
///     windows-1252  %E9 → é      %80 → €       (the WHATWG index for 0x80–0x9F)
///     references    &#26085; → 日              (decimal, as browsers and qs write them)
enum LegacyCharsets {
    /// windows-1252's characters for the bytes 0x80–0x9F, where ISO-8859-1 has C1 controls. The
    /// WHATWG Encoding standard maps the five bytes windows-1252 leaves undefined to the controls
    /// of the same number, as ISO-8859-1 does.
    static let windows1252High: [UInt16] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]

    /// Rewrites the bytes of `bytes` from `start` on, read in `charset` (a single-byte one), as
    /// UTF-8. Nothing is copied when they are all ASCII, as most names and values are.
    static func transcode(_ bytes: inout [UInt8], from start: Int, charset: URLEncodedFormCharset.Encoding) {
        // Read in place: a slice of `bytes` held across the mutation below would make it copy the
        // whole buffer, which for a name is the whole input, once per name.
        let utf8: [UInt8]? = bytes.withReader { all in
            let legacy = all[start..<all.count]
            guard legacy.contains(where: { $0 >= 0x80 }) else { return nil }
            var utf8: [UInt8] = []
            utf8.reserveCapacity(legacy.count &* 3)
            for byte in legacy {
                if byte < 0x80 {
                    utf8.append(byte)
                } else if charset == .windows1252, byte < 0xA0 {
                    appendUTF8(of: UInt32(windows1252High[Int(byte &- 0x80)]), to: &utf8)
                } else {
                    appendUTF8(of: UInt32(byte), to: &utf8)
                }
            }
            return utf8
        }
        guard let utf8 else { return }
        bytes.removeLast(bytes.count &- start)
        bytes.append(contentsOf: utf8)
    }

    /// Replaces each `&#digits;` in `bytes` that names a character with that character's UTF-8.
    /// A reference is never shorter than the character it names (`&#0;` is four bytes, and a
    /// character of four UTF-8 bytes needs `&#65536;` or more), so the rewrite happens in place.
    static func readNumericReferences(_ bytes: inout [UInt8]) {
        guard bytes.count >= 4 else { return }
        var read = 0
        var write = 0
        let count = bytes.count
        while read < count {
            if bytes[read] == UInt8(ascii: "&"), let (scalar, length) = reference(in: bytes, at: read) {
                UTF8.encode(scalar) { byte in
                    bytes[write] = byte
                    write &+= 1
                }
                read &+= length
            } else {
                bytes[write] = bytes[read]
                write &+= 1
                read &+= 1
            }
        }
        bytes.removeSubrange(write...)
    }

    /// The character named by the reference at `start`, and the reference's length; `nil` unless
    /// it is `&#`, up to seven digits and `;`, naming a Unicode scalar.
    private static func reference(in bytes: [UInt8], at start: Int) -> (Unicode.Scalar, Int)? {
        var index = start &+ 2
        guard index < bytes.count, bytes[start &+ 1] == UInt8(ascii: "#") else { return nil }
        var value: UInt32 = 0
        let digitsStart = index
        while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10, index &- digitsStart < 7 {
            value = value &* 10 &+ UInt32(bytes[index] &- UInt8(ascii: "0"))
            index &+= 1
        }
        guard index > digitsStart, index < bytes.count, bytes[index] == UInt8(ascii: ";"), let scalar = Unicode.Scalar(value) else {
            return nil
        }
        return (scalar, index &+ 1 &- start)
    }

    private static func appendUTF8(of scalar: UInt32, to bytes: inout [UInt8]) {
        guard let scalar = Unicode.Scalar(scalar) else { return }
        UTF8.encode(scalar) { bytes.append($0) }
    }
}
