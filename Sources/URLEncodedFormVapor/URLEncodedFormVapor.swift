// Built with the package trait `Vapor`; without it this module is empty, and the package
// resolves no Vapor.
#if Vapor
import Foundation
import URLEncodedForm
import Vapor

/// URLEncodedForm's decoder as Vapor's decoder of form bodies and of query strings:
///
/// ```swift
/// ContentConfiguration.global.use(decoder: URLEncodedForm.URLEncodedFormDecoder(), for: .urlEncodedForm)
/// ContentConfiguration.global.use(urlDecoder: URLEncodedForm.URLEncodedFormDecoder())
/// ```
///
/// Bodies are decoded in place. Input refused before decoding answers 413 or 400, a value that
/// cannot be read 400 (Vapor's answer to a `DecodingError`), and with
/// `errorReporting: .everyField` the collected ``URLEncodedForm/URLEncodedFormFieldErrors`` 422.
extension URLEncodedForm.URLEncodedFormDecoder: ContentDecoder, URLQueryDecoder {
    public func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders) throws -> D {
        try decode(decodable, from: body.readableBytesView)
    }

    public func decode<D: Decodable>(
        _ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders, userInfo: [CodingUserInfoKey: any Sendable]
    ) throws -> D {
        try merging(userInfo).decode(decodable, from: body.readableBytesView)
    }

    public func decode<D: Decodable>(_ decodable: D.Type, from url: URI) throws -> D {
        try decode(decodable, from: url.query ?? "")
    }

    public func decode<D: Decodable>(_ decodable: D.Type, from url: URI, userInfo: [CodingUserInfoKey: any Sendable]) throws -> D {
        try merging(userInfo).decode(decodable, from: url.query ?? "")
    }

    private func merging(_ userInfo: [CodingUserInfoKey: any Sendable]) -> Self {
        guard !userInfo.isEmpty else { return self }
        var decoder = self
        decoder.userInfo.merge(userInfo) { $1 }
        return decoder
    }
}

/// URLEncodedForm's encoder as Vapor's encoder of form bodies and of query strings:
///
/// ```swift
/// ContentConfiguration.global.use(encoder: URLEncodedForm.URLEncodedFormEncoder(), for: .urlEncodedForm)
/// ContentConfiguration.global.use(urlEncoder: URLEncodedForm.URLEncodedFormEncoder())
/// ```
extension URLEncodedForm.URLEncodedFormEncoder: ContentEncoder, URLQueryEncoder {
    public func encode<E: Encodable>(_ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders) throws {
        try encode(encodable, to: &body, headers: &headers, userInfo: [:])
    }

    public func encode<E: Encodable>(
        _ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders, userInfo: [CodingUserInfoKey: any Sendable]
    ) throws {
        headers.contentType = .urlEncodedForm
        let bytes: [UInt8] = try merging(userInfo).encode(encodable)
        body.writeBytes(bytes)
    }

    public func encode<E: Encodable>(_ encodable: E, to url: inout URI) throws {
        try encode(encodable, to: &url, userInfo: [:])
    }

    /// Sets the query of `url` to the form text of `encodable`, as Vapor's own encoder does.
    public func encode<E: Encodable>(_ encodable: E, to url: inout URI, userInfo: [CodingUserInfoKey: any Sendable]) throws {
        let text: String = try merging(userInfo).encode(encodable)
        url.query = text
    }

    private func merging(_ userInfo: [CodingUserInfoKey: any Sendable]) -> Self {
        guard !userInfo.isEmpty else { return self }
        var encoder = self
        encoder.userInfo.merge(userInfo) { $1 }
        return encoder
    }
}

extension Request {
    /// Decodes the body as a form as its chunks arrive, for a route that streams its body
    /// (`body: .stream`), so that a body past a limit is refused before the rest of it is read.
    ///
    /// ```swift
    /// app.on(.POST, "signup", body: .stream) { request async throws -> Signup in
    ///     try await request.decodeURLEncodedForm(Signup.self)
    /// }
    /// ```
    ///
    /// Vapor's `request.content.decode` cannot stream: its `ContentDecoder` is handed a body
    /// Vapor has already collected. A body that was collected is decoded in place here too.
    ///
    /// The body is limited as Vapor's `request.body.collect(max:)` limits one: by `maxBodySize`
    /// (give it the route's `body: .collect(maxSize:)`, if it has one), or without it by the
    /// application's `routes.defaultMaxBodySize` (16 KB unless set), where that is smaller than
    /// the decoder's `maximumInputLength`. Vapor hands a stream route a small body already
    /// collected; it is limited the same way.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - decoder: The decoder, with its limits. The defaults unless told.
    ///   - maxBodySize: The most bytes the body may have, as a route's `body: .collect(maxSize:)`
    ///     gives it; `nil` is the application's `routes.defaultMaxBodySize`.
    /// - Throws: `Abort(.unsupportedMediaType)` for a request that is not a form,
    ///   `Abort(.payloadTooLarge)` for a body past `maxBodySize`, and the decoder's errors, which
    ///   answer for themselves (413, 400, 422).
    @inlinable
    public func decodeURLEncodedForm<T: Decodable>(
        _ type: T.Type = T.self,
        using decoder: URLEncodedForm.URLEncodedFormDecoder = .init(),
        maxBodySize: ByteCount? = nil
    ) async throws -> T {
        // Inlinable, so that a server's call is compiled for its value type, and the body read
        // through `BodyBytes`, not `map`, whose transform is an async closure called for each
        // buffer: as Hummingbird's adapter does (Benchmarks/Load/count.sh).
        let form = try StreamedFormRequest(self, inputLimit: decoder.limits.maximumInputLength, maxBodySize: maxBodySize)
        var decoder = decoder
        decoder.limits.maximumInputLength = form.limit
        do {
            // Vapor hands a stream route a body that arrived with its head already collected.
            if let body = body.data {
                return try decoder.decode(type, from: body.readableBytesView)
            }
            return try await decoder.decode(type, from: BodyBytes(body) { $0.readableBytesView }, expectedLength: form.contentLength)
        } catch {
            throw form.answer(error)
        }
    }
}

/// A form request's headers as ``Vapor/Request/decodeURLEncodedForm(_:using:maxBodySize:)`` reads
/// them, and the limit its body is read under.
@usableFromInline
struct StreamedFormRequest {
    @usableFromInline let contentLength: Int?
    /// The smaller of the decoder's `maximumInputLength` and the route's body limit.
    @usableFromInline let limit: Int
    /// Where the limit is the route's, the setting that set it, named in the 413's message.
    let routeSetting: String?

    /// - Throws: `Abort(.unsupportedMediaType)` for a request that is not a form.
    @usableFromInline
    init(_ request: Request, inputLimit: Int, maxBodySize: ByteCount?) throws {
        // Not `headers.contentType`, Vapor's media-type parser: it cost a small form's streamed
        // route more than the decode (load benchmark profile).
        let contentType = request.headers.first(name: .contentType)
        guard let contentType, FormMediaType.matches(contentType) else {
            throw Abort(
                .unsupportedMediaType,
                reason:
                    "Expected a body of type application/x-www-form-urlencoded, but the request has \(contentType.map(ErrorQuote.quote) ?? "no Content-Type")."
            )
        }
        contentLength = request.headers.first(name: .contentLength).flatMap { Int($0) }
        let bodyLimit = maxBodySize?.value ?? request.application.routes.defaultMaxBodySize.value
        limit = min(bodyLimit, inputLimit)
        routeSetting = bodyLimit >= inputLimit ? nil : maxBodySize == nil ? "the application's routes.defaultMaxBodySize" : "maxBodySize"
    }

    /// What the route throws for an error decoding the body: `Abort(.payloadTooLarge)` for the
    /// route's limit, any other error as it is.
    @usableFromInline
    func answer(_ error: any Error) -> any Error {
        guard let routeSetting, let error = error as? URLEncodedFormDecodingError, error.code == .inputTooLong else { return error }
        return Abort(.payloadTooLarge, reason: "The body is longer than the \(limit) bytes \(routeSetting) allows.")
    }
}

/// Input refused before decoding: 413 for a body past the length limit, 400 otherwise.
extension URLEncodedFormDecodingError: AbortError {
    public var status: HTTPResponseStatus { code == .inputTooLong ? .payloadTooLarge : .badRequest }
    public var reason: String { description }
}

/// Every field that failed: 422, one line per field.
extension URLEncodedFormFieldErrors: AbortError {
    public var status: HTTPResponseStatus { .unprocessableEntity }
    public var reason: String { description }
}
#endif
