import Foundation
import URLEncodedForm

/// A parsed command line: what to do, its input, and the coder options.
struct Command {
    enum Action { case encode, decode, help, version }

    /// The version `--version` prints: the newest in CHANGELOG.md (a test compares them).
    static let version = "1.0.0"

    var action: Action
    var input: String?
    var encoder = URLEncodedFormEncoder()
    var decoder = URLEncodedFormDecoder()
    /// Whether members are sorted: the encoder's preset decides, unless `--no-sort` says not to.
    var sorts = true
    var pretty = false

    /// A mistake in the command line itself: exit status 2.
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    static let usage = """
        urlform: application/x-www-form-urlencoded text to JSON and back

        USAGE
          urlform encode [options] [--] [JSON]   JSON object (argument, or stdin) → form text
          urlform decode [options] [--] [TEXT]   form text, a ?query or a URL (argument,
                                                 or stdin) → JSON
          urlform -h | --help                    this text (anywhere before --)
          urlform --version

          An input of - is standard input, as is none, less one line end (\\n or \\r\\n)
          after it. After --, every argument is input, so a form that starts with - is
          given after it. decode reads a URL's query, or the text after a leading ?,
          without its #fragment: https://example.com/search?q=a+b#top is q=a+b. encode
          refuses JSON that is not UTF-8 or names a member twice in one object.

        EXAMPLES
          echo '{"user":{"name":"Ada"},"tags":["a","b"]}' | urlform encode
            tags%5B%5D=a&tags%5B%5D=b&user%5Bname%5D=Ada
          urlform encode --array-encoding index-in-brackets --key-path dots '{"a":{"b":[1,2]}}'
            a.b%5B0%5D=1&a.b%5B1%5D=2
          urlform decode 'tags[]=a&tags[]=b'
            {"tags":["a","b"]}
          urlform decode --pretty --key-path dots 'user.name=Ada+L&user.age=36'
          urlform decode 'https://example.com/search?q=swift+forms&page=2'
            {"page":"2","q":"swift forms"}

        PRESETS
          --preset NAME                start from a peer's settings; the other options adjust them:
                                       alamofire (default), qs, jquery, php, rails, vapor,
                                       hummingbird, html-form (what a browser submits)

        ENCODE OPTIONS
          --array-encoding brackets|no-brackets|index-in-brackets|jquery|html-form
                                       (default brackets); jquery: a[]=x for values,
                                       a[1][k]=y for objects and arrays; html-form: a=x for
                                       values, a[1][k]=y for objects and arrays
          --separator C                arrays of values as one pair: ids=1,2,3
          --bool-encoding numeric|literal|checkbox    (default numeric); checkbox: true as
                                       on, false as nothing
          --key-encoding default|snake-case|kebab-case|capitalized|uppercased|lowercased
          --key-path brackets|dots                                  (default brackets)
          --brackets escaped|literal   a[b] as a%5Bb%5D or a[b] (default escaped)
          --charset utf-8|iso-8859-1|windows-1252   the form's charset (default utf-8);
                                       what it lacks is written as &#8364;
          --charset-sentinel           start the form with utf8=✓
          --no-numeric-references      a character the charset lacks is an error
          --empty-arrays               an empty array as tags[] (decoding: tags[] is [])
          --nil-encoding drop-key|drop-value|null|bare-key          (default drop-key)
          --index-gaps compact|keep-positions|error   an element after one that
                                       wrote nothing: a[1] (default compact), a[2],
                                       or an error
          --space percent|plus                                      (default percent: %20)
          --allowed-characters default|alphanumerics|jquery|CHARACTERS   ASCII left unescaped
                                       (jquery: what encodeURIComponent leaves)
          --max-depth N                the most components a key has (default 512, at most)
          --no-sort                    keep the JSON's member order instead of sorting
          JSON numbers are written as their text; JSON has no dates or data, so those
          strategies do not apply.

        DECODE OPTIONS
          --key-path brackets|dots     (default brackets; dots also reads brackets)
          --space plus|percent         whether + is a space (default plus)
          --charset utf-8|iso-8859-1|windows-1252   the form's charset (default utf-8)
          --charset-sentinel           a utf8=✓ or _charset_ parameter picks the charset
          --no-numeric-references      &#8364; in a legacy-charset value stays text
                                       (by default it is €)
          --nil-decoding drop-key|drop-value|null|bare-key   what reads as null, named as
                                       --nil-encoding's cases: nothing more (default),
                                       a=, a=null, or a name without =
          --duplicate-keys combine|last|first|error   a name repeated without brackets
                                       (a=1&a=2) is a list (default combine), its last
                                       value (PHP, Rails), its first, or refused
          --conflicting-keys error|last   a=1&a[b]=2 refuses the form (default), or the
                                       later pair's kind replaces the earlier (PHP, Rack)
          --malformed-keys literal|error   a name that is no key path (a[b) is kept
                                       whole (default literal) or refuses the form
          --bracket-rows until-repeated|one-per-pair   rows[][name]=…: the last row until
                                       it has that name (default, Rails), or a row a pair (PHP)
          --max-input-length N  --max-parameters N  --max-depth N  --max-array-length N
          --unlimited                  lift every limit (defaults: 1048576, 1000, 32, 1000);
                                       a key still has 512 components at most
          --pretty                     indent the JSON
          --no-sort                    keep the form's member order instead of sorting
          Values are printed as strings: without a type there is nothing to tell a number,
          a Bool or a date from text, so the typed decoding strategies do not apply.

        EXIT STATUS
          0 success, 1 the input could not be converted, 2 the command line is wrong.
        """

    init(arguments: [String]) throws {
        // `-h`, `--help` and `--version` answer wherever they stand before `--`, as in most
        // commands; after it, every argument is input.
        let options = arguments.prefix { $0 != "--" }
        if arguments.first == "help" || options.contains("-h") || options.contains("--help") {
            action = .help
            return
        }
        if options.contains("--version") {
            action = .version
            return
        }
        var arguments = arguments[...]
        guard let first = arguments.popFirst() else { throw UsageError(description: "expected encode or decode") }
        switch first {
        case "encode": action = .encode
        case "decode": action = .decode
        default: throw UsageError(description: "unknown command \"\(first)\"; expected encode or decode")
        }
        try applyPreset(from: arguments.prefix { $0 != "--" })
        var optionsEnded = false
        while let argument = arguments.popFirst() {
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                guard input == nil else { throw UsageError(description: "more than one input given") }
                input = argument
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "--preset" {
                _ = arguments.popFirst()
                continue
            }
            if argument.hasPrefix("--preset=") { continue }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws -> String {
                if let inlineValue { return inlineValue }
                guard let next = arguments.popFirst() else { throw UsageError(description: "\(name) needs a value") }
                return next
            }
            try apply(name, value: value)
        }
    }

    /// Where the form is in `text`: the query of a URL (`https://example.com/search?q=a+b#top`
    /// is `q=a+b`) or of `?q=a+b`, without the fragment, as `URLEncodedFormDecoder.decode(_:from: URL)`
    /// reads a URL (qs calls it `ignoreQueryPrefix`); any other text is the form itself.
    static func form(in text: String) -> Substring {
        var form = text[...]
        guard form.hasPrefix("?") || isURL(form) else { return form }
        // The fragment first: a `?` after a `#` is the fragment's.
        if let hash = form.firstIndex(of: "#") { form = form[..<hash] }
        guard let question = form.firstIndex(of: "?") else { return "" }
        return form[form.index(after: question)...]
    }

    /// Whether `text` starts with a scheme and `://` (RFC 3986: a letter, then letters, digits,
    /// `+`, `-` or `.`): a form's name rarely holds `://`, a pasted URL always does.
    private static func isURL(_ text: Substring) -> Bool {
        guard let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://") else { return false }
        let scheme = text[..<colon].utf8
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
        guard let first = scheme.first, isLetter(first) else { return false }
        return scheme.allSatisfy { isLetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || "+-.".utf8.contains($0) }
    }

    static let encoderPresets: [String: URLEncodedFormEncoder] = [
        "alamofire": .alamofire, "qs": .qs, "jquery": .jQuery, "php": .php, "rails": .rails, "vapor": .vapor,
        "hummingbird": .hummingbird, "html-form": .htmlForm,
    ]
    static let decoderPresets: [String: URLEncodedFormDecoder] = [
        "alamofire": .alamofire, "qs": .qs, "jquery": .jQuery, "php": .php, "rails": .rails, "vapor": .vapor,
        "hummingbird": .hummingbird, "html-form": .htmlForm,
    ]

    /// Starts from the preset `--preset NAME` names, wherever it is given, so that the other
    /// options adjust it.
    private mutating func applyPreset(from arguments: ArraySlice<String>) throws {
        var name: String?
        for (offset, argument) in arguments.enumerated() {
            if argument.hasPrefix("--preset=") { name = String(argument.dropFirst("--preset=".count)) }
            if argument == "--preset" {
                guard offset + 1 < arguments.count else { throw UsageError(description: "--preset needs a value") }
                name = arguments[arguments.startIndex + offset + 1]
            }
        }
        guard let name else { return }
        switch action {
        case .encode:
            guard let preset = Self.encoderPresets[name] else {
                let known = Self.encoderPresets.keys.sorted().joined(separator: ", ")
                throw UsageError(description: "no encoder preset \"\(name)\"; use one of \(known)")
            }
            encoder = preset
            sorts = preset.alphabetizeKeyValuePairs
        case .decode:
            guard let preset = Self.decoderPresets[name] else {
                let known = Self.decoderPresets.keys.sorted().joined(separator: ", ")
                throw UsageError(description: "no decoder preset \"\(name)\"; use one of \(known)")
            }
            decoder = preset
        case .help, .version:
            break
        }
    }

    private mutating func apply(_ name: String, value: () throws -> String) throws {
        func choice<T>(_ options: [String: T]) throws -> T {
            let given = try value()
            guard let option = options[given] else {
                let known = options.keys.sorted().joined(separator: ", ")
                throw UsageError(description: "\(name) does not take \"\(given)\"; use one of \(known)")
            }
            return option
        }
        func number() throws -> Int {
            let given = try value()
            guard let number = Int(given), number >= 0 else { throw UsageError(description: "\(name) needs a whole number, not \"\(given)\"") }
            return number
        }
        switch (action, name) {
        case (_, "--no-sort"): sorts = false
        case (_, "--key-path"):
            let dots = try choice(["brackets": false, "dots": true])
            encoder.keyPathEncoding = dots ? .dots : .brackets
            decoder.keyPathDecoding = dots ? .dots : .brackets
        case (_, "--space"):
            let plus = try choice(["percent": false, "plus": true])
            encoder.spaceEncoding = plus ? .plusReplaced : .percentEscaped
            decoder.spaceDecoding = plus ? .plusReplaced : .percentEscaped
        case (.encode, "--array-encoding"):
            encoder.arrayEncoding = try choice([
                "brackets": .brackets, "no-brackets": .noBrackets, "index-in-brackets": .indexInBrackets, "jquery": .jQuery,
                "html-form": .htmlForm,
            ])
        case (.encode, "--separator"):
            let given = try value()
            guard given.count == 1, let separator = given.first else {
                throw UsageError(description: "--separator takes one character, not \"\(given)\"")
            }
            encoder.arrayEncoding = .separator(separator)
        case (.encode, "--bool-encoding"):
            encoder.boolEncoding = try choice(["numeric": .numeric, "literal": .literal, "checkbox": .checkbox])
        case (.encode, "--key-encoding"):
            encoder.keyEncoding = try choice([
                "default": .useDefaultKeys, "snake-case": .convertToSnakeCase, "kebab-case": .convertToKebabCase,
                "capitalized": .capitalized, "uppercased": .uppercased, "lowercased": .lowercased,
            ])
        case (.encode, "--brackets"):
            encoder.bracketEncoding = try choice(["escaped": .percentEscaped, "literal": .literal])
        case (.encode, "--index-gaps"):
            encoder.indexGaps = try choice(["compact": .compact, "keep-positions": .keepPositions, "error": .error])
        case (.encode, "--nil-encoding"):
            encoder.nilEncoding = try choice(["drop-key": .dropKey, "drop-value": .dropValue, "null": .null, "bare-key": .bareKey])
        case (.encode, "--allowed-characters"):
            let given = try value()
            switch given {
            case "default": encoder.allowedCharacters = .default
            case "alphanumerics": encoder.allowedCharacters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
            case "jquery": encoder.allowedCharacters = .jQuery
            default: encoder.allowedCharacters = .init(given)
            }
        case (.decode, "--pretty"): pretty = true
        case (_, "--charset"):
            let encoding = try choice(["utf-8": URLEncodedFormCharset.Encoding.utf8, "iso-8859-1": .isoLatin1, "windows-1252": .windows1252])
            encoder.charset.encoding = encoding
            decoder.charset.encoding = encoding
        case (_, "--empty-arrays"):
            encoder.allowsEmptyArrays = true
            decoder.allowsEmptyArrays = true
        case (_, "--charset-sentinel"):
            encoder.charset.sentinel = true
            decoder.charset.sentinel = true
        case (_, "--no-numeric-references"):
            encoder.charset.numericReferences = false
            decoder.charset.numericReferences = false
        case (.decode, "--nil-decoding"):
            decoder.nilDecoding = try choice(["drop-key": .dropKey, "drop-value": .dropValue, "null": .null, "bare-key": .bareKey])
        case (.decode, "--duplicate-keys"):
            decoder.dialect.duplicateKeys = try choice(["combine": .combine, "last": .last, "first": .first, "error": .error])
        case (.decode, "--conflicting-keys"): decoder.dialect.conflictingKeys = try choice(["error": .error, "last": .last])
        case (.decode, "--malformed-keys"): decoder.dialect.malformedKeys = try choice(["literal": .literal, "error": .error])
        case (.decode, "--bracket-rows"): decoder.dialect.bracketRows = try choice(["until-repeated": .untilRepeated, "one-per-pair": .onePerPair])
        case (.decode, "--unlimited"): decoder.limits = .unlimited
        case (.decode, "--max-input-length"): decoder.limits.maximumInputLength = try number()
        case (.decode, "--max-parameters"): decoder.limits.maximumParameterCount = try number()
        case (_, "--max-depth"):
            let depth = try number()
            encoder.maximumDepth = depth
            decoder.limits.maximumDepth = depth
        case (.decode, "--max-array-length"): decoder.limits.maximumArrayLength = try number()
        default:
            throw UsageError(
                description: "unknown option \(name) for \(action == .encode ? "encode" : "decode") (input that starts with - comes after --)")
        }
    }
}
