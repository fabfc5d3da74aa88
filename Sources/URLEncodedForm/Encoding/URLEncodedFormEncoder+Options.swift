#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if FoundationAPI
import Foundation  // DateFormatter
#endif

extension URLEncodedFormEncoder {
    /// How the elements of an array are keyed.
    ///
    /// ```swift
    /// struct Query: Encodable { let tags = ["a", "b"] }
    /// // .brackets        → tags%5B%5D=a&tags%5B%5D=b   (tags[]=a&tags[]=b)
    /// // .noBrackets      → tags=a&tags=b
    /// // .indexInBrackets → tags%5B0%5D=a&tags%5B1%5D=b (tags[0]=a&tags[1]=b)
    /// ```
    ///
    /// Elements always keep their order; the encoder never sorts them. An element that writes
    /// nothing (an empty array, a dropped `nil`) takes no index, as in Alamofire, unless
    /// ``URLEncodedFormEncoder/indexGaps`` keeps positions.
    public enum ArrayEncoding: Sendable {
        /// Appends empty brackets to the key of every element: `tags[]=a`. The default.
        case brackets
        /// Repeats the key as it is: `tags=a&tags=b`.
        case noBrackets
        /// Appends the element's index in brackets, as Node's `qs` does with `arrayFormat:
        /// 'indices'`: `tags[0]=a`.
        case indexInBrackets
        /// jQuery's `$.param`: empty brackets for an element written as a value (`tags[]=a`),
        /// and the element's index for one that is an object or an array (`items[0][id]=1`,
        /// `m[1][]=x`), which PHP and Rails read back unambiguously. Byte for byte what jQuery 3
        /// writes with `alphabetizeKeyValuePairs: false`, JavaScript's escaping
        /// (`allowedCharacters: .jQuery`), `boolEncoding: .literal` and
        /// `nilEncoding: .dropValue`.
        ///
        /// The index is the element's place in the array, counting the elements that write
        /// nothing, as jQuery counts them: `[[], {"b": 1}]` is `a[1][b]=1`. A top-level name that
        /// ends in `[]` itself (`["ids[]": [1, 2]]`) has its values written under the name alone
        /// (`ids[]=1&ids[]=2`), as jQuery writes them; an array or object inside it is keyed by
        /// its index, where jQuery writes JavaScript's `toString` of it.
        case jQuery
        /// What an HTML form sends: the name repeated for an element written as a value
        /// (`tags=a&tags=b`, as a `<select multiple>` or checkboxes sharing a name send it), and
        /// the element's index for one that is an object or an array (`rows%5B0%5D%5Bname%5D=a`,
        /// as forms name their rows for Rails and PHP), so that every array reads back. The
        /// `.htmlForm` preset's.
        ///
        /// The index is the element's place among the elements that wrote something, or its
        /// coding index where ``URLEncodedFormEncoder/indexGaps`` keeps positions.
        case htmlForm
        /// Writes an array of values as one pair, its elements escaped one by one and joined with
        /// the separator: `ids=1,2,3`, as Kubernetes, Spotify and Vapor's `.separator` take it.
        /// An element that holds the separator has it escaped (`a%2Cb`), so the text reads back
        /// with ``URLEncodedFormDecoder``'s ``URLEncodedFormDecoder/ArrayDecoding-swift.enum/separator(_:)``.
        ///
        /// Elements that are arrays or objects are keyed as ``brackets`` keys them, so an array of
        /// arrays is one pair per row: `[[1, 2], [3]]` is `m[]=1,2&m[]=3`, which the decoder reads
        /// back into `[[Int]]`. A `nil` written as ``NilEncoding-swift.struct/bareKey`` is an empty
        /// element. The separator is a printable ASCII character other than a space, `&`, `=`, `%`,
        /// `+` or `#`; another one makes `encode` throw `EncodingError.invalidValue`.
        case separator(Character)
        /// Builds each element's key with a closure that receives the unescaped key path of the
        /// array (`"user[tags]"`) and the element's index, and returns the element's key path.
        ///
        /// ```swift
        /// .custom { key, index in "\(key)(\(index + 1))" }  // tags(1)=a&tags(2)=b, escaped: tags%281%29=a…
        /// ```
        case custom(@Sendable (_ key: String, _ index: Int) -> String)
    }

    /// How `Bool` values are written.
    public enum BoolEncoding: Sendable {
        /// `true` as `1`, `false` as `0`. The default.
        case numeric
        /// `true` as `true`, `false` as `false`.
        case literal
        /// `true` as `on` and `false` as nothing, as a browser submits a checkbox: ticked it sends
        /// `agree=on`, unticked nothing at all. The decoder reads `on` as `true` by default, and
        /// the missing member as `false` with `dialect.missingBool = .false` (the `.htmlForm` presets). A
        /// `false` element of an array writes nothing either, and a `false` in a `Bool?` reads
        /// back as `nil`.
        case checkbox
    }

    /// How `Data` values are written.
    public enum DataEncoding: Sendable {
        /// Uses `Data`'s own `Encodable` conformance: an array of its bytes as numbers.
        case deferredToData
        /// Base64 text, padded: `Data("data".utf8)` → `ZGF0YQ%3D%3D`. The default.
        case base64
        /// The text a closure returns. Errors it throws propagate out of `encode` unchanged.
        case custom(@Sendable (Data) throws -> String)
    }

    /// How `Date` values are written.
    public enum DateEncoding: Sendable {
        /// Uses `Date`'s own `Encodable` conformance: seconds since 1 January 2001 as a `Double`
        /// (`123.456`). The default.
        case deferredToDate
        /// Seconds since 1 January 1970 as a `Double`: `978307323.456`.
        case secondsSince1970
        /// Milliseconds since 1 January 1970 as a `Double`: `978307323456.0`.
        case millisecondsSince1970
        /// ISO 8601 / RFC 3339 internet date-time in UTC, without fractional seconds:
        /// `2001-01-01T00:02:03Z`.
        case iso8601
        #if FoundationAPI
        /// The text of a `DateFormatter`. The formatter must not be mutated while encoding.
        /// Needs the `FoundationAPI` trait (on by default), since `DateFormatter` is only in full
        /// Foundation; `formatStyle` needs FoundationEssentials alone.
        case formatted(DateFormatter)
        #endif
        /// The text the HTML input `input` sends and is filled from, in `timeZone`: `2026-11-23`
        /// for `date`, `2026-11-23T14:30` for `dateTimeLocal` (seconds and milliseconds only
        /// when they are not zero, as a browser normalizes them), `2026-11`, `2026-W48`, `14:30`.
        ///
        /// A server that renders a form fills `<input type=date value=…>` with it, and
        /// ``URLEncodedFormDecoder/DateDecoding-swift.enum/htmlInput(timeZone:)`` reads what the
        /// browser sends back.
        case htmlInput(HTMLDateInput, timeZone: TimeZone)
        /// The text a closure returns. Errors it throws propagate out of `encode` unchanged.
        case custom(@Sendable (Date) throws -> String)

        /// The text a Foundation `FormatStyle` writes, such as `Date.ISO8601FormatStyle` or a
        /// `Date.FormatStyle`; unlike `DateFormatter`, these are `Sendable` values.
        ///
        /// ```swift
        /// let encoder = URLEncodedFormEncoder(dateEncoding: .formatStyle(.iso8601.year().month().day()))
        /// ```
        public static func formatStyle<Style: FormatStyle & Sendable>(
            _ style: Style
        ) -> Self where Style.FormatInput == Date, Style.FormatOutput == String {
            .custom { style.format($0) }
        }
    }

    /// How member names are transformed before they are written.
    ///
    /// The transformation applies to every member name of every object — struct properties and
    /// dictionary keys alike — one path component at a time. Two names it makes equal (`"j"` and
    /// `"J"` under `.lowercased`) are both written, as Alamofire writes them.
    public enum KeyEncoding: Sendable {
        /// Names are written as the type's `CodingKey`s spell them. The default.
        case useDefaultKeys
        /// `oneTwoThree` → `one_two_three`, `myURLProperty` → `my_url_property`.
        case convertToSnakeCase
        /// `oneTwoThree` → `one-two-three`.
        case convertToKebabCase
        /// Upper-cases the first character: `oneTwoThree` → `OneTwoThree`.
        case capitalized
        /// `oneTwoThree` → `ONETWOTHREE`.
        case uppercased
        /// `oneTwoThree` → `onetwothree`.
        case lowercased
        /// The name a closure returns for each member name.
        case custom(@Sendable (String) -> String)
    }

    /// How the name of a nested member is joined to the path of its parent.
    ///
    /// ```swift
    /// ["parent": ["child": ["grandchild": "value"]]]
    /// // .brackets → parent[child][grandchild]=value (escaped: parent%5Bchild%5D%5Bgrandchild%5D=value)
    /// // .dots     → parent.child.grandchild=value
    /// ```
    public struct KeyPathEncoding: Sendable {
        enum Style: Sendable {
            case brackets
            case dots
            case custom(@Sendable (_ subkey: String) -> String)
        }

        let style: Style

        /// Wraps each nested name in brackets: `parent[child]`. The default.
        public static let brackets = KeyPathEncoding(style: .brackets)
        /// Joins nested names with dots: `parent.child`.
        public static let dots = KeyPathEncoding(style: .dots)

        /// Uses a closure that receives a nested member's name and returns the text appended to
        /// its parent's path.
        ///
        /// ```swift
        /// KeyPathEncoding { "::\($0)" }  // parent::child=value, escaped: parent%3A%3Achild=value
        /// ```
        public init(encoding: @escaping @Sendable (_ subkey: String) -> String) {
            style = .custom(encoding)
        }

        init(style: Style) {
            self.style = style
        }
    }

    /// Whether the brackets and dots that give a key path its structure are percent-escaped.
    ///
    /// ```swift
    /// ["filter": ["name": "x"], "tags": ["a"]]
    /// // .percentEscaped → filter%5Bname%5D=x&tags%5B%5D=a
    /// // .literal        → filter[name]=x&tags[]=a
    /// ```
    ///
    /// `.literal` writes the keys JSON:API, Stripe and PHP document, and what qs writes with
    /// `encodeValuesOnly` and serde_qs by default. Only the punctuation the encoder adds is
    /// affected: a bracket inside a name is still escaped (`n[a%5Bb]=1` for the member `a[b`
    /// of `n`), so the two texts differ in nothing else, and a reader that percent-decodes
    /// names before splitting them, as ``URLEncodedFormDecoder``, qs and PHP do, reads both
    /// alike. (Such a reader cannot tell a bracket in a name from one that structures a path
    /// in either text; keep brackets out of names.) Names that ``ArrayEncoding-swift.enum/custom(_:)`` or
    /// ``KeyPathEncoding-swift.struct/init(encoding:)`` return are escaped whole, as before.
    public enum BracketEncoding: Sendable {
        /// `%5B` and `%5D`, as Alamofire writes them. The default.
        case percentEscaped
        /// `[` and `]` as they are, and `.` under ``KeyPathEncoding-swift.struct/dots`` even when
        /// ``URLEncodedFormEncoder/allowedCharacters`` leaves it out.
        case literal
    }

    /// How `nil` is written, for `encodeNil` and for optional members that are `nil`.
    public struct NilEncoding: Sendable {
        enum Style: Sendable {
            case dropKey
            case text(String)
            case bareKey
            case custom(@Sendable () -> String?)
        }

        let style: Style

        /// Leaves the member out entirely. The default.
        public static let dropKey = NilEncoding(style: .dropKey)
        /// Writes the key with an empty value: `middleName=`.
        public static let dropValue = NilEncoding(style: .text(""))
        /// Writes the literal `null`: `middleName=null`.
        public static let null = NilEncoding(style: .text("null"))
        /// Writes the name alone, without `=`: `middleName`, as qs writes `null` with
        /// `strictNullHandling`. ``URLEncodedFormDecoder`` reads it back as `nil` with
        /// `nilDecoding: .bareKey`; a reader that takes a bare name for an empty value (the default of
        /// most) reads `""`. In an array, `tags[]`.
        public static let bareKey = NilEncoding(style: .bareKey)

        /// Uses the text a closure returns for each `nil`; a `nil` result leaves the member out.
        public init(encoding: @escaping @Sendable () -> String?) {
            style = .custom(encoding)
        }

        init(style: Style) {
            self.style = style
        }

        /// What to write for `nil`, or `nil` to leave the member out. Calls a custom closure.
        var scalar: NilScalar? {
            switch style {
            case .dropKey: nil
            case .text(let text): .text(text)
            case .bareKey: .bare
            case .custom(let closure): closure().map(NilScalar.text)
            }
        }
    }

    /// How a space is written. Spaces are written this way whatever `allowedCharacters` says.
    public enum SpaceEncoding: Sendable {
        /// `%20`, valid in any URL component. The default.
        case percentEscaped
        /// `+`, the HTML form convention (`application/x-www-form-urlencoded` bodies).
        case plusReplaced
    }
}
