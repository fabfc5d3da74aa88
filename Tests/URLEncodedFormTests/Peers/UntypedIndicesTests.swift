import Foundation
import Testing

@testable import URLEncodedForm

/// Which names with index keys an untyped value reads as arrays (`untypedIndices`), against
/// what each peer gives for the same bodies: qs 6.11 (`.compacted(upTo: 20)`, the `.qs` preset),
/// PHP 8.2's `parse_str` as `json_encode` writes it (`.arrayInFormOrder`, `.php`) and Rack 2.2's
/// `parse_nested_query` (`.object`, `.rails`). The other suites compare these fixtures value by
/// value with index names and list positions taken as one; this one compares where each peer
/// reads an array and where an object.
@Suite("Untyped values: index keys read as arrays where each peer reads them so")
struct UntypedIndicesTests {
    /// Where `ours` and `peer` hold the same values as an array on one side and an object named by
    /// their indices on the other, by path;
    /// below the top level, which every peer reads as an object (PHP's `json_encode` writes a
    /// top level named `0` to `n - 1` as a list, the same names).
    static func shapeDifferences(_ ours: FixtureValue, _ peer: FixtureValue, path: String = "") -> [String] {
        switch (ours, peer) {
        case (.array(let mine), .array(let theirs)):
            guard mine.count == theirs.count else { return [] }
            return zip(mine, theirs).enumerated().flatMap { shapeDifferences($0.element.0, $0.element.1, path: "\(path)[\($0.offset)]") }
        case (.object(let mine), .object(let theirs)):
            return mine.keys.sorted().flatMap { key in
                theirs[key].map { shapeDifferences(mine[key]!, $0, path: path.isEmpty ? key : "\(path)[\(key)]") } ?? []
            }
        case (.array(let elements), .object(let members)), (.object(let members), .array(let elements)):
            // The same values under index names on one side and as a list on the other; where the
            // two hold other values, another rule (a value kept that the peer drops, a malformed
            // name kept whole) explains it, which the value-by-value suites check.
            guard !path.isEmpty, Set(members.keys) == Set(elements.indices.map(String.init)),
                elements.indices.allSatisfy({ isScalar(elements[$0]) == isScalar(members[String($0)]!) })
            else { return [] }
            return ["\(path): \(ours) here, \(peer) in the peer"]
        default:
            return []
        }
        func isScalar(_ value: FixtureValue) -> Bool {
            switch value {
            case .string, .null: true
            case .array, .object: false
            }
        }
    }

    @Test(
        "each preset reads index keys as its peer does, over every recorded body",
        arguments: ["PHP 8.2", "Rack 2.2"])
    func phpAndRack(peer: String) throws {
        let decoder = peer == "PHP 8.2" ? URLEncodedFormDecoder.php : .rails
        let cases = PhpRackCase.load()
        #expect(cases.count == 2000)
        var compared = 0
        var arrays = 0
        var differences: [String] = []
        for testCase in cases {
            guard let expected = peer == "PHP 8.2" ? testCase.php : testCase.rack,
                let ours = try? URLEncodedFormValue(parsing: testCase.body, decoder: decoder)
            else { continue }
            compared += 1
            if "\(expected)".dropFirst().contains("[") { arrays += 1 }
            differences += Self.shapeDifferences(FixtureValue(ours), expected).map { "\(testCase.body) → \($0)" }
        }
        print("\(peer): \(compared) bodies compared, \(arrays) with an array, \(differences.count) read otherwise")
        for difference in differences { Issue.record("\(peer): \(difference)") }
        #expect(compared > 1700 && arrays > 1100)
    }

    @Test("the .qs preset reads index keys as qs 6.11 does, over the differential bodies and qs's own parse tests")
    func qs() throws {
        var compared = 0
        var differences: [String] = []
        for fixture in ["qs-6.11-differential.json", "qs-parse-cases.json"] {
            for testCase in QsCase.load(fixture).cases {
                guard let input = testCase.input, let expected = testCase.expected, testCase.notReplayable == nil,
                    !QsComparison.asksForMissingBehaviour(testCase.options)
                else { continue }
                var decoder = QsComparison.decoder(for: testCase.options)
                decoder.dialect.untypedIndices = .compacted(upTo: testCase.options["arrayLimit"] as? Int ?? 20)
                guard let ours = try? URLEncodedFormValue(parsing: input, decoder: decoder) else { continue }
                compared += 1
                differences += Self.shapeDifferences(FixtureValue(ours), expected).map { "\(input) \(testCase.options) → \($0)" }
            }
        }
        print("qs: \(compared) bodies compared, \(differences.count) read otherwise")
        // qs reads indices past its `arrayLimit` as an object even without a gap; here they stay
        // an array (`.compacted(upTo:)`), as the typed `.qs` preset reads an array of any length:
        // `a[0]=b` and `a[0]=b&a[1]=c` under `arrayLimit` 0 and -1, from qs's own tests.
        let pastLimit = differences.filter { $0.contains("\"arrayLimit\": 0]") || $0.contains("\"arrayLimit\": -1]") }
        #expect(pastLimit.count == 4)
        for difference in differences where !pastLimit.contains(difference) { Issue.record("qs: \(difference)") }
        #expect(compared > 3000)
    }

    /// The table of `UntypedIndices`' documentation, and the shapes around it, under each case.
    @Test(
        "each case reads index keys as its documentation's table says",
        arguments: [
            // (form, .array, .compacted(upTo: 20), .arrayInFormOrder, .object)
            ("a[0]=x&a[1]=y", #"{a:["x","y"]}"#, #"{a:["x","y"]}"#, #"{a:["x","y"]}"#, #"{a:{0:"x",1:"y"}}"#),
            ("a[1]=y&a[0]=x", #"{a:["x","y"]}"#, #"{a:["x","y"]}"#, #"{a:{0:"x",1:"y"}}"#, #"{a:{0:"x",1:"y"}}"#),
            ("a[1]=x&a[3]=y", #"{a:{1:"x",3:"y"}}"#, #"{a:["x","y"]}"#, #"{a:{1:"x",3:"y"}}"#, #"{a:{1:"x",3:"y"}}"#),
            ("a[0]=x&a[21]=y", #"{a:{0:"x",21:"y"}}"#, #"{a:{0:"x",21:"y"}}"#, #"{a:{0:"x",21:"y"}}"#, #"{a:{0:"x",21:"y"}}"#),
            ("a[0]=x&a[b]=y", #"{a:{0:"x",b:"y"}}"#, #"{a:{0:"x",b:"y"}}"#, #"{a:{0:"x",b:"y"}}"#, #"{a:{0:"x",b:"y"}}"#),
            ("a[00]=x", #"{a:{00:"x"}}"#, #"{a:{00:"x"}}"#, #"{a:{00:"x"}}"#, #"{a:{00:"x"}}"#),
            ("0=x&1=y", #"{0:"x",1:"y"}"#, #"{0:"x",1:"y"}"#, #"{0:"x",1:"y"}"#, #"{0:"x",1:"y"}"#),
            ("a[0][b]=x&a[1][b]=y", #"{a:[{b:"x"},{b:"y"}]}"#, #"{a:[{b:"x"},{b:"y"}]}"#, #"{a:[{b:"x"},{b:"y"}]}"#, #"{a:{0:{b:"x"},1:{b:"y"}}}"#),
            ("a[]=x&a[]=y", #"{a:["x","y"]}"#, #"{a:["x","y"]}"#, #"{a:["x","y"]}"#, #"{a:["x","y"]}"#),
            ("a[1]=y&a[0]=x&a[]=z", #"{a:["x","y","z"]}"#, #"{a:["x","y","z"]}"#, #"{a:{0:"x",1:"y",2:"z"}}"#, #"{a:{0:"x",1:"y",2:"z"}}"#),
            ("a[5]=x&a[]=y", #"{a:{5:"x",6:"y"}}"#, #"{a:["x","y"]}"#, #"{a:{5:"x",6:"y"}}"#, #"{a:{5:"x",6:"y"}}"#),
        ] as [(String, String, String, String, String)]
    )
    func cases(form: String, array: String, compacted: String, inFormOrder: String, object: String) throws {
        let cases: [(URLEncodedFormDecoder.UntypedIndices, String)] = [
            (.array, array), (.compacted(upTo: 20), compacted), (.arrayInFormOrder, inFormOrder), (.object, object),
        ]
        for (untypedIndices, expected) in cases {
            let value = try URLEncodedFormValue(parsing: form, decoder: URLEncodedFormDecoder(dialect: .init(untypedIndices: untypedIndices)))
            #expect("\(FixtureValue(value))" == expected, "\(untypedIndices)")
        }
    }

    @Test(
        "a[0]=x&a[1]=y is a list under every preset but Rails', whose Rack keeps the names",
        arguments: [
            ("default", URLEncodedFormDecoder(), true), ("qs", .qs, true), ("jQuery", .jQuery, true), ("php", .php, true),
            ("vapor", .vapor, true), ("hummingbird", .hummingbird, true), ("htmlForm", .htmlForm, true), ("rails", .rails, false),
        ] as [(String, URLEncodedFormDecoder, Bool)]
    )
    func presets(name: String, decoder: URLEncodedFormDecoder, isList: Bool) throws {
        let value = try URLEncodedFormValue(parsing: "a[0]=x&a[1]=y", decoder: decoder)
        #expect(value == (isList ? ["a": ["x", "y"]] : ["a": ["0": "x", "1": "y"]]), "\(name)")
        #expect(URLEncodedFormDecoder.qs.dialect.untypedIndices == .compacted(upTo: 20))
    }
}
