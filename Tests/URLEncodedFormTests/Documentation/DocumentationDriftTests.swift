import Foundation
import Testing

/// The DocC reference (`OptionsReference.md`) against the source: every public option of the
/// encoder and the decoder has its row, every case and named value of an option's type is in
/// that row, and every error code is in the errors table. Read from the source files, so that an
/// option added or renamed without its documentation fails here.
@Suite("Documentation: the options reference lists every option, case and error code")
struct DocumentationDriftTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/URLEncodedForm")

    static func read(_ path: String) throws -> String {
        try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
    }

    /// The reference's table rows, by the option they start with: "| `name` | …".
    static func rows(in reference: String, under heading: String) -> [String: String] {
        var rows: [String: String] = [:]
        var inSection = false
        for line in reference.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("### ") { inSection = line == "### \(heading)" }
            guard inSection, line.hasPrefix("| `") else { continue }
            let name = line.dropFirst(3).prefix { $0 != "`" }
            rows[String(name)] = String(line)
        }
        return rows
    }

    /// `public var name: Type` declared at the top level of a type, in `file`, but for deprecated
    /// aliases, which the reference names where it lists them, not as options.
    static func options(in file: String) throws -> [(name: String, type: String)] {
        let pattern = try NSRegularExpression(
            pattern: #"^(    @available\(\*, deprecated[^\n]*\n)?    public var (\w+): (?:\w+\.)?(\w+|\[)"#, options: .anchorsMatchLines)
        let text = try read(file)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            guard match.range(at: 1).location == NSNotFound else { return nil }
            return (String(text[Range(match.range(at: 2), in: text)!]), String(text[Range(match.range(at: 3), in: text)!]))
        }
    }

    /// The rules of the decoder's `dialect`, each an option of its own in the reference, named
    /// as a user sets it: `dialect.duplicateKeys`.
    static func dialectRules() throws -> [(name: String, type: String)] {
        let pattern = try NSRegularExpression(pattern: #"^        public var (\w+): (?:\w+\.)?(\w+)"#, options: .anchorsMatchLines)
        let text = try read("Decoding/URLEncodedFormDecoder+Dialect.swift")
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            ("dialect." + String(text[Range(match.range(at: 1), in: text)!]), String(text[Range(match.range(at: 2), in: text)!]))
        }
    }

    /// The options of one direction: the coder's properties, and for the decoder its dialect's
    /// rules.
    static func allOptions(_ heading: String) throws -> [(name: String, type: String)] {
        heading == "Encoder options"
            ? try options(in: "Encoding/URLEncodedFormEncoder.swift")
            : try options(in: "Decoding/URLEncodedFormDecoder.swift") + dialectRules()
    }

    /// The cases, and the public static values and functions, of every public enum and struct
    /// declared in `files`: the members one level inside its braces.
    static func members(in files: [String]) throws -> [String: [String]] {
        var members: [String: [String]] = [:]
        let declaration = try NSRegularExpression(pattern: #"^( *)public (?:enum|struct) (\w+)"#)
        let member = try NSRegularExpression(pattern: #"^ *(?:case|public static (?:let|func|var)) `?(\w+)`?"#)
        for file in files {
            var open: [(indent: Int, name: String)] = []
            for line in try read(file).split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                let range = NSRange(line.startIndex..., in: line)
                let indent = line.prefix { $0 == " " }.count
                if let last = open.last, line == String(repeating: " ", count: last.indent) + "}" {
                    open.removeLast()
                    continue
                }
                if let match = declaration.firstMatch(in: line, range: range) {
                    open.append((match.range(at: 1).length, String(line[Range(match.range(at: 2), in: line)!])))
                    members[open.last!.name, default: []] += []
                    continue
                }
                if let owner = open.last, indent == owner.indent + 4, let match = member.firstMatch(in: line, range: range) {
                    members[owner.name, default: []].append(String(line[Range(match.range(at: 1), in: line)!]))
                }
            }
        }
        return members
    }

    /// The files that declare the option types of each direction, read apart, since the two
    /// directions name some types alike (`KeyPathEncoding` and `KeyPathDecoding` apart, `URLEncodedFormCharset`
    /// and `URLEncodedFormIndexGaps` shared).
    static let optionFiles = [
        "Encoder options": [
            "Encoding/URLEncodedFormEncoder+Options.swift", "Encoding/URLEncodedFormEncoder+AllowedCharacters.swift",
            "Shared/URLEncodedFormCharset.swift",
            "Shared/URLEncodedFormIndexGaps.swift",
        ],
        "Decoder options": [
            "Decoding/URLEncodedFormDecoder+Options.swift", "Decoding/URLEncodedFormDecoder.swift",
            "Decoding/URLEncodedFormDecoder+Limits.swift", "Decoding/URLEncodedFormDecoder+Dialect.swift", "Shared/URLEncodedFormCharset.swift",
            "Shared/URLEncodedFormIndexGaps.swift",
        ],
    ]

    @Test("every option has its row, and every case of its type is in the row", arguments: ["Encoder options", "Decoder options"])
    func options(heading: String) throws {
        let reference = try Self.read("URLEncodedForm.docc/OptionsReference.md")
        let rows = Self.rows(in: reference, under: heading)
        let options = try Self.allOptions(heading)
        let members = try Self.members(in: Self.optionFiles[heading] ?? [])
        #expect(options.count > 15, "options read from the source: \(options.map(\.name))")
        #expect(members["URLEncodedFormIndexGaps"] == ["compact", "keepPositions", "error"])
        if heading == "Encoder options" {
            #expect(members["ArrayEncoding"]?.contains("jQuery") == true && members["NilEncoding"]?.contains("bareKey") == true)
        }
        for (name, type) in options {
            guard let row = rows[name] else {
                Issue.record("\(heading): `\(name)` has no row in OptionsReference.md")
                continue
            }
            for member in members[type] ?? [] where !row.contains(".\(member)") {
                Issue.record("\(heading): the row of `\(name)` does not name `.\(member)` of \(type)")
            }
        }
        for name in rows.keys where !options.contains(where: { $0.name == name }) {
            Issue.record("\(heading): OptionsReference.md has a row for `\(name)`, which is not an option")
        }
    }

    /// The table that pairs each encoder option with its decoder counterpart names every option of
    /// both coders, and each row's shared cases are cases of both option types.
    @Test("the both-directions table names every option of both coders")
    func bothDirections() throws {
        let reference = try Self.read("URLEncodedForm.docc/OptionsReference.md")
        let section = reference.components(separatedBy: "### Both directions").last?.components(separatedBy: "\n### ").first ?? ""
        let encoder = try Self.allOptions("Encoder options").map(\.name)
        let decoder = try Self.allOptions("Decoder options").map(\.name)
        #expect(encoder.count >= 14 && decoder.count >= 19)
        for deprecated in ["bareKeys", "charsetSentinel", "interpretsNumericEntities"] where (encoder + decoder).contains(deprecated) {
            Issue.record("`\(deprecated)` is a deprecated alias, read as an option")
        }
        for name in encoder + decoder where !section.contains("`\(name)`") {
            Issue.record("OptionsReference.md's both-directions table does not name `\(name)`")
        }
        // Each row pairs an encoder option with its decoder counterpart: the cases it says both
        // have are cases of both types, and a row with one side empty says why.
        let encoderTypes = Dictionary(try Self.options(in: "Encoding/URLEncodedFormEncoder.swift").map { ($0.name, $0.type) }) { a, _ in a }
        let decoderTypes = Dictionary(try Self.allOptions("Decoder options").map { ($0.name, $0.type) }) { a, _ in a }
        let encoderMembers = try Self.members(in: Self.optionFiles["Encoder options"] ?? [])
        let decoderMembers = try Self.members(in: Self.optionFiles["Decoder options"] ?? [])
        var pairsChecked = 0
        for line in section.split(separator: "\n") where line.hasPrefix("| `") || line.hasPrefix("| —") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4 else { continue }
            if cells[0] == "—" || cells[1] == "—" {
                #expect(!cells[3].isEmpty, "the row \(line.prefix(60)) has one side only and does not say why")
                continue
            }
            let both = String(cells[2].prefix { $0 != ";" && $0 != "(" })
            guard let encoderType = encoderTypes[cells[0].trimmingCharacters(in: ["`"])],
                let decoderType = decoderTypes[cells[1].trimmingCharacters(in: ["`"])]
            else { continue }
            for match in try NSRegularExpression(pattern: #"`\.(\w+)"#).matches(in: both, range: NSRange(both.startIndex..., in: both)) {
                let name = String(both[Range(match.range(at: 1), in: both)!])
                pairsChecked += 1
                #expect(encoderMembers[encoderType]?.contains(name) == true, "`.\(name)` is not a case of the encoder's \(encoderType)")
                #expect(decoderMembers[decoderType]?.contains(name) == true, "`.\(name)` is not a case of the decoder's \(decoderType)")
            }
        }
        #expect(pairsChecked > 15, "cases checked in both directions: \(pairsChecked)")
    }

    @Test("every preset of either coder has its row in the presets table, which names no other")
    func presets() throws {
        let reference = try Self.read("URLEncodedForm.docc/OptionsReference.md")
        let rows = Self.rows(in: reference, under: "Presets")
        let pattern = try NSRegularExpression(pattern: #"^    public static let (\w+)"#, options: .anchorsMatchLines)
        var declared: Set<String> = []
        for file in ["Encoding/URLEncodedFormEncoder+Presets.swift", "Decoding/URLEncodedFormDecoder+Presets.swift"] {
            let text = try Self.read(file)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                declared.insert("." + String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        #expect(declared.count == 8)
        #expect(Set(rows.keys) == declared)
    }

    @Test("every error code is in the errors table")
    func errorCodes() throws {
        let reference = try Self.read("URLEncodedForm.docc/OptionsReference.md")
        let rows = Self.rows(in: reference, under: "Errors")
        let codes = try Self.members(in: ["Decoding/URLEncodedFormDecodingError.swift"])["Code"] ?? []
        #expect(codes.count == 9, "\(codes)")
        for code in codes where rows[code] == nil {
            Issue.record("the error code `\(code)` has no row in OptionsReference.md's errors table")
        }
    }
}
