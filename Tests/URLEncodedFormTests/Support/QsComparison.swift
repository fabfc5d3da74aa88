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

    init(json: [String: Any], test: String? = nil) {
        self.test = test ?? json["test"] as? String ?? ""
        input = json["input"] as? String
        options = json["options"] as? [String: Any] ?? [:]
        expected = json["expected"].map { FixtureValue(qsJSON: $0) }
        throwsMessage = json["throws"] as? String
        notReplayable = json["notReplayable"] as? String
    }

    static func load(_ name: String) -> (source: String, cases: [QsCase]) {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fixtures/\(name)")
        guard let data = try? Data(contentsOf: url),
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let cases = json["cases"] as? [[String: Any]]
        else { return ("", []) }
        return (json["source"] as? String ?? "", cases.map { QsCase(json: $0) })
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
/// (README, "Decoding compared with qs"); a case that no rule explains fails the test.
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
            "a qs option the decoder has no counterpart for (parseArrays, ignoreQueryPrefix, delimiter, allowEmptyArrays, decodeDotInKeys, strictMerge)"
        case malformedKey = "a malformed key (a[b, a]b, [a], a[b]c) is refused; qs keeps a guess"
        case conflictingKey = "a value, an array and an object under one name are refused; qs merges them"
        case depthLiteral = "a key deeper than the limit is refused; qs keeps the rest of it as one name"
        case parameterLimit = "a form past the parameter limit is refused; qs drops the pairs past it"
        case arrayLimit =
            "an array past the length limit is refused; qs makes an object of its indices, or lets the pieces of one bracketed value past"
        case emptyName = "a pair with an empty name is kept; qs drops it"
        case prototypeNames = "JavaScript's prototype names (toString, __proto__…) are ordinary names; qs drops them"
        case entitiesJoinPieces = "with comma and numeric entities, qs joins a value's pieces back into one text"
    }

    /// `Object.prototype`'s names, and `__proto__`, which qs skips to protect JavaScript objects.
    static let prototypeNames: Set<String> = [
        "__proto__", "constructor", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString", "toString",
        "valueOf", "__defineGetter__", "__defineSetter__", "__lookupGetter__", "__lookupSetter__",
    ]

    /// Options with no counterpart here, with the values that ask for a behaviour the decoder
    /// does not have.
    private static func asksForMissingBehaviour(_ options: [String: Any]) -> Bool {
        (options["parseArrays"] as? Bool) == false || (options["ignoreQueryPrefix"] as? Bool) == true
            || (options["delimiter"] as? String).map { $0 != "&" } == true || (options["allowEmptyArrays"] as? Bool) == true
            || (options["decodeDotInKeys"] as? Bool) == true || (options["strictMerge"] as? Bool) == false
    }

    /// The decoder that means what qs's `options` mean, over qs's defaults: depth 5, 20 array
    /// elements, 1,000 parameters, gaps in indices compacted.
    static func decoder(for options: [String: Any]) -> URLEncodedFormDecoder {
        var decoder = URLEncodedFormDecoder(indexGaps: .compact)
        decoder.limits = .init(maximumInputLength: .max, maximumParameterCount: 1000, maximumDepth: 6, maximumArrayLength: 20)
        for (name, value) in options {
            let flag = value as? Bool ?? false
            switch name {
            case "allowDots": decoder.keyPathDecoding = flag ? .dots : .brackets
            case "comma": decoder.arrayDecoding = flag ? .separator(",") : .automatic
            case "charset": decoder.charset = (value as? String) == "iso-8859-1" ? .isoLatin1 : .utf8
            case "charsetSentinel": decoder.charsetSentinel = flag
            case "interpretNumericEntities": decoder.interpretsNumericEntities = flag
            case "strictNullHandling": decoder.bareKeys = flag ? .null : .flag
            case "duplicates": decoder.duplicates = (value as? String) == "first" ? .first : .last
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
            let separator: Character? = if case .separator(let separator) = decoder.arrayDecoding { separator } else { nil }
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
        if asksForMissingBehaviour(testCase.options) { return .difference(.noCounterpart) }
        if let rule = arrayLimit(input: input, decoder: decoder, expected: expected) { return .difference(rule) }
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

    /// A value that differs from qs's.
    private static func valueDifference(_ value: FixtureValue, input: String, decoder: URLEncodedFormDecoder, expected: FixtureValue) -> Rule? {
        if case .object(var members) = value, members[""] != nil {
            members[""] = nil
            if FixtureValue.object(members) == expected { return .emptyName }
        }
        if value.withoutPrototypeNames.withoutEmptyContainers == expected.withoutEmptyContainers { return .prototypeNames }
        if decoder.interpretsNumericEntities, case .separator = decoder.arrayDecoding,
            value.leaves.joined(separator: ",") == expected.leaves.joined(separator: ",")
        {
            return .entitiesJoinPieces
        }
        return nil
    }

    /// `a[b][0]` → `["a", "b", "0"]`.
    static func bracketPath(_ key: String) -> [String] {
        key.split(whereSeparator: { $0 == "[" || $0 == "]" }).map(String.init)
    }
}
