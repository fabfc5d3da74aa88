/// The `Encoder` that `encode(to:)` implementations write into.
///
/// A struct of the storage and the slot being written: each nested value gets its own, which
/// costs no allocation, since it fits an existential's inline buffer. Like every encoder, it is
/// only valid during the `encode(to:)` call it is passed to.
struct FormValueEncoder: Encoder {
    let storage: FormEncodingStorage
    /// The slot the value being encoded writes into (see ``FormPairStream`` and ``FormTreeBuilder``).
    let target: Int

    var codingPath: [any CodingKey] { storage.codingPath(of: target) }

    var userInfo: [CodingUserInfoKey: Any] { storage.userInfo }

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
    /// Encodes `value` to `target`: scalars directly, anything else through its own
    /// `encode(to:)` with an encoder pointed at the target's slot.
    func encode<Value: Encodable>(_ value: Value, to target: ScalarTarget) throws {
        if try writeScalar(value, to: target) { return }
        let slot =
            switch target {
            case .slot(let slot): slot
            case .member(let key, let object): member(of: object, key: key)
            case .element(let index, let array): element(of: array, at: index)
            }
        try value.encode(to: FormValueEncoder(storage: self, target: slot))
    }
}
