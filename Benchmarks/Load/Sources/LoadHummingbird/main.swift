import Hummingbird
import LoadModel
import URLEncodedForm
import URLEncodedFormHummingbird

// The routes run.sh loads, each reading the same body in its own way:
//   /ceiling    collect the body and answer, decoding nothing: what the framework allows
//   /collect    collect, then URLEncodedFormDecoder().decode(_:from: buffer.readableBytesView)
//   /adapter    URLEncodedFormRequestDecoder, the adapter (decodes as the chunks arrive)
//   /chunked    the body's chunks decoded with no stated length, so always chunk by chunk (what
//               the adapter did before a body whole in its first chunk was decoded in place)
//   /framework  Hummingbird's own URLEncodedFormDecoder, through its RequestDecoder conformance
//   /floor      collect, then the body's Signup from a tree of Swift values built before the run
//               (SignupFloor): the Codable floor, what any Decodable decode of the form costs at least
// Arguments: the port, and the folder of bodies that /floor keeps trees of (run.sh passes both).
let port = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 8081
let bodies = CommandLine.arguments.dropFirst(2).first ?? ".build-load/bodies"
let limit = 2 << 20  // room for the 900 KB body; the decoders' own limits refuse the 3 MB one
let decoder = URLEncodedForm.URLEncodedFormDecoder()
let adapter = URLEncodedFormRequestDecoder(decoder: decoder)
let framework = Hummingbird.URLEncodedFormDecoder()
let floor = try SignupFloor(bodiesIn: bodies) { try decoder.decode(Signup.self, from: $0) }

struct LoadContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    var maxUploadSize: Int { limit }
    init(source: Source) { coreContext = .init(source: source) }
}

let router = Router(context: LoadContext.self)
router.post("ceiling") { request, context -> String in
    let body = try await request.body.collect(upTo: context.maxUploadSize)
    return "\(body.readableBytes)\n"
}
/// The routes that call the decoder themselves answer its errors as the adapter does.
func answering(_ decode: () async throws -> Signup) async throws -> String {
    do {
        return try await decode().summary
    } catch let error as URLEncodedFormDecodingError {
        throw HTTPError(error.code == .inputTooLong ? .contentTooLarge : .badRequest, message: error.description)
    } catch let error as DecodingError {
        throw HTTPError(.badRequest, message: "\(error)")
    }
}

router.post("collect") { request, context -> String in
    let body = try await request.body.collect(upTo: context.maxUploadSize)
    return try await answering { try decoder.decode(Signup.self, from: body.readableBytesView) }
}
router.post("adapter") { request, context -> String in
    try await adapter.decode(Signup.self, from: request, context: context).summary
}
router.post("chunked") { request, context -> String in
    try await answering { try await decoder.decode(Signup.self, from: request.body.map(\.readableBytesView)) }
}
router.post("framework") { request, context -> String in
    do {
        return try await framework.decode(Signup.self, from: request, context: context).summary
    } catch let error as DecodingError {
        throw HTTPError(.badRequest, message: "\(error)")
    }
}
router.post("floor") { request, context -> String in
    let body = try await request.body.collect(upTo: context.maxUploadSize)
    guard let signup = try floor.decode(bodyOf: body.readableBytes) else { throw HTTPError(.badRequest) }
    return signup.summary
}

let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()
