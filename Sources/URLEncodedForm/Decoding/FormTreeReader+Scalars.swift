#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if FoundationAPI
import Foundation  // DateFormatter
#endif

extension FormTreeReader {
    /// Reads `node` as `T`: the scalars the decoder reads itself directly, anything else through
    /// `T(from:)`. Checking metatypes once here keeps common leaves off the generic path, and lets
    /// `Date`, `Data`, `Decimal` and `URL` follow the decoder's strategies rather than their own
    /// conformances.
    func decode<T: Decodable>(_ type: T.Type, at node: Int) throws -> T {
        if T.self == String.self {
            return reinterpret(try decodeString(at: node), as: T.self)
        } else if T.self == Int.self {
            return reinterpret(try decodeInteger(Int.self, at: node), as: T.self)
        } else if T.self == Bool.self {
            return reinterpret(try decodeBool(at: node), as: T.self)
        } else if T.self == Double.self {
            return reinterpret(try decodeFloat(Double.self, at: node), as: T.self)
        } else if T.self == Date.self {
            return reinterpret(try decodeDate(at: node), as: T.self)
        } else if T.self == Data.self, let data = try decodeData(at: node) {
            return reinterpret(data, as: T.self)
        } else if T.self == Decimal.self {
            return reinterpret(try decodeDecimal(at: node), as: T.self)
        } else if T.self == URL.self {
            return reinterpret(try decodeURL(at: node), as: T.self)
        } else if T.self == URLEncodedFormValue.self {
            return reinterpret(try formValue(at: node), as: T.self)
        } else if T.self == [String].self {
            return reinterpret(try decodeArray(at: node) { try $0.decode(String.self) }, as: T.self)
        } else if T.self == [Int].self {
            return reinterpret(try decodeArray(at: node) { try $0.decode(Int.self) }, as: T.self)
        } else if T.self == [String: String].self {
            return reinterpret(try decodeDictionary(at: node) { try $0.decode(String.self, forKey: $1) }, as: T.self)
        }
        // The other numbers, tested in this function rather than one returning `T?`: a generic
        // `T?` makes every call look up `Optional<T>`'s metadata (the large decode; Benchmarks/README.md, Shortcuts).
        if T.self == Float.self {
            return reinterpret(try decodeFloat(Float.self, at: node), as: T.self)
        } else if T.self == Int64.self {
            return reinterpret(try decodeInteger(Int64.self, at: node), as: T.self)
        } else if T.self == Int32.self {
            return reinterpret(try decodeInteger(Int32.self, at: node), as: T.self)
        } else if T.self == Int16.self {
            return reinterpret(try decodeInteger(Int16.self, at: node), as: T.self)
        } else if T.self == Int8.self {
            return reinterpret(try decodeInteger(Int8.self, at: node), as: T.self)
        } else if T.self == UInt.self {
            return reinterpret(try decodeInteger(UInt.self, at: node), as: T.self)
        } else if T.self == UInt64.self {
            return reinterpret(try decodeInteger(UInt64.self, at: node), as: T.self)
        } else if T.self == UInt32.self {
            return reinterpret(try decodeInteger(UInt32.self, at: node), as: T.self)
        } else if T.self == UInt16.self {
            return reinterpret(try decodeInteger(UInt16.self, at: node), as: T.self)
        } else if T.self == UInt8.self {
            return reinterpret(try decodeInteger(UInt8.self, at: node), as: T.self)
        }
        return try T(from: FormValueDecoder(reader: self, node: node))
    }

    /// The array at `node`, each element read by `element`: what `Array.init(from:)` does, through
    /// the same container, for the element types forms hold most. Here the array is made for
    /// its count at once and the element type is known; the standard library's generic
    /// initializer looks up the array's metadata on every call and grows it an element at a time
    /// (the medium decode, with an array of five `Int`s and one of three `String`s; Benchmarks/README.md, Shortcuts).
    private func decodeArray<Element>(
        at node: Int, _ element: (inout FormUnkeyedDecodingContainer) throws -> Element
    ) throws -> [Element] {
        var container = try FormUnkeyedDecodingContainer(reader: self, array: node)
        var elements: [Element] = []
        elements.reserveCapacity(container.count ?? 0)
        while !container.isAtEnd { elements.append(try element(&container)) }
        return elements
    }

    /// The dictionary at `node`, each value read by `value`: what `Dictionary.init(from:)` does
    /// for `String` keys (a keyed container, each of its keys read in turn), through the same
    /// container, with the types known and the dictionary made for its count at once, where the
    /// standard library's spends most of its work looking up generic metadata (the medium
    /// decode's dictionary of three strings; Benchmarks/README.md, Shortcuts).
    private func decodeDictionary<Value>(
        at node: Int, _ value: (FormKeyedDecodingContainer<FormCodingKey>, FormCodingKey) throws -> Value
    ) throws -> [String: Value] {
        try requireObject(node)
        let container = FormKeyedDecodingContainer<FormCodingKey>(reader: self, object: node)
        let keys = keys(of: node)
        var dictionary: [String: Value] = [:]
        dictionary.reserveCapacity(keys.count)
        for key in keys { dictionary[key] = try value(container, FormCodingKey(key)) }
        return dictionary
    }

    // MARK: Text

    func decodeString(at node: Int) throws -> String {
        string(of: try scalarNode(node, as: String.self))
    }

    // MARK: Numbers

    func decodeInteger<Integer: FixedWidthInteger>(_ type: Integer.Type, at node: Int) throws -> Integer {
        let scalar = try scalarNode(node, as: type)
        switch withValue(of: scalar, { Self.integer(Integer.self, from: $0) }) {
        case .value(let value):
            return value
        case .outOfRange:
            throw DecodingError.dataCorrupted(
                context(
                    scalar, "The number \"\(quoted(string(of: scalar)))\" at \(describe(scalar)) does not fit in \(type)."))
        case .notANumber:
            throw mismatch(type, at: scalar, expecting: "a whole number")
        }
    }

    enum ParsedInteger<Integer> {
        case value(Integer)
        case outOfRange, notANumber
    }

    /// Reads an optional sign and decimal digits, with every step checked for overflow.
    static func integer<Integer: FixedWidthInteger>(
        _ type: Integer.Type,
        from text: ByteReader
    ) -> ParsedInteger<Integer> {
        var index = 0
        var negative = false
        if !text.isEmpty, text[0] == UInt8(ascii: "-") || text[0] == UInt8(ascii: "+") {
            negative = text[0] == UInt8(ascii: "-")
            index = 1
        }
        guard index < text.count else { return .notANumber }
        var value: Integer = 0
        var overflow = false
        while index < text.count {
            let digit = text[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return .notANumber }
            if !overflow {
                let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (next, overflow2) =
                    negative
                    ? times10.subtractingReportingOverflow(Integer(digit))
                    : times10.addingReportingOverflow(Integer(digit))
                overflow = overflow1 || overflow2
                value = next
            }
            index += 1
        }
        return overflow ? .outOfRange : .value(value)
    }

    /// Floating-point text is read by the standard library (`1.5`, `1e+20`, `-0.0`, `inf`, `nan`),
    /// the inverse of the `description` the encoder writes. A `Double` written as plain decimals
    /// (`-6.9603`, `98.25`), what forms mostly carry, is read from the bytes without making a
    /// `String` (``exactDecimal(_:)``), to the same value.
    func decodeFloat<Float: BinaryFloatingPoint & LosslessStringConvertible>(
        _ type: Float.Type,
        at node: Int
    ) throws -> Float {
        let scalar = try scalarNode(node, as: type)
        if Float.self == Double.self, let value = withValue(of: scalar, Self.exactDecimal) {
            return reinterpret(value, as: Float.self)
        }
        guard let value = Float(string(of: scalar)) else {
            throw mismatch(type, at: scalar, expecting: "a number")
        }
        return value
    }

    /// The `Double` that `text` names when it is `[+-]digits[.digits]` with at most 15
    /// significant digits in all and at most 22 after the point; `nil` for anything else, which
    /// the standard library reads. Such a value is exact: its digits, as an integer, are below
    /// 2^53, and so is every power of ten up to 10^22, so one division, correctly rounded by
    /// IEEE 754, gives the correctly rounded value that `Double(String)` gives (Clinger's fast
    /// path).
    static func exactDecimal(_ text: ByteReader) -> Double? {
        var index = 0
        var negative = false
        if !text.isEmpty, text[0] == UInt8(ascii: "-") || text[0] == UInt8(ascii: "+") {
            negative = text[0] == UInt8(ascii: "-")
            index = 1
        }
        var digits: UInt64 = 0
        var digitCount = 0
        var fractionDigits = 0
        var seenPoint = false
        var digitsBeforePoint = 0
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: ".") {
                // One point, with digits on both sides.
                guard !seenPoint, digitCount > 0 else { return nil }
                seenPoint = true
                digitsBeforePoint = digitCount
            } else {
                let digit = byte &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                digits = digits &* 10 &+ UInt64(digit)
                digitCount &+= 1
                if seenPoint { fractionDigits &+= 1 }
            }
            index &+= 1
        }
        guard digitCount > 0, digitCount <= 15, !seenPoint || digitCount > digitsBeforePoint, fractionDigits < powersOfTen.count
        else { return nil }
        let value = Double(digits) / powersOfTen[fractionDigits]
        return negative ? -value : value
    }

    /// 10^0 through 10^22, each exact in a `Double`.
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { product, _ in product * 10 }
    }

    private func decodeDecimal(at node: Int) throws -> Decimal {
        let scalar = try scalarNode(node, as: Decimal.self)
        let text = string(of: scalar)
        // `Decimal(string:)` stops at the first character it cannot read, so `12abc` would be 12.
        let numeric = text.utf8.allSatisfy { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
        }
        guard numeric, let value = Decimal(string: text, locale: nil) else {
            throw mismatch(Decimal.self, at: scalar, expecting: "a decimal number")
        }
        return value
    }

    // MARK: Bool

    func decodeBool(at node: Int) throws -> Bool {
        let scalar = try scalarNode(node, as: Bool.self)
        if self[scalar].flags.contains(.bare), self[scalar].value.isEmpty {
            // A flag; under `nilDecoding: .bareKey`, `scalarNode(_:as:)` has refused it already.
            return true
        }
        let parsed: Bool?
        switch boolDecoding {
        case .lenient: parsed = withValue(of: scalar) { Self.lenientBool($0) }
        case .numeric: parsed = withValue(of: scalar) { Self.bool($0, true: "1", false: "0") }
        case .literal: parsed = withValue(of: scalar) { Self.bool($0, true: "true", false: "false") }
        case .custom(let read): return try read(string(of: scalar))
        }
        guard let parsed else {
            throw mismatch(Bool.self, at: scalar, expecting: boolSpellings)
        }
        return parsed
    }

    private var boolSpellings: String {
        switch boolDecoding {
        case .numeric: "1 or 0"
        case .literal: "true or false"
        case .lenient, .custom: "1, 0, true, false, on, off, yes or no"
        }
    }

    private static func bool(_ text: ByteReader, true yes: StaticString, false no: StaticString) -> Bool? {
        if text.equals(yes) { return true }
        if text.equals(no) { return false }
        return nil
    }

    private static func lenientBool(_ text: ByteReader) -> Bool? {
        guard text.count <= 5 else { return nil }
        // Up to five bytes, with ASCII capitals lower-cased, compared as one integer with the
        // length beside it, since a leading NUL byte adds nothing to the integer.
        var folded: UInt64 = 0
        for byte in text {
            let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
            folded = folded << 8 | UInt64(lower)
        }
        switch (text.count, folded) {
        case (1, 0x31), (4, 0x7472_7565), (2, 0x6F6E), (3, 0x79_6573): return true  // 1, true, on, yes
        case (1, 0x30), (5, 0x66_616C_7365), (3, 0x6F_6666), (2, 0x6E6F): return false  // 0, false, off, no
        default: return nil
        }
    }

    // MARK: Dates, data, URLs

    private func decodeDate(at node: Int) throws -> Date {
        switch dateDecoding {
        case .deferredToDate:
            return Date(timeIntervalSinceReferenceDate: try decodeFloat(Double.self, at: node))
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try decodeFloat(Double.self, at: node))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try decodeFloat(Double.self, at: node) / 1000)
        case .iso8601:
            let scalar = try scalarNode(node, as: Date.self)
            let text = string(of: scalar)
            if let date = (try? Self.iso8601.parse(text)) ?? (try? Self.iso8601Fractional.parse(text)) {
                return date
            }
            throw DecodingError.dataCorrupted(
                context(
                    scalar, "Expected an ISO 8601 date at \(describe(scalar)), but found \(describeShape(of: scalar))."))
        #if FoundationAPI
        case .formatted(let formatter):
            let scalar = try scalarNode(node, as: Date.self)
            guard let date = formatter.date(from: string(of: scalar)) else {
                throw DecodingError.dataCorrupted(
                    context(
                        scalar,
                        "Expected a date in the format \"\(formatter.dateFormat ?? "")\" at \(describe(scalar)), but found \(describeShape(of: scalar))."
                    ))
            }
            return date
        #endif
        case .htmlInput(let timeZone):
            let scalar = try scalarNode(node, as: Date.self)
            guard let date = HTMLDateText.date(from: string(of: scalar), timeZone: timeZone) else {
                throw DecodingError.dataCorrupted(
                    context(
                        scalar,
                        "Expected a date as an HTML date or time input sends it (2026-11-23, 2026-11-23T14:30, 2026-11, 2026-W48 or 14:30) at \(describe(scalar)), but found \(describeShape(of: scalar))."
                    ))
            }
            return date
        case .custom(let read):
            let text = try decodeString(at: node)
            do {
                return try read(text)
            } catch let error as URLEncodedFormDecoder.UnreadableDate {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: codingPath(of: node),
                        debugDescription:
                            "Expected a date that the decoder's parse strategy reads at \(describe(node)), but found the value \"\(quoted(error.text))\".",
                        underlyingError: error.underlying
                    ))
            }
        }
    }

    private static let iso8601 = Date.ISO8601FormatStyle()
    private static let iso8601Fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// The data at `node`, or `nil` when `Data`'s own conformance should read it.
    private func decodeData(at node: Int) throws -> Data? {
        switch dataDecoding {
        case .deferredToData:
            return nil
        case .base64:
            let scalar = try scalarNode(node, as: Data.self)
            let text = string(of: scalar)
            // A `+` sent unescaped arrives as a space; base64 has no spaces of its own.
            if let data = Data(base64Encoded: text) ?? Data(base64Encoded: String(text.map { $0 == " " ? "+" : $0 })) {
                return data
            }
            throw DecodingError.dataCorrupted(
                context(
                    scalar, "Expected base64 data at \(describe(scalar)), but found \(describeShape(of: scalar))."))
        case .custom(let read):
            return try read(try decodeString(at: node))
        }
    }

    private func decodeURL(at node: Int) throws -> URL {
        let scalar = try scalarNode(node, as: URL.self)
        guard let url = URL(string: string(of: scalar)) else {
            throw DecodingError.dataCorrupted(
                context(
                    scalar, "Expected a URL at \(describe(scalar)), but found \(describeShape(of: scalar))."))
        }
        return url
    }

    // MARK: Errors

    func mismatch<T>(_ type: T.Type, at scalar: Int, expecting expected: String) -> DecodingError {
        DecodingError.typeMismatch(
            type,
            context(scalar, "Expected \(type) (\(expected)) at \(describe(scalar)), but found \(describeShape(of: scalar)).")
        )
    }
}
