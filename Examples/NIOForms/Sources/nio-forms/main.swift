// A plain SwiftNIO server that decodes application/x-www-form-urlencoded bodies as they arrive,
// on the core library alone: built without the FoundationAPI trait, it links no Foundation.
//
//     swift run nio-forms 8080
//     curl -d 'name=Ada&address[city]=K%C3%B6ln&tags[]=a&tags[]=b' http://127.0.0.1:8080/signup
import FormServer
import NIOHTTP1
import URLEncodedForm

struct Signup: Decodable {
    var name: String
    var tags: [String]?
    var address: Address

    struct Address: Decodable {
        var city: String
    }
}

let decoder = URLEncodedFormDecoder(limits: .init(maximumInputLength: 64 << 10, maximumParameterCount: 100))
let port = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 8080

try await serve(port: port) { request in
    guard request.head.method == .POST, request.head.uri == "/signup" else { return Response(.notFound, "POST a form to /signup\n") }
    guard request.mediaType == "application/x-www-form-urlencoded" else {
        return Response(.unsupportedMediaType, "Expected application/x-www-form-urlencoded\n")
    }
    do {
        let signup = try await decoder.decode(Signup.self, from: request.body)
        return Response(.ok, "name: \(signup.name)\ncity: \(signup.address.city)\ntags: \((signup.tags ?? []).joined(separator: ", "))\n")
    } catch let error as URLEncodedFormDecodingError {
        let status: HTTPResponseStatus = error.code == .inputTooLong ? .payloadTooLarge : .badRequest
        return Response(status, "\(error.description) (\(request.body.bytesRead) bytes read)\n")
    } catch {
        return Response(.badRequest, "\(error)\n")
    }
}
