import Hummingbird
import URLEncodedForm

/// Hummingbird's `RequestDecoder`, backed by URLEncodedForm: the body is read up to the
/// decoder's input limit, then decoded in place. Hummingbird has a `URLEncodedFormDecoder` of its
/// own, hence the module name.
///
/// Every bad field is reported at once (`URLEncodedFormFieldErrors`), for the route to re-render
/// the form with a message beside each; input refused before decoding is a 400.
struct FormRequestDecoder: RequestDecoder {
    let decoder = URLEncodedForm.URLEncodedFormDecoder(errorReporting: .everyField)

    func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        let body = try await request.body.collect(upTo: decoder.limits.maximumInputLength)
        do {
            return try decoder.decode(type, from: body.readableBytesView)
        } catch let error as URLEncodedFormDecodingError {
            throw HTTPError(.badRequest, message: error.description)
        } catch let error as DecodingError {
            throw HTTPError(.badRequest, message: FormRequestDecoder.describe(error))
        }
    }

    /// The decoder's own message, which names the key as the form spelled it.
    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context):
            context.debugDescription
        @unknown default:
            "\(error)"
        }
    }
}

/// A request context whose bodies decode as forms.
struct FormContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    var requestDecoder: FormRequestDecoder { FormRequestDecoder() }

    init(source: Source) {
        coreContext = .init(source: source)
    }
}
