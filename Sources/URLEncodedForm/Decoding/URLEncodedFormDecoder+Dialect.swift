extension URLEncodedFormDecoder {
    /// How a decoder reads the shapes that clients disagree on, which each peer settles its own way:
    /// a name repeated without brackets, a name that is no key path, a name given two kinds of value,
    /// `[]` rows, a `Bool` the form leaves out, and index keys in an untyped value. A preset sets its
    /// peer's rules here at once; one rule is set on its own as
    /// `decoder.dialect.duplicateKeys = .last`.
    ///
    /// ```swift
    /// var decoder = URLEncodedFormDecoder()
    /// decoder.dialect.duplicateKeys = .last   // `a=1&a=2` reads as 2 where one value is read
    /// decoder.dialect.conflictingKeys = .last // `a=1&a[b]=2` keeps the last kind, as PHP does
    /// ```
    ///
    /// | Rule | ``standard`` | Why a peer differs |
    /// | --- | --- | --- |
    /// | ``duplicateKeys`` | `.combine` | PHP and Rack keep the last |
    /// | ``malformedKeys`` | `.literal` | a strict server may refuse `a[b` |
    /// | ``conflictingKeys`` | `.error` | PHP and Rack keep the last kind |
    /// | ``bracketRows`` | `.untilRepeated` (Rails) | PHP starts a row for every pair |
    /// | ``missingBool`` | `.keyNotFound` | an unchecked box sends nothing: `.htmlForm` reads `false` |
    /// | ``untypedIndices`` | `.array` | qs compacts gaps, PHP keeps form order, Rack keeps keys |
    public struct Dialect: Sendable, Hashable {
        /// What a `Bool` member that the form does not have reads as.
        /// ``MissingBool-swift.enum/keyNotFound`` by default.
        public var missingBool: URLEncodedFormDecoder.MissingBool
        /// What a name repeated without brackets gives where one value is expected, and in
        /// ``URLEncodedFormValue``. ``DuplicateKeys-swift.enum/combine`` by default: every value
        /// in an untyped value, the last where a type expects one.
        public var duplicateKeys: URLEncodedFormDecoder.DuplicateKeys
        /// What a pair whose name is not a key path (`a[b`, `a]`, `a[b]c`) means.
        /// ``MalformedKeys-swift.enum/literal`` by default: the pair is kept under its whole name, and
        /// the rest of the form is read.
        public var malformedKeys: URLEncodedFormDecoder.MalformedKeys
        /// What a name given two kinds of value (`a=1&a[b]=2`) means.
        /// ``ConflictingKeys-swift.enum/error`` by default: the form is refused.
        public var conflictingKeys: URLEncodedFormDecoder.ConflictingKeys
        /// Which element a pair named `[]` and then more of a path (`rows[][name]=…`) belongs to.
        /// ``BracketRows-swift.enum/untilRepeated`` by default: the array's last element, until that
        /// element already has the path (Rails' rule).
        public var bracketRows: URLEncodedFormDecoder.BracketRows
        /// Which names with index keys (`a[0]=x&a[1]=y`) ``URLEncodedFormValue`` reads as arrays,
        /// where it has no type to ask. ``UntypedIndices-swift.enum/array`` by default: the indices
        /// `0` to `n − 1`, in any order.
        public var untypedIndices: URLEncodedFormDecoder.UntypedIndices

        /// A dialect; each rule not given is the ``standard`` one.
        public init(
            missingBool: URLEncodedFormDecoder.MissingBool = .keyNotFound,
            duplicateKeys: URLEncodedFormDecoder.DuplicateKeys = .combine,
            malformedKeys: URLEncodedFormDecoder.MalformedKeys = .literal,
            conflictingKeys: URLEncodedFormDecoder.ConflictingKeys = .error,
            bracketRows: URLEncodedFormDecoder.BracketRows = .untilRepeated,
            untypedIndices: URLEncodedFormDecoder.UntypedIndices = .array
        ) {
            self.missingBool = missingBool
            self.duplicateKeys = duplicateKeys
            self.malformedKeys = malformedKeys
            self.conflictingKeys = conflictingKeys
            self.bracketRows = bracketRows
            self.untypedIndices = untypedIndices
        }

        /// The default rules, this library's own reading where the peers differ: every value of
        /// a repeated name, a malformed name kept whole, a conflict refused, Rails' rows, a
        /// missing `Bool` not found, index keys `0` to `n − 1` an array.
        public static let standard = Dialect()
    }
}
