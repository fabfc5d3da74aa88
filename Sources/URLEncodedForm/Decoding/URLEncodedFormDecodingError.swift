/// Why ``URLEncodedFormDecoder`` refused its input before decoding a value from it: a limit was
/// exceeded, or a key could not be read.
///
/// Problems with a value that was read — a wrong type, a missing key, an unreadable date — are
/// `DecodingError`s instead, carrying the coding path.
///
/// Keys are percent-decoded and shortened to their first 200 characters.
public enum URLEncodedFormDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The input has more bytes than ``URLEncodedFormDecoder/Limits-swift.struct/maximumInputLength``.
    case inputTooLong(length: Int, limit: Int)
    /// The input has more pairs than ``URLEncodedFormDecoder/Limits-swift.struct/maximumParameterCount``.
    case tooManyParameters(limit: Int)
    /// A key has more components than ``URLEncodedFormDecoder/Limits-swift.struct/maximumDepth``.
    case keyTooDeep(key: String, limit: Int)
    /// An array would have more elements than
    /// ``URLEncodedFormDecoder/Limits-swift.struct/maximumArrayLength``, or an index is that large.
    case arrayTooLong(key: String, limit: Int)
    /// A key's brackets or dots do not form a path: `a[b`, `a]`, `a[b]c`, `[a]`, or with
    /// ``URLEncodedFormDecoder/KeyPathDecoding-swift.struct/dots`` an empty name as in `a..b`.
    case malformedKey(String)
    /// One key is used as two kinds of thing: a value and an object (`a=1&a[b]=2`), or an array
    /// and an object (`a[]=1&a[b]=2`).
    case conflictingKey(String)

    /// A sentence that names the limit, or says what is wrong with the key.
    public var description: String {
        switch self {
        case .inputTooLong(let length, let limit):
            "The form is \(length) bytes long, more than the \(limit) bytes Limits.maximumInputLength allows."
        case .tooManyParameters(let limit):
            "The form has more than the \(limit) parameters Limits.maximumParameterCount allows."
        case .keyTooDeep(let key, let limit):
            "The key \"\(key)\" has more than the \(limit) components Limits.maximumDepth allows."
        case .arrayTooLong(let key, let limit):
            "The array \"\(key)\" has an element at index \(limit) or above; Limits.maximumArrayLength allows \(limit) elements."
        case .malformedKey(let key):
            "The key \"\(key)\" is malformed: its brackets or dots do not form a path such as a[b][c], a[] or a.b."
        case .conflictingKey(let key):
            "The key \"\(key)\" conflicts with an earlier key: one name cannot hold both a value and named members, or both list elements and named members."
        }
    }

    /// Keys in errors are shortened so that a hostile 100,000-component key stays a short message.
    static func shortened(_ key: String) -> String {
        key.count > 200 ? key.prefix(200) + "…" : key
    }
}
