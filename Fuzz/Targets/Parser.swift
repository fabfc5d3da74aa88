import Foundation
import URLEncodedForm

// Target 1: any bytes through the parser into an untyped value, under every key-path, space and
// array option and both the default and small limits. Nothing may trap, leak or run long; bad
// input must throw.
@_cdecl("LLVMFuzzerTestOneInput")
public func parserTarget(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    var input = FuzzInput(UnsafeBufferPointer(start: start, count: count))
    let tight = input.bool()
    let decoder = FuzzOptions.decoder(&input, limits: tight ? FuzzOptions.tightLimits : .default)
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
