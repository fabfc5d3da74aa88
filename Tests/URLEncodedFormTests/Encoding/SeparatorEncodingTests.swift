import Foundation
import Testing
import URLEncodedForm

@Suite("Encoder: arrays joined with a separator")
struct SeparatorEncodingTests {
    static let comma = URLEncodedFormEncoder(arrayEncoding: .separator(","))

    struct Filter: Codable, Equatable {
        var ids: [Int]
        var names: [String]
        var rows: [[Int]]
        var maybe: [Int?]
        var nested: [String: [String]]
    }

    static let filter = Filter(
        ids: [1, 2, 3],
        names: ["a,b", "", "c d"],
        rows: [[1, 2], [3]],
        maybe: [4, nil, 5],
        nested: ["k": ["x", "y"]]
    )

    @Test("values are escaped one by one and joined; rows are one pair each")
    func shapes() throws {
        let text: String = try Self.comma.encode(Self.filter)
        #expect(text == "ids=1,2,3&maybe=4,5&names=a%2Cb,,c%20d&nested%5Bk%5D=x,y&rows%5B%5D=1,2&rows%5B%5D=3")
    }

    @Test("the text reads back with the decoder's separator", arguments: [",", "|", ";", "~"])
    func roundTrip(separator: String) throws {
        let character = try #require(separator.first)
        var filter = Self.filter
        filter.maybe = [4, 5]
        filter.names = ["a\(separator)b", "", "c d", separator]
        let text: String = try URLEncodedFormEncoder(arrayEncoding: .separator(character)).encode(filter)
        let decoder = URLEncodedFormDecoder(arrayDecoding: .separator(character))
        #expect(try decoder.decode(Filter.self, from: text) == filter, "\(text)")
    }

    /// A key written twice keeps its first place, and its last array is joined like any other.
    @Test("an array written again under its key is joined in the first one's place")
    func keyWrittenTwice() throws {
        let text: String = try Self.comma.encode(KeyedWrites(("a", [9]), ("b", Self.filter), ("a", [7, 8] as [Int?])))
        #expect(
            text
                == "a=7,8&b%5Bids%5D=1,2,3&b%5Bmaybe%5D=4,5&b%5Bnames%5D=a%2Cb,,c%20d&b%5Bnested%5D%5Bk%5D=x,y&b%5Brows%5D%5B%5D=1,2&b%5Brows%5D%5B%5D=3"
        )
    }

    @Test("nil as a bare key is an empty element; a separator the allowed characters keep is escaped in elements")
    func nilAndAllowedSeparator() throws {
        let bare = URLEncodedFormEncoder(arrayEncoding: .separator(","), nilEncoding: .bareKey)
        #expect(try bare.encode(["a": [nil, "x", nil] as [String?]]) as String == "a=,x,")
        var allowed = CharacterSet.afURLQueryAllowed
        allowed.insert(charactersIn: ",")
        let loose = URLEncodedFormEncoder(arrayEncoding: .separator(","), allowedCharacters: allowed)
        #expect(try loose.encode(["a": ["x,y", "z"], "b": ["1,2"]]) as String == "a=x%2Cy,z&b=1%2C2")
        // The same when the options are assigned one by one, in either order.
        var assigned = URLEncodedFormEncoder(allowedCharacters: allowed)
        assigned.arrayEncoding = .separator(",")
        #expect(try assigned.encode(["a": ["x,y", "z"]]) as String == "a=x%2Cy,z")
        assigned.arrayEncoding = .brackets
        #expect(try assigned.encode(["a": ["x,y"]]) as String == "a%5B%5D=x,y")
        assigned.allowedCharacters = .default
        assigned.arrayEncoding = .separator(",")
        assigned.allowedCharacters = .init(allowed)
        #expect(try assigned.encode(["a": ["x,y", "z"]]) as String == "a=x%2Cy,z")
    }

    @Test("a separator a form cannot carry is refused", arguments: [" ", "&", "=", "%", "+", "#", "é", "\n"])
    func refused(separator: String) throws {
        let encoder = URLEncodedFormEncoder(arrayEncoding: .separator(try #require(separator.first)))
        #expect(throws: EncodingError.self) { try encoder.encode(["a": [1, 2]]) as String }
    }
}
