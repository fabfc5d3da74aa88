/// The `Encoder` that `encode(to:)` implementations write into.
///
/// A struct of the storage and the node being written: each nested value gets its own, which
/// costs no allocation, since it fits an existential's inline buffer. Like every encoder, it is
/// only valid during the `encode(to:)` call it is passed to.
struct FormValueEncoder: Encoder {
    let storage: FormEncodingStorage
    /// The node the value being encoded writes into.
    let target: Int

    var codingPath: [any CodingKey] { storage.tree.codingPath(of: target) }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(FormKeyedEncodingContainer<Key>(storage: storage, object: target))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        FormUnkeyedEncodingContainer(storage: storage, array: target)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        FormSingleValueEncodingContainer(storage: storage, node: target)
    }
}

extension FormEncodingStorage {
    /// Encodes `value` into `node`: scalars directly, anything else through its own
    /// `encode(to:)` with an encoder pointed at `node`.
    func encode<Value: Encodable>(_ value: Value, into node: Int) throws {
        if try writeScalar(value, into: node) { return }
        try value.encode(to: FormValueEncoder(storage: self, target: node))
    }
}
