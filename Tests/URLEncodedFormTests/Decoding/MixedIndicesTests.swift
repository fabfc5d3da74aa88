import Testing
import URLEncodedForm

/// Arrays whose pairs mix `[]` and `[i]`. An index is never renumbered: an element named by an
/// index is at that index, and one appended by `[]` at the position after the largest before it,
/// as PHP 8.2's `parse_str` numbers them (`a[5]=x&a[]=y` is `{"5": "x", "6": "y"}` there). jQuery's
/// `[]` followed by the index of the next position reads as before; any other mix has gaps or
/// repeats, which `indexGaps` decides as it does for indices alone.
@Suite("Decoder: [] mixed with explicit indices")
struct MixedIndicesTests {
    struct Form: Decodable, Equatable {
        let a: [String?]
    }

    /// What each `indexGaps` reads: the refusal's words under `.error`, the elements under
    /// `.compact`, and under `.keepPositions` the elements at their places, or `nil` for a refusal.
    struct Readings: Sendable {
        let error: String
        let compact: [String?]
        let keepPositions: [String?]?
    }

    static let cases: [(String, Readings)] = [
        // A server-rendered row next to one a script added: the index is kept.
        ("a[5]=x&a[]=y", Readings(error: "no element at index 0", compact: ["x", "y"], keepPositions: [nil, nil, nil, nil, nil, "x", "y"])),
        ("a[]=x&a[3]=y", Readings(error: "no element at index 1", compact: ["x", "y"], keepPositions: ["x", nil, nil, "y"])),
        ("a[]=x&a[3]=y&a[]=z", Readings(error: "no element at index 1", compact: ["x", "y", "z"], keepPositions: ["x", nil, nil, "y", "z"])),
        // PHP keeps only "y"; both are kept, in the form's order, where gaps are compacted.
        ("a[]=x&a[0]=y", Readings(error: "index 0 twice", compact: ["x", "y"], keepPositions: nil)),
        ("a[0]=x&a[]=y&a[1]=z", Readings(error: "index 1 twice", compact: ["x", "y", "z"], keepPositions: nil)),
    ]

    @Test("indices mixed with [] keep their places, under each indexGaps", arguments: cases)
    func mixed(form: String, readings: Readings) throws {
        let error = #expect(throws: URLEncodedFormDecodingError.self) {
            try URLEncodedFormDecoder(indexGaps: .error).decode(Form.self, from: form)
        }
        #expect(error?.code == .indexGap)
        #expect(error?.key == "a")
        #expect(error?.description.contains(readings.error) == true, "\(String(describing: error))")
        #expect(try URLEncodedFormDecoder(indexGaps: .compact).decode(Form.self, from: form).a == readings.compact)
        let keep = URLEncodedFormDecoder(indexGaps: .keepPositions)
        if let positions = readings.keepPositions {
            #expect(try keep.decode(Form.self, from: form).a == positions)
        } else {
            #expect(throws: DecodingError.self) { try keep.decode(Form.self, from: form) }
        }
    }

    /// jQuery writes `[]` for a value and `[i]` for an object or array, where `i` is the next
    /// position; a repeated name before an index is the same.
    @Test(
        "an index that is the next position continues the list, under every indexGaps",
        arguments: ["a[]=1&a[1]=2", "a=1&a[1]=2", "a[0]=1&a[]=2", "a[]=1&a[1]=2&a[]=3&a[3]=4"]
    )
    func nextPosition(form: String) throws {
        let expected = (1...form.split(separator: "&").count).map { String($0) }
        for gaps in [URLEncodedFormIndexGaps.error, .compact, .keepPositions] {
            #expect(try URLEncodedFormDecoder(indexGaps: gaps).decode(Form.self, from: form).a == expected)
        }
    }

    /// Untyped, a gap reads the same whichever order the pairs came in: the object of the
    /// positions, as the form with every index written reads (and as PHP reads it).
    @Test(
        "untyped, a mix with a gap is the object of its positions, as the same form with every index written",
        arguments: [
            ("a[5]=x&a[]=y", "a[5]=x&a[6]=y", #"{a:{5:"x",6:"y"}}"#),
            ("a[]=y&a[5]=x", "a[0]=y&a[5]=x", #"{a:{0:"y",5:"x"}}"#),
            ("a[]=x&a[3]=y&a[]=z", "a[0]=x&a[3]=y&a[4]=z", #"{a:{0:"x",3:"y",4:"z"}}"#),
            ("items[17][n]=a&items[][n]=b", "items[17][n]=a&items[18][n]=b", #"{items:{17:{n:"a"},18:{n:"b"}}}"#),
        ]
    )
    func untypedGap(form: String, written: String, expected: String) throws {
        let value = FixtureValue(try URLEncodedFormValue(parsing: form))
        #expect(value.description == expected)
        #expect(value == FixtureValue(try URLEncodedFormValue(parsing: written)))
    }

    @Test(
        "untyped, a mix without a gap is a list, and a repeated position keeps every element",
        arguments: [
            ("a[]=1&a[1][b]=2", #"{a:["1",{b:"2"}]}"#),
            ("a[]=x&a[0]=y", #"{a:["x","y"]}"#),
        ])
    func untypedList(form: String, expected: String) throws {
        #expect(FixtureValue(try URLEncodedFormValue(parsing: form)).description == expected)
    }

    @Test("a [] after the largest index the limit allows is past the array length limit")
    func limit() throws {
        var decoder = URLEncodedFormDecoder(indexGaps: .compact)
        decoder.limits.maximumArrayLength = 10
        #expect(try decoder.decode(Form.self, from: "a[9]=x").a == ["x"])
        let error = #expect(throws: URLEncodedFormDecodingError.self) { try decoder.decode(Form.self, from: "a[9]=x&a[]=y") }
        #expect(error?.code == .arrayTooLong)
    }
}
