import LoadModel
import URLEncodedForm
import URLEncodedFormVapor
import Vapor

// The routes run.sh loads, each reading the same body in its own way:
//   /ceiling    Vapor collects the body; the route answers, decoding nothing
//   /collect    collected, then URLEncodedFormDecoder().decode(_:from: buffer.readableBytesView)
//   /content    req.content.decode(_:using:) with this package's ContentDecoder (the adapter)
//   /stream     body: .stream, req.decodeURLEncodedForm(_:) (the adapter, as the chunks arrive)
//   /framework  Vapor's own URLEncodedFormDecoder, through req.content
let port = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 8082
let decoder = URLEncodedForm.URLEncodedFormDecoder()
let framework = Vapor.URLEncodedFormDecoder()

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
app.on(.POST, "collect") { request -> String in
    let body = request.body.data ?? ByteBuffer()
    do {
        return try decoder.decode(Signup.self, from: body.readableBytesView).summary
    } catch let error as URLEncodedFormDecodingError {
        throw Abort(error.code == .inputTooLong ? .payloadTooLarge : .badRequest, reason: error.description)
    } catch let error as DecodingError {
        throw Abort(.badRequest, reason: "\(error)")
    }
}
app.on(.POST, "content") { request -> String in
    try request.content.decode(Signup.self, using: decoder).summary
}
app.on(.POST, "stream", body: .stream) { request async throws -> String in
    try await request.decodeURLEncodedForm(Signup.self, using: decoder).summary
}
app.on(.POST, "framework") { request -> String in
    try request.content.decode(Signup.self, using: framework).summary
}

do {
    try await app.execute()
} catch {
    app.logger.report(error: error)
}
try await app.asyncShutdown()
