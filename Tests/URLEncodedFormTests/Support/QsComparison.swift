import Foundation
import URLEncodedForm

/// A call of `qs.parse(input, options)` and what qs gave or expects: from qs's own test suite
/// (`Tests/Fixtures/qs-parse-cases.json`) or from running the real qs
/// (`Tests/Fixtures/qs-6.11-differential.json`).
struct QsCase: CustomStringConvertible {
    var test: String
    var input: String?
    var options: [String: Any]
    /// The value qs gives; `nil` when it throws.
    var expected: FixtureValue?
    var throwsMessage: String?
    var notReplayable: String?

    var description: String { "\(test): qs.parse(\(input.map { "\"\($0.prefix(300))\"" } ?? "—"), \(options))" }

    init(input: String, options: [String: Any], expected: FixtureValue?, throwsMessage: String?) {
        test = ""
        self.input = input
        self.options = options
        self.expected = expected
        self.throwsMessage = throwsMessage
    }

    init(json: [String: Any], test: String? = nil) {
        self.test = test ?? json["test"] as? String ?? ""
        input = json["input"] as? String
        options = json["options"] as? [String: Any] ?? [:]
        expected = json["expected"].map { FixtureValue(qsJSON: $0) }
        throwsMessage = json["throws"] as? String
        notReplayable = json["notReplayable"] as? String
    }

    static func load(_ name: String) -> (source: String, cases: [QsCase]) {
        let fixture = fixtureCases(name)
        return (fixture.source, fixture.cases.map { QsCase(json: $0) })
    }
}

extension FixtureValue {
    /// qs's value as the extractor wrote it: a hole of a sparse array, or `undefined`, is `null`,
    /// which is what an optional element reads for a position the form does not have.
    init(qsJSON json: Any) {
        if let object = json as? [String: Any], object["$hole"] != nil || object["$undefined"] != nil {
            self = .null
        } else if let array = json as? [Any] {
            self = .array(array.map(FixtureValue.init(qsJSON:)))
        } else if let object = json as? [String: Any] {
            self = .object(object.mapValues(FixtureValue.init(qsJSON:)))
        } else {
            self = FixtureValue(json: json)
        }
    }

    /// The member at a path of names, or `nil`.
    func at(_ path: [String]) -> FixtureValue? {
        guard let first = path.first else { return self }
        switch self {
        case .object(let members): return members[first]?.at(Array(path.dropFirst()))
        case .array(let elements): return Int(first).flatMap { elements.indices.contains($0) ? elements[$0] : nil }?.at(Array(path.dropFirst()))
        case .string, .null: return nil
        }
    }

    /// The type a user would write for this untyped value, shaped as qs shapes it: an object
    /// whose names are all indices is an array, and with a separator, a value holding it is an
    /// array of its pieces, flattened into the array around it as qs flattens repeated keys.
    func likelyShape(separator: Character?) -> FixtureValue {
        switch self {
        case .null: return self
        case .string(let text):
            guard let separator, text.contains(separator) else { return self }
            return .array(text.split(separator: separator, omittingEmptySubsequences: false).map { .string(String($0)) })
        case .array(let elements):
            return .array(
                elements.flatMap { element -> [FixtureValue] in
                    let shape = element.likelyShape(separator: separator)
                    if case .string = element, case .array(let pieces) = shape { return pieces }
                    return [shape]
                })
        case .object(let members):
            let shaped = members.mapValues { $0.likelyShape(separator: separator) }
            guard !members.isEmpty, members.keys.allSatisfy({ Int($0) != nil }) else { return .object(shaped) }
            return .array(shaped.sorted { Int($0.key) ?? 0 < Int($1.key) ?? 0 }.map(\.value))
        }
    }

    /// The value with qs's overflow objects (an array past qs's `arrayLimit`, which qs makes an
    /// object named by indices) as the arrays they stand for.
    func overflowAsArrays(limit: Int) -> FixtureValue {
        switch self {
        case .string, .null: return self
        case .array(let elements): return .array(elements.map { $0.overflowAsArrays(limit: limit) })
        case .object(let members):
            let converted = members.mapValues { $0.overflowAsArrays(limit: limit) }
            let indices = members.keys.compactMap { Int($0) }
            guard !members.isEmpty, indices.count == members.count, indices.count > limit || (indices.max() ?? 0) >= limit else {
                return .object(converted)
            }
            return .array(converted.sorted { Int($0.key) ?? 0 < Int($1.key) ?? 0 }.map(\.value))
        }
    }

    /// Each text with the names on its path, array positions and index names left out, as a
    /// sorted list: what a value holds regardless of how its arrays group it.
    var namedLeaves: [String] {
        func collect(_ value: FixtureValue, _ path: String, into leaves: inout [String]) {
            switch value {
            case .string(let text): leaves.append(path + "=" + text)
            case .null: leaves.append(path + "=<null>")
            case .array(let elements): for element in elements { collect(element, path, into: &leaves) }
            case .object(let members):
                for (key, member) in members { collect(member, Int(key) == nil ? path + "/" + key : path, into: &leaves) }
            }
        }
        var leaves: [String] = []
        collect(self, "", into: &leaves)
        return leaves.sorted()
    }

    /// Whether some array in the value is longer than `limit`.
    func holdsArray(longerThan limit: Int) -> Bool {
        switch self {
        case .string, .null: false
        case .array(let elements): elements.count > limit || elements.contains { $0.holdsArray(longerThan: limit) }
        case .object(let members): members.values.contains { $0.holdsArray(longerThan: limit) }
        }
    }

    /// The value without the members JavaScript objects inherit, which qs leaves out unless told.
    var withoutPrototypeNames: FixtureValue {
        switch self {
        case .string, .null: return self
        case .array(let elements): return .array(elements.map(\.withoutPrototypeNames))
        case .object(let members):
            return .object(members.filter { !QsComparison.prototypeNames.contains($0.key) }.mapValues(\.withoutPrototypeNames))
        }
    }
}

/// How the decoder compares with qs: the options that mean what qs's options mean, and the rules
/// that explain each difference. Every rule is a precise check of one documented difference
/// (DecoderBehaviour.md, "Decoding compared with qs"); a case that no rule explains fails the test.
enum QsComparison {
    enum Outcome: Hashable, CustomStringConvertible {
        case same
        case bothRefuse
        case notReplayable
        case difference(Rule)

        var description: String {
            switch self {
            case .same: "the same value"
            case .bothRefuse: "both refuse"
            case .notReplayable: "not replayable (a JavaScript function or object as the input or an option)"
            case .difference(let rule): rule.rawValue
            }
        }
    }

    enum Rule: String, CaseIterable {
        case invalidOptionValue = "an option value of the wrong type: qs throws a TypeError, Swift's option types cannot hold it"
        case noCounterpart =
            "a qs option the decoder has no counterpart for (parseArrays, ignoreQueryPrefix, delimiter, decodeDotInKeys, strictMerge)"
        case malformedKey = "a malformed key (a[b, a]b, a[b]c) is kept under its whole name; qs keeps a guess"
        case conflictingKey = "a value, an array and an object under one name are refused; qs merges them"
        case depthLiteral = "a key deeper than the limit is refused; qs keeps the rest of it as one name"
        case parameterLimit = "a form past the parameter limit is refused; qs drops the pairs past it"
        case arrayLimit =
            "an array past the length limit is refused; qs makes an object of its indices, or lets the pieces of one bracketed value past"
        case emptyName = "a pair with an empty name is kept; qs drops it"
        case emptyNamePath =
            "a name that starts with a bracket is a path under the empty name, as the encoder writes it; qs lifts what is inside to the top"
        case prototypeNames = "JavaScript's prototype names (toString, __proto__…) are ordinary names; qs drops them"
        case entitiesJoinPieces = "with comma and numeric entities, qs joins a value's pieces back into one text"
        case undecodableText = "text with an invalid escape or invalid UTF-8 is decoded where it can be; qs leaves all of it escaped"
        case splitAtFirstEquals = "a pair is split at its first =; qs splits at ]= when the pair has one"
        case railsArrayOfObjects =
            "[] followed by more of the key: an element per object (Rails' rule), and [][] nests; qs merges into one element and flattens"
        case groupedBySpelling = "a name given plainly and with brackets keeps the form's order; qs puts the plain values first"
        case emptyPlainValueDropped = "an empty plain value after bracketed ones is an element; qs drops it"
        case rawLatin1Text = "raw text in an ISO-8859-1 form is bytes; qs reads the characters of a JavaScript string"
    }

    /// `Object.prototype`'s names, and `__proto__`, which qs skips to protect JavaScript objects.
    static let prototypeNames: Set<String> = [
        "__proto__", "constructor", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString", "toString",
        "valueOf", "__defineGetter__", "__defineSetter__", "__lookupGetter__", "__lookupSetter__",
    ]

    /// Options with no counterpart here, with the values that ask for a behaviour the decoder
    /// does not have.
    static func asksForMissingBehaviour(_ options: [String: Any]) -> Bool {
        (options["parseArrays"] as? Bool) == false || (options["ignoreQueryPrefix"] as? Bool) == true
            || (options["delimiter"] as? String).map { $0 != "&" } == true
            || (options["decodeDotInKeys"] as? Bool) == true || (options["strictMerge"] as? Bool) == false
    }

    /// The decoder that means what qs's `options` mean, over qs's defaults: depth 5, 20 array
    /// elements, 1,000 parameters, gaps in indices compacted.
    static func decoder(for options: [String: Any]) -> URLEncodedFormDecoder {
        var decoder = URLEncodedFormDecoder(indexGaps: .compact)
        decoder.charset.numericReferences = false
        decoder.limits = .init(maximumInputLength: .max, maximumParameterCount: 1000, maximumDepth: 6, maximumArrayLength: 20)
        for (name, value) in options {
            let flag = value as? Bool ?? false
            switch name {
            case "allowDots": decoder.keyPathDecoding = flag ? .dots : .brackets
            case "comma": decoder.arrayDecoding = flag ? .separator(",") : .automatic
            case "charset": decoder.charset.encoding = (value as? String) == "iso-8859-1" ? .isoLatin1 : .utf8
            case "charsetSentinel": decoder.charset.sentinel = flag
            case "interpretNumericEntities": decoder.charset.numericReferences = flag
            case "strictNullHandling": decoder.nilDecoding = flag ? .bareKey : .dropKey
            case "allowEmptyArrays": decoder.allowsEmptyArrays = flag
            case "duplicates":
                decoder.dialect.duplicateKeys =
                    switch value as? String {
                    case "first": .first
                    case "last": .last
                    default: .combine
                    }
            case "allowSparse": decoder.indexGaps = flag ? .keepPositions : .compact
            case "depth":
                // qs counts the bracketed components; `false` is no nesting at all.
                decoder.limits.maximumDepth = (value as? Int).map { $0 + 1 } ?? 1
            case "arrayLimit": decoder.limits.maximumArrayLength = max(0, value as? Int ?? 20)
            case "parameterLimit": decoder.limits.maximumParameterCount = value as? Int ?? .max
            default: break  // strictDepth, throwOnLimitExceeded: the decoder always refuses; the rest: see above
            }
        }
        return decoder
    }

    static func outcome(of testCase: QsCase) -> Outcome? {
        guard testCase.notReplayable == nil, let input = testCase.input else { return .notReplayable }
        let decoder = decoder(for: testCase.options)
        guard let expected = testCase.expected else {
            // qs throws: the decoder must refuse the form read into the type a user would write.
            let separator: Character? = if case .separators(let characters) = decoder.arrayDecoding { characters.first } else { nil }
            let refused = Result {
                let untyped = FixtureValue(try URLEncodedFormValue(parsing: input, decoder: decoder))
                return try ShapedDecoding.decode(input, like: untyped.likelyShape(separator: separator), with: decoder)
            }
            if case .failure = refused { return .bothRefuse }
            if let message = testCase.throwsMessage, message.contains("option") { return .difference(.invalidOptionValue) }
            return nil
        }
        let ours = Result { try ShapedDecoding.decode(input, like: expected, with: decoder) }
        if case .success(let value) = ours, value == expected { return .same }
        let view = qsView(of: input, utf8: decoder.charset.encoding == .utf8)
        if let rule = view.rules.first {
            // The same form with what qs reads differently spelled out, so that it reads as qs
            // reads it: if it then agrees, those differences explain the case.
            let rewritten = QsCase(input: view.input, options: testCase.options, expected: expected, throwsMessage: nil)
            switch Self.outcome(of: rewritten) {
            case .same?, .bothRefuse?: return .difference(rule)
            case let other: return other
            }
        }
        if asksForMissingBehaviour(testCase.options) { return .difference(.noCounterpart) }
        if let rule = malformedKey(input: input, decoder: decoder) { return .difference(rule) }
        if let rule = arrayLimit(input: input, decoder: decoder, expected: expected) { return .difference(rule) }
        if let rule = regrouped(input: input, decoder: decoder, expected: expected) { return .difference(rule) }
        switch ours {
        case .failure(let error as URLEncodedFormDecodingError):
            return refusal(error, input: input, decoder: decoder, expected: expected).map(Outcome.difference)
        case .failure:
            return nil
        case .success(let value):
            return valueDifference(value, input: input, decoder: decoder, expected: expected).map(Outcome.difference)
        }
    }

    /// An array qs lets past its `arrayLimit`, as an object of its indices or as the pieces of one
    /// bracketed value, where the decoder refuses it; with the limit lifted, the decoder reads the
    /// same elements.
    private static func arrayLimit(input: String, decoder: URLEncodedFormDecoder, expected: FixtureValue) -> Rule? {
        let limit = decoder.limits.maximumArrayLength
        let arrays = expected.overflowAsArrays(limit: limit)
        guard arrays.holdsArray(longerThan: limit) else { return nil }
        do {
            _ = try ShapedDecoding.decode(input, like: arrays, with: decoder)
            return nil
        } catch let error as URLEncodedFormDecodingError where error.code == .arrayTooLong {
            var lifted = decoder
            lifted.limits.maximumArrayLength = .max
            return (try? ShapedDecoding.decode(input, like: arrays, with: lifted)) == arrays ? .arrayLimit : nil
        } catch {
            return nil
        }
    }

    /// A form with a name that is no key path, kept under its whole name (``keepsMalformedKey(_:_:)``).
    private static func malformedKey(input: String, decoder: URLEncodedFormDecoder) -> Rule? {
        keepsMalformedKey(input, decoder) ? .malformedKey : nil
    }

    /// Whether `decoder` keeps a name of `input` that is no key path under its whole name: the
    /// same decoder with `malformedKeys: .error` refuses the form naming that key, and the untyped
    /// value holds it as a top-level member.
    static func keepsMalformedKey(_ input: String, _ decoder: URLEncodedFormDecoder) -> Bool {
        var strict = decoder
        strict.dialect.malformedKeys = .error
        do {
            _ = try URLEncodedFormValue(parsing: input, decoder: strict)
            return false
        } catch let error as URLEncodedFormDecodingError where error.code == .malformedKey {
            guard let key = error.key, case .object(let members)? = try? URLEncodedFormValue(parsing: input, decoder: decoder) else { return false }
            // The error's key may be shortened; the member's name starts with what it shows.
            let shown = key.hasSuffix("…") ? String(key.dropLast()) : key
            return members.contains { $0.key.hasPrefix(shown) }
        } catch {
            return false
        }
    }

    /// A form the decoder refused where qs gave a value.
    private static func refusal(_ error: URLEncodedFormDecodingError, input: String, decoder: URLEncodedFormDecoder, expected: FixtureValue)
        -> Rule?
    {
        switch error.code {
        case .malformedKey:
            return .malformedKey
        case .conflictingKey:
            return .conflictingKey
        case .keyTooDeep:
            // qs's value holds the rest of the key as a name that starts with a bracket.
            return expected.description.contains("[") ? .depthLiteral : nil
        case .tooManyParameters:
            // qs's value is the form's first pairs, up to the limit.
            let kept = input.split(separator: "&", omittingEmptySubsequences: true).prefix(decoder.limits.maximumParameterCount)
            let value = try? ShapedDecoding.decode(kept.joined(separator: "&"), like: expected, with: decoder)
            return value == expected ? .parameterLimit : nil
        default:
            return nil
        }
    }

    /// The same texts under the same names as qs's value, grouped or ordered otherwise: `[]`
    /// followed by more of the key (Rails' rule, where qs merges), or a name given both plainly
    /// and with brackets (qs groups pairs by their spelling before it merges them).
    private static func regrouped(input: String, decoder: URLEncodedFormDecoder, expected: FixtureValue) -> Rule? {
        guard let untyped = try? URLEncodedFormValue(parsing: input, decoder: decoder),
            FixtureValue(untyped).namedLeaves == expected.namedLeaves
        else { return nil }
        let names = input.split(separator: "&").map { decodedName(of: $0) }
        if names.contains(where: { $0.contains("[][") || (decoder.keyPathDecoding == .dots && $0.contains("[].")) }) {
            return .railsArrayOfObjects
        }
        let plain = Set(names.filter { !$0.contains("[") })
        if names.contains(where: { name in name.contains("[") && plain.contains(String(name.prefix { $0 != "[" })) }) {
            return .groupedBySpelling
        }
        return nil
    }

    /// A value that differs from qs's.
    private static func valueDifference(_ value: FixtureValue, input: String, decoder: URLEncodedFormDecoder, expected: FixtureValue) -> Rule? {
        if case .object(var members) = value, let unnamed = members[""] {
            members[""] = nil
            if FixtureValue.object(members) == expected { return .emptyName }
            // qs reads `[0]=a&[x]=b` as `{"0": "a", "x": "b"}`.
            let lifted: [String: FixtureValue]? =
                switch unnamed {
                case .array(let elements): Dictionary(uniqueKeysWithValues: elements.enumerated().map { (String($0.offset), $0.element) })
                case .object(let inner): inner
                default: nil
                }
            if let lifted, FixtureValue.object(members.merging(lifted) { old, _ in old }) == expected, lifted.keys.allSatisfy({ members[$0] == nil })
            {
                return .emptyNamePath
            }
        }
        if value.withoutPrototypeNames.withoutEmptyContainers == expected.withoutEmptyContainers { return .prototypeNames }
        if decoder.charset.numericReferences, case .separators = decoder.arrayDecoding,
            value.leaves.joined(separator: ",") == expected.leaves.joined(separator: ",")
        {
            return .entitiesJoinPieces
        }
        return nil
    }

    /// The form rewritten so that the decoder reads it as qs does, and the documented differences
    /// that took: a pair qs splits at `]=` gets its earlier `=`s escaped, and a name or value that
    /// qs cannot decode (`decodeURIComponent` throws) gets its `%` and `+` escaped, as qs keeps it.
    static func qsView(of input: String, utf8: Bool) -> (input: String, rules: [Rule]) {
        var rules: [Rule] = []
        var parts = input.split(separator: "&", omittingEmptySubsequences: false)
        // qs gathers a name's plain values before merging them into what its bracketed pairs made,
        // and skips the merge when they are one empty text (`x[]=a&x=` is `["a"]`).
        let kept = parts.enumerated().filter { index, part in
            let plain = decodedName(of: part)
            guard part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().first?.isEmpty ?? true,
                !plain.isEmpty, !plain.contains("["), parts.filter({ decodedName(of: $0) == plain }).count == 1
            else { return true }
            return !parts[..<index].contains { decodedName(of: $0).hasPrefix(plain + "[") }
        }.map(\.element)
        if kept.count < parts.count {
            rules.append(.emptyPlainValueDropped)
            parts = kept
        }
        let rewritten = parts.map { part -> String in
            guard !part.isEmpty else { return "" }
            var key: Substring
            var value: Substring?
            if let bracketEquals = part.range(of: "]="), let equals = part.firstIndex(of: "="), equals < bracketEquals.lowerBound {
                key = part[..<part.index(after: bracketEquals.lowerBound)]
                value = part[bracketEquals.upperBound...]
                if !rules.contains(.splitAtFirstEquals) { rules.append(.splitAtFirstEquals) }
            } else if let equals = part.firstIndex(of: "=") {
                key = part[..<equals]
                value = part[part.index(after: equals)...]
            } else {
                key = part
            }
            func literal(_ text: Substring) -> String {
                if !utf8 {
                    // The characters of qs's string, as the bytes an ISO-8859-1 form holds.
                    guard text.unicodeScalars.contains(where: { $0.value >= 0x80 }) else { return String(text) }
                    if !rules.contains(.rawLatin1Text) { rules.append(.rawLatin1Text) }
                    return text.unicodeScalars.map { $0.value >= 0x80 ? "%" + String($0.value, radix: 16, uppercase: true) : String($0) }.joined()
                }
                guard !decodesAsURIComponent(text) else { return String(text) }
                if !rules.contains(.undecodableText) { rules.append(.undecodableText) }
                return text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "+", with: "%20")
            }
            let name = literal(key).replacingOccurrences(of: "=", with: "%3D")
            return value.map { name + "=" + literal($0) } ?? name
        }
        return (rewritten.joined(separator: "&"), rules)
    }

    /// The name of a pair, its escapes decoded where they can be and `+` as a space.
    static func decodedName(of part: Substring) -> String {
        let name = part.prefix { $0 != "=" }.replacingOccurrences(of: "+", with: " ")
        var bytes: [UInt8] = []
        var index = name.utf8.startIndex
        let utf8 = name.utf8
        while index < utf8.endIndex {
            let next = utf8.index(after: index)
            if utf8[index] == UInt8(ascii: "%"), next < utf8.endIndex, utf8.index(after: next) < utf8.endIndex,
                let byte = UInt8(String(decoding: utf8[next...utf8.index(after: next)], as: UTF8.self), radix: 16)
            {
                bytes.append(byte)
                index = utf8.index(next, offsetBy: 2)
            } else {
                bytes.append(utf8[index])
                index = next
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether JavaScript's `decodeURIComponent` reads `text` (with `+` as a space): every `%` is
    /// followed by two hex digits and the bytes are UTF-8.
    private static func decodesAsURIComponent(_ text: Substring) -> Bool {
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index < utf8.endIndex {
            if utf8[index] == UInt8(ascii: "%") {
                let first = utf8.index(after: index)
                guard first < utf8.endIndex, utf8.index(after: first) < utf8.endIndex,
                    let byte = UInt8(String(decoding: utf8[first...utf8.index(after: first)], as: UTF8.self), radix: 16)
                else { return false }
                bytes.append(byte)
                index = utf8.index(first, offsetBy: 2)
            } else {
                bytes.append(utf8[index])
                index = utf8.index(after: index)
            }
        }
        return String(validating: bytes, as: UTF8.self) != nil
    }

    /// `a[b][0]` → `["a", "b", "0"]`.
    static func bracketPath(_ key: String) -> [String] {
        key.split(whereSeparator: { $0 == "[" || $0 == "]" }).map(String.init)
    }
}
