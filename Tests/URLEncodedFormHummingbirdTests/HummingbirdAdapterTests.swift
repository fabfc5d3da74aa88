// Run with the package trait: swift test --traits Hummingbird --filter URLEncodedFormHummingbirdTests
#if Hummingbird
import Foundation
import Hummingbird
import HummingbirdTesting
import AdapterRefusals
import Testing
import URLEncodedForm
import URLEncodedFormHummingbird

private struct Signup: ResponseCodable, Equatable {
    struct Address: Codable, Equatable {
        var city: String
        var zip: Int
    }

    var name: String
    var age: Int
    var address: Address
}

private struct FormContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    var requestDecoder: URLEncodedFormRequestDecoder {
        URLEncodedFormRequestDecoder(
            decoder: URLEncodedForm.URLEncodedFormDecoder(
                limits: .init(maximumInputLength: 256, maximumParameterCount: 20), errorReporting: .everyField)
        )
    }
    var responseEncoder: URLEncodedFormResponseEncoder { URLEncodedFormResponseEncoder() }

    init(source: Source) {
        coreContext = .init(source: source)
    }
}

/// A context whose uploads are smaller than the decoder's limit, and which reads JSON too.
private struct SmallUploadContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    var maxUploadSize: Int { 64 }
    var requestDecoder: URLEncodedFormRequestDecoder { URLEncodedFormRequestDecoder(otherContentTypes: JSONDecoder()) }
    var responseEncoder: URLEncodedFormResponseEncoder { URLEncodedFormResponseEncoder() }

    init(source: Source) {
        coreContext = .init(source: source)
    }
}

@Suite("Hummingbird adapter, against Hummingbird 2.28.1")
struct HummingbirdAdapterTests {
    private static func app() -> some ApplicationProtocol {
        let router = Router(context: FormContext.self)
        router.post("/signup") { request, context -> Signup in
            try await request.decode(as: Signup.self, context: context)
        }
        // Every limit lifted, for the largest values a client can send.
        router.post("/lifted") { request, context -> Signup in
            var decoder = URLEncodedForm.URLEncodedFormDecoder(limits: .unlimited)
            if request.uri.query == "every" { decoder.errorReporting = .everyField }
            return try await URLEncodedFormRequestDecoder(decoder: decoder).decode(Signup.self, from: request, context: context)
        }
        return Application(router: router)
    }

    private static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded; charset=utf-8"]

    @Test("a nested form body decodes, and the response body is written as a form")
    func roundTrip() async throws {
        try await Self.app().test(.router) { client in
            let body = ByteBuffer(string: "name=J%C3%BCrgen&age=36&address[city]=K%C3%B6ln&address[zip]=50667")
            try await client.execute(uri: "/signup", method: .post, headers: Self.form, body: body) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/x-www-form-urlencoded")
                #expect(String(buffer: response.body) == "address%5Bcity%5D=K%C3%B6ln&address%5Bzip%5D=50667&age=36&name=J%C3%BCrgen")
            }
        }
    }

    @Test(
        "bad requests are answered with the right status and the decoder's message",
        arguments: [
            ("application/json", "{}", 415, "Expected a body of type application/x-www-form-urlencoded"),
            ("application/x-www-form-urlencodedx", "name=Ada", 415, "Expected a body of type application/x-www-form-urlencoded"),
            // Media types are case-insensitive (RFC 9110, 8.3.1), and spaces around `;` are allowed.
            (
                "Application/X-WWW-Form-URLEncoded ; charset=UTF-8", "name=Ada&age=old&address[city]=X&address[zip]=1", 422,
                "1 field could not be decoded"
            ),
            ("application/x-www-form-urlencoded", "name=Ada&age=old&address[zip]=x", 422, "3 fields could not be decoded"),
            ("application/x-www-form-urlencoded", "name=Ada&age=1&address=x&address[city]=y", 400, "conflicts with an earlier key"),
            // Refused as the body arrives, by the decoder's limits.
            ("application/x-www-form-urlencoded", "name=" + String(repeating: "a", count: 300), 413, "more than the 256 bytes"),
            ("application/x-www-form-urlencoded", String(repeating: "a=1&", count: 30), 400, "more than the 20 parameters"),
        ] as [(String, String, Int, String)]
    )
    func errors(contentType: String, body: String, status: Int, message: String) async throws {
        try await Self.app().test(.router) { client in
            try await client.execute(
                uri: "/signup", method: .post, headers: [.contentType: contentType], body: ByteBuffer(string: body)
            ) { response in
                #expect(response.status.code == status)
                if !message.isEmpty {
                    let text = try Self.message(of: response)
                    #expect(text.contains(message))
                }
            }
        }
    }

    /// Content-Type is one field (RFC 9110, 8.3): sent twice, even as two forms, the request is
    /// not a form, as Hummingbird's `headers[.contentType]` reads it (the values joined).
    @Test("a request with two Content-Type fields is answered 415")
    func repeatedContentType() async throws {
        // A field per element of the literal, in order, the repeated name kept.
        let headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .contentType: "application/x-www-form-urlencoded"]
        try await Self.app().test(.router) { client in
            try await client.execute(uri: "/signup", method: .post, headers: headers, body: ByteBuffer(string: "name=Ada&age=1")) { response in
                #expect(response.status.code == 415)
            }
        }
    }

    /// The message of an answer: every refusal goes through Hummingbird's `HTTPError`, which the
    /// context's response encoder writes, here as a form (`error[message]=…`).
    private static func message(of response: TestResponse) throws -> String {
        #expect(response.headers[.contentType] == "application/x-www-form-urlencoded", "\(String(buffer: response.body))")
        let form = try URLEncodedForm.URLEncodedFormDecoder().decode([String: [String: String]].self, from: String(buffer: response.body))
        return form["error"]?["message"] ?? ""
    }

    /// A value of one `Character`, a digit and 300,000 combining marks (1.8 MB escaped), and a
    /// Content-Type of 100,000 bytes: every answer stays under 1 KB.
    @Test("answers quote the input they refuse briefly", arguments: ["", "every"])
    func boundedAnswers(query: String) async throws {
        let marks = "1" + String(repeating: "%CC%81", count: 300_000)
        try await Self.app().test(.router) { client in
            try await client.execute(
                uri: "/lifted?\(query)", method: .post, headers: Self.form,
                body: ByteBuffer(string: "name=Ada&age=\(marks)&address[city]=X&address[zip]=1")
            ) { response in
                #expect(response.status.code == (query.isEmpty ? 400 : 422))
                #expect(response.body.readableBytes < 1024, "\(response.body.readableBytes) bytes")
                let text = try Self.message(of: response)
                #expect(text.contains("age"))
            }
            let contentType = "text/" + String(repeating: "x", count: 100_000)
            try await client.execute(uri: "/lifted", method: .post, headers: [.contentType: contentType], body: ByteBuffer(string: "a=1")) {
                response in
                #expect(response.status.code == 415)
                #expect(response.body.readableBytes < 1024, "\(response.body.readableBytes) bytes")
            }
        }
    }

    /// The context's `maxUploadSize` (64 bytes) is smaller than the decoder's 1 MiB: it limits
    /// the body, as it does for Hummingbird's own decoders; where the decoder's limit is the
    /// smaller (`FormContext`: 256 bytes against Hummingbird's 2 MB), the decoder's does.
    @Test(
        "the context's maxUploadSize limits a body where it is smaller, and another content type goes to the other decoder",
        arguments: [
            ("application/x-www-form-urlencoded", "name=Ada&age=36&address[city]=X&address[zip]=1", 200, "address%5Bcity%5D=X"),
            (
                "application/x-www-form-urlencoded", "name=Ada&age=36&address[city]=" + String(repeating: "x", count: 40) + "&address[zip]=1",
                413, "the 64 bytes the request context's maxUploadSize allows"
            ),
            ("application/json", #"{"name":"Ada","age":36,"address":{"city":"X","zip":1}}"#, 200, "address%5Bcity%5D=X"),
            // Hummingbird's answers to JSONDecoder's errors: the fallback read them.
            ("application/json", #"{"name":"Ada"}"#, 400, "Coding key `age` not found"),
            ("text/plain", "name=Ada", 400, "not valid JSON"),
        ] as [(String, String, Int, String)]
    )
    func contextLimitAndOtherTypes(contentType: String, body: String, status: Int, text: String) async throws {
        let router = Router(context: SmallUploadContext.self)
        router.post("/signup") { request, context -> Signup in
            try await request.decode(as: Signup.self, context: context)
        }
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/signup", method: .post, headers: [.contentType: contentType], body: ByteBuffer(string: body)) {
                response in
                #expect(response.status.code == status, "\(String(buffer: response.body))")
                let answer = status == 200 ? String(buffer: response.body) : try Self.message(of: response)
                #expect(text.isEmpty || answer.contains(text), "\(String(buffer: response.body))")
            }
        }
    }

    @Test("the 422 lists every field with its message")
    func fieldErrors() async throws {
        try await Self.app().test(.router) { client in
            try await client.execute(
                uri: "/signup", method: .post, headers: Self.form, body: ByteBuffer(string: "name=Ada&age=old&address[zip]=x")
            ) { response in
                #expect(response.status.code == 422)
                let text = try Self.message(of: response)
                #expect(text.contains("- age: Expected Int (a whole number) at \"age\", but found the value \"old\"."))
                #expect(text.contains("- address[city]: No value for the key \"city\""))
                #expect(text.contains("- address[zip]: Expected Int"))
            }
        }
    }

    /// Every refusal kind in `Tests/Fixtures/adapter-refusals.json`, which the Vapor adapter's tests
    /// read too: the same status and sentence, and the shape and `Content-Type` of Hummingbird's
    /// `HTTPError` under the context's response encoder, a form or JSON.
    @Test("every refusal is answered through Hummingbird's error path with the table's status and sentence", arguments: try RefusalCase.all())
    func refusals(refusal: RefusalCase) async throws {
        let asForm = try await Self.answer(refusal, context: FormRefusalContext.self)
        #expect(asForm.status == refusal.status)
        #expect(asForm.contentType == "application/x-www-form-urlencoded")
        let form = try URLEncodedForm.URLEncodedFormDecoder().decode([String: [String: String]].self, from: asForm.body)
        #expect(form == ["error": ["message": refusal.message]])

        let asJSON = try await Self.answer(refusal, context: JSONRefusalContext.self)
        #expect(asJSON.status == refusal.status)
        #expect(asJSON.contentType == "application/json; charset=utf-8")
        let json = try JSONDecoder().decode([String: [String: String]].self, from: Data(asJSON.body.utf8))
        #expect(json == ["error": ["message": refusal.message]])
    }

    /// The answer to one refusal's request: `route` "first" decodes through the context's request
    /// decoder, "every" through one that reports every field.
    private static func answer<Context: RequestContext & InitializableFromSource<ApplicationRequestContextSource>>(
        _ refusal: RefusalCase, context: Context.Type
    ) async throws -> (status: Int, contentType: String?, body: String) where Context.Decoder == URLEncodedFormRequestDecoder {
        let router = Router(context: Context.self)
        router.post("/first") { request, context -> Signup in
            try await request.decode(as: Signup.self, context: context)
        }
        router.post("/every") { request, context -> Signup in
            var decoder = context.requestDecoder
            decoder.decoder.errorReporting = .everyField
            return try await decoder.decode(Signup.self, from: request, context: context)
        }
        var headers = HTTPFields()
        headers[values: .contentType] = refusal.contentTypes
        let fields = headers
        return try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/\(refusal.route)", method: .post, headers: fields, body: ByteBuffer(string: refusal.body)) { response in
                (Int(response.status.code), response.headers[.contentType], String(buffer: response.body))
            }
        }
    }

    @Test(
        "a charset parameter picks the charset the body is read in, and a sentinel in the form still decides",
        arguments: [
            ("application/x-www-form-urlencoded; charset=ISO-8859-1", "name=J%FCrgen&age=1&address[city]=K%F6ln&address[zip]=1", "J\u{FC}rgen"),
            ("application/x-www-form-urlencoded; charset=\"windows-1252\"", "name=%80&age=1&address[city]=x&address[zip]=1", "\u{20AC}"),
            ("application/x-www-form-urlencoded;charset=us-ascii", "name=J%FCrgen&age=1&address[city]=x&address[zip]=1", "J\u{FC}rgen"),
            ("application/x-www-form-urlencoded; charset=utf-8", "name=J%C3%BCrgen&age=1&address[city]=x&address[zip]=1", "J\u{FC}rgen"),
            // Without the parameter, UTF-8, where %FC is no character.
            ("application/x-www-form-urlencoded", "name=J%FCrgen&age=1&address[city]=x&address[zip]=1", "J\u{FFFD}rgen"),
            // The form's own _charset_ wins where the decoder reads it (the sentinel route).
            (
                "application/x-www-form-urlencoded; charset=ISO-8859-1", "_charset_=UTF-8&name=J%C3%BCrgen&age=1&address[city]=x&address[zip]=1",
                "J\u{FC}rgen"
            ),
        ] as [(String, String, String)]
    )
    func charsetParameter(contentType: String, body: String, name: String) async throws {
        let router = Router(context: JSONRefusalContext.self)
        router.post("/signup") { request, context -> Signup in
            var decoder = context.requestDecoder
            decoder.decoder.charset.sentinel = true
            return try await decoder.decode(Signup.self, from: request, context: context)
        }
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/signup", method: .post, headers: [.contentType: contentType], body: ByteBuffer(string: body)) {
                response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                let signup = try JSONDecoder().decode(Signup.self, from: Data(String(buffer: response.body).utf8))
                #expect(signup.name == name)
            }
        }
    }
}

/// The request decoder of the refusal table's routes: the adapter, with the table's limits.
private let refusalDecoder = URLEncodedFormRequestDecoder(
    decoder: URLEncodedForm.URLEncodedFormDecoder(
        limits: .init(maximumInputLength: 256, maximumParameterCount: 20), dialect: .init(malformedKeys: .error)))

/// The refusal table's routes, answered as forms.
private struct FormRefusalContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    var requestDecoder: URLEncodedFormRequestDecoder { refusalDecoder }
    var responseEncoder: URLEncodedFormResponseEncoder { URLEncodedFormResponseEncoder() }

    init(source: Source) {
        coreContext = .init(source: source)
    }
}

/// The refusal table's routes, answered as Hummingbird answers by default: JSON.
private struct JSONRefusalContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    var requestDecoder: URLEncodedFormRequestDecoder { refusalDecoder }

    init(source: Source) {
        coreContext = .init(source: source)
    }
}
#endif
