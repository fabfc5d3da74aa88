import Foundation
import Testing

@testable import URLEncodedForm

/// A body decoded as its chunks arrive against the same body decoded whole: the corpus and
/// differential bodies, split at every position and at random ones, and each limit refused at
/// the chunk that breaks it, with the rest of the body unread.
@Suite("Decoder: bodies decoded as they arrive")
struct StreamedBodyTests {
    /// Every committed body with the decoder it was recorded under: the qs differential (3,000
    /// cases over ten option sets), qs's own parse cases, the Alamofire corpus's output, the
    /// Hummingbird and Vapor cases and what Chromium submitted from legacy-charset pages. Each
    /// body is here once per decoder: the differential repeats its inputs (311 distinct pairs of
    /// input and options), and a repeat would check the same splits again.
    static let bodies: [(body: String, decoder: URLEncodedFormDecoder)] = {
        var bodies: [(String, URLEncodedFormDecoder)] = []
        var seen = Set<String>()
        // `options` names the decoder: one name, one decoder.
        func add(_ body: String, _ decoder: URLEncodedFormDecoder, options: String) {
            if seen.insert(options + "\u{0}" + body).inserted { bodies.append((body, decoder)) }
        }
        for testCase in QsCase.load("qs-6.11-differential.json").cases {
            guard let input = testCase.input else { continue }
            let json = try? JSONSerialization.data(withJSONObject: testCase.options, options: .sortedKeys)
            let options = json.map { String(decoding: $0, as: UTF8.self) } ?? "\(testCase.options)"
            add(input, QsComparison.decoder(for: testCase.options), options: "qs " + options)
        }
        for name in ["qs-parse-cases.json", "hummingbird-2.28.1-urlencodedform-cases.json", "vapor-4.122.3-urlencodedform-cases.json"] {
            for testCase in fixtureCases(name).cases {
                if let input = testCase["input"] as? String { add(input, URLEncodedFormDecoder(), options: "default") }
            }
        }
        var sentinel = URLEncodedFormDecoder(charset: .windows1252)
        sentinel.charset.sentinel = true
        for testCase in fixtureCases("chromium-legacy-forms.json").cases {
            if let body = testCase["body"] as? String { add(body, sentinel, options: "windows-1252 with its sentinel") }
        }
        for vector in (try? AlamofireVector.corpus()) ?? [] {
            add(vector.expected, URLEncodedFormDecoder(), options: "default")
        }
        return bodies
    }()

    @Test(
        "a chunk's first and last `&`, and a value's first `%` or `+`, are found 64 and 16 bytes at a time as the standard library finds them, at every place and length",
        arguments: Array(0..<48) + [63, 64, 65, 79, 80, 127, 128, 129, 200])
    func byteSearch(length: Int) {
        // Nothing to find; a `&`, `%` or `+` at each place; and at each place with another 17 bytes on
        // (a second chunk of 16).
        var shapes: [[UInt8]] = [Array(repeating: UInt8(ascii: "a"), count: length)]
        for mark in "&%+".utf8 {
            for place in 0..<length {
                var bytes = Array(repeating: UInt8(ascii: "a"), count: length)
                bytes[place] = mark
                shapes.append(bytes)
                if place + 17 < length {
                    bytes[place + 17] = UInt8(ascii: "&")
                    shapes.append(bytes)
                }
            }
        }
        let escapes: Set<UInt8> = [UInt8(ascii: "%"), UInt8(ascii: "+")]
        for bytes in shapes {
            bytes.withReader { reader in
                #expect(ByteScanning.firstIndex(of: UInt8(ascii: "&"), in: reader) == bytes.firstIndex(of: UInt8(ascii: "&")))
                #expect(ByteScanning.lastIndex(of: UInt8(ascii: "&"), in: reader) == bytes.lastIndex(of: UInt8(ascii: "&")))
                let escape = ByteScanning.firstIndex(of: UInt8(ascii: "%"), or: UInt8(ascii: "+"), in: reader)
                #expect(escape == bytes.firstIndex(where: escapes.contains))
            }
        }
    }

    @Test("the committed bodies are all here, each once per decoder")
    func corpus() {
        #expect(Self.bodies.count > 4500, "\(Self.bodies.count)")
    }

    /// Under a sanitizer (CI sets `URLFORM_SANITIZED`), where each decode costs ten times more,
    /// the two tests below split each body fewer ways: the sanitizer needs the code paths, and
    /// the plain run checks every split.
    static let sanitized = ProcessInfo.processInfo.environment["URLFORM_SANITIZED"] != nil

    /// Bodies up to 64 bytes (most of them) are split at every byte; longer ones at 64 places
    /// spread over them, so that the test's time stays linear in the corpus. At 8 places under a
    /// sanitizer.
    static let splitPlaces = sanitized ? 8 : 64

    @Test("every body split in two at every byte decodes as it does whole", arguments: 0..<4)
    func everySplit(part: Int) async {
        for (number, (body, decoder)) in Self.bodies.enumerated() where number % 4 == part {
            let bytes = Array(body.utf8)
            let whole = Outcome { try decoder.decode(URLEncodedFormValue.self, from: bytes) }
            let step = max(1, bytes.count / Self.splitPlaces)
            for split in stride(from: 0, through: bytes.count, by: step) {
                let chunks = [Array(bytes[..<split]), Array(bytes[split...])]
                let streamed = await Outcome { try await decoder.decode(URLEncodedFormValue.self, from: Chunks(chunks)) }
                if streamed != whole {
                    Issue.record("\(body) split at \(split): \(streamed), whole \(whole)")
                    return
                }
            }
        }
    }

    @Test("a body whole in its first chunk, as the stated length says, decodes as it does whole; one longer than it said too")
    func wholeFirstChunk() async {
        for (body, decoder) in Self.bodies {
            let bytes = Array(body.utf8)
            let whole = Outcome { try decoder.decode(URLEncodedFormValue.self, from: bytes) }
            let inOne = await Outcome {
                try await decoder.decode(URLEncodedFormValue.self, from: Chunks([bytes[...]]), expectedLength: bytes.count)
            }
            // The first chunk is as long as stated, and more follows: read chunk by chunk.
            let half = bytes.count / 2
            let longer = await Outcome {
                try await decoder.decode(URLEncodedFormValue.self, from: Chunks([bytes[..<half], bytes[half...]]), expectedLength: half)
            }
            if inOne != whole || longer != whole {
                Issue.record("\(body): in one chunk \(inOne), longer than stated \(longer), whole \(whole)")
                return
            }
        }
    }

    @Test("every body in random chunks, and one byte at a time, contiguous or not, decodes as it does whole")
    func randomChunks() async {
        var random = SeededGenerator(seed: 41)
        for (body, decoder) in Self.bodies {
            let bytes = Array(body.utf8)
            let whole = Outcome { try decoder.decode(URLEncodedFormValue.self, from: bytes) }
            // One byte at a time up to 256 bytes, and two random splits; under a sanitizer,
            // one byte at a time up to 32 and one random split.
            var splits: [[[UInt8]]] = bytes.count <= (Self.sanitized ? 32 : 256) ? [bytes.map { [$0] }] : []
            for _ in 0..<(Self.sanitized ? 1 : 2) {
                var chunks: [[UInt8]] = []
                var start = 0
                while start < bytes.count {
                    let end = min(bytes.count, start + Int.random(in: 0...6, using: &random))
                    chunks.append(Array(bytes[start..<end]))
                    start = end
                }
                splits.append(chunks)
            }
            for (index, chunks) in splits.enumerated() {
                let streamed = await Outcome { try await decoder.decode(URLEncodedFormValue.self, from: Chunks(chunks)) }
                // The last split's chunks again with no contiguous storage (a lazy map's), which
                // are copied once each.
                let copied =
                    index < splits.count - 1
                    ? whole
                    : await Outcome {
                        try await decoder.decode(URLEncodedFormValue.self, from: Chunks(chunks.map { $0.lazy.map { $0 } }))
                    }
                if streamed != whole || copied != whole {
                    let split = chunks.map { String(decoding: $0, as: UTF8.self) }
                    Issue.record("\(body) in \(split): \(streamed), not contiguous \(copied), whole \(whole)")
                    return
                }
            }
        }
    }

    @Test("a typed value with field errors decodes from chunks as from the whole body")
    func typed() async throws {
        struct Order: Decodable, Equatable {
            var items: [Item]
            var note: String?
            struct Item: Decodable, Equatable {
                var sku: String
                var qty: Int
            }
        }
        let body = "items[0][sku]=A%2D1&items[0][qty]=2&items[1][sku]=%E2%82%AC&items[1][qty]=3&note=caf%C3%A9"
        let chunks = Array(body.utf8).chunked(by: 5)
        let order = try await URLEncodedFormDecoder().decode(Order.self, from: Chunks(chunks))
        #expect(order == Order(items: [.init(sku: "A-1", qty: 2), .init(sku: "€", qty: 3)], note: "café"))
        var collecting = URLEncodedFormDecoder()
        collecting.errorReporting = .everyField
        let bad = Array("items[0][sku]=A&items[0][qty]=x&items[1][qty]=y".utf8).chunked(by: 3)
        let error = await #expect(throws: URLEncodedFormFieldErrors.self) {
            try await collecting.decode(Order.self, from: Chunks(bad))
        }
        #expect(error?.fields.map(\.field) == ["items[0][qty]", "items[1][sku]", "items[1][qty]"])
    }

    // MARK: Limits

    /// A hostile body of `total` bytes (the pattern repeated), pulled in chunks of `chunkSize`,
    /// that counts the bytes it has handed out.
    final class HostileBody: AsyncSequence, @unchecked Sendable {
        let pattern: [UInt8]
        let prefix: [UInt8]
        let total: Int
        let chunkSize: Int
        private(set) var handedOut = 0

        init(prefix: String = "", repeating pattern: String, total: Int, chunkSize: Int) {
            self.prefix = Array(prefix.utf8)
            self.pattern = Array(pattern.utf8)
            self.total = total
            self.chunkSize = chunkSize
        }

        func makeAsyncIterator() -> Iterator { Iterator(body: self) }

        struct Iterator: AsyncIteratorProtocol {
            let body: HostileBody
            mutating func next() async -> [UInt8]? {
                let start = body.handedOut
                guard start < body.total else { return nil }
                let count = Swift.min(body.chunkSize, body.total - start)
                var chunk: [UInt8] = []
                chunk.reserveCapacity(count)
                for offset in start..<(start + count) {
                    chunk.append(
                        offset < body.prefix.count
                            ? body.prefix[offset] : body.pattern[(offset - body.prefix.count) % body.pattern.count])
                }
                body.handedOut += count
                return chunk
            }
        }
    }

    struct LimitCase: CustomTestStringConvertible, Sendable {
        let name: String
        let prefix: String
        let pattern: String
        let limits: URLEncodedFormDecoder.Limits
        let code: URLEncodedFormDecodingError.Code
        /// The index of the byte that breaks the limit.
        let crossing: Int
        /// How many bytes past it the refusal may come: a name of 256 bytes or more is checked
        /// each time it has grown by an eighth.
        var slack = 0
        var testDescription: String { name }
    }

    static let limitCases: [LimitCase] = [
        LimitCase(
            name: "the 1,001st pair", prefix: "", pattern: "a=1&", limits: .default, code: .tooManyParameters,
            crossing: 4000),
        LimitCase(
            name: "a key one level too deep", prefix: "k" + String(repeating: "[a]", count: 31), pattern: "[a]",
            limits: .default, code: .keyTooDeep, crossing: 1 + 31 * 3),
        LimitCase(
            name: "a key too deep, its brackets escaped", prefix: "k", pattern: "%5Ba%5D", limits: .default, code: .keyTooDeep,
            crossing: 1 + 31 * 7 + 2),
        LimitCase(
            name: "a long key too deep, checked as it grows by an eighth", prefix: "k", pattern: "[abcdefghijklmnopqrstuvwxyz]",
            limits: .default, code: .keyTooDeep, crossing: 1 + 31 * 28, slack: (1 + 31 * 28) / 7),
        LimitCase(
            name: "the byte past maximumInputLength", prefix: "a=", pattern: "x", limits: .default, code: .inputTooLong,
            crossing: 1 << 20),
        LimitCase(
            name: "the 1,001st element of an array", prefix: "", pattern: "a[]=1&", limits: .init(maximumParameterCount: .max),
            code: .arrayTooLong,
            crossing: 6 * 1000 + 5),
    ]

    @Test("each limit stops reading a 100 MiB body at the chunk that breaks it", arguments: limitCases, [1, 4096, 65536])
    func limit(_ limit: LimitCase, chunkSize: Int) async {
        let body = HostileBody(prefix: limit.prefix, repeating: limit.pattern, total: 100 << 20, chunkSize: chunkSize)
        var decoder = URLEncodedFormDecoder()
        decoder.limits = limit.limits
        let error = await #expect(throws: URLEncodedFormDecodingError.self) {
            try await decoder.decode(URLEncodedFormValue.self, from: body)
        }
        #expect(error?.code == limit.code)
        // Read up to the chunk that holds the crossing byte, and not one chunk more.
        let first = (limit.crossing / chunkSize + 1) * chunkSize
        let last = ((limit.crossing + limit.slack) / chunkSize + 1) * chunkSize
        #expect((first...last).contains(body.handedOut), "\(limit.name): read \(body.handedOut) bytes")
        print("\(limit.name), chunks of \(chunkSize) bytes: \(body.handedOut) bytes read of \(body.total)")
    }

    @Test(
        "a stated length past maximumInputLength is refused before a byte is read; one within it reads the body",
        arguments: [(1 << 20) + 1, 3 << 20, Int.max]
    )
    func statedLengthPastTheLimit(stated: Int) async {
        let body = HostileBody(repeating: "a=1&", total: 100 << 20, chunkSize: 4096)
        let error = await #expect(throws: URLEncodedFormDecodingError.self) {
            try await URLEncodedFormDecoder().decode(URLEncodedFormValue.self, from: body, expectedLength: stated)
        }
        #expect(error?.code == .inputTooLong)
        #expect(error?.length == stated && error?.limit == 1 << 20)
        #expect(body.handedOut == 0)
        let within = HostileBody(repeating: "a=1&", total: 4000, chunkSize: 4096)
        let value = try? await URLEncodedFormDecoder().decode(URLEncodedFormValue.self, from: within, expectedLength: 1 << 20)
        guard case .array(let elements) = value?["a"] else {
            Issue.record("a body within the stated length is read: \(String(describing: value))")
            return
        }
        #expect(elements.count == 1000 && within.handedOut == 4000)
    }

    @Test("the sequence's own error comes out unchanged, and what came before it is not decoded")
    func sequenceError() async {
        struct Broken: Error {}
        let body = AsyncThrowingStream<[UInt8], any Error> { continuation in
            continuation.yield(Array("a=1&b=".utf8))
            continuation.finish(throwing: Broken())
        }
        await #expect(throws: Broken.self) {
            try await URLEncodedFormDecoder().decode(URLEncodedFormValue.self, from: body)
        }
    }
}

@Suite("Decoder: memory a streamed body holds")
struct StreamedBodyMemoryTests {
    /// A server holds the parser while the body crosses the network, so room reserved from the
    /// stated length would sit empty for 64 connections at once.
    @Test(
        "nodes are reserved for a body's first bytes, whatever length it states",
        arguments: [4096, 65_536, 900_000, 1 << 30]
    )
    func nodeRoom(statedLength: Int) {
        let decoder = URLEncodedFormDecoder()
        let parser = ChunkedFormParser(options: decoder, expectedLength: statedLength)
        #expect(parser.reservedNodeBytes == ChunkedFormParser(options: decoder, expectedLength: 4096).reservedNodeBytes)
        #expect(parser.reservedNodeBytes <= 32 * 1024)
    }

    @Test("a body of more pairs than the nodes first reserved, 900 in 1 KiB chunks, decodes as it does whole")
    func pairsPastTheNodeRoom() async throws {
        let decoder = URLEncodedFormDecoder()
        let body = Array((0..<900).map { "k\($0)=\($0)" }.joined(separator: "&").utf8)
        let whole = try decoder.decode([String: Int].self, from: body)
        let chunked = try await decoder.decode([String: Int].self, from: Chunks(body.chunked(by: 1024)), expectedLength: body.count)
        #expect(chunked == whole)
        #expect(chunked.count == 900)
    }
}

/// A decode's result, or its refusal's code, compared between a whole body and its chunks.
private enum Outcome: Equatable, CustomStringConvertible {
    case value(URLEncodedFormValue)
    case refused(String)

    init(_ body: () throws -> URLEncodedFormValue) {
        do { self = .value(try body()) } catch { self = .refused(Self.code(of: error)) }
    }

    init(_ body: () async throws -> URLEncodedFormValue) async {
        do { self = .value(try await body()) } catch { self = .refused(Self.code(of: error)) }
    }

    private static func code(of error: any Error) -> String {
        if let error = error as? URLEncodedFormDecodingError { return "\(error.code)" }
        return "\(type(of: error))"
    }

    var description: String {
        switch self {
        case .value(let value): "\(value)"
        case .refused(let code): "refused: \(code)"
        }
    }
}
