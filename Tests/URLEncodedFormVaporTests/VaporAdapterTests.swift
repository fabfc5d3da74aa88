// Run with the package trait: swift test --traits Vapor --filter URLEncodedFormVaporTests
#if Vapor
import AdapterRefusals
import Testing
import URLEncodedForm
import URLEncodedFormVapor
import Vapor
import VaporTesting

private struct Signup: Content, Equatable {
    struct Address: Codable, Equatable {
        var city: String
        var zip: Int
    }

    var name: String
    var age: Int
    var address: Address
}

private struct Search: Content, Equatable {
    var q: String
    var tags: [String]
    var page: Int?
}

@Suite("Vapor adapter, against Vapor 4.122.3", .serialized)
struct VaporAdapterTests {
    private static func configure(_ app: Application) async throws {
        // Vapor reads one process-wide configuration; every test here sets the same.
        ContentConfiguration.global.use(encoder: URLEncodedForm.URLEncodedFormEncoder(), for: .urlEncodedForm)
        ContentConfiguration.global.use(
            decoder: URLEncodedForm.URLEncodedFormDecoder(limits: .init(maximumInputLength: 256), errorReporting: .everyField),
            for: .urlEncodedForm
        )
        ContentConfiguration.global.use(urlDecoder: URLEncodedForm.URLEncodedFormDecoder())
        ContentConfiguration.global.use(urlEncoder: URLEncodedForm.URLEncodedFormEncoder())
        app.post("signup") { request -> Response in
            let signup = try request.content.decode(Signup.self)
            let response = Response(status: .ok)
            try response.content.encode(signup, as: .urlEncodedForm)
            return response
        }
        app.on(.POST, "stream", body: .stream) { request async throws -> Response in
            let decoder = URLEncodedForm.URLEncodedFormDecoder(limits: .init(maximumInputLength: 256, maximumParameterCount: 20))
            let signup = try await request.decodeURLEncodedForm(Signup.self, using: decoder)
            let response = Response(status: .ok)
            try response.content.encode(signup, as: .urlEncodedForm)
            return response
        }
        app.get("search") { request -> Search in
            try request.query.decode(Search.self)
        }
        // Every limit lifted, for the largest values a client can send: collected and decoded as
        // Vapor's content, and streamed.
        let lifted = URLEncodedForm.URLEncodedFormDecoder(limits: .unlimited)
        app.on(.POST, "lifted", body: .collect(maxSize: "8mb")) { request -> Response in
            let signup = try request.content.decode(Signup.self, using: lifted)
            return Response(status: .ok, body: .init(string: signup.name))
        }
        app.on(.POST, "lifted-stream", body: .stream) { request async throws -> Response in
            let signup = try await request.decodeURLEncodedForm(Signup.self, using: lifted, maxBodySize: "8mb")
            return Response(status: .ok, body: .init(string: signup.name))
        }
    }

    private static let form: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]

    /// Streamed routes whose body size is smaller than the decoder's 1 MiB: the application's
    /// `routes.defaultMaxBodySize` (16 KB), or the route's own.
    private static func configureBodySizes(_ app: Application) async throws {
        app.on(.POST, "default-size", body: .stream) { request async throws -> Response in
            let signup = try await request.decodeURLEncodedForm(Signup.self)
            return Response(status: .ok, body: .init(string: signup.address.city))
        }
        app.on(.POST, "small", body: .stream) { request async throws -> Response in
            let signup = try await request.decodeURLEncodedForm(Signup.self, maxBodySize: 100)
            return Response(status: .ok, body: .init(string: signup.address.city))
        }
    }

    @Test(
        "a streamed body is limited by the route's body size where it is smaller than the decoder's",
        arguments: [
            ("default-size", 16_000, 200, "x"),
            ("default-size", 17_000, 413, "16384 bytes the application's routes.defaultMaxBodySize allows"),
            ("small", 50, 200, "x"),
            ("small", 120, 413, "100 bytes the route's maxBodySize allows"),
        ]
    )
    func bodySizes(path: String, length: Int, status: Int, text: String) async throws {
        let prefix = "name=Ada&age=36&address[zip]=1&address[city]="
        let body = prefix + String(repeating: "x", count: length - prefix.utf8.count)
        try await withApp(configure: Self.configureBodySizes) { app in
            try await app.testing(method: .running(port: 0)).test(.POST, path, headers: Self.form, body: ByteBuffer(string: body)) {
                response in
                #expect(response.status.code == status, "\(response.body.string)")
                #expect(response.body.string.contains(text), "\(response.body.string)")
            }
        }
    }

    @Test(
        "a streamed body decodes as it arrives, and is refused by the decoder's limits",
        arguments: [
            ("application/x-www-form-urlencoded", "name=J%C3%BCrgen&age=36&address[city]=K%C3%B6ln&address[zip]=50667", 200, "age=36"),
            ("application/x-www-form-urlencoded", "name=" + String(repeating: "a", count: 300), 413, "more than the 256 bytes"),
            ("application/x-www-form-urlencoded", String(repeating: "a=1&", count: 30), 400, "more than the 20 parameters"),
            // Media types are case-insensitive (RFC 9110, 8.3.1), and spaces around `;` are allowed.
            ("Application/X-WWW-Form-URLEncoded ; charset=UTF-8", "name=Ada&age=36&address[city]=X&address[zip]=1", 200, "age=36"),
            // Vapor writes the reason as JSON, with `/` escaped.
            ("application/json", "{}", 415, "Expected a body of type application"),
            ("application/x-www-form-urlencodedx", "name=Ada", 415, "Expected a body of type application"),
        ] as [(String, String, Int, String)]
    )
    func streamed(contentType: String, body: String, status: Int, text: String) async throws {
        for method in [Application.Method.inMemory, .running(port: 0)] {
            try await withApp(configure: Self.configure) { app in
                try await app.testing(method: method).test(
                    .POST, "stream", headers: ["Content-Type": contentType], body: ByteBuffer(string: body)
                ) { response in
                    #expect(response.status.code == status)
                    #expect(response.body.string.contains(text), "\(response.body.string)")
                }
            }
        }
    }

    @Test("a nested form body decodes, and the response is written as a form")
    func body() async throws {
        try await withApp(configure: Self.configure) { app in
            try await app.testing().test(
                .POST, "signup", headers: Self.form,
                body: ByteBuffer(string: "name=J%C3%BCrgen&age=36&address[city]=K%C3%B6ln&address[zip]=50667")
            ) { response in
                #expect(response.status == .ok)
                #expect(response.headers.contentType == .urlEncodedForm)
                #expect(response.body.string == "address%5Bcity%5D=K%C3%B6ln&address%5Bzip%5D=50667&age=36&name=J%C3%BCrgen")
            }
        }
    }

    @Test("req.query decodes with URLEncodedForm: repeated keys and brackets are arrays")
    func query() async throws {
        try await withApp(configure: Self.configure) { app in
            try await app.testing().test(.GET, "search?q=a+b&tags[]=x&tags=y") { response in
                #expect(response.status == .ok)
                let search = try response.content.decode(Search.self, using: JSONDecoder())
                #expect(search == Search(q: "a b", tags: ["x", "y"], page: nil))
            }
        }
    }

    @Test(
        "bad bodies are answered with the right status and the decoder's message",
        arguments: [
            ("name=Ada&age=old&address[zip]=x", 422, "3 fields could not be decoded"),
            ("name=Ada&age=1&address=x&address[city]=y", 400, "conflicts with an earlier key"),
            ("name=" + String(repeating: "a", count: 300), 413, "maximumInputLength"),
        ] as [(String, Int, String)]
    )
    func errors(body: String, status: Int, message: String) async throws {
        try await withApp(configure: Self.configure) { app in
            try await app.testing().test(.POST, "signup", headers: Self.form, body: ByteBuffer(string: body)) { response in
                #expect(response.status.code == UInt(status))
                #expect(response.body.string.contains(message))
            }
        }
    }

    /// A value of one `Character`, a digit and 300,000 combining marks (1.8 MB escaped), and a
    /// Content-Type of 100,000 bytes: every answer stays under 1 KB.
    @Test("answers quote the input they refuse briefly", arguments: ["lifted", "lifted-stream"])
    func boundedAnswers(path: String) async throws {
        let marks = "1" + String(repeating: "%CC%81", count: 300_000)
        try await withApp(configure: Self.configure) { app in
            try await app.testing(method: .running(port: 0)).test(
                .POST, path, headers: Self.form, body: ByteBuffer(string: "name=Ada&age=\(marks)&address[city]=X&address[zip]=1")
            ) { response in
                #expect(response.status == .badRequest)
                #expect(response.body.readableBytes < 1024, "\(response.body.readableBytes) bytes")
                #expect(response.body.string.contains("age"))
            }
            if path == "lifted-stream" {
                let contentType = "text/" + String(repeating: "x", count: 100_000)
                try await app.testing().test(.POST, path, headers: ["Content-Type": contentType], body: ByteBuffer(string: "a=1")) { response in
                    #expect(response.status == .unsupportedMediaType)
                    #expect(response.body.readableBytes < 1024, "\(response.body.readableBytes) bytes")
                }
            }
        }
    }

    @Test("URI query encoding and decoding go through URLEncodedForm")
    func uri() throws {
        var uri = URI(string: "/search")
        try URLEncodedForm.URLEncodedFormEncoder().encode(Search(q: "a b", tags: ["x"], page: 2), to: &uri)
        #expect(uri.query == "page=2&q=a%20b&tags%5B%5D=x")
        #expect(try URLEncodedForm.URLEncodedFormDecoder().decode(Search.self, from: uri) == Search(q: "a b", tags: ["x"], page: 2))
    }

    /// The routes of the refusal table, each collected (`request.content.decode`) and streamed
    /// (`decodeURLEncodedForm`), with the table's decoder; "every" reports every field.
    private static func configureRefusals(_ app: Application) async throws {
        let first = URLEncodedForm.URLEncodedFormDecoder(
            limits: .init(maximumInputLength: 256, maximumParameterCount: 20), dialect: .init(malformedKeys: .error))
        var every = first
        every.errorReporting = .everyField
        for (route, decoder) in [("first", first), ("every", every)] {
            app.post(.constant(route)) { request -> Signup in
                try request.content.decode(Signup.self, using: decoder)
            }
            app.on(.POST, .constant(route + "-stream"), body: .stream) { request async throws -> Signup in
                try await request.decodeURLEncodedForm(Signup.self, using: decoder)
            }
            app.on(.POST, .constant(route + "-sentinel"), body: .stream) { request async throws -> Signup in
                var decoder = decoder
                decoder.charset.sentinel = true
                return try await request.decodeURLEncodedForm(Signup.self, using: decoder)
            }
        }
    }

    /// Every refusal kind in `Tests/Fixtures/adapter-refusals.json`, which the Hummingbird
    /// adapter's tests read too: the same status and sentence, in the shape and `Content-Type` of
    /// Vapor's `ErrorMiddleware`, on a collected route and on a streamed one.
    @Test("every refusal is answered through Vapor's error path with the table's status and sentence", arguments: try RefusalCase.all())
    func refusals(refusal: RefusalCase) async throws {
        var headers = HTTPHeaders()
        for contentType in refusal.contentTypes { headers.add(name: .contentType, value: contentType) }
        for route in [refusal.route, refusal.route + "-stream"] {
            try await withApp(configure: Self.configureRefusals) { app in
                try await app.testing(method: .running(port: 0)).test(.POST, route, headers: headers, body: ByteBuffer(string: refusal.body)) {
                    response in
                    #expect(response.status.code == UInt(refusal.status), "\(route)")
                    #expect(response.headers.first(name: .contentType) == "application/json; charset=utf-8", "\(route)")
                    struct Answer: Decodable, Equatable {
                        var error: Bool
                        var reason: String
                    }
                    let answer = try JSONDecoder().decode(Answer.self, from: response.body)
                    #expect(answer == Answer(error: true, reason: refusal.message), "\(route)")
                }
            }
        }
    }

    @Test(
        "a charset parameter picks the charset the body is read in, and a sentinel in the form still decides",
        arguments: [
            (
                "first", "application/x-www-form-urlencoded; charset=ISO-8859-1", "name=J%FCrgen&age=1&address[city]=K%F6ln&address[zip]=1",
                "J\u{FC}rgen"
            ),
            (
                "first-stream", "application/x-www-form-urlencoded; charset=ISO-8859-1", "name=J%FCrgen&age=1&address[city]=K%F6ln&address[zip]=1",
                "J\u{FC}rgen"
            ),
            (
                "first-stream", "application/x-www-form-urlencoded; charset=\"windows-1252\"", "name=%80&age=1&address[city]=x&address[zip]=1",
                "\u{20AC}"
            ),
            ("first", "application/x-www-form-urlencoded;charset=us-ascii", "name=J%FCrgen&age=1&address[city]=x&address[zip]=1", "J\u{FC}rgen"),
            ("first", "application/x-www-form-urlencoded; charset=utf-8", "name=J%C3%BCrgen&age=1&address[city]=x&address[zip]=1", "J\u{FC}rgen"),
            // Without the parameter, UTF-8, where %FC is no character.
            ("first-stream", "application/x-www-form-urlencoded", "name=J%FCrgen&age=1&address[city]=x&address[zip]=1", "J\u{FFFD}rgen"),
            // The form's own _charset_ wins where the decoder reads it.
            (
                "first-sentinel", "application/x-www-form-urlencoded; charset=ISO-8859-1",
                "_charset_=UTF-8&name=J%C3%BCrgen&age=1&address[city]=x&address[zip]=1", "J\u{FC}rgen"
            ),
        ] as [(String, String, String, String)]
    )
    func charsetParameter(route: String, contentType: String, body: String, name: String) async throws {
        try await withApp(configure: Self.configureRefusals) { app in
            try await app.testing().test(.POST, route, headers: ["Content-Type": contentType], body: ByteBuffer(string: body)) { response in
                #expect(response.status == .ok, "\(response.body.string)")
                let signup = try response.content.decode(Signup.self, using: JSONDecoder())
                #expect(signup.name == name)
            }
        }
    }
}
#endif
