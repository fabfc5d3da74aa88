import Foundation
import URLEncodedForm

/// Reads choices from the fuzzer's bytes: each call takes what it needs from the front and
/// answers zero once the bytes run out, so every input is valid and shorter inputs are simpler.
struct FuzzInput {
    private var bytes: UnsafeBufferPointer<UInt8>.SubSequence

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes[...]
    }

    var rest: UnsafeBufferPointer<UInt8>.SubSequence { bytes }

    mutating func byte() -> UInt8 {
        bytes.popFirst() ?? 0
    }

    mutating func bool() -> Bool {
        byte() & 1 == 1
    }

    /// A number in `0..<count`.
    mutating func choice(_ count: Int) -> Int {
        count <= 1 ? 0 : Int(byte()) % count
    }

    mutating func element<T>(of options: [T]) -> T {
        options[choice(options.count)]
    }

    mutating func int64() -> Int64 {
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
        return Int64(bitPattern: value)
    }

    /// Text of up to `maximumLength` bytes taken as they are (invalid UTF-8 becomes U+FFFD).
    mutating func text(maximumLength: Int = 12) -> String {
        let length = choice(maximumLength + 1)
        var scalars: [UInt8] = []
        for _ in 0..<length { scalars.append(byte()) }
        return String(decoding: scalars, as: UTF8.self)
    }
}

/// Decoders under many options, one picked per input.
enum FuzzOptions {
    static func decoder(_ input: inout FuzzInput, limits: URLEncodedFormDecoder.Limits = .default) -> URLEncodedFormDecoder {
        URLEncodedFormDecoder(
            arrayDecoding: input.element(of: [.automatic, .separator(","), .separators([",", "|", "、"])]),
            boolDecoding: input.element(of: [.lenient, .numeric, .literal]),
            dataDecoding: input.element(of: [.base64, .deferredToData]),
            dateDecoding: input.element(of: [.deferredToDate, .secondsSince1970, .millisecondsSince1970, .iso8601, .htmlInput(timeZone: .gmt)]),
            keyDecoding: input.element(of: [.useDefaultKeys, .convertFromSnakeCase, .convertFromKebabCase]),
            keyPathDecoding: input.element(of: [.brackets, .dots]),
            nilDecoding: input.element(of: [.dropKey, .dropValue, .null, .bareKey]),
            spaceDecoding: input.element(of: [.plusReplaced, .percentEscaped]),
            charset: URLEncodedFormCharset(
                input.element(of: [.utf8, .isoLatin1, .windows1252]), sentinel: input.bool(), numericReferences: input.bool()),
            allowsEmptyArrays: input.bool(),
            indexGaps: input.element(of: [.error, .compact, .keepPositions]),
            limits: limits,
            dialect: .init(
                missingBool: input.element(of: [.keyNotFound, .false]), duplicateKeys: input.element(of: [.combine, .last, .first, .error]),
                malformedKeys: input.element(of: [.literal, .error]), conflictingKeys: input.element(of: [.error, .last]),
                bracketRows: input.element(of: [.untilRepeated, .onePerPair]))
        )
    }

    /// Small limits, so the fuzzer reaches each of them with short inputs.
    static let tightLimits = URLEncodedFormDecoder.Limits(
        maximumInputLength: 4096, maximumParameterCount: 32, maximumDepth: 4, maximumArrayLength: 16)

    /// Every limit lifted but depth, which stays where destroying the nested value, which Swift
    /// does recursively, fits the fuzzer's stack.
    static let wideLimits = URLEncodedFormDecoder.Limits(
        maximumInputLength: .max, maximumParameterCount: .max, maximumDepth: 256, maximumArrayLength: .max
    )
}
