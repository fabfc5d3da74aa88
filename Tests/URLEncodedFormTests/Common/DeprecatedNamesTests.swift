import Testing
import URLEncodedForm

/// The former names of renamed options, kept as deprecated aliases for one release: each reads
/// and writes what its new name does, so code written against them still compiles and works.
@Suite("Deprecated names still mean what they meant")
struct DeprecatedNamesTests {
    @available(*, deprecated, message: "exercises the deprecated names")
    @Test("charsetSentinel and interpretsNumericEntities are parts of charset")
    func charsetParts() throws {
        var decoder = URLEncodedFormDecoder(charset: .windows1252, charsetSentinel: true, interpretsNumericEntities: false)
        #expect(decoder.charset == Charset(.windows1252, sentinel: true, numericReferences: false))
        #expect(decoder.charsetSentinel && !decoder.interpretsNumericEntities)
        decoder.interpretsNumericEntities = true
        decoder.charsetSentinel = false
        #expect(decoder.charset == .windows1252)
        // The former default, references left as text, holds where the former argument is given.
        let former = URLEncodedFormDecoder(charset: .windows1252, bareKeys: .null)
        #expect(!former.charset.numericReferences && former.nilDecoding == .bareKey)
        #expect(try former.decode([String: String?].self, from: "t=%26%2326085%3B&n") == ["t": "&#26085;", "n": nil])

        var encoder = URLEncodedFormEncoder(charsetSentinel: true)
        #expect(encoder.charset == Charset(.utf8, sentinel: true))
        encoder.charsetSentinel = false
        #expect(try encoder.encode(["a": "1"]) as String == "a=1")
    }
}
