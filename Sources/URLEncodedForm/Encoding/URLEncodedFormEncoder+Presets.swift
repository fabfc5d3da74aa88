extension URLEncodedFormEncoder {
    // Each preset is a value to start from and adjust:
    //
    //     var encoder = URLEncodedFormEncoder.php
    //     encoder.alphabetizeKeyValuePairs = true
    //
    // The tests write 200 values with each one and compare the bytes with what the peer itself
    // wrote (`Tests/Fixtures`), and read each preset's output back with the decoder preset of the
    // same name.

    /// What Alamofire 5's `URLEncodedFormEncoder` writes, the default: members sorted, brackets
    /// escaped (`tags%5B%5D=a`), `Bool` as `1`/`0`, spaces as `%20`, `nil` members left out.
    public static let alamofire = URLEncodedFormEncoder()

    /// What Node's `qs.stringify` writes by default (qs 6.11): members in encoding order, arrays
    /// with indices (`a%5B0%5D=x`), each element at its place in the array, `Bool` as
    /// `true`/`false`, `nil` as `a=`, RFC 3986's unreserved characters unescaped, spaces as `%20`,
    /// dates in ISO 8601.
    ///
    /// The text is qs's byte for byte for the 200 values of `Tests/Fixtures/qs-6.11-stringify.json`.
    /// Where qs writes an array element that is an array or object inside a comma list as
    /// JavaScript's `toString`, or a character beyond U+FFFF in ISO-8859-1 as two references,
    /// this writes what reads back (EncoderCompatibility).
    public static let qs = URLEncodedFormEncoder(
        alphabetizeKeyValuePairs: false, arrayEncoding: .indexInBrackets, boolEncoding: .literal, dateEncoding: .iso8601,
        nilEncoding: .dropValue, allowedCharacters: .unreserved, indexGaps: .keepPositions)

    /// What jQuery's `$.param` writes (jQuery 3): members in encoding order, `[]` for an element
    /// that is a value and its index for one that is an object or array (`a%5B%5D=x&a%5B1%5D%5Bk%5D=y`),
    /// `Bool` as `true`/`false`, `nil` as `a=`, what `encodeURIComponent` leaves unescaped.
    ///
    /// The text is jQuery 3.6.1's byte for byte for 216 of the 217 values of
    /// `Tests/Fixtures/jquery-3.6.1-param.json`; the other is an array inside an array under a
    /// name that ends in `[]`, which jQuery writes as JavaScript's `toString` (EncoderCompatibility).
    public static let jQuery = URLEncodedFormEncoder(
        alphabetizeKeyValuePairs: false, arrayEncoding: .jQuery, boolEncoding: .literal, nilEncoding: .dropValue,
        allowedCharacters: .jQuery)

    /// What PHP's `http_build_query` writes (PHP 8): members in encoding order, arrays with
    /// indices (`a%5B0%5D=x`), each element at its place in the array, `Bool` as `1`/`0`, `nil`
    /// members left out, spaces as `+`, only letters, digits and `-._` unescaped.
    ///
    /// The text is PHP 8.2's byte for byte for the 200 values of
    /// `Tests/Fixtures/php-8.2-build-query.json`.
    public static let php = URLEncodedFormEncoder(
        alphabetizeKeyValuePairs: false, arrayEncoding: .indexInBrackets, boolEncoding: .numeric, nilEncoding: .dropKey,
        spaceEncoding: .plusReplaced, allowedCharacters: AllowedCharacters("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._"),
        indexGaps: .keepPositions)

    /// What Rack's `build_nested_query` writes (Rack 2.2, what Rails reads back with
    /// `parse_nested_query`): members in encoding order, brackets as they are (`a[]=x`,
    /// `a[][k]=y`), `Bool` as `true`/`false`, `nil` as the name alone (`a`), spaces as `+`, only
    /// letters, digits and `*-._` unescaped.
    ///
    /// The text is Rack 2.2's byte for byte for the 200 values of
    /// `Tests/Fixtures/rack-2.2-build-nested-query.json`, but that Rack writes an empty segment
    /// (`&&`) for an empty array or object, and a name inside brackets unescaped, where this
    /// writes nothing and the escaped name (EncoderCompatibility).
    public static let rails = URLEncodedFormEncoder(
        alphabetizeKeyValuePairs: false, arrayEncoding: .brackets, boolEncoding: .literal, bracketEncoding: .literal,
        nilEncoding: .bareKey, spaceEncoding: .plusReplaced,
        allowedCharacters: AllowedCharacters("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789*-._"))

    /// What Vapor 4's `URLEncodedFormEncoder` writes: brackets as they are, `[]` for an element
    /// that is a value and its index for one that is an object or array (`a[]=x&a[1][k]=y`, as
    /// jQuery numbers them), `nil` left out, spaces as `%20`, letters, digits and `*-._`
    /// unescaped, dates as seconds since 1970 (what the decoder preset of the name reads).
    ///
    /// The pairs are Vapor 4.122.3's for the 200 values of `Tests/Fixtures/swift-peers-encoder.json`;
    /// Vapor keeps members in a dictionary, so their order is its hash order, where this sorts
    /// them, and it writes an empty segment (`&&`) for `nil` and for an empty array or object,
    /// where this writes nothing (EncoderCompatibility).
    public static let vapor = URLEncodedFormEncoder(
        arrayEncoding: .jQuery, boolEncoding: .literal, dateEncoding: .secondsSince1970, bracketEncoding: .literal, nilEncoding: .dropKey,
        allowedCharacters: AllowedCharacters("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789*-._"))

    /// What Hummingbird 2's `URLEncodedFormEncoder` writes: brackets as they are (`a[]=x`,
    /// `a[b]=y`), `nil` as `a=`, spaces as `%20`, letters, digits and `*,-./?@_~` unescaped.
    ///
    /// The pairs are Hummingbird 2.28.1's for the 200 values of
    /// `Tests/Fixtures/swift-peers-encoder.json`, but for three things it does that this does
    /// not: it keeps members in a dictionary, so their order is its hash order (this sorts them);
    /// it writes an empty segment (`&&`) for an empty array or object (this writes nothing); and
    /// it writes a `+` inside a value as it is, which every reader reads as a space (this writes
    /// `%2B`) (EncoderCompatibility).
    public static let hummingbird = URLEncodedFormEncoder(
        bracketEncoding: .literal, nilEncoding: .dropValue,
        allowedCharacters: AllowedCharacters("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789*,-./?@_~"))

    /// What a browser submits from an HTML form, for a server written for HTML forms: the bytes
    /// of the URL Standard's `application/x-www-form-urlencoded` serializer (what every browser
    /// and `URLSearchParams` write), members in encoding order, spaces as `+`, only letters,
    /// digits and `*-._` unescaped (`~` too is escaped, as `%7E`), and a `Bool` as a checkbox
    /// (`on`, or nothing: ``BoolEncoding-swift.enum/checkbox``), `nil` left out, as an empty
    /// field the form never had.
    ///
    /// HTML has no nesting, so the choice for nested values is the one forms make by their
    /// fields' names (``ArrayEncoding-swift.enum/htmlForm``): an array of values as its name
    /// repeated (`tags=a&tags=b`, what a `<select multiple>` or checkboxes sharing a name send,
    /// which every server's `getAll` reads), an object's members as bracketed names
    /// (`user%5Bname%5D=Ada`, a field named `user[name]`, escaped as a browser escapes it), and
    /// an array's rows that are objects or arrays by their index (`rows%5B0%5D%5Bname%5D=a`), as
    /// forms number rows for Rails and PHP.
    ///
    /// The text is Node's `URLSearchParams`' byte for byte for the 300 lists of pairs of
    /// `Tests/Fixtures/whatwg-urlsearchparams.json`; ``URLEncodedFormDecoder/htmlForm`` reads it
    /// back.
    public static let htmlForm = URLEncodedFormEncoder(
        alphabetizeKeyValuePairs: false, arrayEncoding: .htmlForm, boolEncoding: .checkbox, nilEncoding: .dropKey,
        spaceEncoding: .plusReplaced,
        allowedCharacters: AllowedCharacters("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789*-._"))
}
