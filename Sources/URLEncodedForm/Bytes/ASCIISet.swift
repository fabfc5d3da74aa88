/// A set of ASCII bytes, 128 bits: the characters a form writes as they are.
///
/// The escaper's tables are built from it, so escaping needs no `CharacterSet` (which only full
/// Foundation has). The public face of it is ``URLEncodedFormEncoder/AllowedCharacters``; the
/// `CharacterSet` option converts into it once, when assigned.
///
///     let set = ASCIISet("abc-")          // a, b, c and -
///     set.contains(UInt8(ascii: "b"))     // true
///     set.contains(0xC3)                  // false: no byte above 0x7F is ever in it
///     set.removing(UInt8(ascii: "-"))     // a, b and c
struct ASCIISet: Hashable, Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    /// The ASCII characters of `characters`; any other character is left out.
    init(_ characters: String) {
        for byte in characters.utf8 where byte < 0x80 { insert(byte) }
    }

    /// The ASCII bytes for which `isMember` holds.
    init(where isMember: (UInt8) -> Bool) {
        for byte in UInt8(0)..<0x80 where isMember(byte) { insert(byte) }
    }

    func contains(_ byte: UInt8) -> Bool {
        switch byte {
        case 0..<64: low & (1 &<< UInt64(byte)) != 0
        case 64..<128: high & (1 &<< UInt64(byte &- 64)) != 0
        default: false
        }
    }

    func removing(_ byte: UInt8) -> ASCIISet {
        var set = self
        switch byte {
        case 0..<64: set.low &= ~(1 &<< UInt64(byte))
        case 64..<128: set.high &= ~(1 &<< UInt64(byte &- 64))
        default: break
        }
        return set
    }

    func union(_ other: ASCIISet) -> ASCIISet {
        var set = self
        set.low |= other.low
        set.high |= other.high
        return set
    }

    func subtracting(_ other: ASCIISet) -> ASCIISet {
        var set = self
        set.low &= ~other.low
        set.high &= ~other.high
        return set
    }

    private mutating func insert(_ byte: UInt8) {
        if byte < 64 { low |= 1 &<< UInt64(byte) } else { high |= 1 &<< UInt64(byte &- 64) }
    }
}
