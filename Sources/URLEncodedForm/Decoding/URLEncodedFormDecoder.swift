import Foundation

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
    public var boolDecoding: BoolDecoding
    /// How `Data` values are read. ``DataDecoding-swift.enum/base64`` by default.
    public var dataDecoding: DataDecoding
    /// How `Date` values are read. ``DateDecoding-swift.enum/deferredToDate`` by default.
    public var dateDecoding: DateDecoding
    /// How names match coding keys. ``KeyDecoding-swift.enum/useDefaultKeys`` by default.
    public var keyDecoding: KeyDecoding
    /// How nested names are read from a key. ``KeyPathDecoding-swift.struct/brackets`` by default.
    public var keyPathDecoding: KeyPathDecoding
    /// What a `+` means. ``SpaceDecoding-swift.enum/plusAsSpace`` by default.
    public var spaceDecoding: SpaceDecoding
    /// Bounds on the input. ``Limits-swift.struct/default`` by default.
    public var limits: Limits

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
    ///   - spaceDecoding: What a `+` means. `.plusAsSpace` by default.
    ///   - limits: Bounds on the input. ``Limits-swift.struct/default`` by default.
    public init(
        arrayDecoding: ArrayDecoding = .automatic,
        boolDecoding: BoolDecoding = .lenient,
        dataDecoding: DataDecoding = .base64,
        dateDecoding: DateDecoding = .deferredToDate,
        keyDecoding: KeyDecoding = .useDefaultKeys,
        keyPathDecoding: KeyPathDecoding = .brackets,
        spaceDecoding: SpaceDecoding = .plusAsSpace,
        limits: Limits = .default
    ) {
        self.arrayDecoding = arrayDecoding
        self.boolDecoding = boolDecoding
        self.dataDecoding = dataDecoding
        self.dateDecoding = dateDecoding
        self.keyDecoding = keyDecoding
        self.keyPathDecoding = keyPathDecoding
        self.spaceDecoding = spaceDecoding
        self.limits = limits
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
    ///   malformed or conflicting key. `DecodingError` when a value is missing, of the wrong type
    ///   or unreadable, with the coding path of the value. Errors thrown by a custom strategy or
    ///   by the type's `init(from:)`, unchanged.
    public func decode<T: Decodable>(_ type: T.Type, from string: String) throws -> T {
        try checkLength(string.utf8.count)
        return try string.withReader { try decode(type, fromBytes: $0) }
    }

    /// Decodes a value of `type` from the UTF-8 bytes of form text, such as a request body.
    ///
    /// - Throws: The errors the `String` variant throws.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try checkLength(data.count)
        return try data.withReader { try decode(type, fromBytes: $0) }
    }

    /// Decodes a value of `type` from the UTF-8 bytes of form text, in any collection: an array,
    /// a slice, or a server framework's buffer view.
    ///
    /// - Throws: The errors the `String` variant throws.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: some Collection<UInt8>) throws -> T {
        try checkLength(bytes.count)
        if let value = try bytes.withContiguousReader({ try decode(type, fromBytes: $0) }) {
            return value
        }
        return try Array(bytes).withReader { try decode(type, fromBytes: $0) }
    }

    private func checkLength(_ length: Int) throws {
        guard length <= limits.maximumInputLength else {
            throw URLEncodedFormDecodingError.inputTooLong(length: length, limit: limits.maximumInputLength)
        }
    }

    /// bytes → nodes → values.
    private func decode<T: Decodable>(_ type: T.Type, fromBytes bytes: ByteReader) throws -> T {
        let tree = try FormParser.parse(bytes, options: self)
        return try FormDecodingStorage(tree: tree, options: self).decode(type, at: FormTree.root)
    }
}
