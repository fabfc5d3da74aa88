#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if FoundationAPI
import Foundation  // DateFormatter
#endif

extension URLEncodedFormDecoder {
    /// Which keys make up an array, and whether one value holds several elements.
    ///
    /// Every strategy accepts the ways clients write arrays, so a server reads what any of them
    /// sends:
    ///
    /// ```swift
    /// struct Query: Decodable { let tags: [String] }
    /// // tags[]=a&tags[]=b       brackets: Alamofire, Rails, PHP
    /// // tags[0]=a&tags[1]=b     indices, in any order: qs, jQuery's arrays of objects
    /// // tags[]=a&tags[1][x]=b   both, in order: jQuery's arrays that mix values and objects
    /// // tags=a&tags=b           repeated keys: HTML forms, Go, Python
    /// ```
    ///
    /// A member that is missing decodes as an empty array, because an empty array writes nothing.
    public enum ArrayDecoding: Sendable, Hashable {
        /// Brackets, indices and repeated keys. The default.
        case automatic
        /// Also splits each value at any of `separators` where an array is read, for
        /// `tags=a,b|c`; Vapor's decoder splits at `,` and `|`.
        ///
        /// A value is split as it arrives, before its escapes are decoded, so an element holds a
        /// separator only escaped: `pets=Zizek,Foo%2C` is `["Zizek", "Foo,"]`. Every element is
        /// kept, empty ones too (`a=x,,y` is `["x", "", "y"]`, and `a=` is `[""]`), and each one
        /// counts toward ``Limits-swift.struct/maximumArrayLength``.
        ///
        /// The type decides: a value read as one `String` keeps its separators (`name=Smith, J`),
        /// and each value of a repeated key is an element of an array of arrays
        /// (`m=1,2&m=3,4` is `[[1, 2], [3, 4]]` as `[[Int]]`, and `[1, 2, 3, 4]` as `[Int]`).
        case separators(Set<Character>)

        /// Also splits each value at `separator` where an array is read, for `tags=a,b,c`: what
        /// the encoder's ``URLEncodedFormEncoder/ArrayEncoding-swift.enum/separator(_:)`` writes.
        /// The same value as ``separators(_:)`` with one character, so there is one way to say it.
        public static func separator(_ separator: Character) -> Self {
            .separators([separator])
        }
    }

    /// What a `Bool` member that the form does not have reads as.
    ///
    /// An HTML checkbox that is not ticked sends nothing at all, so `agree=on` means `true` and
    /// its absence `false`.
    public enum MissingBool: Sendable, Hashable {
        /// A `DecodingError.keyNotFound`, as for any other missing member. The default; declare
        /// the member `Bool?` to read a missing one as `nil`.
        case keyNotFound
        /// `false`, as Vapor's decoder reads it. A `Bool?` still reads a missing member as `nil`.
        case `false`
    }

    /// What reads as `nil` where a type asks for an optional, and in ``URLEncodedFormValue``.
    ///
    /// Shaped and named as ``URLEncodedFormEncoder/NilEncoding``: each reads back what the
    /// encoder's value of the same name writes for `nil`, and ``init(decoding:)`` reads back what
    /// ``URLEncodedFormEncoder/NilEncoding/init(encoding:)`` writes. Under every one a missing
    /// member is `nil`, and so is an empty value (`a=`) where the type is not text (`Int?`,
    /// `Bool?`, `Date?`).
    ///
    /// ```swift
    /// // name=&nick=null&flag
    /// // .dropKey:   name "", nick "null", flag "" (a flag: true as a Bool)
    /// // .dropValue: name nil
    /// // .null:      nick nil
    /// // .bareKey:   flag nil
    /// ```
    public struct NilDecoding: Sendable {
        enum Style: Sendable {
            case dropKey, dropValue, null, bareKey, custom
        }

        /// Which values read as `nil`; a plain value, so that reading it copies no closure.
        let style: Style
        /// The closure of ``init(decoding:)``.
        let accepts: (@Sendable (String) -> Bool)?

        /// Only what is missing, or empty where the type is not text: a bare name (`?verbose`) is a
        /// flag, the empty text and `true` as a `Bool`. The default.
        public static let dropKey = NilDecoding(style: .dropKey)
        /// Also an empty value where the type is text: `a=` is `nil` for a `String?`, as
        /// ``URLEncodedFormEncoder/NilEncoding/dropValue`` writes `nil` (and qs and jQuery write
        /// `null`). A non-optional `String` still reads `a=` as `""`.
        public static let dropValue = NilDecoding(style: .dropValue)
        /// Also the text `null`: `a=null` is `nil` for any optional, as
        /// ``URLEncodedFormEncoder/NilEncoding/null`` writes it. A non-optional `String` still
        /// reads the text.
        public static let null = NilDecoding(style: .null)
        /// Also a bare name: `a` is `nil` and `a=` is `""`, as
        /// ``URLEncodedFormEncoder/NilEncoding/bareKey`` writes `nil`, qs reads it with
        /// `strictNullHandling` and Rack reads it. A non-optional member that is a bare name is a
        /// `DecodingError.valueNotFound`, and ``URLEncodedFormValue`` holds
        /// ``URLEncodedFormValue/null``.
        public static let bareKey = NilDecoding(style: .bareKey)

        /// Also every value whose decoded text the closure accepts, as the text
        /// ``URLEncodedFormEncoder/NilEncoding/init(encoding:)`` writes for `nil`:
        ///
        /// ```swift
        /// let encoder = URLEncodedFormEncoder(nilEncoding: .init(encoding: { "-" }))   // a=-
        /// let decoder = URLEncodedFormDecoder(nilDecoding: .init(decoding: { $0 == "-" }))
        /// ```
        ///
        /// A non-optional `String` still reads the text, as under ``null``.
        public init(decoding: @escaping @Sendable (String) -> Bool) {
            style = .custom
            accepts = decoding
        }

        init(style: Style) {
            self.style = style
            accepts = nil
        }
    }

    /// What a pair whose name is not a key path means: `a[b` (a bracket never closed), `a]`,
    /// `a[b]c` (text after a bracket), `items[0].name` (a dot, under
    /// ``KeyPathDecoding-swift.struct/brackets``).
    ///
    /// Such a name is a decision about its own pair, not about the form: a page the server does not
    /// control (a plugin's hidden field, an analytics snippet) must not make every submission fail
    /// for a field the type never reads.
    ///
    /// ```swift
    /// struct Signup: Decodable { let name: String }
    /// // name=Ada&a[b]]=1
    /// // .literal: Signup(name: "Ada"), and [String: String] holds "a[b]]": "1"
    /// // .error:   URLEncodedFormDecodingError, code malformedKey, naming "a[b]]"
    /// ```
    public enum MalformedKeys: Sendable, Hashable {
        /// The pair is a member of the form's top level named by the whole name, as written
        /// (percent-decoded): `a[b=1` is `{"a[b": "1"}`, so a type can still ask for it by that
        /// name and a field error names it. The rest of the form is read as usual. The default.
        ///
        /// PHP, Rack and qs each read such a name in their own way (PHP's `a[b` is `a_b`, Rack's
        /// `a[b]c` is `a[b][c]`); each guess loses what the name said, the literal name does not.
        case literal
        /// The whole form is refused: ``URLEncodedFormDecodingError`` with the code
        /// ``URLEncodedFormDecodingError/Code-swift.struct/malformedKey``, which names the key, for
        /// a strict server that treats such a name as a broken or tampered form.
        case error
    }

    /// What a name given two kinds of value means: a value and members (`a=1&a[b]=2`), or a list
    /// and members (`a[]=1&a[b]=2`). No type reads both.
    ///
    /// ```swift
    /// // user[name]=Ada&user=guest
    /// // .error: URLEncodedFormDecodingError, code conflictingKey, naming "user"
    /// // .last:  {"user": "guest"}, as PHP and Rack read it
    /// // tags[]=a&tags[main]=b
    /// // .last:  {"tags": {"0": "a", "main": "b"}}, as PHP reads it
    /// ```
    public enum ConflictingKeys: Sendable, Hashable {
        /// The whole form is refused: ``URLEncodedFormDecodingError`` with the code
        /// ``URLEncodedFormDecodingError/Code-swift.struct/conflictingKey``, which names the key.
        /// The default: a later field silently replacing a group of earlier ones is data lost.
        case error
        /// A value and a path: the pair that gives the name another kind of value replaces what the
        /// name held, as PHP's `parse_str` and Rack's `parse_nested_query` read it: `a[b]=1&a=2`
        /// is `{"a": "2"}`, and `a=1&a[b]=2` is `{"a": {"b": "2"}}`; what was replaced is not in
        /// the value.
        ///
        /// A list and names: one object holds both, as PHP's arrays do, and nothing is lost. The
        /// elements are members named by their indices, and each later `[]` takes the index after
        /// the largest: `a[]=x&a[b]=y&a[]=z` is `{"a": {"0": "x", "b": "y", "1": "z"}}`, which a
        /// `[String: String]` reads. (Rack refuses such a form.) Only a list two of whose
        /// elements have one index (`a[]=x&a[0]=y`, which PHP reads as `y` alone) is replaced by
        /// the names. Work stays linear, and the replaced pairs still count toward the limits.
        case last
    }

    /// Which element of an array a pair belongs to when its name has `[]` followed by more of a
    /// path: the rows a form of repeated fields writes without indices.
    ///
    /// ```swift
    /// // rows[][name]=Ada&rows[][age]=36&rows[][name]=Grace
    /// // .untilRepeated: [{"name": "Ada", "age": "36"}, {"name": "Grace"}]   (Rails, qs)
    /// // .onePerPair:    [{"name": "Ada"}, {"age": "36"}, {"name": "Grace"}]  (PHP)
    /// ```
    ///
    /// Either way every value is kept, and `a[][]` starts a new inner array for each pair.
    public enum BracketRows: Sendable, Hashable {
        /// The array's last element, unless it already has the pair's path or cannot hold it,
        /// when the pair starts a new element: Rails' rule, which Rack's `parse_nested_query`
        /// follows and qs's merge gives. The default.
        case untilRepeated
        /// A new element for every pair, as PHP's `parse_str` reads `[]`.
        case onePerPair
    }

    /// Which names whose keys are all array indices an untyped value (``URLEncodedFormValue``,
    /// and `urlform decode`) reads as an array rather than an object. A typed decode asks the
    /// type instead: `[String]` reads `a[0]=x` as an array and `[String: String]` as a dictionary,
    /// under every case.
    ///
    /// ```
    /// form                      .array        .compacted(upTo: 20)   .arrayInFormOrder      .object
    /// a[0]=x&a[1]=y             ["x", "y"]    ["x", "y"]             ["x", "y"]             {"0": "x", "1": "y"}
    /// a[1]=y&a[0]=x             ["x", "y"]    ["x", "y"]             {"1": "y", "0": "x"}   {"1": "y", "0": "x"}
    /// a[1]=x&a[3]=y             {"1": …}      ["x", "y"]             {"1": …}               {"1": …}
    /// a[0]=x&a[b]=y, a[00]=x    an object under every case: a name that is not an index
    /// ```
    ///
    /// An index is `0` or digits without a leading zero, as qs, jQuery and PHP write one. The
    /// form's top level is always an object, as in every peer.
    public enum UntypedIndices: Sendable, Hashable {
        /// The indices `0` to `n − 1`, in any order and none twice, are an array in index order; a
        /// gap keeps an object, whose names say where each value was. The default.
        case array
        /// As ``array``, and indices with gaps, the largest at most `limit`, are an array in index
        /// order with the gaps closed, as qs's `parse` reads them up to its `arrayLimit` (20): the
        /// `.qs` preset. Past `limit`, qs reads an object; so does this, but for indices without a
        /// gap, which stay an array however long.
        case compacted(upTo: Int)
        /// The indices `0` to `n − 1` in the form's order are an array, any other order an object,
        /// as PHP's `json_encode` lists what `parse_str` reads: the `.php` preset.
        case arrayInFormOrder
        /// Every index is a member's name, as Rack's `parse_nested_query`, and so Rails' `params`,
        /// reads them: the `.rails` preset. A name written with `[]` is still an array.
        case object
    }

    /// Which texts are `Bool` values.
    ///
    /// Whatever the strategy, a bare name without `=` (`?verbose`) is `true`: a flag.
    public enum BoolDecoding: Sendable {
        /// `1`/`0`, `true`/`false`, `on`/`off` (what a checked HTML checkbox sends) and `yes`/`no`,
        /// in any case. The default.
        case lenient
        /// Only `1` and `0`, what ``URLEncodedFormEncoder/BoolEncoding-swift.enum/numeric`` writes.
        case numeric
        /// Only `true` and `false`, what ``URLEncodedFormEncoder/BoolEncoding-swift.enum/literal``
        /// writes.
        case literal
        /// The result of a closure that receives the percent-decoded text. Errors it throws
        /// propagate out of `decode` unchanged.
        case custom(@Sendable (String) throws -> Bool)
    }

    /// How `Data` values are read.
    public enum DataDecoding: Sendable {
        /// Uses `Data`'s own `Decodable` conformance: an array of byte values.
        case deferredToData
        /// Base64 text, as ``URLEncodedFormEncoder/DataEncoding-swift.enum/base64`` writes it. A `+`
        /// that arrived unescaped, and so reads as a space, is taken as `+`. The default.
        case base64
        /// The result of a closure that receives the percent-decoded text. Errors it throws
        /// propagate out of `decode` unchanged.
        case custom(@Sendable (String) throws -> Data)
    }

    /// How `Date` values are read; each case reads what the encoder's case of the same name writes.
    public enum DateDecoding: Sendable {
        /// Uses `Date`'s own `Decodable` conformance: seconds since 1 January 2001. The default.
        case deferredToDate
        /// Seconds since 1 January 1970, fractions allowed: `978307323.456`.
        case secondsSince1970
        /// Milliseconds since 1 January 1970, fractions allowed: `978307323456`.
        case millisecondsSince1970
        /// ISO 8601 / RFC 3339 internet date-time, with or without fractional seconds:
        /// `2001-01-01T00:02:03Z`, `2001-01-01T01:02:03.5+01:00`.
        case iso8601
        #if FoundationAPI
        /// The date a `DateFormatter` reads. The formatter must not be mutated while decoding.
        /// Needs the `FoundationAPI` trait (on by default), since `DateFormatter` is only in full
        /// Foundation; `parseStrategy` needs FoundationEssentials alone.
        case formatted(DateFormatter)
        #endif
        /// What the HTML date and time inputs send, read in `timeZone`, since a browser sends no
        /// offset: `date` (`2026-11-23`, the start of that day), `datetime-local`
        /// (`2026-11-23T14:30`, with or without seconds and fractions, `T` or a space),
        /// `month` (`2026-11`, its first day), `week` (`2026-W48`, its Monday, as ISO 8601
        /// numbers weeks) and `time` (`14:30`, that time on 1 January 1970).
        ///
        /// ``URLEncodedFormEncoder/DateEncoding-swift.enum/htmlInput(_:timeZone:)`` writes each of
        /// them, so a server can fill a form's inputs with what it read.
        case htmlInput(timeZone: TimeZone)
        /// The result of a closure that receives the percent-decoded text. Errors it throws
        /// propagate out of `decode` unchanged.
        case custom(@Sendable (String) throws -> Date)

        /// The date a Foundation `ParseStrategy` reads from the percent-decoded text, such as
        /// `Date.ISO8601FormatStyle` or a `Date.FormatStyle`; unlike `DateFormatter`, these are
        /// `Sendable` values.
        ///
        /// ```swift
        /// let decoder = URLEncodedFormDecoder(dateDecoding: .parseStrategy(.iso8601.year().month().day()))
        /// ```
        ///
        /// Text the strategy cannot read is a `DecodingError.dataCorrupted` at the date's coding
        /// path, with the strategy's own error as its underlying error.
        public static func parseStrategy<Strategy: ParseStrategy & Sendable>(
            _ strategy: Strategy
        ) -> Self where Strategy.ParseInput == String, Strategy.ParseOutput == Date {
            .custom { text in
                do {
                    return try strategy.parse(text)
                } catch {
                    throw UnreadableDate(text: text, underlying: error)
                }
            }
        }
    }

    /// A date a ``DateDecoding-swift.enum/parseStrategy(_:)`` could not read; the reader makes it a
    /// `DecodingError` with the coding path, which the closure does not know.
    struct UnreadableDate: Error {
        let text: String
        let underlying: any Error
    }

    /// What a name the form repeats without brackets (`a=1&a=2`) means, as qs's `duplicates`
    /// option: read into a `String` or an `Int`, and in ``URLEncodedFormValue``.
    ///
    /// A repeated key is an array wherever the type asks for one (`[String]`, `Set<Int>`), and a
    /// name written with brackets (`a[]=1&a[]=2`) is an array in ``URLEncodedFormValue``,
    /// whatever this says. Rails' hidden-field checkbox sends `admin=0&admin=1` when ticked:
    ///
    /// ```swift
    /// // user[admin]=0&user[admin]=1
    /// // .combine: Bool reads true; URLEncodedFormValue holds ["0", "1"]
    /// // .last:    Bool reads true; URLEncodedFormValue holds "1" (PHP, Rack and Rails)
    /// ```
    public enum DuplicateKeys: Sendable, Hashable {
        /// Every value: ``URLEncodedFormValue`` holds a repeated name as an array of its values,
        /// as qs reads it by default; a type that expects one value reads the last, as under
        /// ``last``. The default, so that nothing the form says is dropped where no type decides.
        case combine
        /// The last value: `a=1&a=2` reads as `2`, in a type and in ``URLEncodedFormValue``, as
        /// Vapor, Rails and PHP read it.
        case last
        /// The first value: `a=1&a=2` reads as `1`, as Go's `url.Values.Get` reads.
        case first
        /// Refused: a ``URLEncodedFormDecodingError`` with the code
        /// ``URLEncodedFormDecodingError/Code-swift.struct/duplicateKey`` that names the key and
        /// how many times it came, for servers that treat a repeated field as tampering; in a
        /// type where one value is expected, and in ``URLEncodedFormValue``.
        case error
    }

    /// Whether decoding stops at the first field that fails, or goes on and reports every one.
    public enum ErrorReporting: Sendable, Hashable {
        /// The first failure is thrown as it is: a `DecodingError`, or the error a custom
        /// strategy or an `init(from:)` threw. The default.
        case firstError
        /// Every field that fails is recorded and decoding goes on past it; the decode then
        /// throws ``URLEncodedFormFieldErrors`` listing them all, for a form re-rendered with a
        /// message beside each bad input.
        ///
        /// A failed field is given a stand-in so that its parent can go on: an empty text, zero,
        /// `false`, `nil`, an empty collection, the first case of a `CaseIterable` enum, the
        /// ``URLEncodedFormStandIn/formStandIn`` of a type that names one, or else the type
        /// decoded from an empty object, each of its own fields given its stand-in: a missing or
        /// broken nested value (`address`) is one failed field, and the rest of the form is read.
        /// Only a type that cannot be made even so (an enum that is not `CaseIterable`, a type
        /// whose `init(from:)` throws on empty input) stops the level that holds it, unless that
        /// level reads it as optional. Input refused before decoding (a limit, a conflicting key) is still one
        /// ``URLEncodedFormDecodingError``. A failure is recorded even where the type's own
        /// `init(from:)` would have caught it with `try?`.
        case everyField
    }

    /// How the names in the form are matched to coding keys.
    public enum KeyDecoding: Sendable {
        /// Names must equal the type's `CodingKey`s. The default.
        case useDefaultKeys
        /// `one_two_three` → `oneTwoThree`, as `JSONDecoder` converts. A key also matches the name
        /// ``URLEncodedFormEncoder/KeyEncoding-swift.enum/convertToSnakeCase`` writes for it, so
        /// `my_url_property` finds `myURLProperty`.
        case convertFromSnakeCase
        /// `one-two-three` → `oneTwoThree`; matches what
        /// ``URLEncodedFormEncoder/KeyEncoding-swift.enum/convertToKebabCase`` writes, likewise.
        case convertFromKebabCase
        /// The coding-key name a closure returns for each name in the form.
        case custom(@Sendable (String) -> String)
    }

    /// How nested names are read from a key.
    ///
    /// ```swift
    /// // .brackets: parent[child][grandchild]=value
    /// // .dots:     parent.child.grandchild=value, and parent[child].grandchild=value
    /// ```
    public struct KeyPathDecoding: Sendable, Hashable {
        let acceptsDots: Bool

        /// `parent[child]`, where `[]` appends to an array. A dot is an ordinary character. The
        /// default.
        public static let brackets = KeyPathDecoding(acceptsDots: false)
        /// `parent.child`, and brackets as well: `parent.items[0].name`. A name in brackets is
        /// taken as it is, so `hosts[example.com]` is the member `example.com` of `hosts`.
        public static let dots = KeyPathDecoding(acceptsDots: true)
    }

    /// What a `+` means.
    ///
    /// The cases are named as ``URLEncodedFormEncoder/SpaceEncoding``'s: each reads what the
    /// encoder's case of the same name writes.
    public enum SpaceDecoding: Sendable {
        /// Spaces were written as `+`, so a `+` is a space, as in every HTML form body and query
        /// string, and as ``URLEncodedFormEncoder/SpaceEncoding/plusReplaced`` writes. The default.
        case plusReplaced
        /// Spaces were escaped as `%20`, so a `+` is a plus sign: for text escaped with RFC 3986
        /// rules that left `+` unescaped.
        case percentEscaped
    }
}
