/// Text written in a legacy charset, as a browser submits a form from a page in that charset:
/// each character the charset has as its one byte, every other one as a decimal numeric
/// character reference. The bytes are percent-escaped afterwards, like UTF-8's.
///
///     ISO-8859-1    é → E9      € → &#8364;     日 → &#26085;
///     windows-1252  é → E9      € → 80          🌍 → &#127757;
extension LegacyCharsets {
    /// The byte of `scalar` in windows-1252 for the characters of its 0x80–0x9F row.
    private static let windows1252Bytes: [UInt32: UInt8] = Dictionary(
        uniqueKeysWithValues: windows1252High.enumerated().map { (UInt32($0.element), UInt8(0x80 &+ $0.offset)) }
    )

    /// Appends the text of `scalars` in `charset`, a single-byte one, to `bytes`; returns the
    /// first character written as a reference, if any.
    @discardableResult
    static func encode(_ scalars: some Sequence<Unicode.Scalar>, charset: URLEncodedFormCharset.Encoding, into bytes: inout [UInt8]) -> Unicode
        .Scalar?
    {
        var firstReference: Unicode.Scalar?
        for scalar in scalars {
            let value = scalar.value
            if value < 0x80 {
                bytes.append(UInt8(value))
            } else if let byte = byte(of: value, in: charset) {
                bytes.append(byte)
            } else {
                bytes.append(contentsOf: "&#".utf8)
                bytes.appendDecimal(value)
                bytes.append(UInt8(ascii: ";"))
                if firstReference == nil { firstReference = scalar }
            }
        }
        return firstReference
    }

    private static func byte(of value: UInt32, in charset: URLEncodedFormCharset.Encoding) -> UInt8? {
        switch charset {
        case .utf8: nil
        case .isoLatin1: value <= 0xFF ? UInt8(value) : nil
        case .windows1252:
            // 0xA0–0xFF are ISO-8859-1's; the 0x80 row is windows-1252's own, where the five
            // undefined bytes stand for the controls of the same number (the WHATWG index).
            value >= 0xA0 && value <= 0xFF ? UInt8(value) : windows1252Bytes[value]
        }
    }
}
