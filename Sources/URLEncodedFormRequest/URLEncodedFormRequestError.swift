import Foundation

/// Why parameters could not be put into a request.
public enum URLEncodedFormRequestError: Error, LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// The request has no URL, so there is no query to add the parameters to.
    case missingURL
    /// The URL with the parameters added could not be formed.
    case invalidURL(String)

    /// A sentence saying what was missing or wrong.
    public var description: String {
        switch self {
        case .missingURL:
            "The request has no URL, so its parameters cannot be added to its query."
        case .invalidURL(let text):
            "The URL \"\(text)\" could not be formed after adding the parameters to its query."
        }
    }

    /// The sentence ``description`` gives, so that `localizedDescription` is the message too.
    public var errorDescription: String? { description }
}
