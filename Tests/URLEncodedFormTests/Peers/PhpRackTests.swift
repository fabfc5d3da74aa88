import Foundation
import Testing
import URLEncodedForm

/// One body of `Tests/Fixtures/bracket-bodies.json` and what PHP 8.2's `parse_str` and Rack 2.2's
/// `parse_nested_query` (what Rails reads `params` with) give for it, recorded by
/// `Tools/PeerSuites/php-parse-str.php` and `rack-parse-nested-query.rb`.
struct PhpRackCase: Sendable, CustomTestStringConvertible {
    let body: String
    let php: FixtureValue
    /// `nil` where Rack refuses the form.
    let rack: FixtureValue?

    var testDescription: String { body }

    /// The value both peers give, read as a server reads it: an object whose names are `0` to
    /// `n - 1` is the list PHP writes it as (Rack keeps indices as names), and a name without `=`,
    /// `""` in PHP and `nil` in Rack, is `""`, what `nilDecoding: .dropKey` reads. `nil` where they
    /// disagree.
    var agreed: FixtureValue? { agreed(keepingNull: false) }

    /// ``agreed``, with a bare name as Rack's `nil` when `keepingNull`.
    func agreed(keepingNull: Bool) -> FixtureValue? {
        guard let rack, php.asServerReads == rack.asServerReads else { return nil }
        return keepingNull ? rack.asServerReads(keepingNull: true) : php.asServerReads
    }

    static func load() -> [PhpRackCase] {
        let php = fixtureLines("php-8.2-parse-str.json")
        let rack = fixtureLines("rack-2.2-parse-nested-query.json")
        return zip(php, rack).map { php, rack in
            PhpRackCase(
                body: php["body"] as? String ?? "",
                php: FixtureValue(json: php["value"] ?? NSNull()),
                rack: rack["value"].map { FixtureValue(json: $0) })
        }
    }
}

extension FixtureValue {
    /// See ``PhpRackCase/agreed``. The top level stays an object: a form is named values.
    var asServerReads: FixtureValue { asServerReads(keepingNull: false) }

    func asServerReads(keepingNull: Bool) -> FixtureValue {
        guard case .object(let members) = self else { return self }
        return .object(members.mapValues { $0.belowTop(keepingNull: keepingNull) })
    }

    private func belowTop(keepingNull: Bool) -> FixtureValue {
        switch self {
        case .null: return keepingNull ? .null : .string("")
        case .string: return self
        case .array(let elements): return .array(elements.map { $0.belowTop(keepingNull: keepingNull) })
        case .object(let members):
            let converted = members.mapValues { $0.belowTop(keepingNull: keepingNull) }
            guard !members.isEmpty, Set(members.keys) == Set((0..<members.count).map(String.init)) else { return .object(converted) }
            return .array((0..<members.count).map { converted[String($0)]! })
        }
    }
}

/// How the decoder compares with PHP and Rack where both read a body alike, and the rules that
/// explain each difference (DecoderBehaviour.md, "Decoding compared with PHP and Rack"). A rule is
/// checked by rewriting the body as both peers read it and decoding that: a case no rule explains
/// fails the test.
enum PhpRackComparison {
    enum Outcome: Hashable, CustomStringConvertible {
        case same
        case difference(Rule)

        var description: String {
            switch self {
            case .same: "the same value"
            case .difference(let rule): rule.rawValue
            }
        }
    }

    enum Rule: String, CaseIterable {
        case malformedKey = "a malformed name is kept whole; PHP and Rack keep what precedes its stray bracket and drop the rest"
        case emptyName = "a pair with an empty name, or one that starts with a bracket, is kept; PHP and Rack drop it"
        case laterKindReplaces =
            "a name given as a value and as a path keeps every pair, or is refused where no value holds both; PHP and Rack keep the pairs of the last kind"
    }

    /// What the decoder reads like PHP and Rack: a gap in indices closes up (both keep the indices
    /// as names, which a dictionary reads), and a repeated name gives its last value.
    static let decoder = URLEncodedFormDecoder(indexGaps: .compact, dialect: .init(duplicateKeys: .last))

    static func outcome(of body: String, expected: FixtureValue, decoder: URLEncodedFormDecoder = decoder) -> Outcome? {
        if (try? ShapedDecoding.decode(body, like: expected, with: decoder)) == expected { return .same }
        let (rewritten, rules) = peerView(of: body)
        guard let rule = rules.first, (try? ShapedDecoding.decode(rewritten, like: expected, with: decoder)) == expected else { return nil }
        return .difference(rule)
    }

    /// The body with what both peers read differently spelled out, and the rules that did it, in
    /// the order of ``Rule``: a malformed name becomes what precedes its stray bracket (`a[b]]` is
    /// `a[b]`), a pair with an empty name or one that starts with a bracket is dropped, and a pair
    /// is dropped when a later pair gives its name, or a name it is a path under, another kind
    /// (`a=1&a[b]=2`, `b&b[]=1`: the later pair wins).
    static func peerView(of body: String) -> (body: String, rules: [Rule]) {
        var rules: Set<Rule> = []
        var pairs: [(name: String, rest: Substring)] = []
        for part in body.split(separator: "&", omittingEmptySubsequences: true) {
            var name = QsComparison.decodedName(of: part)
            let rest = part.drop { $0 != "=" }
            let valid = validPrefix(of: name)
            if valid.count != name.count {
                rules.insert(.malformedKey)
                name = String(valid)
            }
            if name.isEmpty || name.hasPrefix("[") {
                rules.insert(.emptyName)
                continue
            }
            pairs.append((name, rest))
        }
        var kept: [(name: String, rest: Substring)] = []
        for (index, pair) in pairs.enumerated() {
            let base = pair.name.split(separator: "[", maxSplits: 1).first.map(String.init) ?? pair.name
            let replaced = pairs[(index + 1)...].contains { later in
                later.name != pair.name && (later.name.hasPrefix(pair.name + "[") || pair.name.hasPrefix(later.name + "["))
                    && later.name.hasPrefix(base)
            }
            if replaced {
                rules.insert(.laterKindReplaces)
            } else {
                kept.append(pair)
            }
        }
        let text = kept.map { escapedName($0.name) + $0.rest }.joined(separator: "&")
        return (text, Rule.allCases.filter(rules.contains))
    }

    /// The longest start of `name` that is a key path: the name before any bracket, then whole
    /// bracketed names; PHP and Rack both drop what follows (`a[b]]`, `a[b]c` in PHP, `-[x[-]`).
    private static func validPrefix(of name: String) -> Substring {
        guard let open = name.firstIndex(where: { $0 == "[" || $0 == "]" }) else { return name[...] }
        if name[open] == "]" { return name[...] }  // `a]`: both keep the name as it is
        var end = open
        var index = open
        while index < name.endIndex, name[index] == "[" {
            guard let close = name[name.index(after: index)...].firstIndex(where: { $0 == "[" || $0 == "]" }), name[close] == "]" else { break }
            end = name.index(after: close)
            index = end
        }
        return name[..<(end == open ? name.endIndex : end)]
    }

    private static func escapedName(_ name: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "[]-_.")
        return name.addingPercentEncoding(withAllowedCharacters: allowed) ?? name
    }
}

@Suite("Decoder: PHP's parse_str and Rack's parse_nested_query")
struct PhpRackTests {
    @Test("every body both PHP and Rack read alike reads the same here, or differs by a documented rule")
    func agreedBodies() throws {
        let cases = PhpRackCase.load()
        #expect(cases.count == 2000)
        var counts: [PhpRackComparison.Outcome: Int] = [:]
        var unexplained: [String] = []
        var refused: [String] = []
        for testCase in cases {
            guard let expected = testCase.agreed else { continue }
            if case .failure(let error) = Result(catching: { try URLEncodedFormValue(parsing: testCase.body, decoder: PhpRackComparison.decoder) }) {
                refused.append("\(testCase.body): \(error)")
            }
            guard let outcome = PhpRackComparison.outcome(of: testCase.body, expected: expected) else {
                let ours = Result { try ShapedDecoding.decode(testCase.body, like: expected, with: PhpRackComparison.decoder) }
                unexplained.append(
                    "\(testCase.body) → both peers \(expected), here \(ours), peers' view \(PhpRackComparison.peerView(of: testCase.body).body)")
                continue
            }
            counts[outcome, default: 0] += 1
        }
        let summary = counts.sorted { $0.value > $1.value }.map { "  \($0.value)  \($0.key)" }.joined(separator: "\n")
        print("PHP 8.2 and Rack 2.2 agree on \(counts.values.reduce(0, +) + unexplained.count) of \(cases.count) bodies\n\(summary)")
        print("refused whole here: \(refused.count), each for a name given as a value and as a path")
        for line in unexplained.prefix(60) { Issue.record("unexplained: \(line)") }
        #expect(unexplained.isEmpty)
        // The table in DecoderBehaviour.md ("Decoding compared with PHP and Rack"), so that a body
        // moving from agreement to a rule fails here.
        #expect(
            counts == [
                .same: 1004, .difference(.emptyName): 37, .difference(.laterKindReplaces): 24, .difference(.malformedKey): 23,
            ])
        // Every body refused whole here is one where a name is given as a value and as a path.
        #expect(refused.count == 19)
        #expect(refused.allSatisfy { $0.contains("conflicts with an earlier key") })
    }
}

/// Each of the `.php` and `.rails` presets against its own peer alone, over every recorded body
/// (not only where the two peers agree): the same value, or a difference of one of the kinds
/// below, each a check on the values themselves. No body is left unexplained.
enum PeerAloneComparison {
    enum Peer: String, CaseIterable, CustomTestStringConvertible {
        case php, rack
        var testDescription: String { self == .php ? ".php against PHP 8.2" : ".rails against Rack 2.2" }
        var decoder: URLEncodedFormDecoder { self == .php ? .php : .rails }
        func value(of testCase: PhpRackCase) -> FixtureValue? { self == .php ? testCase.php : testCase.rack }
    }

    enum Outcome: String, CaseIterable {
        case same = "the same value"
        case peerRefuses = "the peer refuses the form; it is read here"
        case everyPeerValueKept =
            "every value the peer reads is here too: the peer drops a pair (an empty name, a kind replaced), renames one (PHP's `.` and space as `_`) or guesses at a malformed name"
        case peerReadsNull = "the peer reads null where a malformed name's value was; every other value is here"
        case repeatedMalformedName =
            "a malformed name given more than once is one name, so it keeps its last value (duplicateKeys: .last); the peer's guess at it reads a list"
    }

    static func outcome(of testCase: PhpRackCase, peer: Peer) -> Outcome? {
        guard var expected = peer.value(of: testCase) else { return .peerRefuses }
        // PHP writes a form whose top-level names are `0` to `n - 1` as a JSON list: the same
        // names.
        if case .array(let elements) = expected {
            expected = .object(Dictionary(uniqueKeysWithValues: elements.enumerated().map { (String($0.offset), $0.element) }))
        }
        guard let ours = try? URLEncodedFormValue(parsing: testCase.body, decoder: peer.decoder) else { return nil }
        let value = FixtureValue(ours)
        if value.asServerReads == expected.asServerReads { return .same }
        let here = leaves(of: value, nullAs: "")
        if contains(here, leaves(of: expected, nullAs: "")) { return .everyPeerValueKept }
        if contains(here, leaves(of: expected, nullAs: nil)) { return .peerReadsNull }
        // A name kept whole (it holds a bracket) that the body gives more than once.
        guard case .object(let members) = value else { return nil }
        var names: [String: Int] = [:]
        for part in testCase.body.split(separator: "&") { names[QsComparison.decodedName(of: part), default: 0] += 1 }
        if members.keys.contains(where: { ($0.contains("[") || $0.contains("]")) && names[$0, default: 0] > 1 }) {
            return .repeatedMalformedName
        }
        return nil
    }

    /// The texts of a value's scalars, counted; a `null` counts as `nullAs`, or not at all.
    private static func leaves(of value: FixtureValue, nullAs: String?) -> [String: Int] {
        var counts: [String: Int] = [:]
        func walk(_ value: FixtureValue) {
            switch value {
            case .string(let text): counts[text, default: 0] += 1
            case .null: if let nullAs { counts[nullAs, default: 0] += 1 }
            case .array(let elements): elements.forEach(walk)
            case .object(let members): members.values.forEach(walk)
            }
        }
        walk(value)
        return counts
    }

    private static func contains(_ here: [String: Int], _ peer: [String: Int]) -> Bool {
        peer.allSatisfy { here[$0.key, default: 0] >= $0.value }
    }
}

@Suite("Decoder: .php and .rails against their peers alone")
struct PeerAloneTests {
    @Test(
        "each body reads as the peer reads it, or every value the peer reads is kept, or differs by a named rule",
        arguments: PeerAloneComparison.Peer.allCases)
    func bodies(peer: PeerAloneComparison.Peer) {
        var counts: [PeerAloneComparison.Outcome: Int] = [:]
        for testCase in PhpRackCase.load() {
            guard let outcome = PeerAloneComparison.outcome(of: testCase, peer: peer) else {
                let ours = Result { try URLEncodedFormValue(parsing: testCase.body, decoder: peer.decoder) }
                Issue.record("unexplained: \(testCase.body) → peer \(String(describing: peer.value(of: testCase))), here \(ours)")
                continue
            }
            counts[outcome, default: 0] += 1
        }
        print("\(peer.testDescription): " + counts.sorted { $0.value > $1.value }.map { "\($0.value) \($0.key.rawValue)" }.joined(separator: "; "))
        // The table in DecoderBehaviour.md ("Each preset against its peer alone").
        let expected: [PeerAloneComparison.Outcome: Int] =
            switch peer {
            case .php: [.same: 1186, .everyPeerValueKept: 791, .repeatedMalformedName: 23]
            case .rack: [.same: 1136, .peerRefuses: 265, .everyPeerValueKept: 553, .peerReadsNull: 28, .repeatedMalformedName: 18]
            }
        #expect(counts == expected)
    }
}
