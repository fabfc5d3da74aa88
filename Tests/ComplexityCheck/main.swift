import Foundation
import URLEncodedForm

// Checks that decoding stays linear for every hostile input shape: each body is decoded at n and
// at 8n bytes in this one process, and the ratio of the two costs must stay under 20 (linear is
// about 8, quadratic about 64). The cost is the CPU time of the thread that decodes, not the
// time that passed: while other builds share the machine, the thread waits its turn, and
// waiting is not counted. Two measurements of one run are compared, never one against a limit, each the least
// of several trials taken in turns, so that what a busy machine still changes (caches shared
// with the other processes) moves both alike; a ratio over 20 is measured again before it
// fails. Run it in release:
//
//   swift run -c release form-complexity-check [--size BYTES] [--only NAME]
//   → a table of shapes with both timings and their ratio; exit status 1 if any ratio is over 20.

/// A body of about `size` bytes, and what to decode it into.
struct Shape {
    let name: String
    let body: (Int) -> [UInt8]
    /// Sendable, so that it is nonisolated: it runs on the thread that times it.
    let decode: @Sendable ([UInt8], URLEncodedFormDecoder) async throws -> Void
}

/// `unit` repeated to fill `size` bytes, between `prefix` and `suffix`.
func repeated(_ prefix: String, _ unit: String, _ suffix: String, size: Int) -> [UInt8] {
    let count = max(1, (size - prefix.utf8.count - suffix.utf8.count) / unit.utf8.count)
    return Array((prefix + String(repeating: unit, count: count) + suffix).utf8)
}

/// Pairs made by `pair(i)` until `size` bytes are filled.
func pairs(size: Int, _ pair: (Int) -> String) -> [UInt8] {
    var body: [UInt8] = []
    var index = 0
    while body.count < size {
        if !body.isEmpty { body.append(UInt8(ascii: "&")) }
        body.append(contentsOf: pair(index).utf8)
        index += 1
    }
    return body
}

nonisolated func decoding<T: Decodable & SendableMetatype>(_ type: T.Type) -> @Sendable ([UInt8], URLEncodedFormDecoder) throws -> Void {
    { body, decoder in _ = try decoder.decode(T.self, from: body) }
}

/// Reads nothing: what decoding into it costs is the parser's.
struct Discarded: Decodable {
    init(from decoder: any Decoder) throws {}
}

let untyped: @Sendable ([UInt8], URLEncodedFormDecoder) throws -> Void = { body, decoder in
    _ = try URLEncodedFormValue(parsing: body, decoder: decoder)
}

/// Decodes into `T` with the decoder's limits and `configure`'s options.
nonisolated func decoding<T: Decodable & SendableMetatype>(
    _ type: T.Type,
    _ configure: @escaping @Sendable (inout URLEncodedFormDecoder) -> Void
) -> @Sendable ([UInt8], URLEncodedFormDecoder) throws -> Void {
    { body, decoder in
        var configured = decoder
        configure(&configured)
        _ = try configured.decode(T.self, from: body)
    }
}

/// The body in chunks of `size` bytes, as a server hands one over.
struct Chunks: AsyncSequence {
    let body: [UInt8]
    let size: Int

    struct AsyncIterator: AsyncIteratorProtocol {
        let body: [UInt8]
        let size: Int
        var start = 0
        mutating func next() async -> ArraySlice<UInt8>? {
            guard start < body.count else { return nil }
            defer { start += size }
            return body[start..<Swift.min(body.count, start + size)]
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(body: body, size: size) }
}

/// Decodes into `T` from the body in 7-byte chunks, parsed as they arrive.
nonisolated func streaming<T: Decodable & SendableMetatype>(_ type: T.Type) -> @Sendable ([UInt8], URLEncodedFormDecoder) async throws -> Void {
    { body, decoder in _ = try await decoder.decode(T.self, from: Chunks(body: body, size: 7)) }
}

let commaSeparated: @Sendable (inout URLEncodedFormDecoder) -> Void = { $0.arrayDecoding = .separators([",", "|"]) }

// Deep shapes decode into `[String: String]`, which refuses them once they are parsed: building
// the whole deep value instead would measure Swift's recursive destruction of nested enums.
let shapes: [Shape] = [
    Shape(
        name: "escaped brackets in one name, lowercase", body: { repeated("a", "%5bb%5d", "=1", size: $0) }, decode: decoding([String: String].self)),
    Shape(
        name: "escaped brackets in one name, uppercase", body: { repeated("a", "%5Bb%5D", "=1", size: $0) }, decode: decoding([String: String].self)),
    Shape(name: "escaped open brackets in one name", body: { repeated("a", "%5b", "=1", size: $0) }, decode: decoding([String: String].self)),
    Shape(name: "[ and ] soup", body: { repeated("a", "[][[]]]", "=1", size: $0) }, decode: untyped),
    Shape(name: "[ and ] soup in values", body: { size in pairs(size: size) { "a[]=[[]][\($0)]]" } }, decode: untyped),
    Shape(name: "one long escaped value", body: { repeated("a=", "%41+", "", size: $0) }, decode: decoding([String: String].self)),
    Shape(name: "many distinct names", body: { size in pairs(size: size) { "k\($0)=v" } }, decode: decoding([String: String].self)),
    Shape(name: "a[] pushes into [String]", body: { repeated("a[]=x", "&a[]=x", "", size: $0) }, decode: decoding([String: [String]].self)),
    Shape(
        name: "a[] pushes into [URLEncodedFormValue]", body: { repeated("a[]=x", "&a[]=x", "", size: $0) },
        decode: decoding([String: [URLEncodedFormValue]].self)),
    Shape(name: "a[] pushes into URLEncodedFormValue", body: { repeated("a[]=x", "&a[]=x", "", size: $0) }, decode: untyped),
    Shape(name: "a[][x] pushes of objects", body: { size in pairs(size: size) { "a[][x\($0 % 3)]=1" } }, decode: untyped),
    Shape(
        name: "indices in reverse order",
        body: { size in
            let count = size / 10
            return pairs(size: size) { "a[\(max(0, count - $0))]=x" }
        },
        decode: decoding([String: [String: String]].self)
    ),
    Shape(name: "one repeated name", body: { repeated("a=x", "&a=x", "", size: $0) }, decode: decoding([String: [String]].self)),
    Shape(name: "one repeated name, untyped", body: { repeated("a=x", "&a=x", "", size: $0) }, decode: untyped),
    Shape(name: "deep keys, parsed only", body: { repeated("a", "[b]", "=1", size: $0) }, decode: decoding(Discarded.self)),
    Shape(name: "deep keys", body: { repeated("a", "[b]", "=1", size: $0) }, decode: decoding([String: String].self)),
    Shape(
        name: "deep keys under .dots", body: { repeated("a", ".b", "=1", size: $0) },
        decode: { body, decoder in
            var dots = decoder
            dots.keyPathDecoding = .dots
            _ = try dots.decode([String: String].self, from: body)
        }),
    Shape(name: "one very long name", body: { repeated("", "a", "=1", size: $0) }, decode: decoding([String: String].self)),
    Shape(name: "one very long escaped name", body: { repeated("", "%C3%A9", "=1", size: $0) }, decode: decoding([String: String].self)),
    Shape(name: "&&&&", body: { repeated("", "&", "", size: $0) }, decode: decoding([String: String].self)),
    Shape(name: "====", body: { repeated("", "=", "", size: $0) }, decode: decoding([String: String].self)),
    Shape(name: "invalid UTF-8 in names", body: { size in pairs(size: size) { "%FF\($0)%FE=1" } }, decode: untyped),
    // Separators: a value of nothing but separators, runs of empty elements, rows of pieces.
    Shape(name: "a value of commas, split", body: { repeated("a=", ",", "", size: $0) }, decode: decoding([String: [String]].self, commaSeparated)),
    Shape(
        name: "a value of commas, read whole", body: { repeated("a=", ",", "", size: $0) }, decode: decoding([String: String].self, commaSeparated)),
    Shape(
        name: "empty elements a[]= with separators", body: { repeated("a[]=", "&a[]=", "", size: $0) },
        decode: decoding([String: [String]].self, commaSeparated)),
    Shape(
        name: "rows of pieces into [[String]]", body: { repeated("a=1,2,3", "&a=1,2,3", "", size: $0) },
        decode: decoding([String: [[String]]].self, commaSeparated)),
    Shape(
        name: "escaped separators %2C in one value", body: { repeated("a=", "x%2C", "", size: $0) },
        decode: decoding([String: [String]].self, commaSeparated)),
    // jQuery's mixed arrays, gaps, legacy text.
    Shape(
        name: "jQuery mixed arrays a[]=x&a[i][b]=y", body: { size in pairs(size: size) { $0 % 2 == 0 ? "a[]=x" : "a[\($0)][b]=y" } },
        decode: decoding([String: [URLEncodedFormValue]].self) { _ in }),
    Shape(
        name: "index gaps compacted, in reverse", body: { size in pairs(size: size) { "a[\(3 * (size / 8 - $0))]=x" } },
        decode: decoding([String: [String]].self) { $0.indexGaps = .compact }),
    Shape(
        name: "index gaps kept as holes", body: { size in pairs(size: size) { "a[\(3 * $0)]=x" } },
        decode: decoding([String: [String?]].self) { $0.indexGaps = .keepPositions }),
    // PHP's arrays: a list and names in one object (`conflictingKeys: .last`), `[]` appending
    // at the next index, a list turned into an object once, and rows of their own.
    Shape(
        name: "a list and names merged, [] after names", body: { size in pairs(size: size) { $0 % 50 == 0 ? "a[b\($0)]=y" : "a[]=x" } },
        decode: decoding([String: [String: String]].self) { $0.dialect.conflictingKeys = .last }),
    Shape(
        name: "a long list turned into an object by one name", body: { size in pairs(size: size) { $0 == size / 8 - 1 ? "a[b]=y" : "a[]=x" } },
        decode: decoding([String: [String: String]].self) { $0.dialect.conflictingKeys = .last }),
    Shape(
        name: "rows[][x] one per pair", body: { size in pairs(size: size) { "a[][x\($0 % 3)]=1" } },
        decode: decoding([String: [[String: String]]].self) { $0.dialect.bracketRows = .onePerPair }),
    Shape(
        name: "ISO-8859-1 names", body: { size in pairs(size: size) { "%E9\($0)%FF=%E9" } },
        decode: decoding([String: String].self) { $0.charset = .isoLatin1 }),
    Shape(
        name: "windows-1252 names, as dots", body: { size in pairs(size: size) { "%80\($0).%9F=%80" } },
        decode: decoding([String: [String: String]].self) {
            $0.charset = .windows1252
            $0.keyPathDecoding = .dots
        }),
    Shape(
        name: "numeric character references", body: { repeated("a=", "%26%2326085%3B", "", size: $0) },
        decode: decoding([String: String].self) {
            $0.charset = .windows1252
            $0.charset.numericReferences = true
        }),
    // Bodies decoded as they arrive, in chunks of 7 bytes: a name that spans chunks is checked
    // for depth as it grows, and a value that spans them is appended to.
    Shape(name: "streamed: one very long name", body: { repeated("", "a", "=1", size: $0) }, decode: streaming([String: String].self)),
    Shape(name: "streamed: deep keys", body: { repeated("a", "[b]", "=1", size: $0) }, decode: streaming([String: String].self)),
    Shape(
        name: "streamed: escaped brackets in one name", body: { repeated("a", "%5bb%5d", "=1", size: $0) }, decode: streaming([String: String].self)),
    Shape(name: "streamed: one long escaped value", body: { repeated("a=", "%41+", "", size: $0) }, decode: streaming([String: String].self)),
    Shape(name: "streamed: many distinct names", body: { size in pairs(size: size) { "k\($0)=v" } }, decode: streaming([String: String].self)),
    Shape(
        name: "streamed: a[] pushes", body: { repeated("a[]=x", "&a[]=x", "", size: $0) }, decode: streaming([String: [String]].self)),
    Shape(
        name: "a charset sentinel after every pair", body: { size in pairs(size: size) { "k\($0)=%E9" } + Array("&_charset_=windows-1252".utf8) },
        decode: decoding([String: String].self) { $0.charset.sentinel = true }),
]

/// The CPU time the calling thread has spent, in seconds. (The process's clock is no substitute:
/// Linux adds a thread's time to it only at the thread's next tick or switch, so time that
/// another thread is spending right now is missing from it, by up to a tick.)
func threadCPUTime() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// The least CPU time of `trials` runs of `repetitions` decodes, in seconds. Nonisolated, so it
/// runs on one thread of the pool with the decodes it awaits, which never suspend (the chunks are
/// in memory); a trial that ends on another thread than it began is taken again.
nonisolated func time(_ shape: Shape, _ body: [UInt8], _ decoder: URLEncodedFormDecoder, repetitions: Int, trials: Int) async -> Double {
    var best = Double.infinity
    var trial = 0
    while trial < trials {
        let thread = pthread_self()
        let start = threadCPUTime()
        for _ in 0..<repetitions {
            // A refusal is a result too: limits are part of what is measured.
            _ = try? await shape.decode(body, decoder)
        }
        let spent = threadCPUTime() - start
        guard pthread_equal(thread, pthread_self()) != 0 else { continue }
        best = min(best, spent)
        trial += 1
    }
    return best
}

/// glibc serves large blocks with mmap, fresh pages every time, until a freed block raises its
/// threshold, so a large body would pay page faults that a small one, served from the heap, does
/// not. Fixing the threshold and keeping freed memory makes both timings pay the same allocator.
/// `mallopt` is looked up at run time, as the Glibc module does not export it.
func keepFreedMemory() {
    #if os(Linux)
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallopt") else { return }
    let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
    let trimThreshold: Int32 = -1
    let mmapThreshold: Int32 = -3  // M_TRIM_THRESHOLD, M_MMAP_THRESHOLD
    _ = mallopt(mmapThreshold, 32 * 1024 * 1024)
    _ = mallopt(trimThreshold, Int32.max)
    #endif
}
keepFreedMemory()

let arguments = CommandLine.arguments
func argument(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
let size = argument("--size").flatMap(Int.init) ?? 32 * 1024
let only = argument("--only")
let threshold = 20.0
var failures: [String] = []

print("n = \(size) bytes, 8n = \(8 * size) bytes; fails when t(8n) / t(n) > \(threshold)")
print("limits     ratio   t(n) ms   t(8n) ms  shape  (t: CPU time of the decoding thread per decode)")
for shape in shapes where only.map({ shape.name.contains($0) }) ?? true {
    let small = shape.body(size)
    let large = shape.body(8 * size)
    for (label, limits) in [("default", URLEncodedFormDecoder.Limits.default), ("unlimited", .unlimited)] {
        let decoder = URLEncodedFormDecoder(limits: limits)
        // Warm up: the large body first, so that the allocator already holds the memory both need.
        _ = await time(shape, large, decoder, repetitions: 1, trials: 1)
        // Enough repetitions that the small body takes a few milliseconds of CPU time, well above
        // the clock's resolution.
        let once = max(await time(shape, small, decoder, repetitions: 1, trials: 1), 1e-7)
        let repetitions = max(1, min(10_000, Int(0.003 / once)))
        // Each trial of the small body decodes it 8 times as often as a trial of the large one,
        // so that both take as long when decoding is linear: a machine whose speed changes (a
        // shared host's cores, another process's load on the caches) then has the same chance to
        // speed up or slow down either, where a short trial would more often catch a fast moment.
        // The least time of each size over trials taken in turns; a ratio over the threshold is
        // measured again, twice, and only one over it every time fails. Quadratic work is over
        // it every time (about 64), a busy moment not.
        var (tSmall, tLarge) = (Double.infinity, Double.infinity)
        var ratio = Double.infinity
        for attempt in 0..<3 where ratio > threshold {
            for _ in 0..<(attempt == 0 ? 5 : 9) {
                tSmall = min(tSmall, await time(shape, small, decoder, repetitions: 8 * repetitions, trials: 1) / 8)
                tLarge = min(tLarge, await time(shape, large, decoder, repetitions: repetitions, trials: 1))
            }
            ratio = tLarge / tSmall
        }
        let line =
            "\(label.padding(toLength: 9, withPad: " ", startingAt: 0)) \(String(format: "%6.1f  %8.3f  %9.3f", ratio, tSmall * 1e3 / Double(repetitions), tLarge * 1e3 / Double(repetitions)))  \(shape.name)"
        print(line)
        if ratio > threshold { failures.append(line) }
    }
}
if failures.isEmpty {
    print("complexity: every shape within \(threshold)× for 8× the input")
} else {
    print("complexity: \(failures.count) super-linear shape(s):")
    for failure in failures { print("  " + failure) }
    exit(1)
}
