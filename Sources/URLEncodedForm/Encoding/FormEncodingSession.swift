#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if FoundationAPI
import Foundation  // DateFormatter
#endif

/// A scalar's text as the encoder formats it, before escaping.
enum FormScalar {
    case text(String)
    case signed(Int64)
    case unsigned(UInt64)
    /// A `Double` written as `description` would, without its `String` (``ShortDecimal``).
    case decimal(ShortDecimal)
}

/// What a `nil` writes under ``URLEncodedFormEncoder/NilEncoding``: text, or the name alone.
/// Apart from ``FormScalar``, whose every extra case made the hot scalar writers too large to
/// inline (the medium encode; Benchmarks/README.md, Shortcuts).
enum NilScalar {
    case text(String)
    /// No value and no `=`: ``URLEncodedFormEncoder/NilEncoding/bareKey``.
    case bare
}

/// What the containers of one `encode` call write into: it formats scalars under the options and
/// puts each one in the value's tree (``ValueTree``), which ``FormSerializer`` writes once
/// the value is done. There is one path from a value to bytes, so the value's `encode(to:)` and
/// every custom closure run once.
final class FormEncodingSession {
    // Every write goes through the value tree, so its runtime exclusivity check would be paid per
    // scalar (every encode workload; Benchmarks/README.md, Shortcuts). It is safe unchecked: one encode call owns the session
    // and runs on one thread, and no access to the tree spans a call back into user code (the
    // data, date and nil closures run before a write starts).
    @exclusivity(unchecked) private(set) var valueTree: ValueTree

    /// The encoder's options as the encode acts on them (``URLEncodedFormEncoder/rules``); the
    /// serializer reads the same value. ``EncodingRules/maximumDepth`` bounds how many
    /// `encode(to:)` calls run inside one another: the first is the top-level value's, and each
    /// call's keys have as many components as calls are running.
    let rules: EncodingRules
    /// The options only some values read, which hold closures: one object, retained once.
    private let strategies: URLEncodedFormEncoder.ValueStrategies
    var userInfo: [CodingUserInfoKey: any Sendable] { strategies.values.userInfo }
    /// How many `encode(to:)` calls are running inside one another. Its exclusivity checks stay:
    /// turning them off bought nothing on the small, medium and large encodes.
    var depth = 0

    init(options: borrowing URLEncodedFormEncoder) {
        rules = options.rules
        strategies = options.strategies
        valueTree = ValueTree()
    }

    static let root = ValueTree.root

    // MARK: Slots

    /// The slot of the member `key` of `object`: for a container made under it, or, `replacing`
    /// what it held, for a value that encodes itself.
    func member(of object: Int, key: String, replacing: Bool = false) -> Int {
        valueTree.member(of: object, key: key, replacing: replacing)
    }

    /// The slot of element `index` of `array`, made when something is written to it.
    func element(of array: Int, at index: Int) -> Int {
        valueTree.element(of: array, at: index)
    }

    /// The coding index of the next element of the array in `slot`.
    func nextElementIndex(of array: Int) -> Int {
        valueTree.nextElementIndex(of: array)
    }

    /// Notes that `slot` holds an array, for ``URLEncodedFormEncoder/allowsEmptyArrays``: one
    /// that stays empty is written `name[]`.
    func markArray(_ slot: Int) {
        guard rules.allowsEmptyArrays, slot != Self.root else { return }
        valueTree.markArray(slot)
    }

    func codingPath(of slot: Int) -> [any CodingKey] {
        valueTree.codingPath(of: slot)
    }

    /// The error for a value at `slot` nested deeper than ``maximumDepth``.
    func tooDeep(_ value: some Encodable, at slot: Int) -> EncodingError {
        EncodingError.invalidValue(
            value,
            EncodingError.Context(codingPath: codingPath(of: slot), debugDescription: URLEncodedFormEncoder.depthMessage(rules.maximumDepth))
        )
    }

    /// What `nil` writes, or `nil` when `nilEncoding` drops the member. A custom closure runs
    /// once per call, so a caller asks once per `nil`.
    var nilScalar: NilScalar? { strategies.values.nilEncoding.scalar }

    // MARK: Scalars

    private func put(_ scalar: consuming FormScalar, to target: consuming ScalarTarget) {
        valueTree.write(scalar, to: target)
    }

    func write(_ value: String, to target: consuming ScalarTarget) {
        put(.text(value), to: target)
    }

    func write(_ value: Bool, to target: consuming ScalarTarget) {
        switch rules.boolEncoding {
        case .numeric: put(.text(value ? "1" : "0"), to: target)
        case .literal: put(.text(value ? "true" : "false"), to: target)
        case .checkbox: if value { put(.text("on"), to: target) }
        }
    }

    func write<Integer: FixedWidthInteger>(_ value: Integer, to target: consuming ScalarTarget) {
        if Integer.isSigned {
            put(.signed(Int64(truncatingIfNeeded: value)), to: target)
        } else {
            put(.unsigned(UInt64(truncatingIfNeeded: value)), to: target)
        }
    }

    /// Floating-point values are written as their `description`, the shortest text that reads
    /// back to the same value (`1.0`, `1e+20`, `-0.0`). A `Double` of few digits, as most in forms
    /// are, is written with those same digits found without making the `String`
    /// (``ShortDecimal``); the rest take `description` itself.
    func write<Float: BinaryFloatingPoint & LosslessStringConvertible>(float value: Float, to target: consuming ScalarTarget) {
        if Float.self == Double.self, let decimal = ShortDecimal(reinterpret(value, as: Double.self)) {
            put(.decimal(decimal), to: target)
        } else {
            put(.text(value.description), to: target)
        }
    }

    func writeNil(to target: ScalarTarget) {
        guard let scalar = nilScalar else { return }
        writeNil(scalar, to: target)
    }

    /// Writes what ``nilScalar`` returned.
    func writeNil(_ scalar: NilScalar, to target: ScalarTarget) {
        switch scalar {
        case .text(let text): put(.text(text), to: target)
        case .bare: putBare(to: target)
        }
    }

    /// Writes the name of `target` alone, without `=`.
    private func putBare(to target: ScalarTarget) {
        valueTree.writeBare(to: target)
    }

    /// Writes `value` when it is a scalar the encoder formats itself; returns `false` for a value
    /// that must encode itself. Checking metatypes once here keeps the common leaves off the
    /// generic `encode(to:)` path.
    func writeScalar<Value: Encodable>(_ value: Value, to target: ScalarTarget) throws -> Bool {
        if Value.self == String.self {
            write(reinterpret(value, as: String.self), to: target)
        } else if Value.self == Int.self {
            write(reinterpret(value, as: Int.self), to: target)
        } else if Value.self == Bool.self {
            write(reinterpret(value, as: Bool.self), to: target)
        } else if Value.self == Double.self {
            write(float: reinterpret(value, as: Double.self), to: target)
        } else if MemoryLayout<Value>.size > Self.largestScalarSize {
            // A struct of several members, as most values that encode themselves are: the
            // Foundation metatypes below are each looked up through a cache, which its size rules
            // out first (the small and medium encodes; Benchmarks/README.md, Shortcuts).
            return false
        } else if Value.self == Date.self {
            return try write(date: reinterpret(value, as: Date.self), to: target)
        } else if Value.self == Data.self {
            return try write(data: reinterpret(value, as: Data.self), to: target)
        } else if Value.self == Decimal.self {
            // Decimal's own conformance encodes an object of its internal fields.
            write(reinterpret(value, as: Decimal.self).description, to: target)
        } else if Value.self == URL.self {
            // URL's own conformance encodes `relative` and `base` members; a form wants the text.
            write(reinterpret(value, as: URL.self).absoluteString, to: target)
        } else {
            return writeOtherNumber(value, to: target)
        }
        return true
    }

    /// The size of the largest type ``writeScalar(_:to:)`` writes itself.
    private static let largestScalarSize = max(
        MemoryLayout<String>.size, MemoryLayout<Date>.size, MemoryLayout<Data>.size, MemoryLayout<Decimal>.size, MemoryLayout<URL>.size,
        MemoryLayout<UInt64>.size)

    private func writeOtherNumber<Value: Encodable>(_ value: Value, to target: ScalarTarget) -> Bool {
        if Value.self == Float.self {
            write(float: reinterpret(value, as: Float.self), to: target)
        } else if Value.self == Int64.self {
            write(reinterpret(value, as: Int64.self), to: target)
        } else if Value.self == Int32.self {
            write(reinterpret(value, as: Int32.self), to: target)
        } else if Value.self == Int16.self {
            write(reinterpret(value, as: Int16.self), to: target)
        } else if Value.self == Int8.self {
            write(reinterpret(value, as: Int8.self), to: target)
        } else if Value.self == UInt.self {
            write(reinterpret(value, as: UInt.self), to: target)
        } else if Value.self == UInt64.self {
            write(reinterpret(value, as: UInt64.self), to: target)
        } else if Value.self == UInt32.self {
            write(reinterpret(value, as: UInt32.self), to: target)
        } else if Value.self == UInt16.self {
            write(reinterpret(value, as: UInt16.self), to: target)
        } else if Value.self == UInt8.self {
            write(reinterpret(value, as: UInt8.self), to: target)
        } else {
            return false
        }
        return true
    }

    private func write(date: Date, to target: ScalarTarget) throws -> Bool {
        switch strategies.values.dateEncoding {
        case .deferredToDate:
            // What `Date.encode(to:)` writes, without the detour through it.
            write(float: date.timeIntervalSinceReferenceDate, to: target)
        case .secondsSince1970:
            write(float: date.timeIntervalSince1970, to: target)
        case .millisecondsSince1970:
            write(float: date.timeIntervalSince1970 * 1000, to: target)
        case .iso8601:
            write(date.formatted(Self.iso8601), to: target)
        #if FoundationAPI
        case .formatted(let formatter):
            write(formatter.string(from: date), to: target)
        #endif
        case .htmlInput(let input, let timeZone):
            write(HTMLDateText.text(of: date, as: input, timeZone: timeZone), to: target)
        case .custom(let format):
            write(try format(date), to: target)
        }
        return true
    }

    private func write(data: Data, to target: ScalarTarget) throws -> Bool {
        switch strategies.values.dataEncoding {
        case .deferredToData: return false
        case .base64: write(data.base64EncodedString(), to: target)
        case .custom(let format): write(try format(data), to: target)
        }
        return true
    }

    private static let iso8601 = Date.ISO8601FormatStyle()
}
