/// The encoder's options as the session, the serializer and the pair writer act on them,
/// resolved once, when an option is set, and read by every stage of an encode from this one
/// value: each rule is worked out from the options in one place, here, and no stage keeps a
/// copy of its own.
///
///     encoder.arrayEncoding = .indexInBrackets      (the encoder resolves its rules again)
///       → EncodingRules(elementKeys: .index, spaceAsPlus: false, …)
///       → FormEncodingSession, FormSerializer, PairWriter: each reads `rules`
///
/// It holds plain values only, so that handing it from stage to stage retains nothing and an
/// encode resolves nothing (the empty and small encodes; Benchmarks/README.md, Shortcuts). The options that hold references (the escaper's tables, the
/// closures of a custom key, key path or array encoding, the
/// ``URLEncodedFormEncoder/ValueStrategies`` object) are read where they are used.
struct EncodingRules {
    /// How element keys are written, as a plain value: switching over
    /// ``URLEncodedFormEncoder/ArrayEncoding``, whose cases carry a closure and a character,
    /// copied it at every element.
    enum ElementKeys: Equatable {
        case emptyBrackets
        case none
        case index
        case jQuery
        case htmlForm
        case separator(UInt8)
        /// ``URLEncodedFormEncoder/ArrayEncoding-swift.enum/custom(_:)``: its closure names the
        /// element, and may replace the whole path.
        case custom
    }

    let boolEncoding: URLEncodedFormEncoder.BoolEncoding
    /// ``URLEncodedFormEncoder/allowsEmptyArrays``: an empty array writes `name[]`.
    let allowsEmptyArrays: Bool
    /// How many levels a value may nest: `encode(to:)` calls inside one another, and the
    /// containers the serializer walks.
    let maximumDepth: Int
    let elementKeys: ElementKeys
    /// Whether an element is keyed by its coding index (``URLEncodedFormIndexGaps/keepPositions``).
    let keepsPositions: Bool
    /// Whether an element after one that wrote nothing is an error (``URLEncodedFormIndexGaps/error``).
    let refusesGaps: Bool
    /// Whether the brackets and dots of key paths are written as they are
    /// (``URLEncodedFormEncoder/BracketEncoding-swift.enum/literal``).
    let bracketsLiteral: Bool
    /// Whether a space is written as `+` (``URLEncodedFormEncoder/SpaceEncoding-swift.enum/plusReplaced``).
    let spaceAsPlus: Bool
    /// Whether each object's members are sorted (``URLEncodedFormEncoder/alphabetizeKeyValuePairs``).
    let sortsMembers: Bool
    /// The charset names and values are written in when it is not UTF-8.
    let legacyCharset: URLEncodedFormCharset.Encoding?
    /// Whether the form starts with the `utf8=✓` pair (``URLEncodedFormCharset/sentinel``).
    let writesSentinel: Bool
    /// Whether a character the legacy charset lacks is an error rather than a reference
    /// (``URLEncodedFormCharset/numericReferences`` off).
    let refusesReferences: Bool

    /// The rules of the encoder's options, which its initializer passes one by one, before the
    /// encoder itself exists, and an option's setter as the encoder (``init(_:)``).
    init(
        arrayEncoding: borrowing URLEncodedFormEncoder.ArrayEncoding,
        separator: URLEncodedFormEncoder.Separator,
        boolEncoding: URLEncodedFormEncoder.BoolEncoding,
        bracketEncoding: URLEncodedFormEncoder.BracketEncoding,
        spaceEncoding: URLEncodedFormEncoder.SpaceEncoding,
        alphabetizeKeyValuePairs: Bool,
        charset: URLEncodedFormCharset,
        allowsEmptyArrays: Bool,
        indexGaps: URLEncodedFormIndexGaps,
        maximumDepth: Int
    ) {
        self.boolEncoding = boolEncoding
        self.allowsEmptyArrays = allowsEmptyArrays
        self.maximumDepth = maximumDepth
        elementKeys =
            switch arrayEncoding {
            case .brackets: .emptyBrackets
            case .noBrackets: .none
            case .indexInBrackets: .index
            case .jQuery: .jQuery
            case .htmlForm: .htmlForm
            case .custom: .custom
            // A separator a form cannot carry is refused before an encode begins.
            case .separator: if case .byte(let byte) = separator { .separator(byte) } else { .separator(UInt8(ascii: ",")) }
            }
        keepsPositions = indexGaps == .keepPositions
        refusesGaps = indexGaps == .error
        bracketsLiteral = bracketEncoding == .literal
        spaceAsPlus = if case .plusReplaced = spaceEncoding { true } else { false }
        sortsMembers = alphabetizeKeyValuePairs
        legacyCharset = charset.isLegacy ? charset.encoding : nil
        writesSentinel = charset.sentinel
        refusesReferences = charset.isLegacy && !charset.numericReferences
    }

    /// The rules `options` set.
    init(_ options: borrowing URLEncodedFormEncoder) {
        self.init(
            arrayEncoding: options.arrayEncoding, separator: options.separator, boolEncoding: options.boolEncoding,
            bracketEncoding: options.bracketEncoding, spaceEncoding: options.spaceEncoding,
            alphabetizeKeyValuePairs: options.alphabetizeKeyValuePairs, charset: options.charset,
            allowsEmptyArrays: options.allowsEmptyArrays, indexGaps: options.indexGaps, maximumDepth: options.maximumDepth)
    }

    /// Whether a path step can replace the whole path (a custom array encoding's), so that a
    /// level's members need not share its path.
    var rewritesPaths: Bool { elementKeys == .custom }
}
