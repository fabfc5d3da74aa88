/// Where form parameters go.
public enum ParameterDestination: Sendable, Hashable {
    /// The query for `GET`, `HEAD` and `DELETE` requests, the body otherwise. The default.
    case methodDependent
    /// Always the URL's query.
    case queryString
    /// Always the body.
    case httpBody

    /// Whether parameters go in the URL for a request with this HTTP method (`GET` when `nil`).
    public func encodesParametersInURL(for method: String?) -> Bool {
        switch self {
        case .methodDependent: ["GET", "HEAD", "DELETE"].contains((method ?? "GET").uppercased())
        case .queryString: true
        case .httpBody: false
        }
    }
}
