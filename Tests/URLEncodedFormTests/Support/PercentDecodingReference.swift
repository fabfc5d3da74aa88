/// Percent-decoding byte at a time, as the WHATWG URL standard's percent-decode describes it:
/// the model the parser and the percent-decoder are tested against.
enum PercentDecodingReference {
    /// `bytes` percent-decoded; `+` becomes a space when `plusIsSpace`.
    static func decode(_ bytes: [UInt8], plusIsSpace: Bool) -> [UInt8] {
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let hex = bytes[min(index + 1, bytes.count)..<min(index + 3, bytes.count)]
            if bytes[index] == UInt8(ascii: "%"), hex.count == 2,
                hex.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
                let value = UInt8(String(decoding: hex, as: UTF8.self), radix: 16)
            {
                output.append(value)
                index += 3
            } else {
                output.append(bytes[index] == UInt8(ascii: "+") && plusIsSpace ? UInt8(ascii: " ") : bytes[index])
                index += 1
            }
        }
        return output
    }
}
