import Foundation
import URLEncodedForm

/// JSON made `Encodable`, members in input order; the encoder sorts them unless told not to.
struct EncodableJSON: Encodable {
    let value: JSON

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.init(stringValue) }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        switch value {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .number(let text), .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(EncodableJSON(value: element)) }
        case .object(let members):
            var container = encoder.container(keyedBy: Key.self)
            for (name, member) in members { try container.encode(EncodableJSON(value: member), forKey: Key(name)) }
        }
    }
}

func json(from value: URLEncodedFormValue, sorted: Bool) -> JSON {
    switch value {
    case .string(let text): return .string(text)
    case .null: return .null
    case .array(let elements): return .array(elements.map { json(from: $0, sorted: sorted) })
    case .object(let members):
        let converted = members.map { ($0.key, json(from: $0.value, sorted: sorted)) }
        return .object(sorted ? converted.sorted { $0.0 < $1.0 } : converted)
    }
}

/// The input's bytes: the argument, or standard input when there is none or it is `-`, without
/// the one line end (`\n` or `\r\n`) that `echo` and `printf` leave after it, which is not part of
/// the form or the JSON.
func readInput(_ command: Command) -> [UInt8] {
    if let input = command.input, input != "-" { return Array(input.utf8) }
    var bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
    if bytes.last == UInt8(ascii: "\n") {
        bytes.removeLast()
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
    }
    return bytes
}

func run(_ command: Command) throws -> String {
    switch command.action {
    case .help:
        return Command.usage
    case .version:
        return "urlform \(Command.version)"
    case .encode:
        let value = try JSONReader.read(readInput(command))
        guard case .object = value else {
            throw InputError(description: "the JSON must be an object: form text is a list of named values")
        }
        var encoder = command.encoder
        encoder.alphabetizeKeyValuePairs = command.sorts
        return try encoder.encode(EncodableJSON(value: value))
    case .decode:
        // Bytes that are not UTF-8 become U+FFFD, as the decoder reads them in a form.
        let text = String(decoding: readInput(command), as: UTF8.self)
        let value = try URLEncodedFormValue(parsing: String(Command.form(in: text)), decoder: command.decoder)
        return JSONWriter.write(json(from: value, sorted: command.sorts), pretty: command.pretty)
    }
}

/// Input that cannot be converted: exit status 1, like the coders' own errors.
struct InputError: Error, CustomStringConvertible {
    let description: String
}

/// What an error says on stderr: a coder's sentence with the coding path it happened at, quoted
/// as the coders quote input, where Swift's own description of an `EncodingError` would print the
/// whole value.
func message(of error: any Error) -> String {
    let context: (path: [any CodingKey], description: String)
    if case EncodingError.invalidValue(_, let found) = error {
        context = (found.codingPath, found.debugDescription)
    } else if let found = (error as? DecodingError)?.context {
        context = (found.codingPath, found.debugDescription)
    } else if let refusal = error as? URLEncodedFormDecodingError, let option = limitOption(refusal.code) {
        return "\(refusal) Raise it with \(option) N, or lift every limit with --unlimited."
    } else {
        return "\(error)"
    }
    guard !context.path.isEmpty else { return context.description }
    let path = context.path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    return "at \(ErrorQuote.quote(path)): \(context.description)"
}

/// The option that sets the limit `code` names; `nil` for a refusal that is no limit.
func limitOption(_ code: URLEncodedFormDecodingError.Code) -> String? {
    switch code {
    case .inputTooLong: "--max-input-length"
    case .tooManyParameters: "--max-parameters"
    case .keyTooDeep: "--max-depth"
    case .arrayTooLong: "--max-array-length"
    default: nil
    }
}

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("urlform: \(message)\n".utf8))
    exit(status)
}

let command: Command
do {
    command = try Command(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    fail("\(error)\nRun `urlform --help` for usage.", status: 2)
}
do {
    print(try run(command))
} catch {
    fail(message(of: error), status: 1)
}
