import Foundation
@_spi(Benchmarks) import URLEncodedForm

#if canImport(Hummingbird)
// Built in only when count.sh is asked for the `hummingbird` operation, which adds the package.
import Hummingbird
#endif

// Runs one operation on one workload a given number of times, for callgrind to count
// (`Benchmarks/Instructions/count.sh`): `instructions WORKLOAD OPERATION ITERATIONS`.

let arguments = CommandLine.arguments
guard arguments.count == 4, let iterations = Int(arguments[3]) else {
    let usage = """
        usage: instructions empty|one|small|medium|large|largeBrackets|text|rows \
        encode|decode|decodeuserinfo|floor|floordecode|jsonencode|jsondecode|hummingbird N

        """
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}

@inline(never)
func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

func run<Value: Codable>(_ value: Value, brackets: Bool = false) throws {
    let encoder = URLEncodedFormEncoder(arrayEncoding: brackets ? .brackets : .indexInBrackets)
    let decoder = URLEncodedFormDecoder(limits: .unlimited)
    let text: String = try encoder.encode(value)
    switch arguments[2] {
    case "encode": for _ in 0..<iterations { blackHole(try encoder.encode(value) as String) }
    case "decode": for _ in 0..<iterations { blackHole(try decoder.decode(Value.self, from: text)) }
    case "decodeuserinfo":
        // A decoder whose options are not all defaults: its reader keeps them in an object.
        var decoder = decoder
        decoder.userInfo[CodingUserInfoKey(rawValue: "source")!] = "benchmark"
        for _ in 0..<iterations { blackHole(try decoder.decode(Value.self, from: text)) }
    case "floor": for _ in 0..<iterations { try value.encode(to: FloorEncoder()) }
    case "floordecode":
        let tree = try FloorValue(value)
        for _ in 0..<iterations { blackHole(try Value(from: FloorDecoder(value: tree))) }
    case "jsonencode": for _ in 0..<iterations { blackHole(try JSONEncoder().encode(value)) }
    #if canImport(Hummingbird)
    case "hummingbird":
        // Hummingbird 2.28.1's own encoder, the peer the Benchmarks package compares with.
        let hummingbird = Hummingbird.URLEncodedFormEncoder()
        for _ in 0..<iterations { blackHole(try hummingbird.encode(value)) }
    #endif
    case "jsondecode":
        let json = try JSONEncoder().encode(value)
        for _ in 0..<iterations { blackHole(try JSONDecoder().decode(Value.self, from: json)) }
    default: exit(2)
    }
}

/// What every call costs before its first field: a struct with no members, and one with one.
struct Empty: Codable {}
struct One: Codable {
    var count: Int
}

switch arguments[1] {
case "empty": try run(Empty())
case "one": try run(One(count: 42))
case "small": try run(Small.sample)
case "medium": try run(Medium.sample)
case "large": try run(Large.sample)
case "largeBrackets": try run(Large.sample, brackets: true)
case "text": try run(Text.sample)
case "rows": try run(Rows.sample)
default: exit(2)
}
