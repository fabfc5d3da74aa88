/// The `Encoder` that `encode(to:)` implementations write into.
///
/// One instance serves a whole value: encoding a nested value points it at the nested value's
/// node and back, instead of allocating an encoder per level. Like every encoder, it is only valid
/// during the `encode(to:)` call it is passed to.
final class FormValueEncoder: Encoder {
    let storage: FormEncodingStorage
    /// The node the value being encoded writes into.
    private var target: Int

    init(storage: FormEncodingStorage, target: Int) {
        self.storage = storage
        self.target = target
    }

    var codingPath: [any CodingKey] { storage.tree.codingPath(of: target) }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(FormKeyedEncodingContainer<Key>(encoder: self, object: target))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        FormUnkeyedEncodingContainer(encoder: self, array: target)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        FormSingleValueEncodingContainer(encoder: self, node: target)
    }

    /// Encodes `value` into `node`: scalars directly, anything else through its own
    /// `encode(to:)` with this encoder pointed at `node`.
    func encode<Value: Encodable>(_ value: Value, into node: Int) throws {
        if try storage.writeScalar(value, into: node) { return }
        let outer = target
        target = node
        defer { target = outer }
        try value.encode(to: self)
    }
}
