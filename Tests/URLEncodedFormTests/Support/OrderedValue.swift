import Foundation

/// A value from a peer's fixture that encodes its members in the order the peer held them:
/// `{"$members": [[name, value], …]}` in the fixture, since JSON readers need not keep order.
///
/// Not `indirect`: its arrays already hold the nested values, and an indirect case's box, kept
/// in a `static let` until exit, is reported as leaked by LeakSanitizer, which does not see the
/// enum's tagged pointers.
enum OrderedValue: Encodable, Sendable {
    case text(String)
    case null
    case array([OrderedValue])
    case object([(name: String, value: OrderedValue)])

    init(json: Any) {
        switch json {
        case let text as String: self = .text(text)
        case let array as [Any]: self = .array(array.map(OrderedValue.init(json:)))
        case let object as [String: Any]:
            let members = object["$members"] as? [[Any]] ?? []
            self = .object(members.map { (name: $0.first as? String ?? "", value: OrderedValue(json: $0.last ?? NSNull())) })
        default: self = .null
        }
    }

    /// The value without the array elements that are arrays or objects.
    var withoutContainerElements: OrderedValue {
        switch self {
        case .text, .null: self
        case .array(let elements):
            .array(
                elements.filter {
                    switch $0 {
                    case .text, .null: true
                    case .array, .object: false
                    }
                })
        case .object(let members): .object(members.map { ($0.name, $0.value.withoutContainerElements) })
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .text(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .object(let members):
            var container = encoder.container(keyedBy: ShapedDecoding.AnyKey.self)
            for member in members { try container.encode(member.value, forKey: ShapedDecoding.AnyKey(stringValue: member.name)) }
        }
    }
}
