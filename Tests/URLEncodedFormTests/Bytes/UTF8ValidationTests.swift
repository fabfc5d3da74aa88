import Testing

@testable import URLEncodedForm

/// ``UTF8Validation`` decides which decoded bytes become a `String` without the standard library
/// checking them: a wrong `.valid` would make a `String` of bytes that are not UTF-8. Each test
/// compares it with the standard library's own check, `String(validating:as:)`, on every sequence
/// of one and two bytes, and three- and four-byte ones from every lead byte whose other bytes are
/// at the edges of Unicode's ranges, each placed where the check reads it in
/// each of its ways: alone, in a whole chunk, across a chunk's end, in the overlapping last chunk,
/// and after a run of ASCII long enough for the 32-byte loop.
@Suite("UTF-8 validation")
struct UTF8ValidationTests {
    /// The bytes where a range of Unicode's table of well-formed sequences starts or ends, and
    /// their neighbours.
    static let edges: [UInt8] = [
        0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE,
        0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
    ]

    /// Where a sequence is placed: ASCII bytes before and after it.
    static let placements: [(before: Int, after: Int)] = [
        (0, 0),  // alone, shorter than a chunk: read a byte at a time
        (0, 16),  // at the start of a whole chunk
        (14, 16),  // across the end of the first chunk
        (17, 0),  // at the end, in the overlapping last chunk
        (20, 3),  // inside the overlapping last chunk
        (32, 0),  // after a run of 32 ASCII bytes, at the end
        (45, 20),  // inside the chunk after a run of 32
    ]

    static func expected(_ bytes: [UInt8]) -> UTF8Validation.Result {
        guard String(validating: bytes, as: UTF8.self) != nil else { return .invalid }
        return bytes.allSatisfy { $0 < 0x80 } ? .ascii : .valid
    }

    /// One placement for each way the check reads: what the exhaustive tests use, which the
    /// sanitizer runs of CI take one at a time.
    static let readingWays = [placements[0], placements[2], placements[3], placements[5]]

    /// The sequences on which the check and the standard library differ, at each placement.
    static func disagreements(_ sequences: some Sequence<[UInt8]>, at placements: [(before: Int, after: Int)] = readingWays) -> [[UInt8]] {
        var found: [[UInt8]] = []
        for sequence in sequences {
            // ASCII around a sequence changes neither answer.
            let expected = expected(sequence)
            for (before, after) in placements {
                let bytes = [UInt8](repeating: 0x61, count: before) + sequence + [UInt8](repeating: 0x62, count: after)
                let result = bytes.withReader { UTF8Validation.check($0) }
                if result != expected, found.count < 10 { found.append(bytes) }
            }
        }
        return found
    }

    @Test("every sequence of one or two bytes")
    func oneAndTwoBytes() {
        let sequences = (0...0xFFFF).lazy.map { [UInt8(truncatingIfNeeded: $0 >> 8), UInt8(truncatingIfNeeded: $0)] }
        #expect(Self.disagreements(sequences) == [])
        #expect(Self.disagreements((0...0xFF).lazy.map { [UInt8($0)] }, at: Self.placements) == [])
    }

    @Test("three-byte sequences: every lead from C0, the others at the edges")
    func threeBytes() {
        // A first byte below C0 is ASCII or no lead, whatever follows: the two-byte test covers it.
        let sequences = (0xC0...0xFF).lazy.flatMap { (lead: Int) -> [[UInt8]] in
            Self.edges.flatMap { second in Self.edges.map { [UInt8(lead), second, $0] } }
        }
        #expect(Self.disagreements(sequences) == [])
    }

    @Test("four-byte sequences: leads from F0, the others at the edges")
    func fourBytes() {
        let lasts: [UInt8] = [0x7F, 0x80, 0xBF, 0xC0]
        let sequences = (0xF0...0xFF).lazy.flatMap { (lead: Int) -> [[UInt8]] in
            Self.edges.flatMap { second in
                Self.edges.flatMap { third in lasts.map { [UInt8(lead), second, third, $0] } }
            }
        }
        #expect(Self.disagreements(sequences) == [])
    }

    @Test("random mixes of ASCII, sequences and broken ones, of every length up to 150")
    func randomMixes() {
        var generator = SeededGenerator(seed: 0x5EED_0008)
        let pieces: [[UInt8]] = [
            [0x61], [0x20], Array("é".utf8), Array("€".utf8), Array("🌍".utf8), [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x8C],
            [0x80], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80], [0xFF],
        ]
        var found: [[UInt8]] = []
        for _ in 0..<20_000 {
            // Often a run of ASCII first, long enough for the 32-byte loop.
            var bytes = [UInt8](repeating: 0x61, count: generator.next() % 2 == 0 ? Int(generator.next() % 70) : 0)
            let length = bytes.count + Int(generator.next() % 81)
            while bytes.count < length {
                // Mostly ASCII, as form values are.
                let roll = Int(generator.next() % 40)
                bytes += roll < pieces.count ? pieces[roll] : [UInt8(0x61 + roll % 26)]
            }
            let start = Int(generator.next() % UInt64(bytes.count + 1))
            let result = bytes.withReader { UTF8Validation.check($0, from: start) }
            if result != Self.expected(Array(bytes[start...])), found.count < 10 { found.append(bytes) }
        }
        #expect(found == [])
    }

    @Test(
        "text made from checked bytes is the text the standard library makes, broken bytes replaced",
        arguments: [
            "plain ASCII text longer than sixteen bytes", "Grüße aus Köln, 🌍 — ça va?", "short é", "",
            "x\u{FFFD}y and more to fill a chunk",
        ].map { Array($0.utf8) } + [
            Array("a valid start, then a cut-off é".utf8.dropLast()), [0x61, 0xED, 0xA0, 0x80] + Array(repeating: 0x62, count: 20),
        ])
    func strings(bytes: [UInt8]) {
        let string = bytes.withReader { $0.string }
        #expect(string == String(decoding: bytes, as: UTF8.self))
        #expect(Array(string.utf8) == Array(String(decoding: bytes, as: UTF8.self).utf8))
    }
}
