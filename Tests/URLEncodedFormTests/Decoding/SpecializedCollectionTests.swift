import Foundation
import Testing

@testable import URLEncodedForm

/// `[String]`, `[Int]` and `[String: String]` are read by the decoder itself, for speed, rather
/// than by the standard library's `init(from:)`. These tests read the same forms into those
/// types and into ones the standard library reads (`ContiguousArray`, a dictionary of a wrapped
/// string) under several options, and require the same values, or the same error at the same
/// coding path.
@Suite("Decoder: arrays and dictionaries it reads itself")
struct SpecializedCollectionTests {
    /// Read by the decoder's own code.
    struct Direct: Decodable {
        var tags: [String]
        var ids: [Int]
        var labels: [String: String]
    }

    /// The same shape through the standard library's initializers.
    struct Generic: Decodable {
        var tags: ContiguousArray<String>
        var ids: ContiguousArray<Int>
        var labels: [String: Wrapped]
    }

    /// A string the standard library's dictionary reads; its stand-in is a string's, so that
    /// every failed field is reported as for `String`.
    struct Wrapped: Decodable, Equatable, URLEncodedFormStandIn {
        var text: String
        static var formStandIn: Self { Wrapped(text: "") }
        init(text: String) { self.text = text }
        init(from decoder: any Decoder) throws {
            text = try decoder.singleValueContainer().decode(String.self)
        }
    }

    static let forms = [
        "tags[]=a&tags[]=b&ids[]=1&ids[]=2&labels[x]=1&labels[y]=2",
        "tags=a&ids=7&labels[x]=",
        "tags[1]=b&tags[0]=a&ids[0]=3&labels[a%20b]=c+d&labels[%C3%A9]=%F0%9F%8C%8D",
        "tags[]=a,b&ids[]=1,2&ids[]=3&labels[k]=v,w",
        "ids[]=x&tags[]=a&labels[k]=v",
        "ids[]=1&ids[]=&tags[]=a&labels[k]=v",
        "labels=flat&tags[]=a&ids[]=1",
        "tags[x]=a&ids[]=1&labels[k]=v",
        "tags[]=a&ids[]=1",
        "tags[]=a&tags[]=a&ids[0]=1&ids[2]=3&labels[k]=v&labels[k]=w",
        "tags[]=%FF&ids[]=99999999999999999999&labels[%FF]=%FE",
        "tag_list[]=a&ids[]=1&labels[first_name]=Ada",
    ]

    static let decoders: [(String, URLEncodedFormDecoder)] = [
        ("default", URLEncodedFormDecoder()),
        ("separator", URLEncodedFormDecoder(arrayDecoding: .separator(","))),
        ("every field", URLEncodedFormDecoder(errorReporting: .everyField)),
        ("snake case", URLEncodedFormDecoder(keyDecoding: .convertFromSnakeCase)),
        ("php", .php),
        ("qs", .qs),
    ]

    /// The values, or the error's coding path and message with the types' names made alike.
    static func outcome<T: Decodable>(_ type: T.Type, _ form: String, _ decoder: URLEncodedFormDecoder, _ values: (T) -> String) -> String {
        do {
            return values(try decoder.decode(type, from: form))
        } catch {
            return String(describing: error)
                .replacingOccurrences(of: "ContiguousArray<", with: "Array<")
                .replacingOccurrences(of: "Wrapped", with: "String")
                .replacingOccurrences(of: "Generic", with: "Direct")
        }
    }

    @Test("the same values or the same errors as the standard library's initializers", arguments: forms)
    func sameOutcome(form: String) {
        for (name, decoder) in Self.decoders {
            let direct = Self.outcome(Direct.self, form, decoder) { "\($0.tags) \($0.ids) \($0.labels.sorted { $0.key < $1.key })" }
            let generic = Self.outcome(Generic.self, form, decoder) {
                "\(Array($0.tags)) \(Array($0.ids)) \($0.labels.mapValues(\.text).sorted { $0.key < $1.key })"
            }
            #expect(direct == generic, "\(name)")
        }
    }

    @Test("at the top level too", arguments: forms)
    func topLevel(form: String) {
        for (name, decoder) in Self.decoders {
            #expect(
                Self.outcome([String: String].self, form, decoder) { "\($0.sorted { $0.key < $1.key })" }
                    == Self.outcome([String: Wrapped].self, form, decoder) { "\($0.mapValues(\.text).sorted { $0.key < $1.key })" },
                "\(name)")
            #expect(
                Self.outcome([String].self, form, decoder) { "\($0)" }
                    == Self.outcome(ContiguousArray<String>.self, form, decoder) { "\(Array($0))" }, "\(name)")
        }
    }

    @Test("the values read are the ones sent")
    func values() throws {
        let direct = try URLEncodedFormDecoder().decode(Direct.self, from: Self.forms[2])
        #expect(direct.tags == ["a", "b"] && direct.ids == [3])
        #expect(direct.labels == ["a b": "c d", "é": "🌍"])
    }
}
