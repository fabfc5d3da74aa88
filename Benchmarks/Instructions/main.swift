import Foundation
import URLEncodedForm

#if canImport(Hummingbird)
// Built in only when count.sh is asked for the `hummingbird` operation, which adds the package.
import Hummingbird
#endif

// Runs one operation on one workload a given number of times, for callgrind to count
// (`Benchmarks/Instructions/count.sh`): `instructions WORKLOAD OPERATION ITERATIONS`.

let arguments = CommandLine.arguments
guard arguments.count == 4, let iterations = Int(arguments[3]) else {
    let usage = """
        usage: instructions empty|one|small|medium|large|largeBrackets|text|rows|signup \
        encode|decode|decodestream|decodechunks|decodeuserinfo|floor|floordecode|jsonencode|jsondecode|hummingbird N

        """
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}

@inline(never)
func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

/// A body of one chunk, as a server hands a small form to the adapters.
struct OneChunk: AsyncSequence {
    let bytes: [UInt8]
    struct AsyncIterator: AsyncIteratorProtocol {
        var bytes: [UInt8]?
        mutating func next() async -> [UInt8]? {
            defer { bytes = nil }
            return bytes
        }
    }
    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: bytes) }
}

/// A body in chunks of `size` bytes, as a server hands a streamed body to the adapters.
struct Chunks: AsyncSequence {
    let bytes: [UInt8]
    let size: Int
    struct AsyncIterator: AsyncIteratorProtocol {
        let bytes: [UInt8]
        let size: Int
        var start = 0
        mutating func next() async -> ArraySlice<UInt8>? {
            guard start < bytes.count else { return nil }
            defer { start += size }
            return bytes[start..<Swift.min(start + size, bytes.count)]
        }
    }
    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: bytes, size: size) }
}

func run<Value: Codable>(_ value: Value, brackets: Bool = false, body: String? = nil) throws {
    let encoder = URLEncodedFormEncoder(arrayEncoding: brackets ? .brackets : .indexInBrackets)
    let decoder = URLEncodedFormDecoder(limits: .unlimited)
    let text: String = try body ?? encoder.encode(value)
    switch arguments[2] {
    case "encode": for _ in 0..<iterations { blackHole(try encoder.encode(value) as String) }
    case "decode": for _ in 0..<iterations { blackHole(try decoder.decode(Value.self, from: text)) }
    case "decodestream":
        // The body as an AsyncSequence of one chunk, its length stated: what the adapters call.
        // Each decode runs in a task started on this thread, which runs it to the end, since
        // nothing in it waits: valgrind stops with a SIGSEGV once the concurrency runtime starts
        // threads, as an async `main` makes it.
        let body = OneChunk(bytes: Array(text.utf8))
        for _ in 0..<iterations {
            Task.immediate { blackHole(try await decoder.decode(Value.self, from: body, expectedLength: body.bytes.count)) }
        }
    case "decodechunks":
        // The body in chunks of 4 KiB, its length not stated: through the chunked parser, which
        // searches each chunk for its first and last `&`, as a server's streamed body is read.
        let body = Chunks(bytes: Array(text.utf8), size: 4096)
        for _ in 0..<iterations {
            Task.immediate { blackHole(try await decoder.decode(Value.self, from: body)) }
        }
    case "decodeuserinfo":
        // A decoder whose options are not all defaults: its reader keeps them in an object.
        var decoder = decoder
        decoder.userInfo[CodingUserInfoKey(rawValue: "source")!] = "benchmark"
        for _ in 0..<iterations { blackHole(try decoder.decode(Value.self, from: text)) }
    case "floor": for _ in 0..<iterations { try value.encode(to: FloorEncoder()) }
    case "floordecode":
        let tree = try FloorValue(value)
        for _ in 0..<iterations { blackHole(try Value(from: FloorDecoder(value: tree))) }
    case "jsonencode": for _ in 0..<iterations { blackHole(try JSONEncoder().encode(value)) }
    #if canImport(Hummingbird)
    case "hummingbird":
        // Hummingbird 2.28.1's own encoder, the peer the Benchmarks package compares with.
        let hummingbird = Hummingbird.URLEncodedFormEncoder()
        for _ in 0..<iterations { blackHole(try hummingbird.encode(value)) }
    #endif
    case "jsondecode":
        let json = try JSONEncoder().encode(value)
        for _ in 0..<iterations { blackHole(try JSONDecoder().decode(Value.self, from: json)) }
    default: exit(2)
    }
}

/// The load benchmark's small form (`Benchmarks/Load`), decoded from the bytes a client sends:
/// names with escaped brackets, values with escaped UTF-8, as Python's `urlencode` and browsers
/// write them.
struct Signup: Codable {
    struct Address: Codable {
        var street: String
        var city: String
        var zip: String
        var country: String
    }
    var name: String
    var email: String
    var age: Int
    var agree: Bool
    var newsletter: Bool?
    var plan: String
    var referrer: String?
    var address: Address
    var tags: [String]
    var notes: String?

    static let body = """
        name=J%C3%BCrgen+M%C3%BCller&email=juergen%40example.com&age=42&agree=true&plan=team&\
        referrer=https%3A%2F%2Fexample.com%2Fpricing%3Fplan%3Dteam&address%5Bstreet%5D=Hauptstra%C3%9Fe+12&\
        address%5Bcity%5D=K%C3%B6ln&address%5Bzip%5D=50667&address%5Bcountry%5D=DE&tags%5B%5D=swift&\
        tags%5B%5D=server&tags%5B%5D=forms&tags%5B%5D=vapor&tags%5B%5D=hummingbird&tags%5B%5D=nio
        """
}

/// What every call costs before its first field: a struct with no members, and one with one.
struct Empty: Codable {}
struct One: Codable {
    var count: Int
}

switch arguments[1] {
case "empty": try run(Empty())
case "one": try run(One(count: 42))
case "small": try run(Small.sample)
case "medium": try run(Medium.sample)
case "large": try run(Large.sample)
case "largeBrackets": try run(Large.sample, brackets: true)
case "text": try run(Text.sample)
case "rows": try run(Rows.sample)
case "signup":
    let body = Signup.body
    try run(URLEncodedFormDecoder().decode(Signup.self, from: body), brackets: true, body: body)
default: exit(2)
}
