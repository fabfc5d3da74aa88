#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decodes `Decodable` values from `application/x-www-form-urlencoded` text: query strings and
/// HTML form bodies.
///
/// ```swift
/// struct Signup: Decodable {
///     let name: String
///     let agree: Bool
///     let tags: [String]
/// }
///
/// let signup = try URLEncodedFormDecoder().decode(
///     Signup.self, from: "name=J%C3%BCrgen+M%C3%BCller&agree=on&tags[]=a&tags[]=b")
/// // Signup(name: "Jürgen Müller", agree: true, tags: ["a", "b"])
/// ```
///
/// It reads what ``URLEncodedFormEncoder`` writes under every option, and what browsers and other
/// clients send: pairs split as the WHATWG URL standard splits them, `+` as a space, nested keys
/// (`user[name]`, or `user.name` with ``KeyPathDecoding-swift.struct/dots``), and arrays written
/// with brackets, indices or repeated keys.
///
/// Input comes from anyone, so ``limits`` bound its size, its number of pairs, the depth of its
/// keys and the length of its arrays, and nothing in it can trap: bad input throws. Work is linear
/// in the input. A decoder is a value: configure a copy, share it across tasks freely.
public struct URLEncodedFormDecoder: Sendable {
    /// Which keys make up an array. ``ArrayDecoding-swift.enum/automatic`` by default.
    public var arrayDecoding: ArrayDecoding
    /// Which texts are `Bool` values. ``BoolDecoding-swift.enum/lenient`` by default.
    public var boolDecoding: BoolDecoding {
        get { strategies.values.boolDecoding }
        set { strategies = strategies.with { $0.boolDecoding = newValue } }
    }
    /// How `Data` values are read. ``DataDecoding-swift.enum/base64`` by default.
    public var dataDecoding: DataDecoding {
        get { strategies.values.dataDecoding }
        set { strategies = strategies.with { $0.dataDecoding = newValue } }
    }
    /// How `Date` values are read. ``DateDecoding-swift.enum/deferredToDate`` by default.
    public var dateDecoding: DateDecoding {
        get { strategies.values.dateDecoding }
        set { strategies = strategies.with { $0.dateDecoding = newValue } }
    }
    /// How names match coding keys. ``KeyDecoding-swift.enum/useDefaultKeys`` by default.
    public var keyDecoding: KeyDecoding {
        get { strategies.values.keyDecoding }
        set { strategies = strategies.with { $0.keyDecoding = newValue } }
    }
    /// How nested names are read from a key. ``KeyPathDecoding-swift.struct/brackets`` by default.
    public var keyPathDecoding: KeyPathDecoding { didSet { rules = DecodingRules(self) } }
    /// What a `+` means. ``SpaceDecoding-swift.enum/plusReplaced`` by default.
    public var spaceDecoding: SpaceDecoding { didSet { rules = DecodingRules(self) } }
    /// Bounds on the input. ``Limits-swift.struct/default`` by default.
    public var limits: Limits { didSet { rules = DecodingRules(self) } }
    /// How the shapes clients disagree on are read: a repeated name, a malformed or conflicting
    /// one, `[]` rows, a missing `Bool`, untyped indices. Each preset sets its peer's rules here;
    /// ``Dialect-swift.struct/standard`` by default. Set one rule as
    /// `decoder.dialect.duplicateKeys = .last`.
    public var dialect: Dialect { didSet { rules = DecodingRules(self) } }
    /// Whether decoding stops at the first field that fails, or reports every one.
    /// ``ErrorReporting-swift.enum/firstError`` by default.
    public var errorReporting: ErrorReporting { didSet { rules = DecodingRules(self) } }
    /// The charset the form's bytes are read in, whether a sentinel in the form picks it, and
    /// whether numeric character references in a legacy charset's values are read as characters.
    /// ``URLEncodedFormCharset/utf8`` (no sentinel) by default.
    public var charset: URLEncodedFormCharset { didSet { rules = DecodingRules(self) } }
    /// What an array written with indices holds where an index is missing.
    /// ``URLEncodedFormIndexGaps/error`` by default.
    public var indexGaps: URLEncodedFormIndexGaps { didSet { rules = DecodingRules(self) } }
    /// What reads as `nil`, named as the encoder's `nilEncoding` cases.
    /// ``NilDecoding-swift.struct/dropKey`` by default: a missing member, or an empty value where the
    /// type is not text; a bare name is a flag.
    public var nilDecoding: NilDecoding {
        get { strategies.values.nilDecoding }
        set { strategies = strategies.with { $0.nilDecoding = newValue } }
    }
    /// Whether `name[]` without `=` is an empty array, as qs reads it with `allowEmptyArrays`
    /// and as ``URLEncodedFormEncoder/allowsEmptyArrays`` writes one. `false` by default, where
    /// it is an array of one element that ``nilDecoding`` reads (`""`, or `nil`); `name[]=` is an
    /// element `""` either way. With it on, an array or set the form does not name at all is
    /// `keyNotFound`, as in `JSONDecoder`, since an empty one would have been sent as `name[]`;
    /// with it off, such a member reads as empty.
    public var allowsEmptyArrays: Bool { didSet { rules = DecodingRules(self) } }
    /// Values that every `init(from:)` can read from its decoder's `userInfo`: a locale, a
    /// format, the API version a request came for. Empty by default.
    public var userInfo: [CodingUserInfoKey: any Sendable] {
        get { strategies.values.userInfo }
        set { strategies = strategies.with { $0.userInfo = newValue } }
    }

    /// The options only some values read, and `userInfo`, in one object each decode retains at
    /// once (``ValueStrategies``).
    private(set) var strategies: ValueStrategies { didSet { rules = DecodingRules(self) } }
    /// The options as a decode's stages act on them, resolved when one is set.
    private(set) var rules: DecodingRules

    /// Creates a decoder; every default suits a server reading untrusted input.
    ///
    /// - Parameters:
    ///   - arrayDecoding: Which keys make up an array. `.automatic` (brackets, indices and
    ///     repeated keys) by default.
    ///   - boolDecoding: Which texts are `Bool` values. `.lenient` (`1`/`0`, `true`/`false`,
    ///     `on`/`off`, `yes`/`no`, any case) by default.
    ///   - dataDecoding: How `Data` values are read. `.base64` by default.
    ///   - dateDecoding: How `Date` values are read. `.deferredToDate` by default.
    ///   - keyDecoding: How names match coding keys. `.useDefaultKeys` by default.
    ///   - keyPathDecoding: How nested names are read. `.brackets` by default.
    ///   - nilDecoding: What reads as `nil`, named as the encoder's `nilEncoding` cases. `.dropKey`
    ///     (a missing member, or an empty value where the type is not text) by default.
    ///   - spaceDecoding: What a `+` means. `.plusReplaced` by default.
    ///   - charset: How decoded bytes become text, whether a `utf8=✓` or `_charset_` parameter
    ///     picks the charset, and whether `&#8364;` in a legacy-charset value is `€`. `.utf8` by
    ///     default.
    ///   - allowsEmptyArrays: Whether `name[]` without `=` is an empty array. `false` by default.
    ///   - indexGaps: What a missing index in `items[0]`, `items[2]` means. `.error` by default.
    ///   - limits: Bounds on the input. ``Limits-swift.struct/default`` by default.
    ///   - dialect: How the shapes clients disagree on are read (repeated, malformed and
    ///     conflicting names, `[]` rows, a missing `Bool`, untyped indices).
    ///     ``Dialect-swift.struct/standard`` by default.
    ///   - errorReporting: Whether to stop at the first failed field or report them all.
    ///     `.firstError` by default.
    ///   - userInfo: Values every `init(from:)` can read from its decoder. Empty by default.
    ///
    /// The options both coders have come in the order of the encoder's initializer, the
    /// decoder's own after them, so that a call can be copied from one to the other.
    public init(
        arrayDecoding: ArrayDecoding = .automatic,
        boolDecoding: BoolDecoding = .lenient,
        dataDecoding: DataDecoding = .base64,
        dateDecoding: DateDecoding = .deferredToDate,
        keyDecoding: KeyDecoding = .useDefaultKeys,
        keyPathDecoding: KeyPathDecoding = .brackets,
        nilDecoding: NilDecoding = .dropKey,
        spaceDecoding: SpaceDecoding = .plusReplaced,
        charset: URLEncodedFormCharset = .utf8,
        allowsEmptyArrays: Bool = false,
        indexGaps: URLEncodedFormIndexGaps = .error,
        limits: Limits = .default,
        dialect: Dialect = .standard,
        errorReporting: ErrorReporting = .firstError,
        userInfo: [CodingUserInfoKey: any Sendable] = [:]
    ) {
        strategies = .make(
            .init(
                boolDecoding: boolDecoding, dataDecoding: dataDecoding, dateDecoding: dateDecoding, keyDecoding: keyDecoding,
                nilDecoding: nilDecoding, userInfo: userInfo))
        self.arrayDecoding = arrayDecoding
        self.keyPathDecoding = keyPathDecoding
        self.spaceDecoding = spaceDecoding
        self.charset = charset
        self.allowsEmptyArrays = allowsEmptyArrays
        self.indexGaps = indexGaps
        self.limits = limits
        self.dialect = dialect
        self.errorReporting = errorReporting
        rules = DecodingRules(
            spaceDecoding: spaceDecoding, keyPathDecoding: keyPathDecoding, allowsEmptyArrays: allowsEmptyArrays, dialect: dialect,
            limits: limits, charset: charset, strategies: strategies, indexGaps: indexGaps, errorReporting: errorReporting)
    }

    /// Decodes a value of `type` from form text, such as a query string without its `?`.
    ///
    /// ```swift
    /// struct Search: Decodable { let q: String; let page: Int? }
    /// let search = try URLEncodedFormDecoder().decode(Search.self, from: "q=swift+forms&page=2")
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode: a struct, a class or a `[String: Value]` dictionary.
    ///   - string: The form text.
    /// - Returns: The decoded value.
    /// - Throws: ``URLEncodedFormDecodingError`` when the input exceeds ``limits``, or holds a
    ///   conflicting key (or a malformed one, under ``MalformedKeys-swift.enum/error``). `DecodingError` when a value is missing, of the wrong type
    ///   or unreadable, with the coding path of the value. Errors thrown by a custom strategy or
    ///   by the type's `init(from:)`, unchanged.
    public func decode<T: Decodable>(_ type: T.Type, from string: String) throws -> T {
        try checkLength(string.utf8.count)
        return try string.withReader { try decode(type, fromBytes: $0) }
    }

    /// Decodes a value of `type` from a slice of form text, such as the part of a URL after its
    /// `?`, without copying it.
    ///
    /// - Throws: The errors the `String` variant throws.
    public func decode<T: Decodable>(_ type: T.Type, from text: Substring) throws -> T {
        try checkLength(text.utf8.count)
        return try text.withReader { try decode(type, fromBytes: $0) }
    }

    /// Decodes a value of `type` from the UTF-8 bytes of form text, such as a request body.
    ///
    /// - Throws: The errors the `String` variant throws.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try checkLength(data.count)
        return try data.withReader { try decode(type, fromBytes: $0) }
    }

    /// Decodes a value of `type` from the UTF-8 bytes of form text, in any collection: an array,
    /// a slice, a `String.UTF8View`, or a server framework's buffer view (SwiftNIO's
    /// `ByteBufferView`). Contiguous bytes are read in place; others are copied once.
    ///
    /// - Throws: The errors the `String` variant throws.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: some Collection<UInt8>) throws -> T {
        try checkLength(bytes.count)
        return try bytes.withReaderInPlaceOrCopied { try decode(type, fromBytes: $0) }
    }

    @usableFromInline
    func checkLength(_ length: Int) throws {
        guard length <= limits.maximumInputLength else {
            throw URLEncodedFormDecodingError.inputTooLong(length: length, limit: limits.maximumInputLength)
        }
    }

    /// Decodes a value of `type` from a body that arrives in chunks, such as a server's request
    /// body, parsing each chunk as it comes.
    ///
    /// ```swift
    /// // Hummingbird: request.body is an AsyncSequence of ByteBuffer.
    /// let signup = try await URLEncodedFormDecoder().decode(Signup.self, from: request.body.map(\.readableBytesView))
    /// ```
    ///
    /// The result is the one the whole body gives, wherever the chunks split it (inside an
    /// escape, a name or a multibyte character). Each byte is copied once, into the parsed form
    /// (none is when the first chunk holds the whole body `expectedLength` states: it is read where
    /// it lies, as collected bytes are), and each limit refuses the body as soon as the bytes that
    /// break it arrive; the rest of the body is not read:
    /// - ``Limits-swift.struct/maximumInputLength``: before the first chunk is read when
    ///   `expectedLength` is past it (the error's `length` is the stated one), as a server
    ///   refuses a `Content-Length` past its limit; otherwise at the chunk that takes the body
    ///   past it (the error's `length` is the bytes received by then);
    /// - ``Limits-swift.struct/maximumParameterCount``: at the first byte of the pair past it;
    /// - ``Limits-swift.struct/maximumDepth``: while the name that is too deep arrives (its
    ///   error names the part received by then);
    /// - ``Limits-swift.struct/maximumArrayLength``: when the pair that would grow an array past
    ///   it ends.
    ///
    /// With ``URLEncodedFormCharset/sentinel``, the body is collected up to ``Limits-swift.struct/maximumInputLength``
    /// and then parsed, since a sentinel anywhere in the form decides how the names before it
    /// are read.
    ///
    /// - Parameters:
    ///   - type: The type to decode: a struct, a class or a `[String: Value]` dictionary.
    ///   - body: The body's chunks: `[UInt8]`, `Data`, SwiftNIO's `ByteBufferView` or any other
    ///     collection of bytes. Contiguous chunks are read in place.
    ///   - expectedLength: The body's length when the request states it (`Content-Length`):
    ///     room for that many bytes is reserved at once, so that the parsed form's buffer never
    ///     grows by copying, and a length past ``Limits-swift.struct/maximumInputLength`` is
    ///     refused before a byte is read. A body that turns out longer than it said is still
    ///     limited as it arrives; a shorter one costs only memory that is never written.
    ///   - isolation: The actor the body is read on; the caller's, by default.
    /// - Throws: The errors the `String` variant throws, and any error the sequence throws,
    ///   unchanged.
    @inlinable
    public func decode<T: Decodable, Body: AsyncSequence>(
        _ type: T.Type,
        from body: Body,
        expectedLength: Int? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> T where Body.Element: Collection<UInt8> {
        // Inlinable, so that an adapter's call is compiled for its body's type. Through the
        // generic entry, every request looked up the sequence's metadata and allocated the async
        // frames at run time (the `decodestream` workloads; Benchmarks/README.md, Shortcuts). The parsing stays in the
        // library.
        if let expectedLength { try checkLength(expectedLength) }
        var chunks = body.makeAsyncIterator()
        let first = try await chunks.next(isolation: isolation)
        var second: Body.Element?
        // A body whose first chunk is as long as the request says (a small form, which a server
        // reads in one) is decoded where it lies, as collected bytes are, without the chunked
        // parser's copy: the adapters were slower than collecting the body and decoding it.
        if let first, let expectedLength, first.count == expectedLength {
            second = try await chunks.next(isolation: isolation)
            if second == nil { return try decode(type, from: first) }
        }
        var parser = ChunkedFormParser(options: self, expectedLength: expectedLength ?? 0)
        if let first { try parser.append(contentsOf: first) }
        if let second { try parser.append(contentsOf: second) }
        while let chunk = try await chunks.next(isolation: isolation) {
            try parser.append(contentsOf: chunk)
        }
        return try decode(type, parsed: parser)
    }

    /// Decodes a value of `type` from (name, value) pairs that are already split and unescaped, such as the
    /// text fields of a `multipart/form-data` body, with the same key paths, options, limits and
    /// errors as form text.
    ///
    /// ```swift
    /// // The text parts of a multipart form, as a multipart parser gives them:
    /// let fields = [("user[name]", "Ada"), ("items[0][qty]", "2"), ("items[1][qty]", "1")]
    /// let order = try URLEncodedFormDecoder().decode(Order.self, fromPairs: fields)
    /// ```
    ///
    /// Names are read as key paths (`user[name]`, `items[]`, and `user.name` with
    /// ``KeyPathDecoding-swift.struct/dots``) and values as the text they are: nothing is
    /// percent-decoded, and `+` is a plus sign. ``Limits-swift.struct/maximumInputLength``
    /// counts the bytes of every name and value; the other limits count as they do in form text.
    ///
    /// - Throws: The errors the `String` variant throws.
    public func decode<T: Decodable>(
        _ type: T.Type,
        fromPairs pairs: some Sequence<(String, String)>
    ) throws -> T {
        var parser = FormParser(bytes: FormBytes(capacity: 0), expectedNodes: 64, rules: rules)
        var components: [Range<Int>] = []
        var length = 0
        for (name, value) in pairs {
            let (sum, overflow) = length.addingReportingOverflow(name.utf8.count + value.utf8.count)
            guard !overflow, sum <= limits.maximumInputLength else {
                throw URLEncodedFormDecodingError.inputTooLong(length: overflow ? .max : sum, limit: limits.maximumInputLength)
            }
            length = sum
            try parser.insertTextPair(name: name, value: value, components: &components)
        }
        var form = parser.finish(inputLength: length)
        form.charset = .utf8
        return try decode(type, form: form)
    }

    /// bytes → nodes → values.
    private func decode<T: Decodable>(_ type: T.Type, fromBytes bytes: ByteReader) throws -> T {
        try decode(type, form: FormParser.parse(bytes, rules: rules))
    }

    /// chunks → nodes → values: the end of a body read in chunks.
    @usableFromInline
    func decode<T: Decodable>(_ type: T.Type, parsed parser: consuming ChunkedFormParser) throws -> T {
        try decode(type, form: parser.finish())
    }

    /// nodes → values.
    private func decode<T: Decodable>(_ type: T.Type, form: consuming FormParser.ParsedForm) throws -> T {
        var reader = FormTreeReader(form, rules: rules, options: self)
        // The tree borrows the caller's input until this call returns. A decoder or container
        // that user code kept (in a global, or an error it threw) holds the reader too, and
        // would read that input after it is gone: such a reader gets its own copy.
        defer { if !isKnownUniquelyReferenced(&reader) { reader.ownBytes() } }
        guard reader.rules.collectsFieldErrors else {
            do {
                return try reader.decode(type, at: FormTree.root)
            } catch {
                throw reader.rewordingRawValueError(error)
            }
        }
        do {
            let value = try reader.decode(type, at: FormTree.root)
            if reader.fieldErrors.isEmpty { return value }
        } catch is FieldErrorsRecorded {
            // Recorded where it happened.
        } catch {
            reader.recordFieldError(error, at: FormTree.root)
        }
        throw URLEncodedFormFieldErrors(fields: reader.fieldErrors)
    }
}
