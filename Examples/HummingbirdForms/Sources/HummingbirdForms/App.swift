import Foundation
import Hummingbird
import URLEncodedForm

/// Serves the form at `/` and decodes its posts at `/signup`.
///
///     swift run HummingbirdForms [--port 8080]
@main
struct App {
    static func main() async throws {
        let arguments = CommandLine.arguments
        let port = arguments.firstIndex(of: "--port").flatMap { arguments.dropFirst($0 + 1).first }.flatMap(Int.init) ?? 8080
        let app = Application(router: router(), configuration: .init(address: .hostname("127.0.0.1", port: port)))
        try await app.runService()
    }

    static func router() -> Router<FormContext> {
        let router = Router(context: FormContext.self)
        router.get("/") { _, _ in
            html(Pages.form())
        }
        router.post("/signup") { request, context in
            // Malformed bodies are answered with 400 by the adapter; fields that cannot
            // be read come back as the form, each message beside its input.
            let signup: Signup
            do {
                signup = try await request.decode(as: Signup.self, context: context)
            } catch let errors as URLEncodedFormFieldErrors {
                let messages = Dictionary(errors.fields.map { ($0.field, $0.message) }, uniquingKeysWith: { first, _ in first })
                return html(Pages.form(errors: messages), status: .unprocessableContent)
            }
            let problems = signup.problems
            guard problems.isEmpty else { return html(Pages.problems(problems), status: .unprocessableContent) }
            return html(Pages.result(signup))
        }
        return router
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: text))
        )
    }
}
