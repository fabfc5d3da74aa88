/// The form every route decodes: ten fields, a nested address and a list of tags, as a sign-up
/// page posts it (`bodies.py` writes the bodies). `notes` carries the large bodies' text.
public struct Signup: Codable, Sendable {
    public struct Address: Codable, Sendable {
        public var street: String
        public var city: String
        public var zip: String
        public var country: String
    }

    public var name: String
    public var email: String
    public var age: Int
    public var agree: Bool
    public var newsletter: Bool?
    public var plan: String
    public var referrer: String?
    public var address: Address
    public var tags: [String]
    public var notes: String?

    /// What a route answers: a few bytes that depend on the decoded value, so that no decode
    /// can be skipped.
    public var summary: String { "\(name.utf8.count) \(tags.count) \(notes?.utf8.count ?? 0)\n" }
}
