import Foundation
import Testing

@testable import URLEncodedForm

/// A value nested deeper than `maximumDepth` is an `EncodingError` at the coding path where it went
/// past, both where `encode(to:)` calls run inside one another and where one `encode(to:)` makes
/// containers inside containers. The depths here are small; `DeepValueTests` runs 100,000 levels
/// in a child process, where a crash would fail cleanly.
@Suite("Encoder: depth")
struct EncoderDepthTests {
    /// `{"a": {"a": … "1"}}`, `levels` objects deep, each level a value of its own.
    indirect enum Nest: Encodable {
        case leaf
        case level(Nest)

        init(levels: Int) {
            self = .leaf
            for _ in 0..<levels { self = .level(self) }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: ShapedDecoding.AnyKey.self)
            switch self {
            case .leaf: try container.encode("1", forKey: .init(stringValue: "a"))
            case .level(let inner): try container.encode(inner, forKey: .init(stringValue: "a"))
            }
        }
    }

    /// The same shape made by one `encode(to:)`, containers inside containers, with no recursion.
    struct Loop: Encodable {
        let levels: Int
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: ShapedDecoding.AnyKey.self)
            for _ in 0..<levels { container = container.nestedContainer(keyedBy: ShapedDecoding.AnyKey.self, forKey: .init(stringValue: "a")) }
            try container.encode("1", forKey: .init(stringValue: "a"))
        }
    }

    /// The keys of a value `levels` deep have `levels + 1` components.
    @Test("a value whose keys have maximumDepth components encodes, one more is refused at its path", arguments: [1, 2, 7, 511])
    func limit(depth: Int) throws {
        var encoder = URLEncodedFormEncoder(bracketEncoding: .literal)
        encoder.maximumDepth = depth
        let key = "a" + String(repeating: "[a]", count: depth - 1)
        for value in [Nest(levels: depth - 1), Loop(levels: depth - 1)] as [any Encodable] {
            #expect(try encoder.encode(value) as String == key + "=1")
        }
        for value in [Nest(levels: depth), Loop(levels: depth)] as [any Encodable] {
            do {
                _ = try encoder.encode(value) as String
                Issue.record("expected an error")
            } catch EncodingError.invalidValue(_, let context) {
                #expect(context.codingPath.count == depth)
                #expect(context.debugDescription.contains("more than \(depth) levels"))
            }
        }
    }

    @Test("the default is 512, and no setting goes past it")
    func ceiling() throws {
        #expect(URLEncodedFormEncoder().maximumDepth == 512)
        var encoder = URLEncodedFormEncoder()
        encoder.maximumDepth = .max
        #expect(encoder.maximumDepth == 512)
        #expect(URLEncodedFormEncoder(maximumDepth: 100_000).maximumDepth == 512)
        #expect(try encoder.encode(Nest(levels: 511)) as String == "a" + String(repeating: "%5Ba%5D", count: 511) + "=1")
        for value in [Nest(levels: 512), Loop(levels: 512)] as [any Encodable] {
            #expect(throws: EncodingError.self) { try encoder.encode(value) as String }
        }
        var decoder = URLEncodedFormDecoder(limits: .unlimited)
        #expect(decoder.limits.maximumDepth == 512)
        decoder.limits.maximumDepth = .max
        #expect(decoder.limits.maximumDepth == 512)
        let deepest = "a" + String(repeating: "[a]", count: 511) + "=1"
        #expect(try decoder.decode(URLEncodedFormValue.self, from: deepest) != .null)
        #expect(throws: URLEncodedFormDecodingError.self) { try decoder.decode(URLEncodedFormValue.self, from: "a[a]" + deepest.dropFirst()) }
    }

    @Test("what the encoder writes at its limit the decoder reads at the same limit", arguments: [3, 32])
    func bothDirections(depth: Int) throws {
        var encoder = URLEncodedFormEncoder()
        encoder.maximumDepth = depth
        let text: String = try encoder.encode(Nest(levels: depth - 1))
        var decoder = URLEncodedFormDecoder()
        decoder.limits.maximumDepth = depth
        #expect(try decoder.decode(URLEncodedFormValue.self, from: text) != .null)
        #expect(throws: EncodingError.self) { try encoder.encode(Nest(levels: depth)) as String }
    }
}
