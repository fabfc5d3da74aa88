import Foundation
import Testing
import URLEncodedForm

/// Each encoder preset writes the 200 seeded values of `Tests/Fixtures/qs-6.11-stringify.json`
/// and the 217 of `jquery-3.6.1-param.json` as its peer itself wrote them, byte for byte, or
/// differs by a rule checked precisely.
@Suite("Encoder: presets write what their peers write")
struct EncoderPresetTests {
    static let values: [OrderedValue] = fixtureCases("qs-6.11-stringify.json").cases.map { OrderedValue(json: $0["value"] ?? [:]) }

    /// One `text` a line after a header, in the values' order.
    static func texts(_ name: String) -> [String] {
        fixtureLines(name).compactMap { $0["text"] as? String }
    }

    enum ExactPeer: String, CaseIterable {
        /// qs 6.11's `stringify` with its defaults (the fixture's `escaped-indices` set).
        case qs
        /// PHP 8.2's `http_build_query`.
        case php

        var preset: URLEncodedFormEncoder { self == .qs ? .qs : .php }

        var written: [String?] {
            switch self {
            case .qs:
                fixtureCases("qs-6.11-stringify.json").cases.map {
                    (($0["written"] as? [String: Any])?["escaped-indices"] as? [String: Any])?["text"] as? String
                }
            case .php: EncoderPresetTests.texts("php-8.2-build-query.json")
            }
        }
    }

    @Test("the .qs and .php presets write what qs.stringify and http_build_query write, for every value", arguments: ExactPeer.allCases)
    func exact(peer: ExactPeer) throws {
        let written = peer.written
        #expect(written.count == 200)
        for (value, text) in zip(Self.values, written) {
            #expect(try peer.preset.encode(value) as String == text)
        }
    }

    /// The URL Standard's urlencoded serializer, as Node's `URLSearchParams` runs it
    /// (`Tests/Fixtures/whatwg-urlsearchparams.json`): the bytes a browser submits for a form's
    /// pairs, from the pairs as they are and from a value whose members they are.
    @Test("the .htmlForm preset writes what a browser's urlencoded serializer writes, for every list of pairs")
    func htmlForm() throws {
        let cases = fixtureCases("whatwg-urlsearchparams.json").cases
        #expect(cases.count == 300)
        var walked = 0
        for testCase in cases {
            let pairs = (testCase["pairs"] as? [[String]] ?? []).map { ($0[0], $0[1]) }
            let text = testCase["text"] as? String
            #expect(URLEncodedFormEncoder.htmlForm.encode(pairs) == text, "\(pairs)")
            // Names given once are a value's members, written in their order by the same walk
            // as every value.
            guard Set(pairs.map(\.0)).count == pairs.count else { continue }
            let value = OrderedValue.object(pairs.map { (name: $0.0, value: .text($0.1)) })
            #expect(try URLEncodedFormEncoder.htmlForm.encode(value) as String == text, "\(pairs)")
            walked += 1
        }
        #expect(walked > 250)
    }

    /// Rack writes an empty segment for an empty array or object (`a=1&&b=2`), which a reader
    /// skips; checked precisely: with the empty segments removed, the texts are the same.
    @Test("the .rails preset writes what Rack's build_nested_query writes, but Rack's empty segments")
    func rails() throws {
        let written = Self.texts("rack-2.2-build-nested-query.json")
        #expect(written.count == 200)
        var emptySegments: [Int] = []
        for (index, (value, text)) in zip(Self.values, written).enumerated() {
            let ours: String = try URLEncodedFormEncoder.rails.encode(value)
            if ours == text { continue }
            emptySegments.append(index)
            #expect(ours == text.split(separator: "&", omittingEmptySubsequences: true).joined(separator: "&"))
        }
        // The values, by their index in the fixture, whose Rack text has an empty segment.
        #expect(emptySegments == Self.rackEmptySegments)
    }

    @Test("the .jQuery preset writes what $.param writes, but for arrays inside arrays under a name ending in []")
    func jQuery() throws {
        let cases = fixtureCases("jquery-3.6.1-param.json").cases
        #expect(cases.count == 217)
        var different: [Int] = []
        for (index, testCase) in cases.enumerated() {
            let value = OrderedValue(json: testCase["ordered"] ?? testCase["value"] ?? [:])
            if (try? URLEncodedFormEncoder.jQuery.encode(value) as String) != testCase["param"] as? String { different.append(index) }
        }
        // The cases, by their index in the fixture, of an array inside an array under a name
        // ending in `[]`.
        #expect(different == Self.jQueryDifferences)
    }

    /// Vapor and Hummingbird keep members in dictionaries, so their order is the hash order of one
    /// process (the recorder fixes it with `SWIFT_DETERMINISTIC_HASHING`): the pairs are compared
    /// as a multiset, after the empty segments both write for what has no pair. Hummingbird writes a
    /// `+` inside a value as it is, where the preset writes `%2B`; checked precisely: with `%2B`
    /// written as `+`, the pairs are the same.
    @Test("the .vapor and .hummingbird presets write the pairs Vapor's and Hummingbird's own encoders write, for every value")
    func swiftPeers() throws {
        let lines = fixtureLines("swift-peers-encoder.json")
        #expect(lines.count == 200)
        var plusSigns: [Int] = []
        for (index, (value, line)) in zip(Self.values, lines).enumerated() {
            for (name, preset) in [("vapor", URLEncodedFormEncoder.vapor), ("hummingbird", .hummingbird)] {
                let text = try #require((line[name] as? [String: Any])?["text"] as? String)
                let theirs = text.split(separator: "&", omittingEmptySubsequences: true).sorted()
                let written: String = try preset.encode(value)
                if written.split(separator: "&").sorted() == theirs { continue }
                #expect(name == "hummingbird", "\(name): \(written) against \(text)")
                #expect(written.replacingOccurrences(of: "%2B", with: "+").split(separator: "&").sorted() == theirs, "\(written)")
                plusSigns.append(index)
            }
        }
        // The values, by their index in the fixture, with a `+` in a value Hummingbird writes.
        #expect(plusSigns == Self.hummingbirdPlusSigns)
    }

    // Each difference by its case's index in the fixture, so that one case fixed and another
    // broken does not leave a count unchanged.
    static let rackEmptySegments = [
        2, 24, 38, 49, 57, 82, 89, 93, 96, 117, 124, 129, 130, 134, 136, 137, 140, 163, 166, 179, 188, 189, 191, 192, 193,
    ]
    static let jQueryDifferences = [16]
    static let hummingbirdPlusSigns = [
        8, 9, 21, 22, 31, 34, 37, 45, 48, 49, 54, 60, 67, 76, 78, 79, 87, 89, 106, 109, 110, 115, 117, 125, 128, 129, 131, 134,
        141, 158, 185, 196,
    ]

    @Test("the .alamofire preset is the default encoder")
    func alamofire() throws {
        struct Search: Encodable {
            let q = "a b"
            let tags = ["x", "y"]
            let on = true
        }
        #expect(try URLEncodedFormEncoder.alamofire.encode(Search()) as String == "on=1&q=a%20b&tags%5B%5D=x&tags%5B%5D=y")
        #expect(try URLEncodedFormEncoder.alamofire.encode(Search()) as String == URLEncodedFormEncoder().encode(Search()))
    }
}
