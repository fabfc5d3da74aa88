import Benchmark
import Foundation
import Hummingbird
import URLEncodedForm
import Vapor

// One run measures URLEncodedForm beside Vapor's and Hummingbird's form coders and Foundation's
// JSON coders, on the same values, so the ratios in the README come from one machine and moment.

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 20,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 1_000_000
    )
    codingBenchmarks(workload: "small", Small.sample)
    codingBenchmarks(workload: "medium", Medium.sample)
    // Arrays of objects as forms write them: with indices (`items[0][id]`: qs, jQuery, PHP,
    // `.indexInBrackets`) and with empty brackets (`items[][id]`: Rails, `.brackets`).
    codingBenchmarks(workload: "large", Large.sample, scaling: .one)
    codingBenchmarks(workload: "largeBrackets", Large.sample, scaling: .one, arrayEncoding: .brackets)
    // Text and numbers, as a form of orders or readings is: the decoder's hardest common case.
    codingBenchmarks(workload: "rows", Rows.sample, scaling: .one)
    codingBenchmarks(workload: "text", Text.sample)
    byteBenchmarks()
}

/// The coders compared. A coder that cannot handle a workload is registered anyway, named as
/// unsupported, so that it shows in the results instead of silently missing.
func codingBenchmarks<Value: Codable & Sendable>(
    workload: String,
    _ value: Value,
    scaling: BenchmarkScalingFactor = .kilo,
    arrayEncoding: URLEncodedForm.URLEncodedFormEncoder.ArrayEncoding = .indexInBrackets
) {
    let ours = URLEncodedForm.URLEncodedFormEncoder(arrayEncoding: arrayEncoding)
    let oursDecoder = URLEncodedForm.URLEncodedFormDecoder(limits: .unlimited)
    let vaporEncoder = Vapor.URLEncodedFormEncoder()
    let vaporDecoder = Vapor.URLEncodedFormDecoder()
    let hummingbirdEncoder = Hummingbird.URLEncodedFormEncoder()
    let hummingbirdDecoder = Hummingbird.URLEncodedFormDecoder()
    let configuration = Benchmark.Configuration(scalingFactor: scaling)

    func register(_ coder: String, _ operation: String, _ body: @escaping @Sendable () throws -> Void) {
        do {
            try body()
        } catch {
            Benchmark(
                "\(workload) \(operation) \(coder) (unsupported: \(String(describing: error).prefix(60)))", configuration: .init(maxIterations: 1)
            ) { _ in }
            return
        }
        Benchmark("\(workload) \(operation) \(coder)", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                try body()
            }
        }
    }

    // Each decoder reads the text its own encoder writes.
    let oursText: String = (try? ours.encode(value)) ?? ""
    let vaporText = (try? vaporEncoder.encode(value)) ?? ""
    let hummingbirdText = (try? hummingbirdEncoder.encode(value)) ?? ""
    let json = (try? JSONEncoder().encode(value)) ?? Data()
    let floorTree = (try? FloorValue(value)) ?? .null

    register("URLEncodedForm", "encode") { blackHole(try ours.encode(value) as String) }
    register("Vapor", "encode") { blackHole(try vaporEncoder.encode(value)) }
    register("Hummingbird", "encode") { blackHole(try hummingbirdEncoder.encode(value)) }
    register("JSONEncoder", "encode") { blackHole(try JSONEncoder().encode(value)) }
    register("Floor", "encode") { try value.encode(to: FloorEncoder()) }

    register("URLEncodedForm", "decode") { blackHole(try oursDecoder.decode(Value.self, from: oursText)) }
    register("Vapor", "decode") { blackHole(try vaporDecoder.decode(Value.self, from: vaporText)) }
    register("Hummingbird", "decode") { blackHole(try hummingbirdDecoder.decode(Value.self, from: hummingbirdText)) }
    register("JSONDecoder", "decode") { blackHole(try JSONDecoder().decode(Value.self, from: json)) }
    register("Floor", "decode") { blackHole(try Value(from: FloorDecoder(value: floorTree))) }
}

/// Escaping and unescaping of one 64 KiB value through the public API (a pair written by
/// `encode(_ pairs:)`, a one-field form read as `[String: String]`), beside Foundation's percent
/// coding, which also makes a `String`, and a copy.
func byteBenchmarks() {
    let configuration = Benchmark.Configuration(metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .one)
    let encoder = URLEncodedForm.URLEncodedFormEncoder()
    let decoder = URLEncodedForm.URLEncodedFormDecoder()
    for (name, bytes) in [("safe", Buffers.safe), ("10% escaped", Buffers.tenthEscaped), ("non-ASCII", Buffers.nonASCII)] {
        let text = String(decoding: bytes, as: UTF8.self)
        let escaped = Buffers.escaped(bytes)
        let escapedText = String(decoding: escaped, as: UTF8.self)
        let form = "v=" + escapedText
        let pair: [(String, String)] = [("v", text)]
        Benchmark("escape 64 KiB \(name) URLEncodedForm", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(encoder.encode(pair))
            }
        }
        Benchmark("escape 64 KiB \(name) Foundation", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(text.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            }
        }
        Benchmark("unescape 64 KiB \(name) URLEncodedForm", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try decoder.decode([String: String].self, from: form))
            }
        }
        Benchmark("unescape 64 KiB \(name) Foundation", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(escapedText.removingPercentEncoding)
            }
        }
    }
    Benchmark("copy 64 KiB (memcpy)", configuration: configuration) { benchmark in
        var output = [UInt8](repeating: 0, count: Buffers.size)
        let source = Buffers.safe
        for _ in benchmark.scaledIterations {
            output.withUnsafeMutableBytes { target in
                source.withUnsafeBytes { target.copyMemory(from: $0) }
            }
            blackHole(output)
        }
    }
}
