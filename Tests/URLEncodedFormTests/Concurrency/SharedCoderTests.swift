import Foundation
import Testing
import URLEncodedForm

/// One encoder and one decoder, shared by many tasks at once, give exactly what they give when
/// used one call at a time. Run under `--sanitize=thread` in CI, this also shows they share no
/// mutable state: these are the tests that run the library on several threads at once (every
/// other test calls it from one task), so they are what CI runs under ThreadSanitizer, and they
/// cover every preset of both coders, custom closures, untyped values, query items, field
/// errors and bodies read chunk by chunk.
@Suite("Concurrency: shared coders")
struct SharedCoderTests {
    struct Order: Codable, Equatable, Sendable {
        struct Line: Codable, Equatable, Sendable {
            var sku: String
            var quantity: Int
        }
        var id: Int
        var customer: String
        var paid: Bool
        var placed: Date
        var lines: [Line]
        var notes: [String: String]
        var coupon: String?
    }

    static func order(_ index: Int) -> Order {
        Order(
            id: index,
            customer: "customer \(index) & sons = \(index % 7 == 0 ? "Grüße 🌍" : "ok")",
            paid: index.isMultiple(of: 2),
            placed: Date(timeIntervalSince1970: Double(index) * 86_400),
            lines: (0..<(index % 4)).map { Order.Line(sku: "sku-\($0)", quantity: $0 + index) },
            notes: index.isMultiple(of: 3) ? ["gift": "yes", "wrap": "blue+gold"] : [:],
            coupon: index.isMultiple(of: 5) ? "SAVE\(index)" : nil
        )
    }

    @Test("8 tasks × 1,000 encodes and decodes each match sequential use")
    func sharedAcrossTasks() async throws {
        // Custom strategies hold closures, which the coders must carry safely across tasks.
        let encoder = URLEncodedFormEncoder(
            arrayEncoding: .indexInBrackets,
            dateEncoding: .custom { String(Int($0.timeIntervalSince1970)) },
            keyEncoding: .convertToSnakeCase
        )
        let decoder = URLEncodedFormDecoder(
            dateDecoding: .custom { text in
                guard let seconds = Double(text) else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: text)) }
                return Date(timeIntervalSince1970: seconds)
            },
            keyDecoding: .convertFromSnakeCase
        )
        let orders = (0..<1_000).map(Self.order)
        let texts = try orders.map { try encoder.encode($0) as String }
        let decoded = try texts.map { try decoder.decode(Order.self, from: $0) }
        #expect(decoded == orders)
        let untyped = try texts.map { try URLEncodedFormValue(parsing: $0, decoder: decoder) }

        let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var mismatches = 0
                    // Each task walks the orders from a different start, so tasks overlap on
                    // different values at the same moment.
                    for step in 0..<orders.count {
                        let index = (step + task * 125) % orders.count
                        let text: String = try encoder.encode(orders[index])
                        if text != texts[index] { mismatches += 1 }
                        if try decoder.decode(Order.self, from: text) != orders[index] { mismatches += 1 }
                        if try URLEncodedFormValue(parsing: text, decoder: decoder) != untyped[index] { mismatches += 1 }
                    }
                    return mismatches
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }

    static let presets: [(String, URLEncodedFormEncoder, URLEncodedFormDecoder)] = [
        ("alamofire", .alamofire, .alamofire), ("qs", .qs, .qs), ("jQuery", .jQuery, .jQuery), ("php", .php, .php),
        ("rails", .rails, .rails), ("vapor", .vapor, .vapor), ("hummingbird", .hummingbird, .hummingbird),
        ("htmlForm", .alamofire, .htmlForm),
    ]

    /// What one call gives, as text: the value read back, or the error's description.
    static func outcome(_ body: () throws -> String) -> String {
        do { return try body() } catch { return "error: \(error)" }
    }

    /// An order as text whose members come in one order (a dictionary's description does not).
    static func text(_ order: Order) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(order), as: UTF8.self)
    }

    @Test(
        "every preset pair shared by 8 tasks: encodes, decodes, untyped values, query items and field errors match sequential use",
        arguments: presets
    )
    func presetsAcrossTasks(name: String, encoder: URLEncodedFormEncoder, decoder: URLEncodedFormDecoder) async throws {
        let everyField = {
            var everyField = decoder
            everyField.errorReporting = .everyField
            return everyField
        }()
        let orders = (0..<40).map(Self.order)
        // Each text once as the encoder writes it and once with a field that fails, so that the
        // field-error path runs too.
        let texts = try orders.map { try encoder.encode($0) as String }.flatMap { [$0, $0 + "&id=x"] }
        let work: @Sendable (String) -> [String] = { text in
            [
                Self.outcome { try Self.text(decoder.decode(Order.self, from: text)) },
                Self.outcome { try Self.text(everyField.decode(Order.self, from: text)) },
                Self.outcome { try URLEncodedFormValue(parsing: text, decoder: decoder).encoded(with: encoder) },
                Self.outcome {
                    try encoder.encodeQueryItems(URLEncodedFormValue(parsing: text, decoder: decoder))
                        .map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
                },
            ]
        }
        let sequential = texts.map(work)
        let all = sequential.joined().joined(separator: "\n")
        #expect(all.contains("error: ") && all.contains("\"customer\""))
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var mismatches = 0
                    for step in 0..<texts.count {
                        let index = (step + task * 10) % texts.count
                        if work(texts[index]) != sequential[index] { mismatches += 1 }
                        if (try? encoder.encode(orders[index / 2]) as String) != texts[index / 2 * 2] { mismatches += 1 }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0, "\(name)")
    }

    @Test("8 tasks decode bodies chunk by chunk with one shared decoder, each as the whole body decodes")
    func streamedBodiesAcrossTasks() async throws {
        let decoder = URLEncodedFormDecoder()
        let orders = (0..<100).map(Self.order)
        let texts = try orders.map { Array((try URLEncodedFormEncoder().encode($0) as String).utf8) }
        let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var mismatches = 0
                    for step in 0..<texts.count {
                        let index = (step + task * 12) % texts.count
                        let size = 1 + (index + task) % 17
                        let chunks = AsyncStream<ArraySlice<UInt8>> { continuation in
                            for start in stride(from: 0, to: texts[index].count, by: size) {
                                continuation.yield(texts[index][start..<min(start + size, texts[index].count)])
                            }
                            continuation.finish()
                        }
                        if try await decoder.decode(Order.self, from: chunks) != orders[index] { mismatches += 1 }
                    }
                    return mismatches
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}
