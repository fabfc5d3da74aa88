import Foundation

/// The tree one `encode` call builds, and the options that decide how its scalars are written.
final class FormEncodingStorage {
    // One encode call owns the storage and runs on one thread, and no access to the tree spans a
    // call back into user code, so the runtime exclusivity checks would only cost time.
    @exclusivity(unchecked) var tree = FormTree()

    // The options are copied out once: reading an enum with a closure payload from the options
    // struct on every write would retain and release it.
    private let keyEncoding: URLEncodedFormEncoder.KeyEncoding?
    private let boolEncoding: URLEncodedFormEncoder.BoolEncoding
    private let dataEncoding: URLEncodedFormEncoder.DataEncoding
    private let dateEncoding: URLEncodedFormEncoder.DateEncoding
    private let nilEncoding: URLEncodedFormEncoder.NilEncoding

    init(options: URLEncodedFormEncoder) {
        keyEncoding = options.keyEncoding.isIdentity ? nil : options.keyEncoding
        boolEncoding = options.boolEncoding
        dataEncoding = options.dataEncoding
        dateEncoding = options.dateEncoding
        nilEncoding = options.nilEncoding
    }

    /// The member of `object` for a coding key, after `keyEncoding`.
    func member(of object: Int, key: String) -> Int {
        tree.member(of: object, key: keyEncoding?.encode(key) ?? key)
    }

    /// The text for `nil`, or `nil` when `nilEncoding` drops the member.
    var nilText: String? { nilEncoding.text }

    // MARK: Scalars

    func write(_ value: String, into node: Int) {
        let start = tree.bytes.count
        var value = value
        value.withUTF8 { tree.bytes.append(contentsOf: $0) }
        tree.setScalar(node, from: start)
    }

    func write(_ value: Bool, into node: Int) {
        switch boolEncoding {
        case .numeric: write(value ? "1" : "0", into: node)
        case .literal: write(value ? "true" : "false", into: node)
        }
    }

    func write<Integer: FixedWidthInteger>(_ value: Integer, into node: Int) {
        let start = tree.bytes.count
        tree.bytes.appendDecimal(value)
        tree.setScalar(node, from: start)
    }

    /// Floating-point values are written as their `description`, the shortest text that reads
    /// back to the same value (`1.0`, `1e+20`, `-0.0`). Most fit a small string, which does not
    /// allocate; reimplementing the standard library's shortest-digits algorithm would not pay.
    func write<Float: BinaryFloatingPoint & LosslessStringConvertible>(float value: Float, into node: Int) {
        write(value.description, into: node)
    }

    /// Writes `value` when it is a scalar the encoder formats itself; returns `false` for a value
    /// that must encode itself. Checking metatypes once here keeps the common leaves off the
    /// generic `encode(to:)` path.
    func writeScalar<Value: Encodable>(_ value: Value, into node: Int) throws -> Bool {
        if Value.self == String.self {
            write(reinterpret(value, as: String.self), into: node)
        } else if Value.self == Int.self {
            write(reinterpret(value, as: Int.self), into: node)
        } else if Value.self == Bool.self {
            write(reinterpret(value, as: Bool.self), into: node)
        } else if Value.self == Double.self {
            write(float: reinterpret(value, as: Double.self), into: node)
        } else if Value.self == Date.self {
            return try write(date: reinterpret(value, as: Date.self), into: node)
        } else if Value.self == Data.self {
            return try write(data: reinterpret(value, as: Data.self), into: node)
        } else if Value.self == Decimal.self {
            // Decimal's own conformance encodes an object of its internal fields.
            write(reinterpret(value, as: Decimal.self).description, into: node)
        } else if Value.self == URL.self {
            // URL's own conformance encodes `relative` and `base` members; a form wants the text.
            write(reinterpret(value, as: URL.self).absoluteString, into: node)
        } else {
            return writeOtherNumber(value, into: node)
        }
        return true
    }

    private func writeOtherNumber<Value: Encodable>(_ value: Value, into node: Int) -> Bool {
        if Value.self == Float.self {
            write(float: reinterpret(value, as: Float.self), into: node)
        } else if Value.self == Int64.self {
            write(reinterpret(value, as: Int64.self), into: node)
        } else if Value.self == Int32.self {
            write(reinterpret(value, as: Int32.self), into: node)
        } else if Value.self == Int16.self {
            write(reinterpret(value, as: Int16.self), into: node)
        } else if Value.self == Int8.self {
            write(reinterpret(value, as: Int8.self), into: node)
        } else if Value.self == UInt.self {
            write(reinterpret(value, as: UInt.self), into: node)
        } else if Value.self == UInt64.self {
            write(reinterpret(value, as: UInt64.self), into: node)
        } else if Value.self == UInt32.self {
            write(reinterpret(value, as: UInt32.self), into: node)
        } else if Value.self == UInt16.self {
            write(reinterpret(value, as: UInt16.self), into: node)
        } else if Value.self == UInt8.self {
            write(reinterpret(value, as: UInt8.self), into: node)
        } else {
            return false
        }
        return true
    }

    private func write(date: Date, into node: Int) throws -> Bool {
        switch dateEncoding {
        case .deferredToDate:
            // What `Date.encode(to:)` writes, without the detour through it.
            write(float: date.timeIntervalSinceReferenceDate, into: node)
        case .secondsSince1970:
            write(float: date.timeIntervalSince1970, into: node)
        case .millisecondsSince1970:
            write(float: date.timeIntervalSince1970 * 1000, into: node)
        case .iso8601:
            write(date.formatted(Self.iso8601), into: node)
        case .formatted(let formatter):
            write(formatter.string(from: date), into: node)
        case .custom(let format):
            write(try format(date), into: node)
        }
        return true
    }

    private func write(data: Data, into node: Int) throws -> Bool {
        switch dataEncoding {
        case .deferredToData: return false
        case .base64: write(data.base64EncodedString(), into: node)
        case .custom(let format): write(try format(data), into: node)
        }
        return true
    }

    private static let iso8601 = Date.ISO8601FormatStyle()
}
