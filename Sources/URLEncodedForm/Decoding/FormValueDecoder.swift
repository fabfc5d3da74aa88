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

/// Collections that a missing member decodes as, empty, where a form cannot write them empty: an
/// empty array or dictionary writes nothing, and an HTML form with no box ticked sends nothing.
/// An array or set written empty as `name[]` (``URLEncodedFormDecoder/allowsEmptyArrays``) is
/// a list; a dictionary is not, since no form writes an empty one.
protocol FormEmptyDecodable {
    static var emptyFormValue: Self { get }
    static var isFormList: Bool { get }
}

extension Array: FormEmptyDecodable {
    static var emptyFormValue: Self { [] }
    static var isFormList: Bool { true }
}

extension ContiguousArray: FormEmptyDecodable {
    static var emptyFormValue: Self { [] }
    static var isFormList: Bool { true }
}

extension Set: FormEmptyDecodable {
    static var emptyFormValue: Self { [] }
    static var isFormList: Bool { true }
}

extension Dictionary: FormEmptyDecodable {
    static var emptyFormValue: Self { [:] }
    static var isFormList: Bool { false }
}

/// The empty value of `type` when it is a collection, whatever the options: a stand-in.
func emptyFormValue<T>(_ type: T.Type) -> T? {
    (type as? any FormEmptyDecodable.Type)?.emptyFormValue as? T
}

extension FormTreeReader {
    /// What a member of `type` that the form does not have reads as, where that is not an error
    /// (`JSONDecoder` throws `keyNotFound` for each): an empty dictionary, which no form writes;
    /// an empty array or set, which a form writes empty only under
    /// ``URLEncodedFormDecoder/allowsEmptyArrays``; `Data` read as an array of its bytes
    /// (``URLEncodedFormDecoder/DataDecoding-swift.enum/deferredToData``) likewise. `Data` read as
    /// text (base64 or a custom closure) is written `data=` when empty, so a missing one is an
    /// error.
    func missingValue<T>(_ type: T.Type) -> T? {
        if T.self == Data.self {
            guard case .deferredToData = dataDecoding, !rules.allowsEmptyArrays else { return nil }
            return reinterpret(Data(), as: T.self)
        }
        guard let collection = type as? any FormEmptyDecodable.Type, !(collection.isFormList && rules.allowsEmptyArrays) else { return nil }
        return collection.emptyFormValue as? T
    }
}
