#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension URLEncodedFormDecoder.KeyDecoding {
    /// `one_two_three` → `oneTwoThree`, `JSONDecoder`'s conversion: the first word is lower-cased,
    /// later words capitalized, and leading or trailing separators kept. A name without a separator
    /// inside it is left as it is.
    static func joiningWords(of name: String, separatedBy separator: Character) -> String {
        guard let first = name.firstIndex(where: { $0 != separator }),
            let last = name.lastIndex(where: { $0 != separator })
        else { return name }
        let words = name[first...last].split(separator: separator)
        guard words.count > 1 else { return name }
        let joined = ([words[0].lowercased()] + words.dropFirst().map(\.capitalized)).joined()
        return name[..<first] + joined + name[name.index(after: last)...]
    }
}
