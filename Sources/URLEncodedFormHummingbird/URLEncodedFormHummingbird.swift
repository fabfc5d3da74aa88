// Built with the package trait `Hummingbird`; without it this module is empty, and the
// package resolves no Hummingbird.
#if Hummingbird
import Hummingbird
import URLEncodedForm

/// Hummingbird's `RequestDecoder` for `application/x-www-form-urlencoded` bodies.
///
/// The body is decoded as its chunks arrive, each copied once into the parsed form, and refused
/// as soon as it breaks one of the decoder's ``URLEncodedForm/URLEncodedFormDecoder/Limits-swift.struct``,
/// or grows past the request context's `maxUploadSize` where that is smaller than the decoder's
/// `maximumInputLength`, as Hummingbird's own decoders do: the rest of it is not read. A request
/// of another content type goes to ``otherContentTypes`` when there is one (a `JSONDecoder`, say),
/// and is answered with 415 when there is none.
///
/// ```swift
/// struct AppContext: RequestContext {
///     var coreContext: CoreRequestContextStorage
///     var requestDecoder: URLEncodedFormRequestDecoder {
///         URLEncodedFormRequestDecoder(otherContentTypes: JSONDecoder())  // forms and JSON
///     }
///     init(source: Source) { coreContext = .init(source: source) }
/// }
/// router.post("/signup") { request, context in
///     let signup = try await request.decode(as: Signup.self, context: context)
///     …
/// }
/// ```
///
/// Errors answer for themselves: input past a limit is 413 or 400, a conflicting key 400, a value
/// that cannot be read 400, and with `errorReporting: .everyField` the collected
/// ``URLEncodedForm/URLEncodedFormFieldErrors`` 422, each with the decoder's message. A route can
/// catch them first to render its own page.
public struct URLEncodedFormRequestDecoder: RequestDecoder, Sendable {
    /// The decoder the bodies are read with.
    public var decoder: URLEncodedForm.URLEncodedFormDecoder
    /// The decoder of a request whose body is not a form, such as Hummingbird's `JSONDecoder`;
    /// `nil`, the default, answers such a request with 415 Unsupported Media Type.
    public var otherContentTypes: (any RequestDecoder & Sendable)?

    /// Creates a request decoder.
    ///
    /// - Parameters:
    ///   - decoder: The decoder the bodies are read with. The defaults unless told.
    ///   - otherContentTypes: The decoder of a request whose body is not a form; `nil` answers
    ///     it with 415.
    public init(decoder: URLEncodedForm.URLEncodedFormDecoder = .init(), otherContentTypes: (any RequestDecoder & Sendable)? = nil) {
        self.decoder = decoder
        self.otherContentTypes = otherContentTypes
    }

    @inlinable
    public func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        // Inlinable, so that a server's call is compiled for its value and context types; the
        // body read through `BodyBytes`, not `map`; the headers, not the request, handed to
        // the code out of line. Together they took a small form's request from 1.20x the
        // instructions of collecting the body and decoding it to 0.996x (Benchmarks/Load/count.sh:
        // 64,363 -> 53,298, against 53,527).
        guard
            let form = FormRequest(request.headers, inputLimit: decoder.limits.maximumInputLength, uploadLimit: context.maxUploadSize)
        else {
            guard let otherContentTypes else { throw Self.unsupportedMediaType(request) }
            return try await otherContentTypes.decode(type, from: request, context: context)
        }
        let body = BodyBytes(request.body) { $0.readableBytesView }
        do {
            // The decoder is copied only to be limited: a copy retains every strategy it holds.
            guard let contextLimit = form.contextLimit else {
                return try await decoder.decode(type, from: body, expectedLength: form.contentLength)
            }
            var limited = decoder
            limited.limits.maximumInputLength = contextLimit
            return try await limited.decode(type, from: body, expectedLength: form.contentLength)
        } catch {
            throw form.answer(error)
        }
    }

    @usableFromInline
    static func unsupportedMediaType(_ request: Request) -> HTTPError {
        HTTPError(
            .unsupportedMediaType,
            message:
                "Expected a body of type application/x-www-form-urlencoded, but the request has \(request.headers[.contentType].map(ErrorQuote.quote) ?? "no Content-Type")."
        )
    }
}

/// A form request's headers as the adapter reads them, and the limit its body is read under.
@usableFromInline
struct FormRequest {
    @usableFromInline let contentLength: Int?
    /// The request context's upload limit, where it is smaller than the decoder's
    /// `maximumInputLength`: it refuses the body as Hummingbird's `collect(upTo:)` does, with 413
    /// at the byte that breaks it.
    @usableFromInline let contextLimit: Int?

    /// `nil` when the request is not a form.
    @usableFromInline
    init?(_ headers: HTTPFields, inputLimit: Int, uploadLimit: Int) {
        // One pass over the fields for both, not `headers[name]` twice: each of those scans the
        // fields twice and joins the values into a new string (3% of a small form's server time
        // in the load benchmark's profile). A repeated Content-Type is no form, as joined.
        var contentType: String?
        var contentTypes = 0
        var contentLength: Int?
        for field in headers {
            if field.name == .contentType {
                contentType = field.value
                contentTypes += 1
            } else if field.name == .contentLength {
                contentLength = Int(field.value)
            }
        }
        guard contentTypes == 1, let contentType, FormMediaType.matches(contentType) else { return nil }
        self.contentLength = contentLength
        contextLimit = uploadLimit < inputLimit ? uploadLimit : nil
    }

    /// What the route throws for an error decoding the body: an `HTTPError` for the context's
    /// upload limit and for a `DecodingError`; any other error as it is.
    @usableFromInline
    func answer(_ error: any Error) -> any Error {
        if let contextLimit, let error = error as? URLEncodedFormDecodingError, error.code == .inputTooLong {
            return HTTPError(
                .contentTooLarge, message: "The body is longer than the \(contextLimit) bytes the request context's maxUploadSize allows.")
        }
        if let error = error as? DecodingError {
            return HTTPError(.badRequest, message: PlainTextErrorResponse.message(of: error))
        }
        return error
    }
}

/// Hummingbird's `ResponseEncoder` that writes `application/x-www-form-urlencoded` bodies.
public struct URLEncodedFormResponseEncoder: ResponseEncoder, Sendable {
    /// The encoder the bodies are written with.
    public var encoder: URLEncodedForm.URLEncodedFormEncoder

    public init(encoder: URLEncodedForm.URLEncodedFormEncoder = .init()) {
        self.encoder = encoder
    }

    public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response {
        let bytes: [UInt8] = try encoder.encode(value)
        let buffer = ByteBuffer(bytes: bytes)
        return Response(
            status: .ok,
            headers: [.contentType: "application/x-www-form-urlencoded", .contentLength: String(buffer.readableBytes)],
            body: .init(byteBuffer: buffer)
        )
    }
}

/// The plain-text bodies the adapter answers refused requests with, and the decoder's message
/// for a `DecodingError`.
enum PlainTextErrorResponse {
    /// The decoder's own sentence, which names the key as the form spelled it.
    static func message(of error: DecodingError) -> String {
        error.context?.debugDescription ?? "\(error)"
    }

    static func response(_ status: HTTPResponse.Status, _ message: String) -> Response {
        let buffer = ByteBuffer(string: message)
        return Response(
            status: status,
            headers: [.contentType: "text/plain; charset=utf-8", .contentLength: String(buffer.readableBytes)],
            body: .init(byteBuffer: buffer)
        )
    }
}

/// Input refused before decoding: 413 for a body past the length limit, 400 otherwise.
extension URLEncodedFormDecodingError: HTTPResponseError {
    public var status: HTTPResponse.Status { code == .inputTooLong ? .contentTooLarge : .badRequest }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        PlainTextErrorResponse.response(status, description)
    }
}

/// Every field that failed: 422, one line per field.
extension URLEncodedFormFieldErrors: HTTPResponseError {
    public var status: HTTPResponse.Status { .unprocessableContent }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        PlainTextErrorResponse.response(status, description)
    }
}
#endif
