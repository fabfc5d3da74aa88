#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why ``URLEncodedFormDecoder`` refused its input: a limit was exceeded, a key could not be
/// read, or a policy's `.error` refused what the form says (a malformed or conflicting key, a
/// repeated name, a gap in an array's indices). ``key`` is the field's path as the form spells it.
///
/// Problems with a value that was read — a wrong type, a missing key, an unreadable date — are
/// `DecodingError`s instead, carrying the coding path.
///
/// A struct rather than an enum, so that new kinds of refusal can be added without breaking a
/// caller's `switch`. Match on ``code``:
///
/// ```swift
/// do {
///     let form = try decoder.decode(Signup.self, from: body)
/// } catch let error as URLEncodedFormDecodingError where error.code == .inputTooLong {
///     // 413 Content Too Large
/// } catch let error as URLEncodedFormDecodingError {
///     // 400 Bad Request, with error.description
/// }
/// ```
///
/// A key is kept whole in ``key``, percent-decoded; ``description`` quotes its start (64
/// characters at most, never more than 256 bytes, control characters escaped), so that a hostile
/// key makes a short message.
public struct URLEncodedFormDecodingError: Error, LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// What kind of refusal this is.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        fileprivate enum Kind: String {
            case inputTooLong, tooManyParameters, keyTooDeep, arrayTooLong, malformedKey, conflictingKey, unsupportedCharset
            case duplicateKey, indexGap
        }

        fileprivate let kind: Kind

        private init(_ kind: Kind) {
            self.kind = kind
        }

        /// The input has more bytes than ``URLEncodedFormDecoder/Limits-swift.struct/maximumInputLength``.
        public static let inputTooLong = Code(.inputTooLong)
        /// The input has more pairs than ``URLEncodedFormDecoder/Limits-swift.struct/maximumParameterCount``.
        public static let tooManyParameters = Code(.tooManyParameters)
        /// A key has more components than ``URLEncodedFormDecoder/Limits-swift.struct/maximumDepth``.
        public static let keyTooDeep = Code(.keyTooDeep)
        /// An array would have more elements than
        /// ``URLEncodedFormDecoder/Limits-swift.struct/maximumArrayLength``, or an index is that large.
        public static let arrayTooLong = Code(.arrayTooLong)
        /// A key's brackets or dots do not form a path: `a[b`, `a]`, `a[b]c`, `[a]`, or with
        /// ``URLEncodedFormDecoder/KeyPathDecoding-swift.struct/dots`` an empty name as in `a..b`.
        public static let malformedKey = Code(.malformedKey)
        /// One key is used as two kinds of thing: a value and an object (`a=1&a[b]=2`), or an
        /// array and an object (`a[]=1&a[b]=2`).
        public static let conflictingKey = Code(.conflictingKey)
        /// The form's `_charset_` parameter names a charset the decoder cannot read, such as
        /// `Shift_JIS`, with ``URLEncodedFormCharset/sentinel`` on; reading its bytes as
        /// another charset would give the wrong text.
        public static let unsupportedCharset = Code(.unsupportedCharset)
        /// A name is repeated without brackets (`a=1&a=2`) where one value is read, with
        /// ``URLEncodedFormDecoder/DuplicateKeys-swift.enum/error``.
        public static let duplicateKey = Code(.duplicateKey)
        /// An array's indices skip one or name one twice (`items[0]`, `items[2]`), with
        /// ``URLEncodedFormIndexGaps/error``.
        public static let indexGap = Code(.indexGap)

        /// The code's name, such as `inputTooLong`.
        public var description: String { kind.rawValue }

        /// Whether the input was refused by one of ``URLEncodedFormDecoder/Limits-swift.struct``
        /// rather than for a key it could not read: a server answers the first with 413 when it
        /// is the length, and both with 400.
        public var isLimit: Bool {
            switch kind {
            case .inputTooLong, .tooManyParameters, .keyTooDeep, .arrayTooLong: true
            case .malformedKey, .conflictingKey, .unsupportedCharset, .duplicateKey, .indexGap: false
            }
        }
    }

    /// What kind of refusal this is.
    public let code: Code
    /// The key at fault, whole, as the form spells it (percent-decoded); `nil` for a refusal of
    /// the whole input.
    public let key: String?
    /// The limit that was exceeded; `nil` for a key that could not be read.
    public let limit: Int?
    /// The input's length in bytes, for ``Code-swift.struct/inputTooLong``.
    public let length: Int?
    /// The index at fault, for ``Code-swift.struct/indexGap``: the first one missing, or the one
    /// named twice.
    public let index: Int?
    /// How many times the key appears, for ``Code-swift.struct/duplicateKey``; whether the index
    /// is named twice, for ``Code-swift.struct/indexGap``.
    private let count: Int?

    private init(_ code: Code, key: String? = nil, limit: Int? = nil, length: Int? = nil, index: Int? = nil, count: Int? = nil) {
        self.code = code
        self.key = key
        self.limit = limit
        self.length = length
        self.index = index
        self.count = count
    }

    /// The input has `length` bytes, more than `limit`.
    public static func inputTooLong(length: Int, limit: Int) -> Self {
        Self(.inputTooLong, limit: limit, length: length)
    }

    /// The input has more than `limit` pairs.
    public static func tooManyParameters(limit: Int) -> Self {
        Self(.tooManyParameters, limit: limit)
    }

    /// `key` has more than `limit` components.
    public static func keyTooDeep(key: String, limit: Int) -> Self {
        Self(.keyTooDeep, key: key, limit: limit)
    }

    /// The array `key` would have an element at index `limit` or above.
    public static func arrayTooLong(key: String, limit: Int) -> Self {
        Self(.arrayTooLong, key: key, limit: limit)
    }

    /// `key`'s brackets or dots do not form a path.
    public static func malformedKey(_ key: String) -> Self {
        Self(.malformedKey, key: key)
    }

    /// `key` conflicts with an earlier key.
    public static func conflictingKey(_ key: String) -> Self {
        Self(.conflictingKey, key: key)
    }

    /// `key`, a name without brackets, appears `count` times where one value is read.
    public static func duplicateKey(_ key: String, count: Int) -> Self {
        Self(.duplicateKey, key: key, count: count)
    }

    /// The array `key` has no element at `index` though a later index has one, or, when
    /// `repeated`, names `index` twice.
    public static func indexGap(_ key: String, index: Int, repeated: Bool = false) -> Self {
        Self(.indexGap, key: key, index: index, count: repeated ? 2 : nil)
    }

    /// The form's `_charset_` parameter names `charset`, which the decoder cannot read; ``key``
    /// holds the name.
    public static func unsupportedCharset(_ charset: String) -> Self {
        Self(.unsupportedCharset, key: charset)
    }

    /// The sentence ``description`` gives, so that `localizedDescription` is the message too.
    public var errorDescription: String? { description }

    /// A sentence that names the limit, or says what is wrong with the key.
    public var description: String {
        let key = ErrorQuote.quote(key ?? "")
        let limit = limit ?? 0
        switch code.kind {
        case .inputTooLong:
            return "The form is \(length ?? 0) bytes long, more than the \(limit) bytes Limits.maximumInputLength allows."
        case .tooManyParameters:
            return "The form has more than the \(limit) parameters Limits.maximumParameterCount allows."
        case .keyTooDeep:
            return "The key \"\(key)\" has more than the \(limit) components Limits.maximumDepth allows."
        case .arrayTooLong:
            return "The array \"\(key)\" has an element at index \(limit) or above; Limits.maximumArrayLength allows \(limit) elements."
        case .malformedKey:
            return "The key \"\(key)\" is malformed: its brackets or dots do not form a path such as a[b][c], a[] or a.b."
        case .unsupportedCharset:
            return
                "The form says it was sent in the charset \"\(key)\" (its _charset_ parameter), which the decoder cannot read: it reads UTF-8, windows-1252 and ISO-8859-1."
        case .conflictingKey:
            return
                "The key \"\(key)\" conflicts with an earlier key: one name cannot hold both a value and named members, or both list elements and named members."
        case .duplicateKey:
            return
                "The key \"\(key)\" appears \(count ?? 2) times where one value is read, and the decoder refuses repeated keys (duplicateKeys: .error)."
        case .indexGap:
            let problem = count != nil ? "index \(index ?? 0) twice" : "no element at index \(index ?? 0)"
            return "The array \"\(key)\" has \(problem); indices must run from 0 without gaps (indexGaps: .error)."
        }
    }
}
