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
/// Bodies are decoded in place, in the charset the `Content-Type`'s `charset` parameter names
/// (`charset=ISO-8859-1` reads `J%FCrgen` as `Jürgen`). Every refusal is an `AbortError`, which
/// Vapor's `ErrorMiddleware` renders as it renders any other:
///
/// | Refusal | Status |
/// |---|---|
/// | another media type, two `Content-Type` fields, a `charset` the decoder cannot read | 415 |
/// | a body past a limit | 413 |
/// | a value that cannot be read, a key too deep, malformed or conflicting, too many pairs | 400 |
/// | with `errorReporting: .everyField`, every failed field (``URLEncodedForm/URLEncodedFormFieldErrors``) | 422 |
///
/// Each carries the decoder's sentence, which names the key as the form spells it. The decoder's
/// own errors are thrown as they are, so a route can catch
/// ``URLEncodedForm/URLEncodedFormFieldErrors`` first to render its own page; a `DecodingError`
/// is thrown as an `Abort` with its sentence.
extension URLEncodedForm.URLEncodedFormDecoder: ContentDecoder, URLQueryDecoder {
    public func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders) throws -> D {
        try decode(decodable, from: body, headers: headers, userInfo: [:])
    }

    public func decode<D: Decodable>(
        _ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders, userInfo: [CodingUserInfoKey: any Sendable]
    ) throws -> D {
        do {
            let decoder = merging(userInfo)
            guard let head = try FormRequestHead(headers, decoder: decoder) else {
                throw FormRefusal.notAForm(contentType: headers.first(name: .contentType))
            }
            return try head.decode(decodable, from: body.readableBytesView, with: decoder)
        } catch let refusal as FormRefusal {
            throw Abort(refusal)
        }
    }

    public func decode<D: Decodable>(_ decodable: D.Type, from url: URI) throws -> D {
        try decode(decodable, from: url, userInfo: [:])
    }

    public func decode<D: Decodable>(_ decodable: D.Type, from url: URI, userInfo: [CodingUserInfoKey: any Sendable]) throws -> D {
        do {
            return try merging(userInfo).decode(decodable, from: url.query ?? "")
        } catch let error as DecodingError {
            throw Abort(FormRefusal(error))
        }
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
    /// the decoder's `maximumInputLength`; a `Content-Length` past the limit is refused before
    /// the body is read. Vapor hands a stream route a small body already collected; it is limited
    /// the same way. The `Content-Type`'s `charset` parameter is honoured, and every refusal is
    /// answered as the `ContentDecoder`'s are.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - decoder: The decoder, with its limits. The defaults unless told.
    ///   - maxBodySize: The most bytes the body may have, as a route's `body: .collect(maxSize:)`
    ///     gives it; `nil` is the application's `routes.defaultMaxBodySize`.
    /// - Throws: `Abort(.unsupportedMediaType)` for a request that is not a form, has two
    ///   `Content-Type` fields or names a charset the decoder cannot read,
    ///   `Abort(.payloadTooLarge)` for a body past `maxBodySize`, `Abort(.badRequest)` for a value
    ///   that cannot be read, and the decoder's own errors, which answer for themselves (413, 400,
    ///   422).
    @inlinable
    public func decodeURLEncodedForm<T: Decodable>(
        _ type: T.Type = T.self,
        using decoder: URLEncodedForm.URLEncodedFormDecoder = .init(),
        maxBodySize: ByteCount? = nil
    ) async throws -> T {
        // Inlinable, so that a server's call is compiled for its value type, and the body read
        // through `BodyBytes`, not `map`, as Hummingbird's adapter does (Benchmarks/README.md, "Load").
        do {
            let head = try formHead(decoder: decoder, maxBodySize: maxBodySize)
            // Vapor hands a stream route a body that arrived with its head already collected.
            if let body = body.data {
                return try head.decode(type, from: body.readableBytesView, with: decoder)
            }
            return try await head.decode(type, from: BodyBytes(body) { $0.readableBytesView }, with: decoder)
        } catch let refusal as FormRefusal {
            throw Abort(refusal)
        }
    }

    /// The request's head as a form's, limited by the route's body size.
    @usableFromInline
    func formHead(decoder: URLEncodedForm.URLEncodedFormDecoder, maxBodySize: ByteCount?) throws -> FormRequestHead {
        let setting = maxBodySize == nil ? "the application's routes.defaultMaxBodySize" : "the route's maxBodySize"
        let limit = maxBodySize?.value ?? application.routes.defaultMaxBodySize.value
        guard let head = try FormRequestHead(headers, decoder: decoder, frameworkLimit: limit, frameworkSetting: setting) else {
            throw FormRefusal.notAForm(contentType: headers.first(name: .contentType))
        }
        return head
    }
}

extension FormRequestHead {
    /// Reads Vapor's header fields in one pass: not `headers.contentType`, Vapor's media-type
    /// parser, which cost a small form's streamed route more than the decode (Benchmarks/README.md,
    /// "Load").
    init?(_ headers: HTTPHeaders, decoder: URLEncodedForm.URLEncodedFormDecoder, frameworkLimit: Int? = nil, frameworkSetting: String = "") throws {
        var contentType: String?
        var contentTypes = 0
        var contentLength: String?
        for (name, value) in headers {
            if Self.isField(name, "content-type") {
                if contentType == nil { contentType = value }
                contentTypes += 1
            } else if Self.isField(name, "content-length") {
                contentLength = value
            }
        }
        try self.init(
            contentType: contentType, contentTypeFields: contentTypes, contentLength: contentLength, decoder: decoder,
            frameworkLimit: frameworkLimit, frameworkSetting: frameworkSetting)
    }

    /// Whether a field's name is `lowercased` in any case. Field names are tokens, in which only
    /// letters differ by the bit 0x20 from another token character.
    private static func isField(_ name: String, _ lowercased: StaticString) -> Bool {
        name.utf8.count == lowercased.utf8CodeUnitCount
            && lowercased.withUTF8Buffer { expected in name.utf8.elementsEqual(expected) { $0 | 0x20 == $1 } }
    }
}

extension Abort {
    /// A refusal as Vapor answers an error: rendered by the application's `ErrorMiddleware`.
    @usableFromInline
    init(_ refusal: FormRefusal) {
        self.init(HTTPResponseStatus(statusCode: refusal.status), reason: refusal.message)
    }
}

/// Input refused before decoding: 413 for a body past the length limit, 400 otherwise.
extension URLEncodedFormDecodingError: AbortError {
    public var status: HTTPResponseStatus { HTTPResponseStatus(statusCode: refusalStatus) }
    public var reason: String { description }
}

/// Every field that failed: 422, one line per field.
extension URLEncodedFormFieldErrors: AbortError {
    public var status: HTTPResponseStatus { HTTPResponseStatus(statusCode: refusalStatus) }
    public var reason: String { description }
}
#endif
