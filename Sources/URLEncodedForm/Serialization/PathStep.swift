/// What a member or an element adds to its parent's key path, as the options spell it.
///
/// ``FormSerializer`` decides each step, one function per shape (a member's in
/// `memberStep`, an element's in `elementStep`); ``PairWriter`` writes it escaped, and the query
/// items take it as it is. For `["user": ["tags": ["a"]]]` under `.brackets`:
///
/// ```
/// step                text     escaped (bracketEncoding: .percentEscaped)
/// .name("user")       user     user
/// .bracketed("tags")  [tags]   %5Btags%5D
/// .emptyBrackets      []       %5B%5D
/// ```
enum PathStep {
    /// A member of the top-level object: its name alone.
    case name(String)
    /// A member of a nested object under ``URLEncodedFormEncoder/KeyPathEncoding-swift.struct/brackets``: `[name]`.
    case bracketed(String)
    /// A member of a nested object under ``URLEncodedFormEncoder/KeyPathEncoding-swift.struct/dots``: `.name`.
    case dotted(String)
    /// The text a custom key path encoding returned for a nested member, appended.
    case custom(String)
    /// An element keyed `[]`.
    case emptyBrackets
    /// An element keyed by a number: `[2]`.
    case index(Int)
    /// An element written under its array's own name.
    case none
    /// An element whose whole path a custom array encoding returned, in place of its array's.
    case whole(String)

    /// How a member's own name is spelled in its path: the three member steps that write the
    /// coding key as it is, for a writer that borrows the key rather than holding it in a step.
    enum MemberSpelling {
        /// ``name(_:)``.
        case name
        /// ``bracketed(_:)``.
        case bracketed
        /// ``dotted(_:)``.
        case dotted
    }

    /// The step that spells the member `name` as `spelling` says.
    init(member name: String, _ spelling: MemberSpelling) {
        switch spelling {
        case .name: self = .name(name)
        case .bracketed: self = .bracketed(name)
        case .dotted: self = .dotted(name)
        }
    }

    /// Whether the step names a member, whose pairs take part in the sort.
    @inline(__always)
    var isMember: Bool {
        switch self {
        case .name, .bracketed, .dotted, .custom: true
        case .emptyBrackets, .index, .none, .whole: false
        }
    }

    /// Appends the step as it is, unescaped: the name a query item carries, or the key path a
    /// custom array encoding receives. A ``whole(_:)`` step replaces `path`.
    func append(to path: inout [UInt8]) {
        switch self {
        case .name(let name), .custom(let name):
            path.append(contentsOf: name.utf8)
        case .bracketed(let name):
            path.append(UInt8(ascii: "["))
            path.append(contentsOf: name.utf8)
            path.append(UInt8(ascii: "]"))
        case .dotted(let name):
            path.append(UInt8(ascii: "."))
            path.append(contentsOf: name.utf8)
        case .emptyBrackets:
            path.append(contentsOf: [UInt8(ascii: "["), UInt8(ascii: "]")])
        case .index(let index):
            path.append(UInt8(ascii: "["))
            path.appendDecimal(index)
            path.append(UInt8(ascii: "]"))
        case .none:
            break
        case .whole(let text):
            path.removeAll(keepingCapacity: true)
            path.append(contentsOf: text.utf8)
        }
    }
}
