/// A request the server adapters refuse, as the HTTP status and the sentence they answer it with.
/// Every refusal's status is decided here, once, for both frameworks:
///
/// | Refusal | Status |
/// |---|---|
/// | not a form, two `Content-Type` fields, a `charset` the decoder cannot read | 415 |
/// | a body past a limit, stated (`Content-Length`) or as it arrives | 413 |
/// | a ``URLEncodedFormDecodingError`` of any other code: more pairs than allowed, a key too deep or malformed, a conflicting key, an index gap… | 400 |
/// | a value that cannot be read (a `DecodingError`) | 400 |
/// | every failed field, ``URLEncodedFormFieldErrors`` | 422 |
///
/// Each adapter throws the refusals made here as its framework's own error (Hummingbird's
/// `HTTPError`, Vapor's `Abort`), and lets the decoder's own errors, which it answers with
/// ``refusalStatus`` and their descriptions, go through the same error path, so that an app's
/// error handling renders every one alike. `package`: the adapters' common ground, not API.
@usableFromInline
package struct FormRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status code: 400, 413, 415 or 422.
    @usableFromInline package let status: Int
    /// The sentence the response carries.
    @usableFromInline package let message: String

    @usableFromInline package var description: String { message }

    /// A request whose body is not a form: another media type, or none.
    @usableFromInline
    package static func notAForm(contentType: String?) -> FormRefusal {
        FormRefusal(
            status: 415,
            message:
                "Expected a body of type application/x-www-form-urlencoded, but the request has \(contentType.map { "\"\(ErrorQuote.quote($0))\"" } ?? "no Content-Type")."
        )
    }

    /// A request with `count` `Content-Type` fields: a body has one media type (RFC 9110, 8.3),
    /// and two fields, even two forms, are refused rather than read by whichever comes first.
    static func repeatedContentType(count: Int) -> FormRefusal {
        FormRefusal(status: 415, message: "The request has \(count) Content-Type fields; a form body is sent with one.")
    }

    /// A form whose `Content-Type` names a charset the decoder cannot read.
    static func unsupportedCharset(_ label: String) -> FormRefusal {
        FormRefusal(
            status: 415,
            message:
                "The request's Content-Type names the charset \"\(ErrorQuote.quote(label))\", which the form decoder cannot read: it reads UTF-8, and windows-1252 under any of its labels (ISO-8859-1, latin1, US-ASCII…)."
        )
    }

    /// A body past the framework's limit, `setting`, which is smaller than the decoder's:
    /// `statedLength` when its `Content-Length` says so before a byte is read.
    static func tooLong(limit: Int, setting: String, statedLength: Int?) -> FormRefusal {
        let length = statedLength.map { "\($0) bytes long (its Content-Length), more" } ?? "longer"
        return FormRefusal(status: 413, message: "The body is \(length) than the \(limit) bytes \(setting) allows.")
    }

    /// A value the decoder could not read: the decoder's sentence, which names the key as the
    /// form spells it.
    package init(_ error: DecodingError) {
        status = 400
        message = error.context?.debugDescription ?? "\(error)"
    }

    private init(status: Int, message: String) {
        self.status = status
        self.message = message
    }

    /// `error` as the adapters answer it: a `DecodingError` as a refusal with the decoder's
    /// sentence; any other error (the decoder's own, which answer for themselves, or one a type's
    /// `init(from:)` threw) unchanged.
    @usableFromInline
    package static func answer(_ error: any Error) -> any Error {
        if let error = error as? DecodingError { return FormRefusal(error) }
        return error
    }
}

extension URLEncodedFormDecodingError {
    /// The status a server answers it with: 413 for a form past the length limit, 400 otherwise.
    package var refusalStatus: Int { code == .inputTooLong ? 413 : 400 }
}

extension URLEncodedFormFieldErrors {
    /// The status a server answers it with: 422, the form understood and its fields refused.
    package var refusalStatus: Int { 422 }
}
