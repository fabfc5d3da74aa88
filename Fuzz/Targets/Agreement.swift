import Foundation
import URLEncodedForm

// Target 4: values built from the fuzzer's bytes, encoded under a lossless combination of the
// encoder's options, decode back to themselves with the matching decoder.

struct Child: Codable, Equatable {
    var name: String
    var quantity: Int
}

struct Generated: Codable, Equatable {
    var text: String
    var optionalText: String?
    var number: Int64
    var flag: Bool
    var optionalFlag: Bool?
    var ratio: Double
    var list: [String]
    var lookup: [String: String]
    var child: Child?
    var children: [Child]
    var matrix: [[Int]]
}

@_cdecl("LLVMFuzzerTestOneInput")
public func agreementTarget(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    var input = FuzzInput(UnsafeBufferPointer(start: start, count: count))
    let arrayEncoding = input.element(of: [URLEncodedFormEncoder.ArrayEncoding.brackets, .indexInBrackets, .noBrackets])
    let dots = input.bool()
    let plus = input.bool()
    let encoder = URLEncodedFormEncoder(
        alphabetizeKeyValuePairs: input.bool(),
        arrayEncoding: arrayEncoding,
        boolEncoding: input.bool() ? .numeric : .literal,
        keyPathEncoding: dots ? .dots : .brackets,
        spaceEncoding: plus ? .plusReplaced : .percentEscaped
    )
    let decoder = URLEncodedFormDecoder(keyPathDecoding: dots ? .dots : .brackets, limits: .unlimited)
    let value = generate(&input, arrayEncoding: arrayEncoding, dots: dots)
    let text: String
    do {
        text = try encoder.encode(value)
    } catch {
        fatalError("encoding a generated value failed: \(error)")
    }
    do {
        let decoded = try decoder.decode(Generated.self, from: text)
        guard decoded == value else {
            fatalError("decoded value differs\n  text: \(text)\n  value: \(value)\n  decoded: \(decoded)")
        }
    } catch {
        fatalError("decoding what the encoder wrote failed\n  text: \(text)\n  value: \(value)\n  error: \(error)")
    }
    return 0
}

/// `.noBrackets` cannot express arrays of objects or nested arrays, and `.brackets` cannot
/// express nested arrays (both documented), so those shapes are only generated where they can be
/// written. Dictionary keys are never empty (`lookup[]` is an array element) and hold no key-path
/// punctuation (`[`, `]`, and `.` with dots), which makes them key paths, as in Alamofire.
private func generate(_ input: inout FuzzInput, arrayEncoding: URLEncodedFormEncoder.ArrayEncoding, dots: Bool) -> Generated {
    var objectArrays = true
    var nestedArrays = true
    switch arrayEncoding {
    case .noBrackets:
        objectArrays = false
        nestedArrays = false
    case .brackets: nestedArrays = false
    default: break
    }
    var ratio = Double(bitPattern: UInt64(bitPattern: input.int64()))
    if !ratio.isFinite { ratio = 0 }
    var lookup: [String: String] = [:]
    for _ in 0..<input.choice(4) {
        // By scalar: a bracket followed by a combining mark is one `Character` that is not "]".
        let key = String(String.UnicodeScalarView(input.text().unicodeScalars.filter { $0 != "[" && $0 != "]" && !(dots && $0 == ".") }))
        if !key.isEmpty { lookup[key] = input.text() }
    }
    return Generated(
        text: input.text(maximumLength: 40),
        optionalText: input.bool() ? input.text() : nil,
        number: input.int64(),
        flag: input.bool(),
        optionalFlag: input.element(of: [true, false, nil]),
        ratio: ratio,
        list: (0..<input.choice(4)).map { _ in input.text() },
        lookup: lookup,
        child: input.bool() ? Child(name: input.text(), quantity: Int(input.byte())) : nil,
        children: objectArrays ? (0..<input.choice(3)).map { _ in Child(name: input.text(), quantity: Int(input.byte())) } : [],
        matrix: nestedArrays ? (0..<input.choice(3)).map { _ in (0..<(1 + input.choice(3))).map { _ in Int(input.byte()) } } : []
    )
}
