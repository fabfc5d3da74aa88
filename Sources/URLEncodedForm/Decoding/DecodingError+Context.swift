extension DecodingError {
    /// The context every case carries: its coding path and its sentence. `package`, so that the
    /// command line and the framework adapters read an error's sentence alike.
    package var context: Context? {
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context):
            context
        @unknown default:
            nil
        }
    }
}
