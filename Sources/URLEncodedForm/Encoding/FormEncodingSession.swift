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
}

/// What a `nil` writes under ``URLEncodedFormEncoder/NilEncoding``: text, or the name alone.
/// Apart from ``FormScalar``, whose every extra case made the hot scalar writers too large to
/// inline (measured: 1% on the medium encode).
enum NilScalar {
    case text(String)
    /// No value and no `=`: ``URLEncodedFormEncoder/NilEncoding/bareKey``.
    case bare
}

/// What the containers of one `encode` call write into: it formats scalars under the options,
/// and sends each one to the stream of pairs, or to the tree once the value needs one.
///
/// An encode starts by streaming (``FormPairStream``), which logs every scope and write. When
/// the stream reports that the value does something only the tree reproduces (a key written
/// twice, say), the writer replays that log into a ``FormTreeBuilder`` and sends the rest of the
/// value there. So the value's `encode(to:)` and every custom closure run once, whichever way
/// the encode ends.
///
/// Containers name their slots by the stream's scope numbers; after the switch, `slots` turns
/// each number into the builder's slot, and new numbers continue after the stream's.
final class FormEncodingSession {
    /// The tree, once the stream gave up; `nil` while streaming.
    private(set) var builder: FormTreeBuilder?
    // Every scalar is written through the stream, so its runtime exclusivity check is paid per
    // scalar: without `unchecked`, callgrind counts 14,859 → 17,020 instructions per small
    // encode, 60,385 → 70,225 medium, 6.01M → 6.99M large (+15%). It is safe: one encode call
    // owns the session and runs on one thread, and user code cannot reach the stream while it is
    // accessed (the data, date and nil closures run before a write starts; the name closures,
    // which run inside the stream's writer, are given only strings). The other stored properties
    // keep their checks: unchecked, they measured no gain (`builder`) or at most 3% on the rare
    // values that need the tree (`slots`).
    @exclusivity(unchecked) var stream: FormPairStream
    /// After the switch: the builder's slot for each scope number.
    private var slots: [Int] = []

    // The options are copied out once: reading an enum with a closure payload from the options
    // struct on every write would retain and release it.
    private let boolEncoding: URLEncodedFormEncoder.BoolEncoding
    private let dataEncoding: URLEncodedFormEncoder.DataEncoding
    private let dateEncoding: URLEncodedFormEncoder.DateEncoding
    private let nilEncoding: URLEncodedFormEncoder.NilEncoding
    private let allowsEmptyArrays: Bool
    private let keepsCodingIndices: Bool
    let userInfo: [CodingUserInfoKey: any Sendable]

    /// A writer that streams until it must switch, or with `buildsTree`, one that builds the
    /// tree from the start (tests compare the two).
    init(options: borrowing URLEncodedFormEncoder, buildsTree: Bool = false) {
        stream = FormPairStream(options: options)
        boolEncoding = options.boolEncoding
        dataEncoding = options.dataEncoding
        dateEncoding = options.dateEncoding
        nilEncoding = options.nilEncoding
        allowsEmptyArrays = options.allowsEmptyArrays
        keepsCodingIndices =
            if case .jQuery = options.arrayEncoding { true } else { options.indexGaps == .keepPositions }
        userInfo = options.userInfo
        if buildsTree { switchToTree() }
    }

    static let root = FormPairStream.root

    // MARK: Slots

    /// The slot of the member `key` of `object`, for a value that encodes itself.
    func member(of object: Int, key: String) -> Int {
        if let builder { return addSlot(builder.member(of: slots[object], key: key)) }
        let scope = stream.member(of: object, key: key)
        if stream.needsTree { switchToTree() }
        return scope
    }

    /// The slot of element `index` of `array`, made when something is written to it.
    func element(of array: Int, at index: Int) -> Int {
        if let builder { return addSlot(builder.element(of: slots[array], at: index)) }
        return stream.element(of: array, at: index)
    }

    /// Notes that `slot` holds an array, for ``URLEncodedFormEncoder/allowsEmptyArrays``: one
    /// that stays empty is written `name[]`.
    func markArray(_ slot: Int) {
        guard allowsEmptyArrays, slot != Self.root else { return }
        if let builder {
            builder.markArray(slots[slot])
        } else {
            stream.markArray(slot)
        }
    }

    func codingPath(of slot: Int) -> [any CodingKey] {
        if let builder { return builder.codingPath(of: slots[slot]) }
        return stream.codingPath(of: slot)
    }

    private func addSlot(_ builderSlot: Int) -> Int {
        slots.append(builderSlot)
        return slots.count &- 1
    }

    /// `target` with the builder's slots for the scope numbers it names.
    private func translated(_ target: ScalarTarget) -> ScalarTarget {
        switch target {
        case .slot(let scope): .slot(slots[scope])
        case .member(let key, let object): .member(key, of: slots[object])
        case .element(let index, let array): .element(index, of: slots[array])
        }
    }

    /// Builds the tree of everything streamed so far and writes the rest of the value there.
    /// Out of line: it runs at most once per encode.
    @inline(never)
    private func switchToTree() {
        let builder = FormTreeBuilder(keepsCodingIndices: keepsCodingIndices)
        slots = stream.replay(into: builder)
        self.builder = builder
    }

    /// What `nil` writes, or `nil` when `nilEncoding` drops the member. A custom closure runs
    /// once per call, so a caller asks once per `nil`.
    var nilScalar: NilScalar? { nilEncoding.scalar }

    // MARK: Scalars

    private func put(_ scalar: consuming FormScalar, to target: ScalarTarget) {
        if builder == nil {
            if stream.beginPair(target) {
                switch scalar {
                case .text(let text): stream.writer.appendValue(text)
                case .signed(let value): stream.writer.appendValue(decimal: value)
                case .unsigned(let value): stream.writer.appendValue(decimal: value)
                }
                stream.endPair(target, value: consume scalar)
                return
            }
            switchToTree()
        }
        builder?.write(scalar, to: translated(target))
    }

    func write(_ value: String, to target: ScalarTarget) {
        put(.text(value), to: target)
    }

    func write(_ value: Bool, to target: ScalarTarget) {
        switch boolEncoding {
        case .numeric: put(.text(value ? "1" : "0"), to: target)
        case .literal: put(.text(value ? "true" : "false"), to: target)
        }
    }

    func write<Integer: FixedWidthInteger>(_ value: Integer, to target: ScalarTarget) {
        if Integer.isSigned {
            put(.signed(Int64(truncatingIfNeeded: value)), to: target)
        } else {
            put(.unsigned(UInt64(truncatingIfNeeded: value)), to: target)
        }
    }

    /// Floating-point values are written as their `description`, the shortest text that reads
    /// back to the same value (`1.0`, `1e+20`, `-0.0`). Most fit a small string, which does not
    /// allocate; reimplementing the standard library's shortest-digits algorithm would not pay.
    func write<Float: BinaryFloatingPoint & LosslessStringConvertible>(float value: Float, to target: ScalarTarget) {
        put(.text(value.description), to: target)
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
        if builder == nil {
            if stream.beginPair(target) {
                stream.writer.dropEquals()
                stream.endPair(target, value: nil)
                return
            }
            switchToTree()
        }
        builder?.writeBare(to: translated(target))
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
        switch dateEncoding {
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
        switch dataEncoding {
        case .deferredToData: return false
        case .base64: write(data.base64EncodedString(), to: target)
        case .custom(let format): write(try format(data), to: target)
        }
        return true
    }

    private static let iso8601 = Date.ISO8601FormatStyle()
}
