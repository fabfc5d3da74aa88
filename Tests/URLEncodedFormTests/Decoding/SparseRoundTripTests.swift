import Foundation
import Testing
import URLEncodedForm

/// Generated values whose arrays hold elements that write nothing (`nil` under `.dropKey`, a row
/// of `nil`s, an empty array) next to elements with several members, under the empty name and
/// under a plain one, with arrays nested in arrays: written under every `ArrayEncoding` and read
/// back with the decoder's matching options.
///
/// What comes back is the value with those elements gone (`indexGaps: .compact`) or `nil` in
/// their place (`.keepPositions`, trailing ones gone, since nothing marks an array's length).
@Suite("Round trip: elements that write nothing, and the empty name")
struct SparseRoundTripTests {
    struct Row: Codable, Equatable {
        var a: String?
        var b: Int?
        var c: [String?]?
    }

    struct Sparse: Codable, Equatable {
        var rows: [Row?]?
        var grid: [[Int?]?]?
        var tags: [String?]?
    }

    /// An array straight under the empty name, beside a plain member: `[0][1]=3&t=x`.
    struct Unnamed<Element: Codable & Equatable>: Codable, Equatable {
        var value: [Element?]?
        var t: String?

        enum CodingKeys: String, CodingKey {
            case value = ""
            case t
        }
    }

    enum Encoding: String, CaseIterable, CustomTestStringConvertible {
        case indexInBrackets, keepPositions, custom, jQuery, brackets, separator, noBrackets, htmlForm
        var testDescription: String { rawValue }

        var coders: (URLEncodedFormEncoder, URLEncodedFormDecoder) {
            switch self {
            case .indexInBrackets: (URLEncodedFormEncoder(arrayEncoding: .indexInBrackets), URLEncodedFormDecoder())
            case .keepPositions:
                (URLEncodedFormEncoder(arrayEncoding: .indexInBrackets, indexGaps: .keepPositions), URLEncodedFormDecoder(indexGaps: .keepPositions))
            case .custom: (URLEncodedFormEncoder(arrayEncoding: .custom { key, index in "\(key)[\(index)]" }), URLEncodedFormDecoder())
            // Values are `[]`, objects and arrays `[i]` at their coding position.
            case .jQuery: (URLEncodedFormEncoder(arrayEncoding: .jQuery), URLEncodedFormDecoder(indexGaps: .keepPositions))
            case .brackets: (URLEncodedFormEncoder(arrayEncoding: .brackets), URLEncodedFormDecoder())
            case .separator: (URLEncodedFormEncoder(arrayEncoding: .separator(",")), URLEncodedFormDecoder(arrayDecoding: .separator(",")))
            case .noBrackets: (URLEncodedFormEncoder(arrayEncoding: .noBrackets), URLEncodedFormDecoder())
            // Values are the name repeated, objects and arrays `[i]` at their place.
            case .htmlForm: (URLEncodedFormEncoder(arrayEncoding: .htmlForm), URLEncodedFormDecoder())
            }
        }

        /// Whether the elements that are values, and those that are arrays or objects, keep
        /// their positions.
        var keepsPositions: (values: Bool, containers: Bool) {
            switch self {
            case .keepPositions: (true, true)
            case .jQuery: (false, true)
            default: (false, false)
            }
        }

        /// `[]` alone cannot say where a nested array ends, nor start a row but at a member
        /// every row begins with; repeated names hold values only.
        var nestsArrays: Bool { ![.brackets, .separator, .noBrackets].contains(self) }
        var holdsRows: Bool { self != .noBrackets }
    }

    static func text(_ random: inout SeededGenerator) -> String {
        "v" + RoundTripTests.text(&random)
    }

    static func optional<T>(_ random: inout SeededGenerator, _ value: (inout SeededGenerator) -> T) -> T? {
        Int.random(in: 0..<4, using: &random) == 0 ? nil : value(&random)
    }

    static func row(_ random: inout SeededGenerator, _ encoding: Encoding) -> Row? {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return nil
        case 1: return Row()
        case 2: return encoding.nestsArrays ? Row(c: [nil]) : Row()
        default:
            return Row(
                a: encoding.nestsArrays ? optional(&random, text) : text(&random),
                b: optional(&random) { Int.random(in: -9...99, using: &$0) },
                c: encoding.nestsArrays ? optional(&random) { RoundTripTests.list(0...3, &$0) { optional(&$0, text) } } : nil
            )
        }
    }

    static func sparse(_ random: inout SeededGenerator, _ encoding: Encoding) -> Sparse {
        Sparse(
            rows: encoding.holdsRows ? RoundTripTests.list(0...4, &random) { row(&$0, encoding) } : nil,
            grid: encoding.nestsArrays
                ? RoundTripTests.list(0...4, &random) { random in
                    optional(&random) { RoundTripTests.list(0...3, &$0) { optional(&$0) { Int.random(in: 0...9, using: &$0) } } }
                } : nil,
            tags: RoundTripTests.list(0...4, &random) { optional(&$0, text) }
        )
    }

    /// `list` as it reads back: elements that write nothing dropped, or `nil` where `keeps`.
    static func readBack<T: Equatable>(_ list: [T?]?, keeps: Bool, _ element: (T) -> T?) -> [T?]? {
        guard let list else { return nil }
        var result: [T?] = []
        for item in list {
            if let item, let written = element(item) {
                result.append(written)
            } else if keeps {
                result.append(nil)
            }
        }
        while keeps, let last = result.last, last == nil { result.removeLast() }
        return result.isEmpty ? nil : result
    }

    static func readBack(_ value: Sparse, _ encoding: Encoding) -> Sparse? {
        let keeps = encoding.keepsPositions
        let rows = readBack(value.rows, keeps: keeps.containers) { row -> Row? in
            let c = readBack(row.c, keeps: keeps.values) { $0 }
            return row.a == nil && row.b == nil && c == nil ? nil : Row(a: row.a, b: row.b, c: c)
        }
        let grid = readBack(value.grid, keeps: keeps.containers) { readBack($0, keeps: keeps.values) { $0 } }
        let tags = readBack(value.tags, keeps: keeps.values) { $0 }
        return rows == nil && grid == nil && tags == nil ? nil : Sparse(rows: rows, grid: grid, tags: tags)
    }

    @Test("elements that write nothing beside rows of several members read back", arguments: Encoding.allCases)
    func roundTrip(encoding: Encoding) throws {
        let (encoder, decoder) = encoding.coders
        var random = SeededGenerator(seed: UInt64(encoding.rawValue.count * 7919 + 11))
        var gaps = 0
        for _ in 0..<300 {
            var encoder = encoder
            encoder.alphabetizeKeyValuePairs = Bool.random(using: &random)
            var value: [String: Sparse] = [:]
            for name in ["", "s"] where Bool.random(using: &random) || name == "" {
                value[name] = Self.sparse(&random, encoding)
            }
            let expected = value.compactMapValues { Self.readBack($0, encoding) }
            let text: String = try encoder.encode(value)
            #expect(try decoder.decode([String: Sparse].self, from: text) == expected, "\(text)")
            if expected != value.filter({ Self.readBack($0.value, encoding) != nil }) { gaps += 1 }

            let keeps = encoding.keepsPositions
            let t = Self.optional(&random, Self.text)
            if encoding.nestsArrays {
                let grid = Self.sparse(&random, encoding).grid
                let unnamed = Unnamed(value: grid, t: t)
                let read = Unnamed(value: Self.readBack(grid, keeps: keeps.containers) { Self.readBack($0, keeps: keeps.values) { $0 } }, t: t)
                let text: String = try encoder.encode(unnamed)
                #expect(try decoder.decode(Unnamed<[Int?]>.self, from: text) == read, "\(text)")
            } else {
                let tags = Self.sparse(&random, encoding).tags
                let text: String = try encoder.encode(Unnamed(value: tags, t: t))
                #expect(
                    try decoder.decode(Unnamed<String>.self, from: text) == Unnamed(value: Self.readBack(tags, keeps: keeps.values) { $0 }, t: t),
                    "\(text)")
            }
        }
        // The generator makes the shape it is for: values that lose elements on the way.
        #expect(gaps > 100, "\(gaps) of 300 values held an element that writes nothing")
    }
}
