/// The `Encoder` that `encode(to:)` implementations write into.
///
/// A struct of the writer and the slot being written: each nested value gets its own, which
/// costs no allocation, since it fits an existential's inline buffer. Like every encoder, it is
/// only valid during the `encode(to:)` call it is passed to.
struct FormValueEncoder: Encoder {
    let writer: FormEncodingSession
    /// The slot the value being encoded writes into (see ``FormTreeBuilder``).
    let slot: Int

    var codingPath: [any CodingKey] { writer.codingPath(of: slot) }

    var userInfo: [CodingUserInfoKey: Any] { writer.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(FormKeyedEncodingContainer<Key>(writer: writer, object: slot))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        FormUnkeyedEncodingContainer(writer: writer, array: slot)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        FormSingleValueEncodingContainer(writer: writer, slot: slot)
    }
}

extension FormEncodingSession {
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
        try value.encode(to: FormValueEncoder(writer: self, slot: slot))
    }
}
