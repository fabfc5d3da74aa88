import Foundation
import Hummingbird
import LoadModel
import Logging
import Synchronization
import URLEncodedForm
import URLEncodedFormHummingbird

// Hummingbird's adapter against collecting the body and calling the decoder on its bytes, in one
// process with no network: what the adapter itself adds per request, which the servers' runs
// cannot show (their rounds differ by 10-30%, the adapter from collect by a few percent). Vapor's
// ContentDecoder is that call on the body Vapor collected, so it has nothing of its own to time.
// Both operations build the same request from the same chunks and decode the same Signup.
//
//   .build-load/release/LoadAdapters .build-load/bodies [rounds]
//       by the clock: rounds interleave the operations and each keeps its least time per
//       request, so a slow spell of the machine falls on both alike
//   .build-load/release/LoadAdapters count OPERATION BODY .build-load/bodies REQUESTS
//       for callgrind and memcheck: Benchmarks/Load/count.sh counts instructions and mallocs
//
// (Build with `swift build -c release --package-path Benchmarks/Load --scratch-path .build-load`;
// run.sh and count.sh write the bodies.) Bodies come in chunks as a server reads them: the small
// and medium forms whole, the large one in 16 KiB pieces (here an AsyncSequence of buffers; in
// the server NIO's stream of them, which both operations read alike).

/// The body's buffers, replayed for every request.
struct Chunks: AsyncSequence, Sendable {
    let buffers: [ByteBuffer]

    struct AsyncIterator: AsyncIteratorProtocol {
        var buffers: IndexingIterator<[ByteBuffer]>
        mutating func next() async -> ByteBuffer? { buffers.next() }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(buffers: buffers.makeIterator()) }
}

struct BenchSource: RequestContextSource {
    let logger = Logger(label: "adapters")
}

struct BenchContext: RequestContext {
    typealias Source = BenchSource
    var coreContext: CoreRequestContextStorage
    var maxUploadSize: Int { 2 << 20 }
    init(source: BenchSource) { coreContext = .init(source: source) }
}

struct Workload: Sendable {
    let name: String
    let chunks: Chunks
    let head: HTTPRequest
    let context = BenchContext(source: BenchSource())
    // Both made once, as the load benchmark's server makes them.
    let decoder = URLEncodedForm.URLEncodedFormDecoder()
    let adapter = URLEncodedFormRequestDecoder()

    init(name: String, bytes: [UInt8], chunkSize: Int) {
        self.name = name
        chunks = Chunks(
            buffers: stride(from: 0, to: bytes.count, by: chunkSize).map {
                ByteBuffer(bytes: bytes[$0..<min($0 + chunkSize, bytes.count)])
            })
        head = HTTPRequest(
            method: .post, scheme: "http", authority: "127.0.0.1", path: "/",
            headerFields: [.contentType: "application/x-www-form-urlencoded", .contentLength: String(bytes.count)])
    }

    func request() -> Request {
        Request(head: head, body: RequestBody(asyncSequence: chunks))
    }
}

/// One request's worth of each way of reading the body, returning the decoded value's summary.
/// Nonisolated, as a server's handlers are: on the main actor every `await` would hop threads.
enum Operation: CaseIterable {
    case collect, adapter

    var name: String {
        switch self {
        case .collect: "collect, then decode"
        case .adapter: "URLEncodedFormRequestDecoder"
        }
    }

    func run(_ workload: Workload) async throws -> String {
        switch self {
        case .collect:
            let body = try await workload.request().body.collect(upTo: workload.context.maxUploadSize)
            return try workload.decoder.decode(Signup.self, from: body.readableBytesView).summary
        case .adapter:
            return try await workload.adapter.decode(Signup.self, from: workload.request(), context: workload.context).summary
        }
    }
}

/// Each operation's least time per request over `rounds` rounds of every operation in turn.
func measure(_ workload: Workload, rounds: Int) async throws -> [Double] {
    let clock = ContinuousClock()
    var iterations = 1
    while true {  // about 20 ms a timed run
        let start = clock.now
        for _ in 0..<iterations { _ = try await Operation.collect.run(workload) }
        if clock.now - start > .milliseconds(20) { break }
        iterations *= 2
    }
    var best = [Double](repeating: .infinity, count: Operation.allCases.count)
    var sink = 0
    for _ in 0..<rounds {
        for (index, operation) in Operation.allCases.enumerated() {
            let start = clock.now
            for _ in 0..<iterations { sink &+= try await operation.run(workload).utf8.count }
            let elapsed = (clock.now - start).components
            let microseconds = Double(elapsed.seconds) * 1e6 + Double(elapsed.attoseconds) / 1e12
            best[index] = min(best[index], microseconds / Double(iterations))
        }
    }
    precondition(sink > 0)
    return best
}

func read(_ name: String, in bodies: String) throws -> Workload {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: "\(bodies)/\(name).txt")))
    return Workload(name: name, bytes: bytes, chunkSize: name == "large" ? 16 << 10 : .max)
}

func report(bodies: String, rounds: Int) async throws {
    print("body,operation,microseconds_per_request,ratio_to_collect")
    for workload in try ["small", "medium", "large"].map({ try read($0, in: bodies) }) {
        let best = try await measure(workload, rounds: rounds)
        for (index, operation) in Operation.allCases.enumerated() {
            let ratio = best[index] / best[0]
            print("\(workload.name),\(operation.name),\(String(format: "%.3f", best[index])),\(String(format: "%.3f", ratio))")
        }
    }
}

/// Requests answered by `count`, which runs on one thread.
final class Tally: Sendable {
    let answered = Mutex(0)
}

/// `iterations` requests of one operation, for callgrind (count.sh): in one task started on this
/// thread, as a server's connection reads its requests in one task (whose allocator then keeps
/// the memory of their frames), and run to the end there, since nothing in it waits (the chunks
/// are in memory). valgrind stops with a SIGSEGV once the concurrency runtime starts threads, as
/// an async `main` or a task that waits makes it.
func count(_ operation: Operation, _ workload: Workload, iterations: Int) {
    let tally = Tally()
    Task.immediate {
        for _ in 0..<iterations {
            _ = try await operation.run(workload)
            tally.answered.withLock { $0 += 1 }
        }
    }
    let answered = tally.answered.withLock { $0 }
    guard answered == iterations else {
        print("\(iterations - answered) of \(iterations) requests did not finish on this thread")
        exit(1)
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "count", arguments.count == 5, let iterations = Int(arguments[4]),
    let operation = Operation.allCases.first(where: { "\($0)" == arguments[1] })
{
    // count OPERATION BODY BODIES-FOLDER ITERATIONS
    count(operation, try read(arguments[2], in: arguments[3]), iterations: iterations)
} else {
    let finished = DispatchSemaphore(value: 0)
    // Detached: a task of the main actor would wait for this thread, which waits for it.
    Task.detached {
        do {
            try await report(
                bodies: arguments.first ?? ".build-load/bodies", rounds: Int(arguments.dropFirst().first ?? "") ?? 41)
        } catch {
            print(error)
            exit(1)
        }
        finished.signal()
    }
    finished.wait()
}
