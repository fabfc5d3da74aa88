/// What the user's name closures returned during one encode: ``URLEncodedFormEncoder/KeyEncoding/custom(_:)``,
/// a custom ``URLEncodedFormEncoder/KeyPathEncoding`` and
/// ``URLEncodedFormEncoder/ArrayEncoding-swift.enum/custom(_:)``.
///
/// The stream's writer remembers each result. When the stream gives up, the tree's walk writes
/// every name again, and takes the stream's results first, so a closure runs once per name
/// written, whichever way the encode ends. For `a` streamed, then `a` written again (a merge):
///
/// ```
/// stream   key("a") → closure runs, "A" remembered
/// tree     key("a") → "A", taken from the stream: the closure ran once
/// ```
struct ClosureResults {
    /// What a closure was called with.
    enum Input: Hashable {
        case key(String)
        case subkey(String)
        case element(path: String, position: Int)
    }

    private var results: [Input: [String]] = [:]
    private var taken: [Input: Int] = [:]

    /// Notes what a closure returned for `input` while streaming.
    mutating func remember(_ result: String, for input: Input) {
        results[input, default: []].append(result)
    }

    /// A result the stream computed for `input` and the tree has not used yet.
    mutating func take(_ input: Input) -> String? {
        guard let list = results[input] else { return nil }
        let index = taken[input, default: 0]
        guard index < list.count else { return nil }
        taken[input] = index &+ 1
        return list[index]
    }
}
