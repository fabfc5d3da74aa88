/// The decoder's options as the parser and the reader act on them, resolved once, when an
/// option is set, and read by every stage of a decode from this one value: each rule is worked
/// out from the options in one place, here, and no stage keeps a copy of its own.
///
///     decoder.dialect.conflictingKeys = .last       (the decoder resolves its rules again)
///       → DecodingRules(plusIsSpace: true, replacesConflicts: true, …)
///       → FormParser, FormTreeReader: each reads `rules`
///
/// It holds plain values only, so that handing it to a stage retains nothing and a decode
/// resolves nothing (the empty and small decodes; Benchmarks/README.md, Shortcuts). What only the reader reads and holds references (the separators' bytes,
/// the ``URLEncodedFormDecoder/ValueStrategies`` object) the reader takes from the decoder.
struct DecodingRules {
    /// Whether `+` is a space (``URLEncodedFormDecoder/SpaceDecoding-swift.enum/plusReplaced``).
    let plusIsSpace: Bool
    /// Whether `a.b` is a key path (``URLEncodedFormDecoder/KeyPathDecoding-swift.struct/dots``).
    let acceptsDots: Bool
    /// ``URLEncodedFormDecoder/allowsEmptyArrays``: a bare `name[]` makes its array, empty, and
    /// an array the form does not name is missing rather than empty.
    let allowsEmptyArrays: Bool
    /// ``URLEncodedFormDecoder/MalformedKeys-swift.enum/literal``: a name that is not a key path
    /// is one top-level name.
    let keepsMalformedKeys: Bool
    /// ``URLEncodedFormDecoder/ConflictingKeys-swift.enum/last``: a pair that gives a name another
    /// kind of value replaces what the name held, and a list and names make one object.
    let replacesConflicts: Bool
    /// ``URLEncodedFormDecoder/BracketRows-swift.enum/onePerPair``: `a[][x]` always starts an
    /// element.
    let startsElementPerPair: Bool
    let limits: URLEncodedFormDecoder.Limits
    /// The charset the decoder is set to; a sentinel in the form may name another
    /// (``FormParser/ParsedForm/charset``).
    let charset: URLEncodedFormCharset
    /// Whether names match coding keys as they are (`.useDefaultKeys`): every member lookup asks.
    let usesDefaultKeys: Bool
    let indexGaps: URLEncodedFormIndexGaps
    /// Which index keys an untyped value reads as an array (``URLEncodedFormDecoder/Dialect-swift.struct/untypedIndices``).
    let untypedIndices: URLEncodedFormDecoder.UntypedIndices
    /// ``URLEncodedFormDecoder/MissingBool-swift.enum/false``: a `Bool` the form leaves out is `false`.
    let missingBoolIsFalse: Bool
    /// ``URLEncodedFormDecoder/nilDecoding`` without its closure, which the strategies object
    /// holds.
    let nilStyle: URLEncodedFormDecoder.NilDecoding.Style
    let duplicateKeys: URLEncodedFormDecoder.DuplicateKeys
    /// Whether failed fields are recorded and given stand-ins (``URLEncodedFormDecoder/ErrorReporting-swift.enum/everyField``).
    let collectsFieldErrors: Bool

    /// The rules of the decoder's options, which its initializer passes one by one, before the
    /// decoder itself exists, and an option's setter as the decoder (``init(_:)``).
    init(
        spaceDecoding: URLEncodedFormDecoder.SpaceDecoding,
        keyPathDecoding: URLEncodedFormDecoder.KeyPathDecoding,
        allowsEmptyArrays: Bool,
        dialect: URLEncodedFormDecoder.Dialect,
        limits: URLEncodedFormDecoder.Limits,
        charset: URLEncodedFormCharset,
        strategies: URLEncodedFormDecoder.ValueStrategies,
        indexGaps: URLEncodedFormIndexGaps,
        errorReporting: URLEncodedFormDecoder.ErrorReporting
    ) {
        plusIsSpace = spaceDecoding == .plusReplaced
        acceptsDots = keyPathDecoding.acceptsDots
        self.allowsEmptyArrays = allowsEmptyArrays
        keepsMalformedKeys = dialect.malformedKeys == .literal
        replacesConflicts = dialect.conflictingKeys == .last
        startsElementPerPair = dialect.bracketRows == .onePerPair
        self.limits = limits
        self.charset = charset
        if case .useDefaultKeys = strategies.values.keyDecoding { usesDefaultKeys = true } else { usesDefaultKeys = false }
        self.indexGaps = indexGaps
        untypedIndices = dialect.untypedIndices
        missingBoolIsFalse = dialect.missingBool == .false
        nilStyle = strategies.values.nilDecoding.style
        duplicateKeys = dialect.duplicateKeys
        collectsFieldErrors = errorReporting == .everyField
    }

    /// The rules `options` set.
    init(_ options: borrowing URLEncodedFormDecoder) {
        self.init(
            spaceDecoding: options.spaceDecoding, keyPathDecoding: options.keyPathDecoding, allowsEmptyArrays: options.allowsEmptyArrays,
            dialect: options.dialect, limits: options.limits, charset: options.charset, strategies: options.strategies,
            indexGaps: options.indexGaps, errorReporting: options.errorReporting)
    }
}
