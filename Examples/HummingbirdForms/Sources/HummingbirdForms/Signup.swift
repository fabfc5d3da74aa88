import Foundation

/// What the page's form posts: text with Unicode, a textarea, checkboxes, a multi-select named
/// `tags[]` and nested `address[…]` fields.
struct Signup: Decodable, Sendable {
    struct Address: Decodable, Sendable {
        var street: String
        var city: String
        var zip: Int
    }

    var name: String
    var email: String
    var age: Int
    /// How many guests come along.
    var guests: Int
    var bio: String
    /// A checkbox: sent as `on` when ticked, not sent at all when not.
    var newsletter: Bool?
    /// Checkboxes sharing a name: one pair per ticked box, none when none is.
    var contact: [String]
    var tags: [String]
    var address: Address

    /// Problems a person can fix, in the form's own words; empty when the signup is valid.
    var problems: [String] {
        var problems: [String] = []
        if name.trimmingCharacters(in: .whitespaces).isEmpty { problems.append("Name is required.") }
        if !email.contains("@") { problems.append("Email must contain @.") }
        if bio.count > 2_000 { problems.append("Bio is longer than 2,000 characters.") }
        if tags.count > 5 { problems.append("Pick at most 5 tags.") }
        if address.city.isEmpty { problems.append("City is required.") }
        return problems
    }
}
