import Foundation
import URLEncodedForm

// Target 3: whatever parses, written again by the encoder (indices for arrays, members in their
// order), parses back to the same value, unless a name holds key-path punctuation: such a name is
// written as Alamofire writes it, and is a key path when read (a documented loss). Indices, not
// `[]`: jQuery's `a[0][x]=1&a[1][y]=2&a[]=3` is an array of two objects and a value, which `[]`
// cannot write (Rails' rule would merge the objects). An array written with indices reads back as
// an object named by them, so both sides are compared with such objects as the arrays they are.
@_cdecl("LLVMFuzzerTestOneInput")
public func roundTripTarget(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    var input = FuzzInput(UnsafeBufferPointer(start: start, count: count))
    let dots = input.bool()
    let plus = input.bool()
    let tight = input.bool()
    // The options that write something the decoder must read back in kind: structure brackets
    // as they are, `nil` as a bare name, empty arrays as `name[]`.
    let literal = input.bool()
    let bareNull = input.bool()
    let emptyArrays = input.bool()
    let decoder = URLEncodedFormDecoder(
        keyPathDecoding: dots ? .dots : .brackets,
        limits: tight ? FuzzOptions.tightLimits : .default,
        nilDecoding: bareNull ? .bareKey : .dropKey,
        allowsEmptyArrays: emptyArrays
    )
    let text = Array(input.rest)
    guard let value = try? URLEncodedFormValue(parsing: text, decoder: decoder), !holdsKeyPath(value, dots: dots) else { return 0 }
    let encoder = URLEncodedFormEncoder(
        alphabetizeKeyValuePairs: false,
        arrayEncoding: .indexInBrackets,
        keyPathEncoding: dots ? .dots : .brackets,
        bracketEncoding: literal ? .literal : .percentEscaped,
        nilEncoding: bareNull ? .bareKey : .dropKey,
        spaceEncoding: plus ? .plusReplaced : .percentEscaped,
        allowsEmptyArrays: emptyArrays
    )
    let written: String
    do {
        written = try value.encoded(with: encoder)
    } catch {
        fatalError("a parsed value could not be written\n  input: \(String(decoding: text, as: UTF8.self))\n  error: \(error)")
    }
    // Escaping lengthens the text, so the second reading is not held to the input length limit;
    // and an array read from a repeated key (`a=1&a=2`) is written with brackets (`a[]=1`), one
    // component deeper, so it may go one past the depth limit.
    var again = decoder
    again.limits.maximumInputLength = .max
    again.limits.maximumDepth = decoder.limits.maximumDepth + 1
    do {
        let reparsed = try URLEncodedFormValue(parsing: written, decoder: again)
        guard reparsed.indicesAsArrays == value.indicesAsArrays else {
            fatalError(
                "the value changed\n  input: \(String(decoding: text, as: UTF8.self))\n  written: \(written)\n  first: \(value)\n  second: \(reparsed)"
            )
        }
    } catch {
        fatalError(
            "what the encoder wrote did not parse\n  input: \(String(decoding: text, as: UTF8.self))\n  written: \(written)\n  error: \(error)")
    }
    return 0
}

/// Whether a member name holds `[` or `]`, or `.` when dots are key-path punctuation (a name read
/// from inside brackets, `a[x.y]`, keeps its dot).
func holdsKeyPath(_ value: URLEncodedFormValue, dots: Bool) -> Bool {
    switch value {
    case .string, .null: return false
    case .array(let elements): return elements.contains { holdsKeyPath($0, dots: dots) }
    case .object(let members):
        return members.contains { member in
            member.key.utf8.contains { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") || (dots && $0 == UInt8(ascii: ".")) }
                || holdsKeyPath(member.value, dots: dots)
        }
    }
}

extension URLEncodedFormValue {
    /// The value with each object whose names are exactly `0` to `n - 1` as the array it is.
    var indicesAsArrays: URLEncodedFormValue {
        switch self {
        case .string, .null: return self
        case .array(let elements): return .array(elements.map(\.indicesAsArrays))
        case .object(let members):
            let converted = members.map { Member(key: $0.key, value: $0.value.indicesAsArrays) }
            let indices = members.compactMap { member in
                Int(member.key).flatMap { String($0) == member.key ? $0 : nil }
            }
            guard !members.isEmpty, indices.count == members.count, Set(indices) == Set(0..<members.count) else { return .object(converted) }
            return .array(zip(indices, converted).sorted { $0.0 < $1.0 }.map(\.1.value))
        }
    }
}
