/// Random text from the characters escaping and percent-decoding treat differently: safe ASCII,
/// punctuation the form syntax uses, controls, and multibyte UTF-8.
enum EscapingAlphabet {
    static let alphabet: [String] = ["a", "Z", "0", "-", ".", "_", "~", "?", "/", " ", "&", "=", "+", "%", "[", "\u{7F}", "\u{0}", "é", "🌍"]

    static func texts(seed: UInt64) -> [String] {
        var random = SeededGenerator(seed: seed)
        return (0..<400).map { _ in
            (0..<Int.random(in: 0...120, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? "a" }.joined()
        }
    }
}
