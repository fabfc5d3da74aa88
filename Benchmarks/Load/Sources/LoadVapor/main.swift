import LoadModel
import URLEncodedForm
import URLEncodedFormVapor
import Vapor

// The routes run.sh loads, each reading the same body in its own way:
//   /ceiling    Vapor collects the body; the route answers, decoding nothing
//   /collect    collected, then URLEncodedFormDecoder().decode(_:from: buffer.readableBytesView)
//   /content    req.content.decode(_:using:) with this package's ContentDecoder (the adapter)
//   /streamceiling   body: .stream, the body collected in the handler and answered, decoding
//                    nothing: what Vapor allows a streamed route (an async one, the stream drained)
//   /streamcollect   body: .stream, collected in the handler, then decoded: what a streamed route
//                    does without the adapter
//   /streamiterate   body: .stream, `for try await` over request.body into one buffer, then
//                    decoded: Vapor's async body sequence, which the adapter reads, without the adapter
//   /stream     body: .stream, req.decodeURLEncodedForm(_:) (the adapter, as the chunks arrive)
//   /framework  Vapor's own URLEncodedFormDecoder, through req.content
//   /floor      collected, then the body's Signup from a tree of Swift values built before the run
//               (SignupFloor): the Codable floor, what any Decodable decode of the form costs at least
// Arguments: the port, and the folder of bodies that /floor keeps trees of (run.sh passes both).
let port = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 8082
let bodies = CommandLine.arguments.dropFirst(2).first ?? ".build-load/bodies"
let decoder = URLEncodedForm.URLEncodedFormDecoder()
let framework = Vapor.URLEncodedFormDecoder()
let floor = try SignupFloor(bodiesIn: bodies) { try decoder.decode(Signup.self, from: $0) }

extension Signup: Content {}

var environment = Environment(name: "production", arguments: ["vapor"])
try LoggingSystem.bootstrap(from: &environment)
let app = try await Application.make(environment)
app.http.server.configuration.hostname = "127.0.0.1"
app.http.server.configuration.port = port
app.logger.logLevel = .critical
// Room for the 900 KB body; the decoders' own limits refuse the 3 MB one.
app.routes.defaultMaxBodySize = "2mb"

app.on(.POST, "ceiling") { request -> String in
    "\(request.body.data?.readableBytes ?? 0)\n"
}
/// The routes that call the decoder themselves answer its errors as the adapter does.
func answer(decoding body: ByteBuffer) throws -> String {
    do {
        return try decoder.decode(Signup.self, from: body.readableBytesView).summary
    } catch let error as URLEncodedFormDecodingError {
        throw Abort(error.code == .inputTooLong ? .payloadTooLarge : .badRequest, reason: error.description)
    } catch let error as DecodingError {
        throw Abort(.badRequest, reason: "\(error)")
    }
}
app.on(.POST, "collect") { request -> String in
    try answer(decoding: request.body.data ?? ByteBuffer())
}
app.on(.POST, "content") { request -> String in
    try request.content.decode(Signup.self, using: decoder).summary
}
app.on(.POST, "streamceiling", body: .stream) { request async throws -> String in
    let body = try await request.body.collect(max: app.routes.defaultMaxBodySize.value).get()
    return "\(body?.readableBytes ?? 0)\n"
}
app.on(.POST, "streamcollect", body: .stream) { request async throws -> String in
    try answer(decoding: try await request.body.collect(max: app.routes.defaultMaxBodySize.value).get() ?? ByteBuffer())
}
app.on(.POST, "streamiterate", body: .stream) { request async throws -> String in
    var body = ByteBuffer()
    for try await chunk in request.body {
        var chunk = chunk
        body.writeBuffer(&chunk)
    }
    return try answer(decoding: body)
}
app.on(.POST, "stream", body: .stream) { request async throws -> String in
    try await request.decodeURLEncodedForm(Signup.self, using: decoder).summary
}
app.on(.POST, "framework") { request -> String in
    try request.content.decode(Signup.self, using: framework).summary
}
app.on(.POST, "floor") { request -> String in
    guard let signup = try floor.decode(bodyOf: request.body.data?.readableBytes ?? 0) else { throw Abort(.badRequest) }
    return signup.summary
}

do {
    try await app.execute()
} catch {
    app.logger.report(error: error)
}
try await app.asyncShutdown()
