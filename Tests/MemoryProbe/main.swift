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

func kibibytes(_ field: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
    }
    return -1
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
