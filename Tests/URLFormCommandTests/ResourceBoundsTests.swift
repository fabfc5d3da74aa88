import Foundation
import Testing

enum Sanitizers {
    /// Whether the process runs under AddressSanitizer or ThreadSanitizer, whose shadow memory
    /// a memory measurement would count.
    static let active: Bool = {
        guard let process = dlopen(nil, RTLD_NOW) else { return false }
        return dlsym(process, "__asan_init") != nil || dlsym(process, "__tsan_init") != nil
    }()
}

/// Memory of the decoder on hostile bodies, measured by the kernel in a process of its own
/// (`form-memory-probe`, built beside the tests): how far the peak resident size rose above
/// what the process held once the body was read. Time is printed, not asserted.
@Suite(
    "Resource bounds: memory of hostile bodies",
    .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status"), "reads Linux's /proc"),
    .enabled(if: !Sanitizers.active, "sanitizers change memory use; CI runs these without them")
)
struct ResourceBoundsTests {
    struct Probe {
        var status: Int
        var extraKiB: Int
        var seconds: Double
    }

    static func probe(_ body: [UInt8], unlimited: Bool = false, separated: Bool = false, arguments: [String] = []) throws -> Probe {
        let process = Process()
        process.executableURL = URLFormCommandTests.binary.deletingLastPathComponent().appendingPathComponent("form-memory-probe")
        process.arguments = (unlimited ? ["--unlimited"] : []) + (separated ? ["--separated"] : []) + arguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // Written from another thread, so a large body cannot fill the pipe while nothing reads.
        let writer = Thread {
            input.fileHandleForWriting.write(Data(body))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var fields: [String: String] = [:]
        for field in text.split(whereSeparator: \.isWhitespace) {
            let parts = field.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        return Probe(
            status: Int(fields["status"] ?? "") ?? -1,
            extraKiB: Int(fields["extraKiB"] ?? "") ?? -1,
            seconds: Double(fields["seconds"] ?? "") ?? -1
        )
    }

    static let megabyte = 1_000_000

    /// Bodies of about `size` bytes, each built to exhaust a decoder without limits, and whether
    /// the default limits refuse it.
    static func hostileBodies(size: Int) -> [(name: String, refused: Bool, body: [UInt8])] {
        func repeated(_ piece: String, prefix: String = "", suffix: String = "") -> [UInt8] {
            let count = (size - prefix.utf8.count - suffix.utf8.count) / piece.utf8.count
            return Array((prefix + String(repeating: piece, count: count) + suffix).utf8)
        }
        return [
            ("deep key", true, repeated("[x]", prefix: "a", suffix: "=1")),
            ("distinct parameters", true, Array((0..<(size / 12)).map { "k\($0 + 1_000_000)=1" }.joined(separator: "&").utf8)),
            ("one repeated key", true, repeated("a=1&")),
            ("array pushes", true, repeated("a[]=1&")),
            // A malformed name is kept whole, one member: linear, and nothing to build.
            ("bracket soup", false, repeated("[", prefix: "a")),
            // Within the limits: nothing to build, and one long value.
            ("empty pairs", false, repeated("&")),
            ("escaped value", false, repeated("%41", prefix: "a=")),
        ]
    }

    /// A 1 MiB body read in 64 KiB chunks, as a server reads it: decoded as the chunks arrive, it
    /// costs no more than collecting them first and decoding the collected bytes, which the
    /// decoder borrows; a streamed buffer that grew by copying, or a second copy of the body,
    /// would cost 1 MiB more.
    @Test("a 1 MiB body decoded as it arrives peaks no higher than the same body collected first")
    func streamedAgainstCollected() throws {
        let body = Self.oneLargeField
        let streamed = try Self.probe(body, arguments: ["--streamed", "--length", String(body.count)])
        let collected = try Self.probe(body, arguments: ["--collected"])
        print("1 MiB body: streamed \(streamed.extraKiB) KiB in \(streamed.seconds) s, collected \(collected.extraKiB) KiB in \(collected.seconds) s")
        #expect(streamed.status == 0 && collected.status == 0)
        #expect(streamed.extraKiB > 0 && streamed.extraKiB <= collected.extraKiB + 512)
    }

    /// Bytes already in memory are read where they are: the decode of a 1 MiB body holds the
    /// decoded value but no copy of the body, which the streamed decode must keep, since it
    /// owns the chunks it was given (a copy made it 0.6–0.8 MiB, rather than 1.5–1.7 MiB).
    @Test("a 1 MiB body in memory is decoded without a copy: its peak is at least 1 MiB below the streamed one")
    func inMemoryBodyIsBorrowed() throws {
        let body = Self.oneLargeField
        let streamed = try Self.probe(body, arguments: ["--streamed", "--length", String(body.count)])
        let inMemory = try Self.probe(body, unlimited: true)
        print("1 MiB body: in memory \(inMemory.extraKiB) KiB, streamed \(streamed.extraKiB) KiB")
        #expect(streamed.status == 0 && inMemory.status == 0)
        #expect(inMemory.extraKiB > 0 && inMemory.extraKiB + 1024 <= streamed.extraKiB)
    }

    /// `name=Ada&avatar=` and 1 MiB of text.
    static let oneLargeField = Array("name=Ada&avatar=\(String(repeating: "0123456789abcdef", count: 65_536))".utf8)

    @Test("each limit refuses a 1 MB hostile body before it costs more than a few MB")
    func refusedBodies() throws {
        for (name, refused, body) in Self.hostileBodies(size: Self.megabyte) {
            let probe = try Self.probe(body)
            print("\(name), 1 MB: status \(probe.status), \(probe.extraKiB) KiB, \(probe.seconds) s")
            #expect(probe.status == (refused ? 1 : 0), "\(name)")
            #expect(probe.extraKiB >= 0 && probe.extraKiB < 4 * 1024, "\(name) took \(probe.extraKiB) KiB")
        }
        // Past the length limit nothing is parsed, and nothing is allocated for it: a 3 MB body
        // costs what a body one byte past the limit costs. Both are refused before a pair is
        // read; the pages of code and runtime a first decode touches, about 1 MiB either way and
        // varying by a few pages from run to run, cancel out in the least of three interleaved
        // runs of each.
        let long = Self.hostileBodies(size: 3 * Self.megabyte)[1].body
        let justPast = [UInt8](repeating: UInt8(ascii: "x"), count: (1 << 20) + 1)  // the default maximumInputLength, 1 MiB, and one
        var longRuns: [Probe] = []
        var justPastRuns: [Probe] = []
        for _ in 0..<3 {
            longRuns.append(try Self.probe(long))
            justPastRuns.append(try Self.probe(justPast))
        }
        #expect((longRuns + justPastRuns).allSatisfy { $0.status == 1 })
        let longKiB = longRuns.map(\.extraKiB).min() ?? -1
        let justPastKiB = justPastRuns.map(\.extraKiB).min() ?? -1
        print("refused by length: 3 MB \(longKiB) KiB, one byte past the limit \(justPastKiB) KiB (least of 3)")
        #expect(longKiB >= 0 && justPastKiB >= 0 && longKiB <= justPastKiB + 256)
    }

    /// Bodies for values split at separators: a value of nothing but commas, runs of empty
    /// elements, and rows of pieces; and whether the default limits refuse it.
    static func separatedBodies(size: Int) -> [(name: String, refused: Bool, body: [UInt8])] {
        func repeated(_ piece: String, prefix: String = "") -> [UInt8] {
            Array((prefix + String(repeating: piece, count: max(0, (size - prefix.utf8.count) / piece.utf8.count))).utf8)
        }
        return [
            ("a value of commas", true, repeated(",", prefix: "a=")),
            ("a value of empty elements and bars", true, repeated(",|", prefix: "a=")),
            ("runs of empty elements a[]=", true, repeated("a[]=&")),
            ("rows of pieces", true, repeated("a=1,2,3&")),
        ]
    }

    @Test("a 1 MB body split at separators is refused by the limits before it costs 16 MB")
    func separatedBodies() throws {
        for (name, refused, body) in Self.separatedBodies(size: Self.megabyte) {
            let probe = try Self.probe(body, separated: true)
            print("\(name), 1 MB, split: status \(probe.status), \(probe.extraKiB) KiB, \(probe.seconds) s")
            #expect(probe.status == (refused ? 1 : 0), "\(name)")
            #expect(probe.extraKiB >= 0 && probe.extraKiB < 16 * 1024, "\(name) took \(probe.extraKiB) KiB")
        }
    }

    @Test("split at separators with the limits lifted, memory grows in proportion to the input")
    func separatedGrowth() throws {
        for (index, (name, _, _)) in Self.separatedBodies(size: 1).enumerated() {
            // Half a megabyte and two: each element is a `String` of the result, so lifted, a
            // megabyte of commas is a million of them.
            let small = try Self.probe(Self.separatedBodies(size: Self.megabyte / 2)[index].body, unlimited: true, separated: true)
            let large = try Self.probe(Self.separatedBodies(size: 2 * Self.megabyte)[index].body, unlimited: true, separated: true)
            print("\(name), split, limits lifted: \(small.extraKiB) KiB for 0.5 MB, \(large.extraKiB) KiB for 2 MB")
            #expect(small.status == 0 && large.status == 0)
            #expect(Double(large.extraKiB) <= Double(small.extraKiB) * 6 + 1024, "\(name): \(small.extraKiB) → \(large.extraKiB) KiB")
        }
    }

    @Test("with the limits lifted, memory grows in proportion to the input")
    func linearGrowth() throws {
        // The deep key is left out: lifted, it nests a value a million levels deep, which Swift
        // destroys recursively (SecurityAndLimits says so).
        for (index, (name, _, _)) in Self.hostileBodies(size: 1).enumerated().dropFirst() {
            let small = try Self.probe(Self.hostileBodies(size: Self.megabyte)[index].body, unlimited: true)
            let large = try Self.probe(Self.hostileBodies(size: 4 * Self.megabyte)[index].body, unlimited: true)
            print(
                "\(name), limits lifted: \(small.extraKiB) KiB and \(small.seconds) s for 1 MB, \(large.extraKiB) KiB and \(large.seconds) s for 4 MB"
            )
            // Both decodes must succeed: two refusals, or two runs that stopped early, would
            // compare what was never built.
            #expect(small.status == 0 && large.status == 0, "\(name): status \(small.status) and \(large.status)")
            // Four times the input, about four times the memory; a quadratic cost would be 16.
            #expect(Double(large.extraKiB) <= Double(small.extraKiB) * 6 + 1024, "\(name): \(small.extraKiB) → \(large.extraKiB) KiB")
        }
    }
}
