/// Escaping and unescaping alone, for the benchmark package to time without the coders around
/// them. Not part of the API: `@_spi(Benchmarks) import URLEncodedForm` to use it.
@_spi(Benchmarks) public enum PercentCoding {
    private static let escaper = URLEncodedFormEncoder().escaper

    /// Appends `bytes` escaped as the default encoder escapes values.
    public static func escape(_ bytes: [UInt8], into output: inout [UInt8]) {
        bytes.withReader { escaper.escape($0, spaceAsPlus: false, into: &output) }
    }

    /// Appends `bytes` percent-decoded as the default decoder decodes values, `+` as a space.
    public static func unescape(_ bytes: [UInt8], into output: inout [UInt8]) {
        bytes.withReader { PercentDecoding.decode($0, plusIsSpace: true, into: &output) }
    }
}
