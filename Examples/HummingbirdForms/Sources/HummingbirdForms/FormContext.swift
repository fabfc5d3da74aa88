import Hummingbird
import URLEncodedForm
import URLEncodedFormHummingbird

/// A request context whose bodies decode as forms, with the package's adapter: each body is
/// decoded as it arrives and refused at the first byte past a limit (400 or 413, with the
/// decoder's message). Every bad field is reported at once (`URLEncodedFormFieldErrors`), for
/// the route to re-render the form with a message beside each.
struct FormContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    var requestDecoder: URLEncodedFormRequestDecoder {
        URLEncodedFormRequestDecoder(decoder: URLEncodedForm.URLEncodedFormDecoder(errorReporting: .everyField))
    }

    init(source: Source) {
        coreContext = .init(source: source)
    }
}
