import Foundation
import Testing

/// A value or a form nested 100,000 levels deep (a 300 KB name), through every entry point of
/// the library and both commands of `urlform`, with every limit lifted: each ends in an error
/// or a result, never a signal. Each runs in a process of its own (`form-depth-probe`, or the
/// command), so that a crash fails the test cleanly.
@Suite("Depth: 100,000 levels, in a child process")
struct DeepValueTests {
    struct Outcome {
        var exitStatus: Int32?
        var signal: Int32?
        var output: String
        var error: String
    }

    /// Runs `executable` with `arguments` and `input` on its standard input, written from
    /// another thread so that neither side waits on a full pipe.
    static func run(_ executable: String, _ arguments: [String], input: String = "") throws -> Outcome {
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = URLFormCommandTests.binary.deletingLastPathComponent().appendingPathComponent(executable)
        process.arguments = arguments
        let (stdin, stdout) = (Pipe(), Pipe())
        // Standard error goes to a file, which never fills: a crash's backtrace can be long.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("depth-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        let writer = Thread {
            try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let error = (try? Data(contentsOf: errorFile)) ?? Data()
        let crashed = process.terminationReason == .uncaughtSignal
        return Outcome(
            exitStatus: crashed ? nil : process.terminationStatus,
            signal: crashed ? process.terminationStatus : nil,
            output: String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines),
            error: String(decoding: error, as: UTF8.self)
        )
    }

    static let levels = 100_000

    /// What each entry point gives: the encoder's error at 512 levels (the `encode(to:)` calls
    /// of `Nest`, each two containers deep, stop at 512 calls), the decoders' refusal at 512.
    @Test(
        "every entry point of the library ends in an error, never a signal",
        arguments: [
            ("encode-recursive", "error 1023"),
            ("encode-loop", "error 512"),
            ("query-items", "error 512"),
            ("decode-typed", "refused 512"),
            ("decode-untyped", "refused 512"),
            ("decode-streamed", "refused 512"),
            ("decode-pairs", "refused 512"),
            ("decode-nested-enum", "refused 512"),
        ]
    )
    func library(mode: String, expected: String) throws {
        let outcome = try Self.run("form-depth-probe", [mode, String(Self.levels)])
        #expect(outcome.signal == nil, "\(mode) ended in signal \(outcome.signal ?? 0): \(outcome.error.prefix(500))")
        #expect(outcome.exitStatus == 0)
        #expect(outcome.output == expected)
    }

    @Test("the deepest value every limit allows decodes, and is released, in every way")
    func deepest() throws {
        for mode in ["decode-typed", "decode-untyped", "decode-streamed", "decode-pairs"] {
            let outcome = try Self.run("form-depth-probe", [mode, "512"])
            #expect(outcome.signal == nil && outcome.output == "value", "\(mode): \(outcome.output) \(outcome.error.prefix(500))")
        }
    }

    @Test("urlform decode and encode end with status 1 and a short message, never a signal")
    func command() throws {
        let name = "a" + String(repeating: "[a]", count: Self.levels - 1)
        #expect(name.utf8.count > 290_000)
        let decoded = try Self.run("urlform", ["decode", "--unlimited"], input: name + "=1")
        #expect(decoded.signal == nil && decoded.exitStatus == 1, "\(decoded.error.prefix(500))")
        #expect(decoded.error.contains("512 components"))
        #expect(decoded.error.utf8.count < 1024)
        let json = String(repeating: #"{"a":"#, count: Self.levels) + "1" + String(repeating: "}", count: Self.levels)
        let encoded = try Self.run("urlform", ["encode"], input: json)
        #expect(encoded.signal == nil && encoded.exitStatus == 1, "\(encoded.error.prefix(500))")
        #expect(encoded.error.utf8.count < 1024)
        // JSON as deep as the command reads, 511 objects: keys of 511 components, within the
        // encoder's 512; past `--max-depth`, refused at its path.
        let deepest = String(repeating: #"{"a":"#, count: 511) + "1" + String(repeating: "}", count: 511)
        let written = try Self.run("urlform", ["encode", "--brackets", "literal"], input: deepest)
        #expect(written.exitStatus == 0 && written.output == "a" + String(repeating: "[a]", count: 510) + "=1")
        let refused = try Self.run("urlform", ["encode", "--max-depth", "100"], input: deepest)
        #expect(refused.signal == nil && refused.exitStatus == 1, "\(refused.error.prefix(500))")
        #expect(refused.error.contains("more than 100 levels"))
        #expect(refused.error.utf8.count < 1024)
    }
}
