extension URLEncodedFormDecoder {
    // Each preset is a value to start from and adjust:
    //
    //     var decoder = URLEncodedFormDecoder.rails
    //     decoder.limits.maximumDepth = 8
    //
    // A preset reads what its peer reads where the peer keeps the data, and keeps the data where
    // the peer drops it; every preset keeps the default limits, which no peer has. The encoder
    // preset of the same name writes what this one reads back (the property test round-trips
    // each pair), but for the values a form cannot tell apart: OptionsReference's table "What
    // each pair reads back" lists them, and a test runs every cell.

    /// What reads back Alamofire's `URLEncodedFormEncoder` output: the default decoder. An
    /// element that writes nothing (`[1, nil, 2]`) leaves no trace in what Alamofire writes, so
    /// it reads back as `[1, 2]`.
    public static let alamofire = URLEncodedFormDecoder()

    /// What Node's `qs.parse` reads by default: a repeated name is a list (`.combine`), a name
    /// without `=` is `""` (so a `nil` that ``URLEncodedFormEncoder/qs`` writes as `a=` reads back
    /// as `""` in a `String?`, as qs reads its `null`), and dates are ISO 8601 text, what `qs.stringify` writes for a `Date`. Where qs closes the gaps of indices, each element keeps its place
    /// (``URLEncodedFormIndexGaps/keepPositions``), so what ``URLEncodedFormEncoder/qs`` writes for
    /// `[1, nil, 2]` reads back as it was; where qs keeps the rest of a key deeper than 5 as one
    /// name, or turns an array longer than 20 into an object, this reads the path and the array,
    /// within ``limits``.
    public static let qs = URLEncodedFormDecoder(
        dateDecoding: .iso8601, indexGaps: .keepPositions, dialect: Dialect(untypedIndices: .compacted(upTo: 20)))

    /// What reads back jQuery's `$.param`: `a[]=x` and `a[1][k]=y` as one array, each element at
    /// the place jQuery numbered it, so that an element after one that wrote nothing (`[[], {k: 1}]`
    /// is `a[1][k]=1`) keeps its place (``URLEncodedFormIndexGaps/keepPositions``).
    public static let jQuery = URLEncodedFormDecoder(indexGaps: .keepPositions)

    /// What PHP's `parse_str` (and `$_POST`) reads: the last value of a repeated name, in a type and
    /// in ``URLEncodedFormValue`` (`.last`), a name without `=` as `""`, indices kept where they
    /// are (`.keepPositions`, as PHP keeps the keys), and a name given another kind of value by a
    /// later pair taking that value (`dialect.conflictingKeys = .last`), and each `rows[][name]` pair a row
    /// of its own (`dialect.bracketRows = .onePerPair`). Where PHP makes a space or a dot in a name `_`,
    /// drops a pair with an empty name, or reads a malformed name as a guess, this keeps the name
    /// as it was sent.
    public static let php = URLEncodedFormDecoder(
        indexGaps: .keepPositions,
        dialect: Dialect(duplicateKeys: .last, conflictingKeys: .last, bracketRows: .onePerPair, untypedIndices: .arrayInFormOrder))

    /// What Rack's `parse_nested_query`, and so Rails' `params`, reads: the last value of a
    /// repeated name (`.last`), a name without `=` as `nil` (`nilDecoding: .bareKey`), `a[][x]` rows by
    /// Rails' rule, an index gap closed (`.compact`: Rails reads `items[0]`, `items[2]` as a hash
    /// of rows), and a name given another kind of value by a later pair taking that value
    /// (`dialect.conflictingKeys = .last`). Where Rack refuses such a form in the other order
    /// (`a=1&a[b]=2`), this reads it the same way, and a malformed name it reads as a guess, this
    /// keeps whole (see `DecoderBehaviour`).
    public static let rails = URLEncodedFormDecoder(
        nilDecoding: .bareKey,
        indexGaps: .compact,
        dialect: Dialect(duplicateKeys: .last, conflictingKeys: .last, untypedIndices: .object))

    /// What Vapor 4's decoder reads: a value split at `,` and `|` where an array is read, dates
    /// as seconds since 1970, a missing `Bool` as `false`. Where Vapor refuses `name[]=x` read as
    /// one value, or merges `a[][x]` rows, this reads the value and the rows; where it refuses the
    /// gap its own encoder leaves after an element that writes nothing (`a[1][k]=y`), each
    /// element keeps its place (`.keepPositions`).
    public static let vapor = URLEncodedFormDecoder(
        arrayDecoding: .separators([",", "|"]),
        dateDecoding: .secondsSince1970,
        indexGaps: .keepPositions,
        dialect: Dialect(missingBool: .false))

    /// What Hummingbird 2's decoder reads: the default decoder. Where Hummingbird refuses a
    /// repeated name, this reads it as a list.
    public static let hummingbird = URLEncodedFormDecoder()

    /// What browsers submit from HTML forms: an unticked checkbox sends nothing, so a missing
    /// `Bool` is `false`; Rails' hidden-field checkbox (`admin=0&admin=1`) gives its last value;
    /// a form's hidden `_charset_` input, which the browser fills with the charset it used
    /// (`windows-1252` for a page labelled ISO-8859-1), or Rails' `utf8=✓` picks the charset, and
    /// in a legacy charset the numeric character references a browser writes for what the
    /// charset lacks (`&#26085;`) are read as the characters they name. A form without either is
    /// read as UTF-8, what every page served as UTF-8 sends.
    public static let htmlForm = URLEncodedFormDecoder(
        charset: URLEncodedFormCharset(.utf8, sentinel: true),
        dialect: Dialect(missingBool: .false, duplicateKeys: .last))
}
