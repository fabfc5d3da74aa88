import Foundation
import URLEncodedForm

// Target 3: whatever parses, written again by the encoder (indices for arrays, members in their
// order), parses back to the same value, unless a name holds key-path punctuation: such a name is
// written as Alamofire writes it, and is a key path when read (a documented loss). Indices, not
// `[]`: jQuery's `a[0][x]=1&a[1][y]=2&a[]=3` is an array of two objects and a value, which `[]`
// cannot write (Rails' rule would merge the objects). An array written with indices reads back as
// an object named by them, so both sides are compared with such objects as the arrays they are.
//
// An input whose first byte is 0x80 or above is read instead as a value and an order to write it
// in (``scrambledTarget(_:)``); below, the byte is the first option, as the seeds have it.
@_cdecl("LLVMFuzzerTestOneInput")
public func roundTripTarget(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    var input = FuzzInput(UnsafeBufferPointer(start: start, count: count))
    if (input.rest.first ?? 0) >= 0x80 {
        _ = input.byte()
        return scrambledTarget(&input)
    }
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
        nilDecoding: bareNull ? .bareKey : .dropKey,
        allowsEmptyArrays: emptyArrays,
        limits: tight ? FuzzOptions.tightLimits : .default
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

// MARK: Containers held and written in any order

/// A value the fuzzer shapes: text, and arrays and objects that are never empty, whose
/// `encode(to:)` makes every nested container of an object or array in order and then fills
/// the open ones in an order the fuzzer picks, at any depth; an object's members are at times
/// split over two containers made for its key, which merge. What the form reads back must be
/// what `JSONEncoder` → `JSONDecoder` gives for the same value.
indirect enum Shape {
    case text(String)
    case array([Shape])
    case object([(String, Shape)])

    static let names = ["a", "b", "name", "x y", "k&v", "p=q", "+", "%", "é", "z"]

    static func object(_ input: inout FuzzInput, depth: Int) -> Shape {
        var members: [(String, Shape)] = []
        for _ in 0...input.choice(4) {
            let name = input.element(of: names)
            guard !members.contains(where: { $0.0 == name }) else { continue }
            members.append((name, element(&input, depth: depth - 1)))
        }
        return .object(members)
    }

    static func element(_ input: inout FuzzInput, depth: Int) -> Shape {
        switch depth > 0 ? input.choice(3) : 0 {
        case 1: return .array((0...input.choice(4)).map { _ in element(&input, depth: depth - 1) })
        case 2: return object(&input, depth: depth)
        default: return .text(input.text(maximumLength: 4))
        }
    }
}

struct ShapeKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Fills the containers that are open in the order `order` picks: each byte an index into them.
final class Scrambler {
    var order: [UInt8]
    var pending: [() throws -> Void] = []

    init(order: [UInt8]) {
        self.order = order
    }

    func next(_ count: Int) -> Int {
        count <= 1 ? 0 : Int(order.popLast() ?? 0) % count
    }

    func run() throws {
        while !pending.isEmpty { try pending.remove(at: next(pending.count))() }
    }

    func fill(_ container: KeyedEncodingContainer<ShapeKey>, _ members: [(String, Shape)]) throws {
        var container = container
        for (name, value) in members {
            let key = ShapeKey(stringValue: name)
            switch value {
            case .text(let text): try container.encode(text, forKey: key)
            case .array(let elements):
                let nested = container.nestedUnkeyedContainer(forKey: key)
                pending.append { try self.fill(nested, elements) }
            case .object(let inner):
                let split = inner.count > 1 && next(2) == 1 ? inner.count / 2 : inner.count
                let first = container.nestedContainer(keyedBy: ShapeKey.self, forKey: key)
                pending.append { try self.fill(first, Array(inner[..<split])) }
                if split < inner.count {
                    let second = container.nestedContainer(keyedBy: ShapeKey.self, forKey: key)
                    pending.append { try self.fill(second, Array(inner[split...])) }
                }
            }
        }
    }

    func fill(_ container: any UnkeyedEncodingContainer, _ elements: [Shape]) throws {
        var container = container
        for element in elements {
            switch element {
            case .text(let text): try container.encode(text)
            case .array(let inner):
                let nested = container.nestedUnkeyedContainer()
                pending.append { try self.fill(nested, inner) }
            case .object(let members):
                let nested = container.nestedContainer(keyedBy: ShapeKey.self)
                pending.append { try self.fill(nested, members) }
            }
        }
    }
}

struct ScrambledShape: Encodable {
    let shape: Shape
    let order: [UInt8]

    func encode(to encoder: any Encoder) throws {
        guard case .object(let members) = shape else { return }
        let scrambler = Scrambler(order: order)
        try scrambler.fill(encoder.container(keyedBy: ShapeKey.self), members)
        try scrambler.run()
    }
}

extension URLEncodedFormValue {
    /// The value with each object's members sorted by name, and objects named `0` to `n - 1`
    /// as the arrays they are: JSON objects come back in any order.
    var normalized: URLEncodedFormValue {
        switch indicesAsArrays {
        case .string, .null: return indicesAsArrays
        case .array(let elements): return .array(elements.map(\.normalized))
        case .object(let members):
            return .object(members.map { Member(key: $0.key, value: $0.value.normalized) }.sorted { $0.key < $1.key })
        }
    }
}

func scrambledTarget(_ input: inout FuzzInput) -> CInt {
    let keepsPositions = input.bool()
    let dots = input.bool()
    let shape = Shape.object(&input, depth: 1 + input.choice(4))
    let value = ScrambledShape(shape: shape, order: Array(input.rest.prefix(64)))
    let encoder = URLEncodedFormEncoder(
        alphabetizeKeyValuePairs: false,
        arrayEncoding: .indexInBrackets,
        keyPathEncoding: dots ? .dots : .brackets,
        indexGaps: keepsPositions ? .keepPositions : .compact
    )
    let decoder = URLEncodedFormDecoder(keyPathDecoding: dots ? .dots : .brackets, limits: .unlimited)
    do {
        let json = try JSONDecoder().decode(URLEncodedFormValue.self, from: JSONEncoder().encode(value))
        let text: String = try encoder.encode(value)
        let form = try decoder.decode(URLEncodedFormValue.self, from: text)
        guard form.normalized == json.normalized else {
            fatalError("the form's value is not JSONEncoder's\n  text: \(text)\n  value: \(form)\n  json: \(json)")
        }
    } catch {
        fatalError("a value that JSON holds was not written and read back\n  shape: \(shape)\n  error: \(error)")
    }
    return 0
}
