import Foundation
import Testing
import URLEncodedForm
import URLEncodedFormRequest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("URLRequest integration")
struct RequestEncodingTests {
    struct Search: Encodable {
        var query = "swift forms"
        var tags = ["a", "b"]
    }

    static let formType = "application/x-www-form-urlencoded; charset=utf-8"
    static let text = "query=swift%20forms&tags%5B%5D=a&tags%5B%5D=b"

    private func request(_ url: String = "https://example.com/search", method: String? = nil) throws -> URLRequest {
        var request = URLRequest(url: try #require(URL(string: url)))
        if let method { request.httpMethod = method }
        return request
    }

    private func body(_ request: URLRequest) -> String? {
        request.httpBody.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test(
        "method-dependent parameters go in the query for GET, HEAD and DELETE and in the body otherwise",
        arguments: [(nil, true), ("GET", true), ("HEAD", true), ("DELETE", true), ("get", true), ("POST", false), ("PUT", false), ("PATCH", false)]
    )
    func methodDependent(method: String?, inQuery: Bool) throws {
        let encoded = try URLEncodedFormParameterEncoder.default.encode(Search(), into: request(method: method))
        #expect(encoded.httpMethod?.uppercased() == (method ?? "GET").uppercased())
        if inQuery {
            #expect(encoded.url?.absoluteString == "https://example.com/search?" + Self.text)
            #expect(encoded.httpBody == nil)
            #expect(encoded.value(forHTTPHeaderField: "Content-Type") == nil)
        } else {
            #expect(encoded.url?.absoluteString == "https://example.com/search")
            #expect(body(encoded) == Self.text)
            #expect(encoded.value(forHTTPHeaderField: "Content-Type") == Self.formType)
        }
    }

    @Test("query and body destinations ignore the method")
    func fixedDestinations() throws {
        let query = URLEncodedFormParameterEncoder(destination: .queryString)
        #expect(try query.encode(Search(), into: request(method: "POST")).url?.query == Self.text)
        let body = URLEncodedFormParameterEncoder(destination: .httpBody)
        let encoded = try body.encode(Search(), into: request(method: "GET"))
        #expect(self.body(encoded) == Self.text)
        #expect(encoded.url?.query == nil)
    }

    @Test("parameters join an existing query with one &, and empty parameters add nothing")
    func existingQuery() throws {
        let encoder = URLEncodedFormParameterEncoder.default
        #expect(
            try encoder.encode(Search(), into: request("https://example.com/s?page=2")).url?.absoluteString == "https://example.com/s?page=2&"
                + Self.text)
        #expect(
            try encoder.encode([String: String](), into: request("https://example.com/s?page=2")).url?.absoluteString
                == "https://example.com/s?page=2")
        #expect(try encoder.encode([String: String](), into: request()).url?.absoluteString == "https://example.com/search")
        let none: Search? = nil
        #expect(try encoder.encode(none, into: request(method: "POST")) == request(method: "POST"))
    }

    @Test("Content-Type is set only when absent; the encoder's options apply")
    func contentType() throws {
        var custom = try request(method: "POST")
        custom.setValue("text/plain", forHTTPHeaderField: "content-type")
        let encoder = URLEncodedFormParameterEncoder(encoder: URLEncodedFormEncoder(spaceEncoding: .plusReplaced))
        let encoded = try encoder.encode(Search(), into: custom)
        #expect(encoded.value(forHTTPHeaderField: "Content-Type") == "text/plain")
        #expect(body(encoded) == "query=swift+forms&tags%5B%5D=a&tags%5B%5D=b")
    }

    @Test("a query destination without a URL is a clear error")
    func missingURL() throws {
        var request = try request()
        request.url = nil
        #expect(throws: URLEncodedFormRequestError.missingURL) { try URLEncodedFormParameterEncoder.default.encode(Search(), into: request) }
        #expect(throws: URLEncodedFormRequestError.missingURL) { try URLEncoding.queryString.encode(request, with: ["a": 1]) }
        #expect(URLEncodedFormRequestError.missingURL.description.contains("no URL"))
    }

    @Test("encoding errors propagate unchanged")
    func encodingErrors() throws {
        #expect(throws: EncodingError.self) { try URLEncodedFormParameterEncoder.default.encode(["a", "b"], into: request()) }
    }

    @Test("JSONParameterEncoder writes a JSON body, whatever the method")
    func json() throws {
        let encoded = try JSONParameterEncoder.sortedKeys.encode(Search(), into: request(method: "GET"))
        #expect(body(encoded) == #"{"query":"swift forms","tags":["a","b"]}"#)
        #expect(encoded.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(encoded.url?.query == nil)
        #expect(body(try JSONParameterEncoder.prettyPrinted.encode(["a": 1], into: request()))?.contains("\n") == true)
        #expect(body(try JSONParameterEncoder.default.encode(["a": 1], into: request())) == #"{"a":1}"#)
        // One request layer, two body formats.
        let encoders: [any ParameterEncoder] = [URLEncodedFormParameterEncoder(destination: .httpBody), JSONParameterEncoder.sortedKeys]
        let bodies = try encoders.map { try self.body($0.encode(["k": "v"], into: request())) }
        #expect(bodies == ["k=v", #"{"k":"v"}"#])
    }

    // MARK: [String: Any]

    static var seed: [String: Any] {
        [
            "a": "apple", "b": "book", "c": ["conent", "capacity", "contact"], "d": ["4": "dose", "5": "dairy"], "e": true, "f": 12,
        ]
    }
    static let seedText = "a=apple&b=book&c%5B%5D=conent&c%5B%5D=capacity&c%5B%5D=contact&d%5B4%5D=dose&d%5B5%5D=dairy&e=1&f=12"

    @Test("URLEncoding puts untyped parameters where Alamofire's does")
    func urlEncoding() throws {
        #expect(try URLEncoding.default.encode(request(), with: Self.seed).url?.query == Self.seedText)
        let post = try URLEncoding.default.encode(request(method: "POST"), with: Self.seed)
        #expect(body(post) == Self.seedText)
        #expect(post.value(forHTTPHeaderField: "Content-Type") == Self.formType)
        #expect(
            try URLEncoding.queryString.encode(request("https://x.example/?z=1", method: "POST"), with: ["a": 1]).url?.absoluteString
                == "https://x.example/?z=1&a=1")
        #expect(body(try URLEncoding.httpBody.encode(request(), with: ["a": 1])) == "a=1")
        #expect(try URLEncoding.default.encode(request(), with: nil) == request())
        let alamofireOptions = URLEncoding(arrayEncoding: .noBrackets, boolEncoding: .literal)
        #expect(try alamofireOptions.encode(request(), with: ["c": ["x", "y"], "e": true]).url?.query == "c=x&c=y&e=true")
    }

    @Test("JSONEncoding and PropertyListEncoding write their formats and set their types when absent")
    func otherEncodings() throws {
        let json = try JSONEncoding.default.encode(request(method: "POST"), with: ["a": [1, 2]])
        #expect(body(json) == #"{"a":[1,2]}"#)
        #expect(json.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(throws: EncodingError.self) { try JSONEncoding.default.encode(request(), with: ["a": Date()]) }
        for encoding in [PropertyListEncoding.xml, .binary] {
            let plist = try PropertyListEncoding(format: encoding.format).encode(request(method: "POST"), with: ["a": "b", "n": 1])
            #expect(plist.value(forHTTPHeaderField: "Content-Type") == "application/x-plist")
            let data = try #require(plist.httpBody)
            let decoded = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
            #expect(decoded?["a"] as? String == "b")
        }
        var typed = try request(method: "POST")
        typed.setValue("application/vnd.custom+json", forHTTPHeaderField: "Content-Type")
        #expect(try JSONEncoding.default.encode(typed, with: ["a": 1]).value(forHTTPHeaderField: "Content-Type") == "application/vnd.custom+json")
        #expect(try PropertyListEncoding.xml.encode(typed, with: ["a": 1]).value(forHTTPHeaderField: "Content-Type") == "application/vnd.custom+json")
    }

    @Test("localizedDescription of a request error is its message", arguments: [URLEncodedFormRequestError.missingURL, .invalidURL("x")])
    func localizedDescription(error: URLEncodedFormRequestError) {
        #expect(error.localizedDescription == error.description)
    }
}
