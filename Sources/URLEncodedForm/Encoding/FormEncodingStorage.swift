import Foundation

/// The tree one `encode` call builds, and the options that decide how its scalars are written.
///
/// Containers write into *slots*: a slot is a node (`>= 0`), or a place in the tree that is made
/// only when something is written there (`< 0`, an entry of `pending`). Like Alamofire's encoder,
/// a value that writes nothing (an empty array, an object whose members are all dropped) leaves no
/// element behind, and each write finds its array element by index the way Alamofire's does:
/// element `i` of an array that holds `i` or more elements is that element, otherwise the write
/// appends one. After an element that wrote nothing this keeps Alamofire's exact output, e.g.
/// `x = [[nil], ["a", "b"], "c"]` under `.dropKey` and indices becomes
/// `x[0][0]=a&x[1][0]=b&x[2]=c`.
final class FormEncodingStorage {
    // One encode call owns the storage and runs on one thread, and no access to the tree spans a
    // call back into user code, so the runtime exclusivity checks would only cost time.
    @exclusivity(unchecked) var tree = FormTree()

    // The options are copied out once: reading an enum with a closure payload from the options
    // struct on every write would retain and release it.
    private let boolEncoding: URLEncodedFormEncoder.BoolEncoding
    private let dataEncoding: URLEncodedFormEncoder.DataEncoding
    private let dateEncoding: URLEncodedFormEncoder.DateEncoding
    private let nilEncoding: URLEncodedFormEncoder.NilEncoding

    init(options: URLEncodedFormEncoder) {
        boolEncoding = options.boolEncoding
        dataEncoding = options.dataEncoding
        dateEncoding = options.dateEncoding
        nilEncoding = options.nilEncoding
    }

    // MARK: Slots

    /// A member or element not made yet. The tree keeps coding keys as they are; `keyEncoding`
    /// is applied when writing, so two keys that it makes equal are still two members.
    private struct PendingSlot {
        let parent: Int
        /// The member's coding key, or `nil` for the element at `index`.
        let key: String?
        let index: Int
        /// The node, once a write has made it and no later write can find another one.
        var node = -1
    }

    // Unchecked for the reason the tree is.
    @exclusivity(unchecked) private var pending: [PendingSlot] = []

    /// The slot of the member `key` of the object in `object`: its node when the object exists.
    func member(of object: Int, key: String) -> Int {
        if let node = existingNode(object) {
            return tree.member(of: node, key: key)
        }
        return addPending(PendingSlot(parent: object, key: key, index: 0))
    }

    /// The slot of element `index` of the array in `array`, made when something is written to it.
    func element(of array: Int, at index: Int) -> Int {
        addPending(PendingSlot(parent: array, key: nil, index: index))
    }

    /// The node of element `index` of the array in `array`, for a scalar about to be written.
    func elementNode(of array: Int, at index: Int) -> Int {
        element(ofArrayNode: node(array), at: index).node
    }

    /// The node of `slot`, made now if it is pending.
    @inline(__always)
    func node(_ slot: Int) -> Int {
        slot >= 0 ? slot : resolve(pendingIndex: -1 &- slot).node
    }

    /// The coding path of `slot`, with the index each pending element was encoded at.
    func codingPath(of slot: Int) -> [any CodingKey] {
        if let node = existingNode(slot) { return tree.codingPath(of: node) }
        let entry = pending[-1 &- slot]
        return codingPath(of: entry.parent) + [entry.key.map { FormCodingKey($0) } ?? FormCodingKey(index: entry.index)]
    }

    private func existingNode(_ slot: Int) -> Int? {
        if slot >= 0 { return slot }
        let node = pending[-1 &- slot].node
        return node >= 0 ? node : nil
    }

    private func addPending(_ entry: PendingSlot) -> Int {
        pending.append(entry)
        return -pending.count
    }

    /// Finds or makes the node of a pending slot. It is kept only when every write will find the
    /// same node: not when an element was appended short of its index, as the next write then
    /// looks for its index again.
    private func resolve(pendingIndex: Int) -> (node: Int, stable: Bool) {
        let entry = pending[pendingIndex]
        if entry.node >= 0 { return (entry.node, true) }
        let parent = entry.parent >= 0 ? (node: entry.parent, stable: true) : resolve(pendingIndex: -1 &- entry.parent)
        var found = (node: -1, stable: parent.stable)
        if let key = entry.key {
            found.node = tree.member(of: parent.node, key: key)
        } else {
            let element = element(ofArrayNode: parent.node, at: entry.index)
            found = (element.node, found.stable && element.stable)
        }
        if found.stable { pending[pendingIndex].node = found.node }
        return found
    }

    /// Element `index` of `array` when the array has one there, else a new last element; the
    /// second is not at `index` when earlier elements wrote nothing.
    private func element(ofArrayNode array: Int, at index: Int) -> (node: Int, stable: Bool) {
        tree.prepare(array, as: .array)
        let count = tree[array].childCount
        if index < count { return (tree.child(of: array, at: index), true) }
        return (tree.appendElement(to: array), index == count)
    }

    /// The text for `nil`, or `nil` when `nilEncoding` drops the member.
    var nilText: String? { nilEncoding.text }

    // MARK: Scalars

    func write(_ value: String, into slot: Int) {
        let node = node(slot)
        let start = tree.bytes.count
        var value = value
        value.withUTF8 { tree.bytes.append(contentsOf: $0) }
        tree.setScalar(node, from: start)
    }

    func write(_ value: Bool, into slot: Int) {
        switch boolEncoding {
        case .numeric: write(value ? "1" : "0", into: slot)
        case .literal: write(value ? "true" : "false", into: slot)
        }
    }

    func write<Integer: FixedWidthInteger>(_ value: Integer, into slot: Int) {
        let node = node(slot)
        let start = tree.bytes.count
        tree.bytes.appendDecimal(value)
        tree.setScalar(node, from: start)
    }

    /// Floating-point values are written as their `description`, the shortest text that reads
    /// back to the same value (`1.0`, `1e+20`, `-0.0`). Most fit a small string, which does not
    /// allocate; reimplementing the standard library's shortest-digits algorithm would not pay.
    func write<Float: BinaryFloatingPoint & LosslessStringConvertible>(float value: Float, into slot: Int) {
        write(value.description, into: slot)
    }

    /// Writes `value` when it is a scalar the encoder formats itself; returns `false` for a value
    /// that must encode itself. `slot` is asked for only when something is written, so that an
    /// array element is made only then. Checking metatypes once here keeps the common leaves off the
    /// generic `encode(to:)` path.
    func writeScalar<Value: Encodable>(_ value: Value, into slot: () -> Int) throws -> Bool {
        if Value.self == String.self {
            write(reinterpret(value, as: String.self), into: slot())
        } else if Value.self == Int.self {
            write(reinterpret(value, as: Int.self), into: slot())
        } else if Value.self == Bool.self {
            write(reinterpret(value, as: Bool.self), into: slot())
        } else if Value.self == Double.self {
            write(float: reinterpret(value, as: Double.self), into: slot())
        } else if Value.self == Date.self {
            return try write(date: reinterpret(value, as: Date.self), into: slot)
        } else if Value.self == Data.self {
            return try write(data: reinterpret(value, as: Data.self), into: slot)
        } else if Value.self == Decimal.self {
            // Decimal's own conformance encodes an object of its internal fields.
            write(reinterpret(value, as: Decimal.self).description, into: slot())
        } else if Value.self == URL.self {
            // URL's own conformance encodes `relative` and `base` members; a form wants the text.
            write(reinterpret(value, as: URL.self).absoluteString, into: slot())
        } else {
            return writeOtherNumber(value, into: slot)
        }
        return true
    }

    private func writeOtherNumber<Value: Encodable>(_ value: Value, into slot: () -> Int) -> Bool {
        if Value.self == Float.self {
            write(float: reinterpret(value, as: Float.self), into: slot())
        } else if Value.self == Int64.self {
            write(reinterpret(value, as: Int64.self), into: slot())
        } else if Value.self == Int32.self {
            write(reinterpret(value, as: Int32.self), into: slot())
        } else if Value.self == Int16.self {
            write(reinterpret(value, as: Int16.self), into: slot())
        } else if Value.self == Int8.self {
            write(reinterpret(value, as: Int8.self), into: slot())
        } else if Value.self == UInt.self {
            write(reinterpret(value, as: UInt.self), into: slot())
        } else if Value.self == UInt64.self {
            write(reinterpret(value, as: UInt64.self), into: slot())
        } else if Value.self == UInt32.self {
            write(reinterpret(value, as: UInt32.self), into: slot())
        } else if Value.self == UInt16.self {
            write(reinterpret(value, as: UInt16.self), into: slot())
        } else if Value.self == UInt8.self {
            write(reinterpret(value, as: UInt8.self), into: slot())
        } else {
            return false
        }
        return true
    }

    private func write(date: Date, into slot: () -> Int) throws -> Bool {
        switch dateEncoding {
        case .deferredToDate:
            // What `Date.encode(to:)` writes, without the detour through it.
            write(float: date.timeIntervalSinceReferenceDate, into: slot())
        case .secondsSince1970:
            write(float: date.timeIntervalSince1970, into: slot())
        case .millisecondsSince1970:
            write(float: date.timeIntervalSince1970 * 1000, into: slot())
        case .iso8601:
            write(date.formatted(Self.iso8601), into: slot())
        case .formatted(let formatter):
            write(formatter.string(from: date), into: slot())
        case .custom(let format):
            write(try format(date), into: slot())
        }
        return true
    }

    private func write(data: Data, into slot: () -> Int) throws -> Bool {
        switch dataEncoding {
        case .deferredToData: return false
        case .base64: write(data.base64EncodedString(), into: slot())
        case .custom(let format): write(try format(data), into: slot())
        }
        return true
    }

    private static let iso8601 = Date.ISO8601FormatStyle()
}
