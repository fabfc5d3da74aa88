// A Vapor 4 app whose form bodies and query strings are read by URLEncodedForm:
//
//     swift run --traits Vapor url-encoded-form-vapor-example serve --port 8080
//
// Without the `Vapor` trait it is a stub, so that the package builds without Vapor.
#if Vapor
import URLEncodedForm
import URLEncodedFormVapor
import Vapor

struct Signup: Content {
    struct Address: Content {
        var street: String
        var city: String
    }

    var name: String
    var age: Int
    var tags: [String]
    var address: Address
}

struct Search: Content {
    var q: String
    var page: Int?
    var tags: [String]
}

// One line each switches Vapor's form and query coders to URLEncodedForm.
ContentConfiguration.global.use(encoder: URLEncodedForm.URLEncodedFormEncoder(), for: .urlEncodedForm)
ContentConfiguration.global.use(decoder: URLEncodedForm.URLEncodedFormDecoder(errorReporting: .everyField), for: .urlEncodedForm)
ContentConfiguration.global.use(urlDecoder: URLEncodedForm.URLEncodedFormDecoder())
ContentConfiguration.global.use(urlEncoder: URLEncodedForm.URLEncodedFormEncoder())

let app = try await Application.make(try Environment.detect())
// Answers with JSON, so the test reads back exactly what was decoded.
app.post("signup") { request -> Signup in
    try request.content.decode(Signup.self)
}
app.get("search") { request -> Search in
    try request.query.decode(Search.self)
}
do {
    try await app.execute()
} catch {
    app.logger.report(error: error)
}
try await app.asyncShutdown()
#else
print("Build with the Vapor trait: swift run --traits Vapor url-encoded-form-vapor-example serve --port 8080")
#endif
