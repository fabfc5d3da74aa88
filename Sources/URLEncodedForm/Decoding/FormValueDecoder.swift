#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `Decoder` that `init(from:)` implementations read from: a node of the parsed tree.
///
/// A value type of two words, so passing it as `any Decoder` needs no allocation.
struct FormValueDecoder: Decoder {
    let reader: FormTreeReader
    let node: Int

    var codingPath: [any CodingKey] { reader.codingPath(of: node) }

    var userInfo: [CodingUserInfoKey: Any] { reader.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try reader.requireObject(node)
        return KeyedDecodingContainer(FormKeyedDecodingContainer<Key>(reader: reader, object: node))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try FormUnkeyedDecodingContainer(reader: reader, array: node)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        FormSingleValueDecodingContainer(reader: reader, node: node)
    }
}

/// Collections that a missing member decodes as, empty: an empty array or dictionary writes
/// nothing, and an HTML form with no box ticked sends nothing.
protocol FormEmptyDecodable {
    static var emptyFormValue: Self { get }
}

extension Array: FormEmptyDecodable {
    static var emptyFormValue: Self { [] }
}

extension ContiguousArray: FormEmptyDecodable {
    static var emptyFormValue: Self { [] }
}

extension Set: FormEmptyDecodable {
    static var emptyFormValue: Self { [] }
}

extension Dictionary: FormEmptyDecodable {
    static var emptyFormValue: Self { [:] }
}

/// The empty value of `type` when it is a collection, for a missing member.
func emptyFormValue<T>(_ type: T.Type) -> T? {
    (type as? any FormEmptyDecodable.Type)?.emptyFormValue as? T
}

extension Data: FormEmptyDecodable {
    static var emptyFormValue: Self { Data() }
}
