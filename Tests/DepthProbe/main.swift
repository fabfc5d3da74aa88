import Foundation
import URLEncodedForm

// Runs one value or form nested `LEVELS` deep through one entry point of the library and prints
// what came of it, so that `DeepValueTests` sees a crash as a signal of this process rather than
// of the test runner's:
//
//   form-depth-probe MODE LEVELS
//   → error 512        (an EncodingError: its coding path's length)
//   → refused 512      (a URLEncodedFormDecodingError: its limit)
//   → value            (decoded, and released)
//
// Every decoder limit is lifted, and the encoder's maximumDepth set as high as it goes.

let arguments = CommandLine.arguments
guard arguments.count == 3, let levels = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: form-depth-probe MODE LEVELS\n".utf8))
    exit(2)
}

struct Key: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// A value that holds the next one, `levels` deep: each level an `encode(to:)` of its own.
indirect enum Nest: Codable {
    case leaf
    case level(Nest)
}

/// The same depth made by one `encode(to:)`, containers inside containers.
struct Loop: Encodable {
    let levels: Int
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for _ in 0..<levels { container = container.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: "a")) }
        try container.encode("1", forKey: Key(stringValue: "a"))
    }
}

/// A type that reads itself recursively from `a[a][a]…=1`.
final class Chain: Decodable {
    let next: Chain?
    let value: String?
    enum CodingKeys: String, CodingKey { case next = "a" }
    init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: CodingKeys.self) {
            next = try container.decode(Chain.self, forKey: .next)
            value = nil
        } else {
            next = nil
            value = try decoder.singleValueContainer().decode(String.self)
        }
    }
}

/// The bytes of a form in chunks, as a server reads a body.
struct Chunks: AsyncSequence {
    let bytes: [UInt8]
    struct AsyncIterator: AsyncIteratorProtocol {
        var rest: ArraySlice<UInt8>
        mutating func next() async -> ArraySlice<UInt8>? {
            guard !rest.isEmpty else { return nil }
            defer { rest = rest.dropFirst(4096) }
            return rest.prefix(4096)
        }
    }
    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(rest: bytes[...]) }
}

var encoder = URLEncodedFormEncoder()
encoder.maximumDepth = .max
let decoder = URLEncodedFormDecoder(limits: .unlimited)
let form = "a" + String(repeating: "[a]", count: levels - 1) + "=1"

func report(_ body: () async throws -> Void) async {
    do {
        try await body()
        print("value")
    } catch EncodingError.invalidValue(_, let context) {
        print("error \(context.codingPath.count)")
    } catch let error as URLEncodedFormDecodingError {
        print("refused \(error.limit ?? -1)")
    } catch {
        print("other \(type(of: error))")
    }
}

switch arguments[1] {
case "encode-recursive":
    var value = Nest.leaf
    for _ in 0..<levels { value = .level(value) }
    await report { _ = try encoder.encode(["v": value]) as String }
    // The value itself is not released: Swift would release its levels recursively.
    withExtendedLifetime(value) { exit(0) }
case "encode-loop":
    await report { _ = try encoder.encode(Loop(levels: levels)) as String }
case "query-items":
    await report { _ = try encoder.encodeQueryItems(Loop(levels: levels)) }
case "decode-typed":
    await report { _ = try decoder.decode(Chain.self, from: form) }
case "decode-untyped":
    await report { _ = try decoder.decode(URLEncodedFormValue.self, from: form) }
case "decode-streamed":
    await report { _ = try await decoder.decode(URLEncodedFormValue.self, from: Chunks(bytes: Array(form.utf8))) }
case "decode-pairs":
    await report { _ = try decoder.decode(URLEncodedFormValue.self, fromPairs: [(String(form.dropLast(2)), "1")]) }
case "decode-nested-enum":
    await report { _ = try decoder.decode([String: Nest].self, from: form) }
default:
    FileHandle.standardError.write(Data("unknown mode \(arguments[1])\n".utf8))
    exit(2)
}
