import Foundation
import Testing
import URLEncodedForm

/// One encoder and one decoder, shared by many tasks at once, give exactly what they give when
/// used one call at a time. Run under `--sanitize=thread` in CI, this also shows they share no
/// mutable state.
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
}
