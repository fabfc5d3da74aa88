/// The `Encoder` that `encode(to:)` implementations write into.
///
/// A struct of the storage and the slot being written: each nested value gets its own, which
/// costs no allocation, since it fits an existential's inline buffer. Like every encoder, it is
/// only valid during the `encode(to:)` call it is passed to.
struct FormValueEncoder: Encoder {
    let storage: FormEncodingStorage
    /// The slot the value being encoded writes into (see ``FormEncodingStorage``).
    let target: Int

    var codingPath: [any CodingKey] { storage.codingPath(of: target) }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(FormKeyedEncodingContainer<Key>(storage: storage, object: target))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        FormUnkeyedEncodingContainer(storage: storage, array: target)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        FormSingleValueEncodingContainer(storage: storage, slot: target)
    }
}

extension FormEncodingStorage {
    /// Encodes `value` into `slot`: scalars directly, anything else through its own
    /// `encode(to:)` with an encoder pointed at `slot`.
    func encode<Value: Encodable>(_ value: Value, into slot: Int) throws {
        if try writeScalar(value, into: { slot }) { return }
        try value.encode(to: FormValueEncoder(storage: self, target: slot))
    }
}
