/// Writes the text of `name=value` pairs into one output buffer: the escaped key path of the open
/// level, each pair's `&`, name, `=` and escaped value, and, when members are sorted, Alamofire's
/// order. What each name is made of is decided by ``FormSerializer``, which hands it
/// ``PathStep``s.
///
/// The walk descends into a container with ``open(_:)``, writes each scalar as ``beginPair(_:bare:)``,
/// its value and ``endPair()``, and climbs back with ``close(restoring:)``, handing back the level
/// the open call returned. For `Order(user: User(name: "Ada", id: 7), tags: ["a"])`:
///
/// ```
/// root = open(.name("user"))                       path: user
///   beginPair(.bracketed("name")) "Ada" endPair    output: user%5Bname%5D=Ada
///   beginPair(.bracketed("id")) "7" endPair        output: …&user%5Bid%5D=7
/// close(restoring: root)                           sorts user's members: user%5Bid%5D=7&user%5Bname%5D=Ada
/// root = open(.name("tags"))                       path: tags
///   beginPair(.emptyBrackets) "a" endPair          output: …&tags%5B%5D=a
/// close(restoring: root)                           path: (empty)
/// finish                                           sorts the root's members
/// ```
///
/// Sorting follows Alamofire: each object's members, already sorted inside, are ordered by their
/// whole text, compared as strings; array elements keep their order. A level's members are
/// sorted when it closes, so the work is one pass per object over its own bytes.
struct PairWriter<Items: PairItems>: ~Copyable {
    /// The encoder's options as the writer acts on them (``URLEncodedFormEncoder/rules``).
    private let rules: EncodingRules
    /// The encoder's escaper (``URLEncodedFormEncoder/allowedCharacters``, and the separator).
    private let escaper: PercentEscaper
    /// The brackets and dots of key paths, escaped or as they are
    /// (``URLEncodedFormEncoder/bracketEncoding``), picked once from the escaper's two sets.
    private let punctuation: KeyPathPunctuation
    /// The length of the `utf8=✓` pair written first (``URLEncodedFormCharset/sentinel``),
    /// which is taken back when nothing follows it, as qs does.
    private var sentinelLength = 0
    /// The first character written as a numeric character reference because the legacy charset
    /// lacks it, for ``URLEncodedFormCharset/numericReferences`` off, where that is an error.
    private(set) var firstReference: Unicode.Scalar?
    /// Whether the unescaped path is kept too: a custom array encoding receives it, and query
    /// items are named by it.
    private let tracksRawPath: Bool

    /// The form written so far.
    private(set) var output: ByteWriter
    /// The escaped key path of the open level, which each of its pairs starts with.
    private var path: ByteWriter
    /// The same path unescaped, when ``tracksRawPath``.
    private(set) var rawPath: [UInt8] = []
    /// The open level. The levels around it are kept by the caller, on its own stack:
    /// ``open(_:)`` returns the level it replaces and ``close(restoring:)`` takes it back, so the
    /// writer keeps no stack of levels, which an array would have to allocate and free for every
    /// encode, and every write reach through (the small encode; Benchmarks/README.md, Shortcuts). The root is open from the
    /// start and ends in ``finish(_:)``.
    private var level = Level(pathStart: 0, rawPathStart: 0, outputStart: 0, firstMember: 0)
    /// The paths that ``PathStep/whole(_:)`` steps replaced, one per open level that took one.
    private var replacedPaths: [(escaped: [UInt8], raw: [UInt8])] = []
    /// The members of the open levels, a stack shared by all levels: where each one's pairs lie
    /// in `output`, for sorting.
    private var members: MemberStack
    /// Where the pair begun last starts (at its `&` when it has one).
    private var pairStart = 0
    /// The pairs as unescaped text, for query items; nothing for the text encoder.
    private(set) var items: Items

    /// What the writer keeps of one open level.
    struct Level {
        /// The lengths of the path and of the unescaped path before this level's step.
        fileprivate var pathStart: Int
        fileprivate var rawPathStart: Int
        /// Where this level's first pair starts (at its `&` when it has one).
        fileprivate var outputStart: Int
        /// This level's first entry in `members`.
        fileprivate var firstMember: Int
        /// Whether this level's children are members, whose order is sorted.
        fileprivate var holdsMembers = false
        /// Whether this level's step replaced the path rather than extending it.
        fileprivate var replacedPath = false
    }

    /// A writer under `rules` that escapes with `escaper` and writes its form into `output`, and
    /// keeps the path and the members being sorted in the other two.
    init(
        rules: EncodingRules,
        escaper: PercentEscaper,
        output: consuming ByteWriter,
        path: consuming ByteWriter,
        members: consuming ByteWriter,
        items: consuming Items
    ) {
        self.rules = rules
        // Under a separator, the escaper escapes it (``URLEncodedFormEncoder/escaper``).
        self.escaper = escaper
        tracksRawPath = rules.rewritesPaths || Items.records
        punctuation = escaper.punctuation(literal: rules.bracketsLiteral)
        self.output = output
        self.path = path
        self.members = MemberStack(members)
        self.items = items
        if rules.writesSentinel {
            beginPair(.name("utf8"))
            appendValue("✓")
            sentinelLength = self.output.count
            // The sentinel is a reference by design in a legacy charset; only the form's own
            // text counts.
            firstReference = nil
        }
    }

    // MARK: Levels

    /// Descends into the container that `step` names, a member or an element of the current
    /// level; returns the current level, for ``close(restoring:)``.
    mutating func open(_ step: PathStep) -> Level {
        if step.isMember { level.holdsMembers = true }
        let outer = level
        level = Level(pathStart: path.count, rawPathStart: rawPath.count, outputStart: output.count, firstMember: members.count)
        if case .whole(let text) = step {
            replacePath(with: text)
        } else {
            append(step, to: .path)
            if tracksRawPath { step.append(to: &rawPath) }
        }
        return outer
    }

    /// Makes `text`, a custom array encoding's, the whole path of the level just opened. Out of
    /// line, so the common writers stay small.
    @inline(never)
    private mutating func replacePath(with text: String) {
        level.replacedPath = true
        replacedPaths.append((path.withReader { $0.array }, rawPath))
        path.truncate(to: 0)
        appendText(text, to: .path)
        PathStep.whole(text).append(to: &rawPath)
    }

    /// Climbs back to `outer`, the level the current one was opened from, sorting the current
    /// level's members first; returns whether the level wrote anything.
    @discardableResult
    mutating func close(restoring outer: Level) -> Bool {
        if level.holdsMembers, rules.sortsMembers {
            // Every member's text starts with this level's path, unless a custom array encoding
            // rewrote whole paths below it; comparisons can start after the shared part.
            sortMembers(from: level.firstMember, sharedPrefix: rules.rewritesPaths ? 0 : path.count)
        }
        members.removeAll(from: level.firstMember)
        let closing = level
        level = outer
        if closing.replacedPath {
            let replaced = replacedPaths.removeLast()
            path.truncate(to: 0)
            path.append(contentsOf: replaced.escaped)
            rawPath = replaced.raw
        } else {
            path.truncate(to: closing.pathStart)
            if tracksRawPath { rawPath.removeSubrange(closing.rawPathStart...) }
        }
        let wrote = output.count > closing.outputStart
        if wrote { recordMemberText(from: closing.outputStart) }
        return wrote
    }

    /// When the current level holds members, notes that the one just written runs from `start`
    /// (at its `&`, unless it is the first pair of all) to the end. A member that wrote nothing
    /// is never noted, so it takes no part in the sort.
    @inline(__always)
    private mutating func recordMemberText(from start: Int) {
        guard rules.sortsMembers, level.holdsMembers else { return }
        let text = (start == 0 ? 0 : start &+ 1)..<output.count
        // The sort compares members after the path they share (``sortMembers(from:sharedPrefix:)``),
        // which is this level's.
        members.append(text, key: output.orderKey(at: text.lowerBound &+ (rules.rewritesPaths ? 0 : path.count)))
    }

    /// Ends the root level, once every other is closed, and calls `body` with the form text.
    mutating func finish(_ body: (ByteReader) -> Void) {
        precondition(level.pathStart == 0 && path.count == 0, "a level left open")
        if level.holdsMembers, rules.sortsMembers { sortMembers(from: level.firstMember, sharedPrefix: 0) }
        if output.count == sentinelLength { output.truncate(to: 0) }
        output.withReader(body)
    }

    // MARK: Pairs

    /// Starts the pair of the member or element `step` names: `&`, the path, the step and, unless
    /// the pair is `bare` (a name alone), `=`. The value and ``endPair()`` follow.
    @inline(__always)
    mutating func beginPair(_ step: PathStep, bare: Bool = false) {
        if step.isMember { level.holdsMembers = true }
        startPair()
        let nameStart = output.count
        if case .whole(let text) = step {
            appendText(text, to: .output)
        } else {
            output.append(contentsOf: path)
            append(step, to: .output)
        }
        if !bare { output.append(UInt8(ascii: "=")) }
        if Items.records { recordPair(step, at: nameStart, bare: bare, joinedBy: nil) }
    }

    /// Starts the pair of a member named by its coding key as `spelling` spells it, as
    /// ``beginPair(_:bare:)`` does for that ``PathStep``, with the key borrowed from the tree.
    @inline(__always)
    mutating func beginPair(member name: borrowing String, _ spelling: PathStep.MemberSpelling) {
        level.holdsMembers = true
        startPair()
        let nameStart = output.count
        output.append(contentsOf: path)
        append(member: name, spelling, to: .output)
        output.append(UInt8(ascii: "="))
        if Items.records { recordPair(PathStep(member: copy name, spelling), at: nameStart, bare: false, joinedBy: nil) }
    }

    /// Starts a pair named by the current level's path alone, which the elements of an array
    /// written as values join (``URLEncodedFormEncoder/ArrayEncoding-swift.enum/separator(_:)``).
    mutating func beginJoinedPair(_ separator: UInt8) {
        startPair()
        let nameStart = output.count
        output.append(contentsOf: path)
        output.append(UInt8(ascii: "="))
        if Items.records { recordPair(.none, at: nameStart, bare: false, joinedBy: separator) }
    }

    /// Appends the separator between two elements of the pair begun by ``beginJoinedPair(_:)``.
    mutating func appendSeparator(_ separator: UInt8) {
        output.append(separator)
        if Items.records { items.appendSeparator(separator) }
    }

    /// Ends the pair begun last.
    @inline(__always)
    mutating func endPair() {
        recordMemberText(from: pairStart)
    }

    /// The `&` before every pair but the first.
    @inline(__always)
    private mutating func startPair() {
        pairStart = output.count
        if !output.isEmpty {
            output.append(UInt8(ascii: "&"))
        }
    }

    /// Records the pair whose name starts at `start` as unescaped text. Out of line: only the
    /// query items take this path.
    @inline(never)
    private mutating func recordPair(_ step: PathStep, at start: Int, bare: Bool, joinedBy separator: UInt8?) {
        var name = rawPath
        step.append(to: &name)
        items.beginPair(name: name, at: start, bare: bare, joinedBy: separator)
    }

    /// How many bytes are written: an element joins the pair before it when nothing was written
    /// since it ended.
    var writtenCount: Int { output.count }

    // MARK: Values

    /// Appends the value of a scalar node, as its kind is written.
    @inline(__always)
    mutating func appendValue(_ scalar: borrowing FormScalar) {
        switch scalar {
        case .text(let text): appendValue(text)
        case .signed(let value): appendValue(decimal: value)
        case .unsigned(let value): appendValue(decimal: value)
        case .decimal(let value): appendValue(value)
        }
    }

    mutating func appendValue(_ text: String) {
        if Items.records { items.appendValue(text) }
        if let legacyCharset = rules.legacyCharset {
            appendLegacy(text.unicodeScalars, charset: legacyCharset, to: .output)
            return
        }
        escaper.escape(text, spaceAsPlus: rules.spaceAsPlus, into: &output)
    }

    /// Appends decimal digits, escaped when the allowed characters leave out a digit or `-`.
    mutating func appendValue<Integer: FixedWidthInteger>(decimal value: Integer) {
        if Items.records { items.appendValue(String(value)) }
        if escaper.writesDigitsLiterally {
            output.appendDecimal(value)
        } else {
            var digits: [UInt8] = []
            digits.appendDecimal(value)
            digits.withReader { escaper.escape($0, spaceAsPlus: rules.spaceAsPlus, into: &output) }
        }
    }

    /// Appends a `Double`'s digits, escaped when the allowed characters leave out a digit, `-`
    /// or `.`.
    mutating func appendValue(_ decimal: ShortDecimal) {
        if Items.records { items.appendValue(decimal.text) }
        if escaper.writesDecimalsLiterally {
            output.appendDecimal(decimal)
        } else {
            var digits: [UInt8] = []
            digits.appendDecimal(decimal)
            digits.withReader { escaper.escape($0, spaceAsPlus: rules.spaceAsPlus, into: &output) }
        }
    }

    // MARK: Names

    /// Where a step goes: the path, for a level, or straight to the output, for a scalar's pair.
    private enum Destination {
        case path
        case output
    }

    /// Appends `step` escaped, but for ``PathStep/whole(_:)``, which replaces a path instead.
    @inline(__always)
    private mutating func append(_ step: PathStep, to destination: Destination) {
        switch step {
        case .name(let name): append(member: name, .name, to: destination)
        case .bracketed(let name): append(member: name, .bracketed, to: destination)
        case .dotted(let name): append(member: name, .dotted, to: destination)
        case .custom(let name):
            appendText(name, to: destination)
        case .emptyBrackets:
            append(punctuation.emptyBrackets, to: destination)
        case .index(let index):
            append(punctuation.openBracket, to: destination)
            switch destination {
            case .path: path.appendDecimal(index)
            case .output: output.appendDecimal(index)
            }
            append(punctuation.closeBracket, to: destination)
        case .none, .whole:
            break
        }
    }

    /// Appends a member's name escaped, with the punctuation `spelling` puts around it.
    @inline(__always)
    private mutating func append(member name: borrowing String, _ spelling: PathStep.MemberSpelling, to destination: Destination) {
        switch spelling {
        case .name:
            appendText(name, to: destination)
        case .bracketed:
            append(punctuation.openBracket, to: destination)
            appendText(name, to: destination)
            append(punctuation.closeBracket, to: destination)
        case .dotted:
            append(punctuation.dot, to: destination)
            appendText(name, to: destination)
        }
    }

    @inline(__always)
    private mutating func append(_ token: KeyPathPunctuation.Token, to destination: Destination) {
        switch destination {
        case .path: path.append(token)
        case .output: output.append(token)
        }
    }

    /// Appends a name, escaped: a bracket or dot in it is escaped whatever the bracket encoding.
    private mutating func appendText(_ text: borrowing String, to destination: Destination) {
        if let legacyCharset = rules.legacyCharset {
            appendLegacy(text.unicodeScalars, charset: legacyCharset, to: destination)
            return
        }
        switch destination {
        case .path: escaper.escapeName(text, spaceAsPlus: rules.spaceAsPlus, into: &path)
        case .output: escaper.escapeName(text, spaceAsPlus: rules.spaceAsPlus, into: &output)
        }
    }

    /// Appends text converted to a legacy charset (its characters as bytes, the others as
    /// numeric character references), then escaped.
    private mutating func appendLegacy(
        _ scalars: some Sequence<Unicode.Scalar>,
        charset: URLEncodedFormCharset.Encoding,
        to destination: Destination
    ) {
        // A buffer per text: a reused one, a stored property, costs every UTF-8 encode, to
        // spare only a legacy charset's.
        var bytes: [UInt8] = []
        let reference = LegacyCharsets.encode(scalars, charset: charset, into: &bytes)
        if firstReference == nil { firstReference = reference }
        bytes.withReader { encoded in
            switch destination {
            case .path: escaper.escape(encoded, spaceAsPlus: rules.spaceAsPlus, into: &path)
            case .output: escaper.escape(encoded, spaceAsPlus: rules.spaceAsPlus, into: &output)
            }
        }
    }

    // MARK: Sorting

    /// Orders the members from `firstMember` on by their text, as Alamofire does: each member's
    /// pairs, already sorted inside, compared as one string. The level's entries are sorted in
    /// place, as the level drops them right after.
    private mutating func sortMembers(from firstMember: Int, sharedPrefix: Int) {
        let end = members.count
        guard end &- firstMember > 1 else { return }
        // Members were written in order, so the first one starts the region they fill.
        let regionStart = members[firstMember].lowerBound
        let moved = output.withReader { text in
            members.sort(firstMember..<end) { text.orders($0, before: $1, from: sharedPrefix) }
        }
        guard moved else { return }
        if Items.records { items.relocate((firstMember..<end).map { members[$0] }, from: regionStart) }
        // Members are written `first&second&…`, so the sorted ones fill exactly the same bytes.
        output.reorder(from: regionStart, segments: end &- firstMember, { members[firstMember &+ $0] }, separator: UInt8(ascii: "&"))
    }
}
