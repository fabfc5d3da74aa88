/// The `Encoder` that `encode(to:)` implementations write into.
///
/// A struct of the writer and the slot being written: each nested value gets its own, which
/// costs no allocation, since it fits an existential's inline buffer. Like every encoder, it is
/// only valid during the `encode(to:)` call it is passed to.
struct FormValueEncoder: Encoder {
    let writer: FormEncodingSession
    /// The slot the value being encoded writes into (see ``ValueTree``).
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
            case .member(let key, let object): member(of: object, key: key, replacing: true)
            case .element(let index, let array): element(of: array, at: index)
            }
        // A value that encodes itself may hold another, without end: refused past the limit,
        // before its `encode(to:)` runs, so that the recursion ends in an error, not a crash.
        guard depth < rules.maximumDepth else { throw tooDeep(value, at: slot) }
        depth &+= 1
        defer { depth &-= 1 }
        // The collections forms hold most are written here, through the same containers as
        // their own `encode(to:)` (an unkeyed one for an array, a keyed one by each key for a
        // dictionary), with their types known: the standard library's generic conformances look
        // up metadata as they go. Each metatype below is looked up through a cache, which a
        // value of another size, as most structs are, skips first (the small and medium encodes;
        // Benchmarks/README.md, Shortcuts).
        let mayBeCollection = MemoryLayout<Value>.size == MemoryLayout<[String]>.size
        if mayBeCollection, Value.self == [String].self {
            var container = FormUnkeyedEncodingContainer(writer: self, array: slot)
            for element in reinterpret(value, as: [String].self) { try container.encode(element) }
        } else if mayBeCollection, Value.self == [Int].self {
            var container = FormUnkeyedEncodingContainer(writer: self, array: slot)
            for element in reinterpret(value, as: [Int].self) { try container.encode(element) }
        } else if mayBeCollection, Value.self == [String: String].self {
            var container = FormKeyedEncodingContainer<FormCodingKey>(writer: self, object: slot)
            for (key, text) in reinterpret(value, as: [String: String].self) { try container.encode(text, forKey: FormCodingKey(key)) }
        } else {
            try value.encode(to: FormValueEncoder(writer: self, slot: slot))
        }
    }

}
