// Records what Vapor 4's and Hummingbird 2's own `URLEncodedFormEncoder`s write for each of the
// 200 values of Tests/Fixtures/qs-6.11-stringify.json (objects as {"$members": [[name, value], …]},
// so their order survives), as Tests/Fixtures/swift-peers-encoder.json: one line a value, each
// encoder's text or the error it threw. Facts of the peers', which `EncoderPresetTests` compares
// the `.vapor` and `.hummingbird` presets with. Hashing is made deterministic by the caller
// (`SWIFT_DETERMINISTIC_HASHING=1`), since a peer that keeps members in a dictionary writes them
// in hash order.
//
//   SWIFT_DETERMINISTIC_HASHING=1 swift run -c release PeerEncoders ../Tests/Fixtures/qs-6.11-stringify.json
import Foundation
import Hummingbird
import URLEncodedForm
import Vapor

/// The fixture's value as the library's untyped value, whose `encode(to:)` writes each object's
/// members in order through a keyed container, arrays through an unkeyed one, text and `nil`
/// through single-value containers: what any encoder is given for it.
func formValue(_ json: Any) -> URLEncodedFormValue {
    switch json {
    case let text as String: return .string(text)
    case let array as [Any]: return .array(array.map(formValue))
    case let object as [String: Any]:
        let members = object["$members"] as? [[Any]] ?? []
        return .object(members.map { .init(key: $0.first as? String ?? "", value: formValue($0.last ?? NSNull())) })
    default: return .null
    }
}

func outcome(_ body: () throws -> String) -> [String: String] {
    do {
        return ["text": try body()]
    } catch {
        return ["error": String(describing: type(of: error))]
    }
}

let path = CommandLine.arguments.dropFirst().first ?? "../Tests/Fixtures/qs-6.11-stringify.json"
let root = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
let values = (root?["cases"] as? [[String: Any]] ?? []).map { formValue($0["value"] ?? [:]) }
print(#"{"source": "Vapor 4.122.3 and Hummingbird 2.28.1 URLEncodedFormEncoder(), Benchmarks/PeerEncoders"}"#)
for value in values {
    let line: [String: [String: String]] = [
        "vapor": outcome { try Vapor.URLEncodedFormEncoder().encode(value) },
        "hummingbird": outcome { try Hummingbird.URLEncodedFormEncoder().encode(value) },
    ]
    let data = try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys, .withoutEscapingSlashes])
    print(String(decoding: data, as: UTF8.self))
}
