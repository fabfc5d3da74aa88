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
/// `maximumInputLength`, as Hummingbird's own decoders do: the rest of it is not read, and a
/// `Content-Length` past the limit is refused before its first byte. A `charset` parameter of
/// the `Content-Type` is honoured: `charset=ISO-8859-1` (and every label browsers read as
/// windows-1252) reads `J%FCrgen` as `Jürgen`. A request of another content type goes to
/// ``otherContentTypes`` when there is one (a `JSONDecoder`, say), and is answered with 415 when
/// there is none.
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
/// Every refusal goes through Hummingbird's error path as an `HTTPError` would, written by the
/// context's response encoder, so that an app renders them all alike:
///
/// | Refusal | Status |
/// |---|---|
/// | another media type (without ``otherContentTypes``), two `Content-Type` fields, a `charset` the decoder cannot read | 415 |
/// | a body past a limit | 413 |
/// | a value that cannot be read, a key too deep, malformed or conflicting, too many pairs | 400 |
/// | with `errorReporting: .everyField`, every failed field (``URLEncodedForm/URLEncodedFormFieldErrors``) | 422 |
///
/// Each carries the decoder's sentence, which names the key as the form spells it. The decoder's
/// own errors are thrown as they are, so a route can catch
/// ``URLEncodedForm/URLEncodedFormFieldErrors`` first to render its own page; a `DecodingError`
/// is thrown as an `HTTPError` with its sentence.
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
        // Inlinable, so that a server's call is compiled for its value and context types, with
        // the body read through `BodyBytes` rather than `map` (Benchmarks/README.md, "Load").
        do {
            guard let head = try Self.head(request.headers, decoder: decoder, uploadLimit: context.maxUploadSize) else {
                guard let otherContentTypes else { throw FormRefusal.notAForm(contentType: request.headers[.contentType]) }
                return try await otherContentTypes.decode(type, from: request, context: context)
            }
            return try await head.decode(type, from: BodyBytes(request.body) { $0.readableBytesView }, with: decoder)
        } catch let refusal as FormRefusal {
            throw HTTPError(refusal)
        }
    }

    /// The head's fields as ``URLEncodedForm/FormRequestHead`` reads them: one pass over the
    /// fields for both, where `headers[name]` scans them twice and joins the values into a new
    /// string for each name.
    @usableFromInline
    static func head(_ headers: HTTPFields, decoder: URLEncodedForm.URLEncodedFormDecoder, uploadLimit: Int) throws -> FormRequestHead? {
        var contentType: String?
        var contentTypes = 0
        var contentLength: String?
        for field in headers {
            if field.name == .contentType {
                if contentType == nil { contentType = field.value }
                contentTypes += 1
            } else if field.name == .contentLength {
                contentLength = field.value
            }
        }
        return try FormRequestHead(
            contentType: contentType, contentTypeFields: contentTypes, contentLength: contentLength, decoder: decoder,
            frameworkLimit: uploadLimit, frameworkSetting: "the request context's maxUploadSize")
    }
}

extension HTTPError {
    /// A refusal as Hummingbird answers an error: written through the context's response encoder.
    @usableFromInline
    init(_ refusal: FormRefusal) {
        self.init(.init(code: refusal.status), message: refusal.message)
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

/// Input refused before decoding: 413 for a body past the length limit, 400 otherwise, answered
/// as an `HTTPError` with the same message is, through the context's response encoder.
extension URLEncodedFormDecodingError: HTTPResponseError {
    public var status: HTTPResponse.Status { .init(code: refusalStatus) }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        try HTTPError(status, message: description).response(from: request, context: context)
    }
}

/// Every field that failed: 422, one line per field, answered as an `HTTPError` with the same
/// message is.
extension URLEncodedFormFieldErrors: HTTPResponseError {
    public var status: HTTPResponse.Status { .init(code: refusalStatus) }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        try HTTPError(status, message: description).response(from: request, context: context)
    }
}
#endif
