import Foundation
import URLEncodedForm

// Decodes the form on stdin into an untyped value (or, with `--separated`, into `[String: [String]]`
// with values split at `,` and `|`) and prints how much memory the decoding took on top of what
// the process held once the input was read, from the kernel's own counters. `/proc/self/status`
// is used rather than `getrusage`, whose peak includes the memory of the process that spawned
// this one.
//
//   form-memory-probe [--unlimited] [--separated] < body
//   → status=0 extraKiB=123 seconds=0.004
//
// With `--streamed [--length N]` or `--collected`, the body is read from stdin in 64 KiB chunks,
// as a server reads it, and the memory counted starts before the first chunk: `--streamed`
// decodes the chunks as they are read (told the body's length, as Content-Length would);
// `--collected` appends them to one buffer first, then decodes that.

func kibibytes(_ field: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
    }
    return -1
}

/// Stdin in chunks, read as the decoder asks for them.
struct StandardInputChunks: AsyncSequence {
    struct AsyncIterator: AsyncIteratorProtocol {
        mutating func next() async throws -> Data? {
            let chunk = try FileHandle.standardInput.read(upToCount: 64 << 10)
            return chunk?.isEmpty == false ? chunk : nil
        }
    }
    func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
}

if CommandLine.arguments.contains("--streamed") || CommandLine.arguments.contains("--collected") {
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    let before = kibibytes("VmRSS")
    let start = DispatchTime.now().uptimeNanoseconds
    let decoder = URLEncodedFormDecoder(limits: .init(maximumInputLength: 8 << 20, maximumParameterCount: .max))
    var status = 0
    do {
        if CommandLine.arguments.contains("--streamed") {
            // `--length N`: the length a request's Content-Length would state.
            let length = CommandLine.arguments.firstIndex(of: "--length").flatMap { Int(CommandLine.arguments[$0 + 1]) }
            _ = try await decoder.decode(URLEncodedFormValue.self, from: StandardInputChunks(), expectedLength: length)
        } else {
            var collected = Data()
            for try await chunk in StandardInputChunks() { collected.append(chunk) }
            _ = try decoder.decode(URLEncodedFormValue.self, from: collected)
        }
    } catch {
        status = 1
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    FileHandle.standardOutput.write(Data("status=\(status) extraKiB=\(max(0, kibibytes("VmHWM") - before)) seconds=\(seconds)\n".utf8))
    exit(0)
}

let body = FileHandle.standardInput.readDataToEndOfFile()
let limits: URLEncodedFormDecoder.Limits = CommandLine.arguments.contains("--unlimited") ? .unlimited : .default
// Reading the body raised the peak; "5" in clear_refs resets the peak to the current size, so
// that the peak measured below is the decoder's alone.
try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
let before = kibibytes("VmRSS")
let start = DispatchTime.now().uptimeNanoseconds
var status = 0
do {
    if CommandLine.arguments.contains("--separated") {
        _ = try URLEncodedFormDecoder(arrayDecoding: .separators([",", "|"]), limits: limits).decode([String: [String]].self, from: body)
    } else {
        _ = try URLEncodedFormValue(parsing: body, decoder: URLEncodedFormDecoder(limits: limits))
    }
} catch {
    status = 1
}
let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
// Written unbuffered, so the line is out even if the process is ended abruptly at exit.
FileHandle.standardOutput.write(Data("status=\(status) extraKiB=\(max(0, kibibytes("VmHWM") - before)) seconds=\(seconds)\n".utf8))
