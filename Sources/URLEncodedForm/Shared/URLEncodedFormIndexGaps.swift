/// What becomes of a gap in an array's indices, in both directions: the encoder's
/// ``URLEncodedFormEncoder/indexGaps`` (an element that writes nothing leaves one) and the
/// decoder's ``URLEncodedFormDecoder/indexGaps`` (a form that skips an index has one).
///
/// ```swift
/// struct Query: Codable { var a: [Int?] }  // [1, nil, 2], nilEncoding: .dropKey, arrayEncoding: .indexInBrackets
/// // encoder .compact       → a[0]=1&a[1]=2         decoder .compact       ← a[0]=1&a[2]=2 is [1, 2]
/// // encoder .keepPositions → a[0]=1&a[2]=2         decoder .keepPositions ← a[0]=1&a[2]=2 is [1, nil, 2]
/// // encoder .error         → EncodingError at a.2  decoder .error         ← a[0]=1&a[2]=2 is refused
/// ```
///
/// Each case reads back what the same case writes. An element takes its index when it first
/// writes and keeps it, so the members of one element always share it; only the indices written
/// in the text differ, so for the encoder this matters under
/// ``URLEncodedFormEncoder/ArrayEncoding-swift.enum/indexInBrackets`` and
/// ``URLEncodedFormEncoder/ArrayEncoding-swift.enum/custom(_:)`` (``URLEncodedFormEncoder/ArrayEncoding-swift.enum/jQuery``
/// always keeps positions, as jQuery does), but for `.error`, which refuses a gap whatever the
/// array style, since brackets without indices would close it unseen.
///
/// A browser sends `items[0][sku]=a&items[2][sku]=c` after the user removes the middle row of a
/// form whose rows are numbered: the indices name rows, not positions. An index is never
/// renumbered, in a form that mixes it with `[]` too: an element appended by `[]` takes the
/// position after the largest index before it, as PHP numbers it, so `items[17][n]=a&items[][n]=b`
/// is at 17 and 18 and has a gap before them, and `a[]=x&a[0]=y` names 0 twice. jQuery's
/// `a[]=1&a[1][b]=2`, whose index is the next position, has neither.
public enum URLEncodedFormIndexGaps: Sendable, Hashable {
    /// The gap is closed. The encoder writes the next element at the place of the ones that wrote
    /// nothing, as Alamofire numbers them (the encoder's default); the decoder reads the elements
    /// in index order without the gaps, as qs reads them: `items[0]`, `items[2]` is an array of
    /// two, and errors still name each element as the form does (`items[2][sku]`).
    case compact
    /// Each element keeps its place. The encoder writes each element with its position in the
    /// array, counting the ones that write nothing, as qs, jQuery and PHP's `http_build_query`
    /// number them; the decoder puts each element at its index and `nil` at each missing one
    /// (`[a, nil, c]` as `[Item?]`, an error at index 1 as `[Item]`), as qs's `allowSparse` reads
    /// them.
    ///
    /// The decoded array is as long as its largest index, so besides
    /// ``URLEncodedFormDecoder/Limits-swift.struct/maximumArrayLength`` it is bounded by the
    /// length of the input: an index longer than the form itself is refused even with the limits
    /// lifted.
    case keepPositions
    /// The gap is refused. The encoder throws `EncodingError.invalidValue` at the last element of
    /// an array written after one that wrote nothing (an empty array or object, a `nil` left out); the
    /// decoder throws ``URLEncodedFormDecodingError`` with the code
    /// ``URLEncodedFormDecodingError/Code-swift.struct/indexGap``, naming the array and the first
    /// missing index (the decoder's default, for a server that numbers rows itself and treats a
    /// gap as a broken form).
    case error
}
