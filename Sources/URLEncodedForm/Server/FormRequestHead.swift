/// What a server adapter decides from a request's head before it reads the body, the same way in
/// every framework: whether the body is a form, the charset its `Content-Type` names, and the
/// limit the body is read under, with the refusal for each head it cannot read.
///
/// ```
/// Content-Type: application/x-www-form-urlencoded                     → a form, read as the decoder's charset
/// Content-Type: application/x-www-form-urlencoded; charset=ISO-8859-1 → a form, read as windows-1252
/// Content-Type: application/x-www-form-urlencoded; charset=Shift_JIS  → 415, naming Shift_JIS
/// Content-Type: application/json, or none                             → not a form (nil)
/// Content-Type twice, whatever the values                             → 415
/// Content-Length: 2000000, with 1 MiB allowed                         → 413, before the body is read
/// ```
///
/// The charset is the one the client says it sent: UTF-8, or windows-1252 for every label the
/// WHATWG Encoding standard maps to it (`ISO-8859-1`, `latin1`, `US-ASCII`…), as browsers read
/// those labels. With the decoder's ``URLEncodedFormCharset/sentinel`` on, a `_charset_` or `utf8=✓` in the
/// form itself still decides, as it does for a form without the parameter.
///
/// The limit is the smaller of the decoder's ``URLEncodedFormDecoder/Limits-swift.struct/maximumInputLength``
/// and the framework's own (Hummingbird's `maxUploadSize`, Vapor's body size), and a refusal by
/// the framework's names that setting. Each adapter reads its framework's header fields and
/// hands their text here; `package`, the adapters' common ground.
@usableFromInline
package struct FormRequestHead: Sendable {
    /// The body's length, as its `Content-Length` states it.
    @usableFromInline package let contentLength: Int?
    /// The encoding the `charset` parameter names, where it differs from the decoder's.
    @usableFromInline let encoding: URLEncodedFormCharset.Encoding?
    /// The framework's limit, where it is smaller than the decoder's, and the setting that sets it.
    @usableFromInline let frameworkLimit: FrameworkLimit?

    @usableFromInline
    struct FrameworkLimit: Sendable {
        let bytes: Int
        let setting: String
    }

    /// Reads a request's head.
    ///
    /// - Parameters:
    ///   - contentType: The first `Content-Type` field's value; `nil` when there is none.
    ///   - contentTypeFields: How many `Content-Type` fields the request has.
    ///   - contentLength: The `Content-Length` field's value, if any.
    ///   - decoder: The decoder the body is to be read with.
    ///   - frameworkLimit: The most bytes the framework lets a body have, if it limits them.
    ///   - frameworkSetting: What sets `frameworkLimit`, as a refusal names it
    ///     ("the request context's maxUploadSize").
    /// - Returns: `nil` when the request is not a form: one `Content-Type` naming another media
    ///   type, or none.
    /// - Throws: ``FormRefusal`` (415) for two `Content-Type` fields or a `charset` the decoder
    ///   cannot read; (413) for a `Content-Length` past the limit; the decoder's
    ///   ``URLEncodedFormDecodingError/Code-swift.struct/inputTooLong`` when the decoder's limit
    ///   is the one it passes.
    @usableFromInline
    package init?(
        contentType: String?,
        contentTypeFields: Int,
        contentLength: String?,
        decoder: URLEncodedFormDecoder,
        frameworkLimit: Int? = nil,
        frameworkSetting: String = ""
    ) throws {
        guard contentTypeFields <= 1 else { throw FormRefusal.repeatedContentType(count: contentTypeFields) }
        guard let contentType, let mediaType = FormMediaType(contentType) else { return nil }
        if let label = mediaType.charset {
            guard let named = URLEncodedFormCharset.Encoding(label: label) else { throw FormRefusal.unsupportedCharset(label) }
            encoding = named == decoder.charset.encoding ? nil : named
        } else {
            encoding = nil
        }
        let decoderLimit = decoder.limits.maximumInputLength
        self.frameworkLimit = frameworkLimit.flatMap { $0 < decoderLimit ? FrameworkLimit(bytes: $0, setting: frameworkSetting) : nil }
        self.contentLength = contentLength.flatMap { Int($0) }
        // A stated length past the limit is refused before a byte of the body is read.
        if let length = self.contentLength {
            if let limit = self.frameworkLimit, length > limit.bytes {
                throw FormRefusal.tooLong(limit: limit.bytes, setting: limit.setting, statedLength: length)
            }
            try decoder.checkLength(length)
        }
    }

    /// Decodes a body that arrives in chunks under this head's charset and limit, refused as its
    /// bytes break a limit, and answers its errors as ``FormRefusal/answer(_:)`` does, a body past
    /// the framework's limit with a refusal that names it.
    @inlinable
    package func decode<T: Decodable, Body: AsyncSequence>(
        _ type: T.Type,
        from body: Body,
        with decoder: URLEncodedFormDecoder,
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> T where Body.Element: Collection<UInt8> {
        do {
            // The decoder is copied only to be changed: a copy retains every strategy it holds.
            guard encoding == nil, frameworkLimit == nil else {
                return try await adjusted(decoder).decode(type, from: body, expectedLength: contentLength, isolation: isolation)
            }
            return try await decoder.decode(type, from: body, expectedLength: contentLength, isolation: isolation)
        } catch {
            throw answer(error)
        }
    }

    /// Decodes a body already collected, likewise.
    @usableFromInline
    package func decode<T: Decodable>(_ type: T.Type, from bytes: some Collection<UInt8>, with decoder: URLEncodedFormDecoder) throws -> T {
        do {
            guard encoding == nil, frameworkLimit == nil else { return try adjusted(decoder).decode(type, from: bytes) }
            return try decoder.decode(type, from: bytes)
        } catch {
            throw answer(error)
        }
    }

    /// The decoder under this head's charset and limit.
    @usableFromInline
    func adjusted(_ decoder: URLEncodedFormDecoder) -> URLEncodedFormDecoder {
        var adjusted = decoder
        if let encoding { adjusted.charset.encoding = encoding }
        if let frameworkLimit { adjusted.limits.maximumInputLength = frameworkLimit.bytes }
        return adjusted
    }

    /// `error` as the adapter answers it: past the framework's limit, a refusal naming it; the rest
    /// as ``FormRefusal/answer(_:)`` answers them.
    @usableFromInline
    func answer(_ error: any Error) -> any Error {
        if let frameworkLimit, let error = error as? URLEncodedFormDecodingError, error.code == .inputTooLong {
            return FormRefusal.tooLong(limit: frameworkLimit.bytes, setting: frameworkLimit.setting, statedLength: nil)
        }
        return FormRefusal.answer(error)
    }
}
