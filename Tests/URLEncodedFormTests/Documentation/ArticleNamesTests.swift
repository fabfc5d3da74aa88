import Foundation
import Testing

/// README.md and the DocC articles against the code: every option label (`nilDecoding:`), case or
/// preset (`.bareKey`, `URLEncodedFormDecoder.vapor`) and `urlform` flag (`--bracket-rows`) an
/// article names is declared in the sources, and not deprecated. Read from the files, so a name
/// renamed or removed in the code and left in an article fails here.
@Suite("Documentation: every name an article gives is in the code")
struct ArticleNamesTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func swiftFiles(under folder: String) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
    }

    static func matches(_ pattern: String, in text: String, options: NSRegularExpression.Options = []) -> [[String?]] {
        let expression = try! NSRegularExpression(pattern: pattern, options: options)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (0..<match.numberOfRanges).map { Range(match.range(at: $0), in: text).map { String(text[$0]) } }
        }
    }

    /// Every name the sources declare (a case, a property, a function, a static value) or take as
    /// an argument label, without those marked deprecated.
    static let declared: Set<String> = {
        var names: Set<String> = []
        var deprecated: Set<String> = []
        for file in swiftFiles(under: "Sources") {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            for match in matches(#"\b(?:case|let|var|func)\s+`?(\w+)"#, in: text) { names.insert(match[1]!) }
            // Argument labels, on a line of their own or after `(` or `,` in a signature.
            for match in matches(#"^\s+(\w+)(?:\s+\w+)?:\s+[\w@\[(]"#, in: text, options: .anchorsMatchLines) { names.insert(match[1]!) }
            for match in matches(#"[(,]\s*(\w+)(?:\s+\w+)?:\s+[\w@\[(]"#, in: text) { names.insert(match[1]!) }
            let deprecation = #"@available\(\*, deprecated[^\n]*\n(?:\s*@\w+\n)*[^\n]*?\b(?:case|let|var|func|init|enum|struct)\s+`?(\w+)"#
            for match in matches(deprecation, in: text) { deprecated.insert(match[1]!) }
        }
        return names.subtracting(deprecated)
    }()

    /// The flags `urlform` takes: the quoted `--name`s its command line matches.
    static let flags: Set<String> = {
        let text = (try? String(contentsOf: root.appendingPathComponent("Sources/urlform/Command.swift"), encoding: .utf8)) ?? ""
        return Set(matches(#""(--?[a-z][a-z0-9-]*)[="]"#, in: text).map { $0[1]! })
    }()

    /// Names that belong to the frameworks, Foundation or the peers an article compares with.
    static let elsewhere: Set<String> = [
        // SwiftPM's manifest.
        "product", "package",
        // Vapor: a route's body strategies and its media type.
        "stream", "collect", "urlEncodedForm",
        // Swift and Foundation.
        "init", "self", "utf8",
    ]

    static let articles: [URL] =
        [root.appendingPathComponent("README.md")]
        + ((try? FileManager.default.contentsOfDirectory(
            at: root.appendingPathComponent("Sources/URLEncodedForm/URLEncodedForm.docc"), includingPropertiesForKeys: nil)) ?? [])
        .filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path }

    /// The inline code spans of `text` (`` `like this` ``), outside fenced blocks.
    static func spans(in text: String) -> [String] {
        var inFence = false
        var found: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inFence.toggle()
                continue
            }
            guard !inFence else { continue }
            found += matches("`([^`\n]+)`", in: String(line)).map { $0[1]! }
        }
        return found
    }

    /// The names a span gives: a label before `:`, a member after a leading `.` or after a coder's
    /// name (`URLEncodedFormDecoder.vapor`).
    static func names(in span: String) -> [String] {
        var names: [String] = []
        if let match = matches(#"^(?:(\w+):\s*)?\.([a-z]\w*)(?![\w/.-])"#, in: span).first {
            names += [match[1], match[2]].compactMap { $0 }
        } else if let match = matches(#"^(\w+):\s*$"#, in: span).first {
            names.append(match[1]!)
        } else if let match = matches(#"^URLEncodedForm(?:Encoder|Decoder)\.([a-z]\w*)"#, in: span).first {
            names.append(match[1]!)
        }
        return names
    }

    @Test("the sources, the flags and the articles are read")
    func readsTheCode() {
        #expect(Self.declared.isSuperset(of: ["nilDecoding", "bareKey", "vapor", "alphabetizeKeyValuePairs", "maximumDepth"]))
        #expect(Self.flags.isSuperset(of: ["--bracket-rows", "--no-numeric-references", "--version", "-h"]))
        #expect(Self.articles.count > 10)
    }

    @Test("every label, case and preset an article names is declared, and not deprecated")
    func names() throws {
        var checked = 0
        for article in Self.articles {
            let text = try String(contentsOf: article, encoding: .utf8)
            for span in Self.spans(in: text) {
                for name in Self.names(in: span) where !Self.elsewhere.contains(name) {
                    checked += 1
                    let declared = Self.declared.contains(name)
                    #expect(declared, "\(article.lastPathComponent) names `\(span)`: \(name) is not in the code")
                }
            }
        }
        #expect(checked > 200, "names checked: \(checked)")
    }

    @Test("every urlform flag an article names is one the command takes")
    func flagsInArticles() throws {
        var checked = 0
        for article in Self.articles {
            let text = try String(contentsOf: article, encoding: .utf8)
            var given: [String] = Self.spans(in: text).compactMap { span in Self.matches(#"^(--[a-z][a-z0-9-]*)"#, in: span).first?[1] }
            // And every flag of a command line that runs urlform, in a span or a fenced block
            // (`urlform …`, `… | urlform …`, `swift run urlform …`; not `--product urlform`).
            for line in text.split(separator: "\n") {
                for command in Self.matches(#"(?:^\s*|[|;`]\s*|\brun\s+)urlform\s+([^|;`]*)"#, in: String(line)) {
                    given += Self.matches(#"(?:^|\s)(--[a-z][a-z0-9-]*)"#, in: command[1]!).map { $0[1]! }
                }
            }
            // SwiftPM's own flags, which an article names too.
            for flag in given where !["--static-swift-stdlib", "--traits", "--disable-default-traits"].contains(flag) {
                checked += 1
                let taken = Self.flags.contains(flag)
                #expect(taken, "\(article.lastPathComponent) names \(flag), which urlform does not take")
            }
        }
        #expect(checked > 20, "flags checked: \(checked)")
    }
}
