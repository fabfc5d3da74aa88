import Foundation
import Testing

@testable import URLEncodedForm

/// Each coder works its options out into the rules its stages read (`EncodingRules`,
/// `DecodingRules`) when an option is set. An option set on a coder after it is made must act
/// as the same option passed to the initializer: each row sets one option both ways, on a probe
/// that the option changes, so a setter that left the rules as they were fails its row.
@Suite("An option set after a coder is made acts as the initializer's")
struct OptionSettingTests {
    struct EncoderRow: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let set: @Sendable (inout URLEncodedFormEncoder) -> Void
        let made: URLEncodedFormEncoder
    }

    /// Declared out of alphabetical order, with a `Bool`, a space, `/` and `?`, a gap in an array,
    /// nesting, an empty array and characters ISO-8859-1 has and lacks.
    struct EncoderProbe: Encodable {
        var text = "a b/c?"
        var flag = true
        var list: [Int?] = [1, nil, 2]
        var nested = ["inner": ["é"]]
        var empty: [Int] = []
        var euro = "€"
    }

    static let encoderRows: [EncoderRow] = [
        EncoderRow(
            testDescription: "alphabetizeKeyValuePairs", set: { $0.alphabetizeKeyValuePairs = false },
            made: .init(alphabetizeKeyValuePairs: false, arrayEncoding: .indexInBrackets)),
        EncoderRow(testDescription: "arrayEncoding", set: { $0.arrayEncoding = .noBrackets }, made: .init(arrayEncoding: .noBrackets)),
        EncoderRow(
            testDescription: "boolEncoding", set: { $0.boolEncoding = .literal }, made: .init(arrayEncoding: .indexInBrackets, boolEncoding: .literal)
        ),
        EncoderRow(
            testDescription: "keyEncoding", set: { $0.keyEncoding = .uppercased },
            made: .init(arrayEncoding: .indexInBrackets, keyEncoding: .uppercased)),
        EncoderRow(
            testDescription: "keyPathEncoding", set: { $0.keyPathEncoding = .dots },
            made: .init(arrayEncoding: .indexInBrackets, keyPathEncoding: .dots)),
        EncoderRow(
            testDescription: "bracketEncoding", set: { $0.bracketEncoding = .literal },
            made: .init(arrayEncoding: .indexInBrackets, bracketEncoding: .literal)),
        EncoderRow(
            testDescription: "spaceEncoding", set: { $0.spaceEncoding = .plusReplaced },
            made: .init(arrayEncoding: .indexInBrackets, spaceEncoding: .plusReplaced)),
        EncoderRow(
            testDescription: "allowedCharacters", set: { $0.allowedCharacters = .unreserved },
            made: .init(arrayEncoding: .indexInBrackets, allowedCharacters: .unreserved)),
        EncoderRow(testDescription: "charset", set: { $0.charset = .isoLatin1 }, made: .init(arrayEncoding: .indexInBrackets, charset: .isoLatin1)),
        EncoderRow(
            testDescription: "charset.sentinel", set: { $0.charset.sentinel = true },
            made: .init(arrayEncoding: .indexInBrackets, charset: .init(.utf8, sentinel: true))),
        EncoderRow(
            testDescription: "charset.numericReferences", set: { $0.charset = .init(.isoLatin1, numericReferences: false) },
            made: .init(arrayEncoding: .indexInBrackets, charset: .init(.isoLatin1, numericReferences: false))),
        EncoderRow(
            testDescription: "allowsEmptyArrays", set: { $0.allowsEmptyArrays = true },
            made: .init(arrayEncoding: .indexInBrackets, allowsEmptyArrays: true)),
        EncoderRow(
            testDescription: "indexGaps keepPositions", set: { $0.indexGaps = .keepPositions },
            made: .init(arrayEncoding: .indexInBrackets, indexGaps: .keepPositions)),
        EncoderRow(
            testDescription: "indexGaps error", set: { $0.indexGaps = .error }, made: .init(arrayEncoding: .indexInBrackets, indexGaps: .error)),
        EncoderRow(testDescription: "maximumDepth", set: { $0.maximumDepth = 1 }, made: .init(arrayEncoding: .indexInBrackets, maximumDepth: 1)),
        EncoderRow(testDescription: "nilEncoding", set: { $0.nilEncoding = .null }, made: .init(arrayEncoding: .indexInBrackets, nilEncoding: .null)),
    ]

    /// Every row starts from an encoder that writes indices, which ``URLEncodedFormIndexGaps``
    /// changes; `made` passes the same `arrayEncoding` with the row's option.
    static let base = URLEncodedFormEncoder(arrayEncoding: .indexInBrackets)

    static func outcome(_ encoder: URLEncodedFormEncoder) -> String {
        do {
            return try encoder.encode(EncoderProbe())
        } catch {
            return "error: \(error)"
        }
    }

    @Test("the encoder", arguments: encoderRows)
    func encoder(row: EncoderRow) {
        var set = Self.base
        row.set(&set)
        let made = Self.outcome(row.made)
        #expect(made != Self.outcome(Self.base), "the probe does not show this option")
        #expect(Self.outcome(set) == made)
    }

    struct DecoderRow: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let set: @Sendable (inout URLEncodedFormDecoder) -> Void
        let made: URLEncodedFormDecoder
        let input: String
    }

    /// Typed members for the rules that only a typed read asks (a missing `Bool`, converted
    /// keys, `nil`), and an untyped value for the shape of everything else.
    struct DecoderProbe: Decodable {
        var flag: Bool
        var userName: String?
        var count: Int?
        var items: [String]?
        var rest: URLEncodedFormValue?
    }

    static let decoderRows: [DecoderRow] = [
        DecoderRow(
            testDescription: "spaceDecoding", set: { $0.spaceDecoding = .percentEscaped }, made: .init(spaceDecoding: .percentEscaped),
            input: "flag=1&rest=a+b"),
        DecoderRow(
            testDescription: "keyPathDecoding", set: { $0.keyPathDecoding = .dots }, made: .init(keyPathDecoding: .dots), input: "flag=1&rest.a=1"),
        DecoderRow(
            testDescription: "allowsEmptyArrays", set: { $0.allowsEmptyArrays = true }, made: .init(allowsEmptyArrays: true), input: "flag=1&rest[]"),
        DecoderRow(
            testDescription: "limits", set: { $0.limits.maximumParameterCount = 1 }, made: .init(limits: .init(maximumParameterCount: 1)),
            input: "flag=1&count=2"),
        DecoderRow(testDescription: "charset", set: { $0.charset = .isoLatin1 }, made: .init(charset: .isoLatin1), input: "flag=1&userName=%E9"),
        DecoderRow(
            testDescription: "indexGaps", set: { $0.indexGaps = .compact }, made: .init(indexGaps: .compact), input: "flag=1&items[0]=a&items[2]=b"),
        DecoderRow(
            testDescription: "errorReporting", set: { $0.errorReporting = .everyField }, made: .init(errorReporting: .everyField),
            input: "flag=x&count=y"),
        DecoderRow(
            testDescription: "keyDecoding", set: { $0.keyDecoding = .convertFromSnakeCase }, made: .init(keyDecoding: .convertFromSnakeCase),
            input: "flag=1&user_name=Ada"),
        DecoderRow(testDescription: "nilDecoding", set: { $0.nilDecoding = .null }, made: .init(nilDecoding: .null), input: "flag=1&count=null"),
        DecoderRow(
            testDescription: "dialect.missingBool", set: { $0.dialect.missingBool = .false }, made: .init(dialect: .init(missingBool: .false)),
            input: "count=1"),
        DecoderRow(
            testDescription: "dialect.duplicateKeys", set: { $0.dialect.duplicateKeys = .last }, made: .init(dialect: .init(duplicateKeys: .last)),
            input: "flag=1&rest=1&rest=2"),
        DecoderRow(
            testDescription: "dialect.malformedKeys", set: { $0.dialect.malformedKeys = .error },
            made: .init(dialect: .init(malformedKeys: .error)), input: "flag=1&rest[a=1"),
        DecoderRow(
            testDescription: "dialect.conflictingKeys", set: { $0.dialect.conflictingKeys = .last },
            made: .init(dialect: .init(conflictingKeys: .last)), input: "flag=1&rest=1&rest[b]=2"),
        DecoderRow(
            testDescription: "dialect.bracketRows", set: { $0.dialect.bracketRows = .onePerPair },
            made: .init(dialect: .init(bracketRows: .onePerPair)),
            input: "flag=1&rest[][x]=1&rest[][y]=2"),
        DecoderRow(
            testDescription: "dialect.untypedIndices", set: { $0.dialect.untypedIndices = .arrayInFormOrder },
            made: .init(dialect: .init(untypedIndices: .arrayInFormOrder)), input: "flag=1&rest[1]=a&rest[0]=b"),
    ]

    static func outcome(_ decoder: URLEncodedFormDecoder, _ input: String) -> String {
        do {
            return String(describing: try decoder.decode(DecoderProbe.self, from: input))
        } catch {
            return "error: \(error)"
        }
    }

    @Test("the decoder", arguments: decoderRows)
    func decoder(row: DecoderRow) {
        var set = URLEncodedFormDecoder()
        row.set(&set)
        let made = Self.outcome(row.made, row.input)
        #expect(made != Self.outcome(URLEncodedFormDecoder(), row.input), "the probe does not show this option")
        #expect(Self.outcome(set, row.input) == made)
    }
}
