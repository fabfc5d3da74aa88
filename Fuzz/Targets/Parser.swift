import Foundation
import URLEncodedForm

// Target 1: any bytes through the parser into an untyped value, under every key-path, space and
// array option and under the default, small or wide limits. Nothing may trap, leak or run long;
// bad input must throw. This target takes inputs up to 256 KiB (Fuzz/run.sh), so that with wide
// limits a cost that grows faster than the input shows as a timeout.
@_cdecl("LLVMFuzzerTestOneInput")
public func parserTarget(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    var input = FuzzInput(UnsafeBufferPointer(start: start, count: count))
    let limits = input.element(of: [.default, FuzzOptions.tightLimits, FuzzOptions.wideLimits])
    let decoder = FuzzOptions.decoder(&input, limits: limits)
    let text = Array(input.rest)
    do {
        let value = try URLEncodedFormValue(parsing: text, decoder: decoder)
        // What was parsed can be written again.
        _ = try value.encoded()
    } catch {
        _ = String(describing: error)
    }
    return 0
}
