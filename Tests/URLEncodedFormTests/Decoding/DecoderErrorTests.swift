import Foundation
import Testing
import URLEncodedForm

@Suite("Decoder: errors say what and where")
struct DecoderErrorTests {
    struct Item: Decodable {
        var x: Int
    }

    struct User: Decodable {
        var name: String
        var age: Int
        var items: [Item]?
        var joined: Date?
        var avatar: Data?
        var tags: [Int]?
    }

    struct Form: Decodable {
        var user: User
    }

    /// The coding path as text, and the message, of the `DecodingError` that decoding throws.
    private func failure(_ input: String, _ decoder: URLEncodedFormDecoder = URLEncodedFormDecoder()) -> (path: String, message: String)? {
        do {
            _ = try decoder.decode(Form.self, from: input)
        } catch let error as DecodingError {
            let context: DecodingError.Context
            switch error {
            case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c), .dataCorrupted(let c): context = c
            @unknown default: return nil
            }
            var path = context.codingPath.map(\.stringValue)
            if case .keyNotFound(let key, _) = error { path.append(key.stringValue) }
            return (path.joined(separator: "."), context.debugDescription)
        } catch let error as URLEncodedFormDecodingError {
            // A refusal a policy chose names the field as the form spells it: `user[items]`.
            let path = (error.key ?? "").replacingOccurrences(of: "]", with: "").replacingOccurrences(of: "[", with: ".")
            return (path, error.description)
        } catch {
            Issue.record("expected a DecodingError or a URLEncodedFormDecodingError, got \(error)")
        }
        return nil
    }

    @Test(
        "decoding errors carry the full coding path and name the raw key and value",
        arguments: [
            ("user[name]=a&user[age]=old", "user.age", ["user[age]", "old", "Int"]),
            ("user[name]=a", "user.age", ["user[age]"]),
            ("user[age]=1", "user.name", ["user[name]"]),
            ("user=x", "user", ["object", "\"x\""]),
            ("user[name]=a&user[age]=300000000000000000000", "user.age", ["user[age]", "300000000000000000000", "does not fit"]),
            ("user[name]=a&user[age]=1&user[items][0][x]=1&user[items][1][x]=bad", "user.items.1.x", ["user[items][1][x]", "bad"]),
            ("user[name]=a&user[age]=1&user[items][][x]=1&user[items][][x]=bad", "user.items.1.x", ["user[items][1][x]", "bad"]),
            ("user[name]=a&user[age]=1&user[items][0][x]=1&user[items][2][x]=2", "user.items", ["no element at index 1"]),
            ("user[name]=a&user[age]=1&user[items][0][x]=1&user[items][00][x]=2", "user.items", ["index 0 twice"]),
            ("user[name]=a&user[age]=1&user[items][first][x]=1", "user.items", ["\"first\"", "not an index"]),
            ("user[name]=a&user[age]=1&user[items][0]=1", "user.items.0", ["object", "\"1\""]),
            ("user[name]=a&user[age]=1&user[joined]=yesterday", "user.joined", ["user[joined]", "yesterday"]),
            ("user[name]=a&user[age]=1&user[avatar]=%%%", "user.avatar", ["base64", "%%%"]),
            ("user[name]=a&user[age]=1&user[tags]=1&user[tags]=x", "user.tags.1", ["user[tags][1]", "\"x\""]),
            ("user[name][first]=a&user[age]=1", "user.name", ["user[name]", "first"]),
        ]
    )
    func paths(input: String, path: String, fragments: [String]) throws {
        let found = try #require(failure(input))
        #expect(found.path == path)
        for fragment in fragments {
            #expect(found.message.contains(fragment), "\(found.message) should mention \(fragment)")
        }
    }

    @Test("paths use the key path style of the input")
    func dottedPaths() throws {
        let found = try #require(failure("user.name=a&user.age=old", URLEncodedFormDecoder(keyPathDecoding: .dots)))
        #expect(found.path == "user.age")
        #expect(found.message.contains("\"user.age\""))
        let missing = try #require(failure("user.name=a", URLEncodedFormDecoder(keyPathDecoding: .dots)))
        #expect(missing.message.contains("\"user.age\""))
    }

    @Test("a missing key names the converted name it was looked for as")
    func convertedKeyMessage() throws {
        struct Account: Decodable { var userID: Int }
        do {
            _ = try URLEncodedFormDecoder(keyDecoding: .convertFromSnakeCase).decode(Account.self, from: "user=1")
            Issue.record("expected keyNotFound")
        } catch DecodingError.keyNotFound(let key, let context) {
            #expect(key.stringValue == "userID")
            #expect(context.debugDescription.contains("user_id"))
        }
    }

    @Test("the top level must be an object")
    func topLevel() throws {
        #expect(throws: DecodingError.self) { try URLEncodedFormDecoder().decode(String.self, from: "a=1") }
        #expect(throws: DecodingError.self) { try URLEncodedFormDecoder().decode([Int].self, from: "a=1") }
        // Unless its keys are indices.
        #expect(try URLEncodedFormDecoder().decode([Int].self, from: "1=6&0=5") == [5, 6])
    }

    struct Failing: Error, Equatable {}

    @Test("errors from custom strategies propagate unchanged")
    func customErrors() throws {
        struct Stamped: Decodable {
            var at: Date
            var data: Data?
            var flag: Bool?
        }
        let date = URLEncodedFormDecoder(dateDecoding: .custom { _ in throw Failing() })
        #expect(throws: Failing()) { try date.decode(Stamped.self, from: "at=1") }
        let data = URLEncodedFormDecoder(dataDecoding: .custom { _ in throw Failing() })
        #expect(throws: Failing()) { try data.decode(Stamped.self, from: "at=1&data=x") }
        let bool = URLEncodedFormDecoder(boolDecoding: .custom { _ in throw Failing() })
        #expect(throws: Failing()) { try bool.decode(Stamped.self, from: "at=1&flag=x") }
    }

    @Test("an index past the array limit is a limit error, however many digits it has")
    func hugeIndex() throws {
        struct Form: Decodable { var a: [Int] }
        #expect(throws: URLEncodedFormDecodingError.arrayTooLong(key: "a[99999999999999999999999]", limit: 1000)) {
            try URLEncodedFormDecoder().decode(Form.self, from: "a[99999999999999999999999]=1")
        }
        #expect(throws: URLEncodedFormDecodingError.arrayTooLong(key: "a[1000]", limit: 1000)) {
            try URLEncodedFormDecoder().decode(Form.self, from: "a[1000]=1")
        }
        // As a dictionary the same key is just a key.
        #expect(
            try URLEncodedFormDecoder().decode([String: [String: Int]].self, from: "a[99999999999999999999999]=1") == [
                "a": ["99999999999999999999999": 1]
            ])
    }
}
