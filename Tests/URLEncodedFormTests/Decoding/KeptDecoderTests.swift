import Foundation
import Testing
import URLEncodedForm

/// The decoder reads the caller's input in place while `decode` runs. A decoder or container
/// that user code keeps past the call must still read the form it was given, not whatever the
/// caller's memory holds afterwards: each case below decodes from an array, overwrites the array
/// once `decode` has returned, and reads the form again through what was kept.
@Suite("Decoder: a decoder kept past its call")
struct KeptDecoderTests {
    static let form = "name=Ada&query=fish%20%26%20chips&count=42&tags[]=a&tags[]=b&user[city]=London"

    enum Keys: String, CodingKey {
        case name, query, count, tags, user, city
    }

    /// The form's fields, read through `decoder`.
    static func read(_ decoder: any Decoder) throws -> [String] {
        let form = try decoder.container(keyedBy: Keys.self)
        let user = try form.nestedContainer(keyedBy: Keys.self, forKey: .user)
        return [
            try form.decode(String.self, forKey: .name), try form.decode(String.self, forKey: .query),
            String(try form.decode(Int.self, forKey: .count)), try form.decode([String].self, forKey: .tags).joined(separator: ","),
            try user.decode(String.self, forKey: .city),
        ]
    }

    static let expected = ["Ada", "fish & chips", "42", "a,b", "London"]

    /// A value that keeps the decoder it was decoded with, as a lazily read model might.
    struct KeepsDecoder: Decodable {
        let decoder: any Decoder
        init(from decoder: any Decoder) throws { self.decoder = decoder }
    }

    /// A value that keeps one of its containers.
    struct KeepsContainer: Decodable {
        let container: KeyedDecodingContainer<Keys>
        init(from decoder: any Decoder) throws { container = try decoder.container(keyedBy: Keys.self) }
    }

    /// An error that carries the decoder out of the call.
    struct CarriesDecoder: Error, @unchecked Sendable {
        let decoder: any Decoder
    }

    struct ThrowsDecoder: Decodable {
        init(from decoder: any Decoder) throws { throw CarriesDecoder(decoder: decoder) }
    }

    /// Overwrites every byte of `bytes` in place.
    static func overwrite(_ bytes: inout [UInt8]) {
        for index in bytes.indices { bytes[index] = UInt8(ascii: "x") }
    }

    @Test(
        "a kept decoder reads the form it was given after its input is overwritten",
        arguments: [URLEncodedFormDecoder(), URLEncodedFormDecoder(errorReporting: .everyField)])
    func keptDecoder(decoder: URLEncodedFormDecoder) throws {
        var bytes = Array(Self.form.utf8)
        let kept = try decoder.decode(KeepsDecoder.self, from: bytes)
        Self.overwrite(&bytes)
        #expect(try Self.read(kept.decoder) == Self.expected)
    }

    @Test("a kept container reads the form it was given after its input is overwritten")
    func keptContainer() throws {
        var bytes = Array(Self.form.utf8)
        let kept = try URLEncodedFormDecoder().decode(KeepsContainer.self, from: bytes)
        Self.overwrite(&bytes)
        #expect(try kept.container.decode(String.self, forKey: .query) == "fish & chips")
        #expect(try kept.container.decode([String].self, forKey: .tags) == ["a", "b"])
    }

    @Test("a decoder carried out by a thrown error reads the form it was given")
    func decoderInError() throws {
        var bytes = Array(Self.form.utf8)
        var carried: (any Decoder)?
        do {
            _ = try URLEncodedFormDecoder().decode(ThrowsDecoder.self, from: bytes)
        } catch let error as CarriesDecoder {
            carried = error.decoder
        }
        Self.overwrite(&bytes)
        let decoder = try #require(carried)
        #expect(try Self.read(decoder) == Self.expected)
    }

    @Test("a form whose names are decoded keeps its own copy, and a kept decoder reads it too")
    func decodedNames() throws {
        // `user%5Bcity%5D` is decoded into the tree's own bytes, which copy the input first.
        var bytes = Array(Self.form.replacingOccurrences(of: "user[city]", with: "user%5Bcity%5D").utf8)
        let kept = try URLEncodedFormDecoder().decode(KeepsDecoder.self, from: bytes)
        Self.overwrite(&bytes)
        #expect(try Self.read(kept.decoder) == Self.expected)
    }
}
