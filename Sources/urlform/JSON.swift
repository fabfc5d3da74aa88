import URLEncodedForm

/// JSON as the command reads and writes it. Objects keep their members' order and numbers keep
/// their text, which `JSONSerialization` keeps neither of: `--no-sort` must write members in input
/// order, and `1.50` must stay `1.50`. So this small reader and writer are the command's own.
indirect enum JSON: Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)), (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        default: false
        }
    }
}

/// A JSON syntax error, with the byte offset where reading stopped.
struct JSONSyntaxError: Error, CustomStringConvertible {
    let offset: Int
    let reason: String
    var description: String { "invalid JSON at byte \(offset): \(reason)" }
}

struct JSONReader {
    private let bytes: [UInt8]
    private var index = 0
    private static let maximumDepth = 512

    /// Reads the JSON text `bytes`, which must be UTF-8 (RFC 8259, 8.1): a byte that is not is an
    /// error, not a U+FFFD in a value.
    static func read(_ bytes: [UInt8]) throws -> JSON {
        var reader = JSONReader(bytes: bytes)
        if let offset = firstInvalidUTF8(in: bytes) {
            reader.index = offset
            throw reader.error("not UTF-8")
        }
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.index == reader.bytes.count else { throw reader.error("unexpected text after the value") }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The offset of the first byte that does not start or continue a UTF-8 scalar.
    private static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    private func error(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: index, reason: reason)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func expect(_ literal: String, _ value: JSON) throws -> JSON {
        for byte in literal.utf8 {
            guard current == byte else { throw error("expected \(literal)") }
            index += 1
        }
        return value
    }

    private mutating func value(depth: Int) throws -> JSON {
        guard depth < Self.maximumDepth else { throw error("nested more than \(Self.maximumDepth) levels") }
        skipWhitespace()
        switch current {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "n"): return try expect("null", .null)
        case .some(let byte) where byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte):
            return .number(try number())
        case .some: throw error("expected a value")
        case .none: throw error("unexpected end of input")
        }
    }

    private mutating func object(depth: Int) throws -> JSON {
        index += 1
        var members: [(String, JSON)] = []
        // A name given twice would write one pair and silently drop a value (RFC 8259, 4: names
        // should be unique, and readers differ on which one wins).
        var names: Set<String> = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a member name") }
            let nameStart = index
            let name = try string()
            guard names.insert(name).inserted else {
                index = nameStart
                throw error("the member \"\(ErrorQuote.quote(name))\" appears twice in one object")
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            members.append((name, try value(depth: depth + 1)))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default: throw error("expected ',' or '}'")
            }
        }
    }

    private mutating func array(depth: Int) throws -> JSON {
        index += 1
        var elements: [JSON] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            default: throw error("expected ',' or ']'")
            }
        }
    }

    private mutating func number() throws -> String {
        let start = index
        func digits() -> Bool {
            let first = index
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
            return index > first
        }
        if current == UInt8(ascii: "-") { index += 1 }
        guard digits() else { throw error("expected digits") }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits() else { throw error("expected digits after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() else { throw error("expected exponent digits") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// A string's text, its escapes read: the bytes between escapes copied as they are, and each
    /// escape's scalar appended as UTF-8, so that a string of escapes costs its length.
    private mutating func string() throws -> String {
        index += 1
        var text: [UInt8] = []
        var run = index
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                text += bytes[run..<index]
                index += 1
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                text += bytes[run..<index]
                index += 1
                text += try escape().utf8
                run = index
            case 0..<0x20:
                throw error("control character in a string")
            default:
                index += 1
            }
        }
        throw error("unterminated string")
    }

    private mutating func escape() throws -> Unicode.Scalar {
        guard let byte = current else { throw error("unterminated escape") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hex4()
            if (0xD800..<0xDC00).contains(high), current == UInt8(ascii: "\\") {
                index += 1
                guard current == UInt8(ascii: "u") else { throw error("expected a low surrogate") }
                index += 1
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate") }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
            }
            return Unicode.Scalar(high) ?? "\u{FFFD}"
        default:
            throw error("invalid escape")
        }
    }

    private mutating func hex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = UInt32(String(UnicodeScalar(byte)), radix: 16) else { throw error("expected 4 hex digits") }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}

enum JSONWriter {
    static func write(_ value: JSON, pretty: Bool) -> String {
        var output = ""
        write(value, pretty: pretty, indent: 0, into: &output)
        return output
    }

    private static func write(_ value: JSON, pretty: Bool, indent: Int, into output: inout String) {
        let newline = pretty ? "\n" + String(repeating: "  ", count: indent + 1) : ""
        let close = pretty ? "\n" + String(repeating: "  ", count: indent) : ""
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): quote(text, into: &output)
        case .array(let elements):
            guard !elements.isEmpty else {
                output += "[]"
                return
            }
            output += "["
            for (position, element) in elements.enumerated() {
                output += (position > 0 ? "," : "") + newline
                write(element, pretty: pretty, indent: indent + 1, into: &output)
            }
            output += close + "]"
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}"
                return
            }
            output += "{"
            for (position, (name, member)) in members.enumerated() {
                output += (position > 0 ? "," : "") + newline
                quote(name, into: &output)
                output += pretty ? ": " : ":"
                write(member, pretty: pretty, indent: indent + 1, into: &output)
            }
            output += close + "}"
        }
    }

    private static func quote(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{0}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
