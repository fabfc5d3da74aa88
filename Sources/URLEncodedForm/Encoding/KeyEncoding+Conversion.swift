extension URLEncodedFormEncoder.KeyEncoding {
    /// Whether names are written unchanged, so callers can skip the call.
    var isIdentity: Bool {
        if case .useDefaultKeys = self { return true }
        return false
    }

    /// The name to write for the member `key`.
    func encode(_ key: String) -> String {
        switch self {
        case .useDefaultKeys: key
        case .convertToSnakeCase: Self.separatingWords(of: key, with: "_")
        case .convertToKebabCase: Self.separatingWords(of: key, with: "-")
        case .capitalized: key.prefix(1).uppercased() + key.dropFirst()
        case .uppercased: key.uppercased()
        case .lowercased: key.lowercased()
        case .custom(let transform): transform(key)
        }
    }

    /// Splits camel case into lower-cased words, the algorithm Foundation's `JSONEncoder` (and so
    /// every Swift form encoder) uses: a word ends before an upper-case letter, and a run of
    /// capitals is one word (`myURLProperty` → `my`, `url`, `property`). Capitals are Unicode
    /// categories Lu and Lt, lower case is Ll.
    static func separatingWords(of key: String, with separator: String) -> String {
        let scalars = Array(key.unicodeScalars)
        guard !scalars.isEmpty else { return key }
        let end = scalars.count
        var words: [Range<Int>] = []
        var wordStart = 0
        var searchStart = 1
        while let upper = (searchStart..<end).first(where: { isUpperCase(scalars[$0]) }) {
            words.append(wordStart..<upper)
            guard let lower = (upper..<end).first(where: { isLowerCase(scalars[$0]) }) else {
                wordStart = upper
                break
            }
            if lower == upper + 1 {
                wordStart = upper
            } else {
                // `lower > upper + 1`: the capitals before the last one form a word of their own.
                words.append(upper..<(lower - 1))
                wordStart = lower - 1
            }
            searchStart = lower + 1
        }
        words.append(wordStart..<end)
        return words.map { range in
            var word = String.UnicodeScalarView()
            word.append(contentsOf: scalars[range])
            return String(word).lowercased()
        }.joined(separator: separator)
    }

    private static func isUpperCase(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        return category == .uppercaseLetter || category == .titlecaseLetter
    }

    private static func isLowerCase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .lowercaseLetter
    }
}
