/// Writes `name=value` pairs into one output buffer, keeping the escaped key path of the value
/// being written and, when members are sorted, where each member's pairs lie.
///
/// Callers descend into containers with ``openMember(_:)`` and ``openElement(at:index:)``, write
/// each scalar as ``beginMemberPair(_:)`` or ``beginElementPair(at:)``, an escaped value and
/// ``endPair()``, and climb back with ``close(restoring:)``, handing back the level the open call
/// returned. For `Order(user: User(name: "Ada", id: 7), tags: ["a"])` the calls and the bytes are:
///
/// ```
/// root = openMember("user")               path: user
///   beginMemberPair("name") "Ada" endPair output: user%5Bname%5D=Ada
///   beginMemberPair("id") "7" endPair     output: …&user%5Bid%5D=7
/// close(restoring: root)                  sorts user's members: user%5Bid%5D=7&user%5Bname%5D=Ada
/// root = openMember("tags")               path: tags
///   beginElementPair(at: 0) "a" endPair   output: …&tags%5B%5D=a
/// close(restoring: root)                  path: (empty)
/// finish                                  sorts the root's members
/// ```
///
/// Sorting follows Alamofire: each object's members, already sorted inside, are ordered by their
/// whole text, compared as strings; array elements keep their order. A level's members are
/// sorted when it closes, so the work is one pass per object over its own bytes.
struct PairWriter: ~Copyable {
    private let escaper: PercentEscaper
    private let spaceAsPlus: Bool
    private let sortsMembers: Bool
    /// How element keys are written, as a plain value: switching over ``URLEncodedFormEncoder/ArrayEncoding``,
    /// whose cases carry a closure and a character, copied it at every element (measured).
    private let elementKeys: ElementKeys
    /// The closure of ``URLEncodedFormEncoder/ArrayEncoding-swift.enum/custom(_:)``.
    private let customElementKey: (@Sendable (_ key: String, _ index: Int) -> String)?

    private enum ElementKeys {
        case emptyBrackets
        case none
        case index
        /// `[]` for an element written as a value, `[i]` (its coding index) for one that holds
        /// members or elements: ``URLEncodedFormEncoder/ArrayEncoding-swift.enum/jQuery``.
        case jQuery
        case custom
    }
    private let keyPathEncoding: URLEncodedFormEncoder.KeyPathEncoding.Style
    private let keyEncoding: URLEncodedFormEncoder.KeyEncoding?
    /// The brackets and dots of key paths, escaped or as they are
    /// (``URLEncodedFormEncoder/bracketEncoding``), picked once from the escaper's two sets.
    private let punctuation: KeyPathPunctuation
    /// The charset names and values are written in when it is not UTF-8
    /// (``URLEncodedFormEncoder/charset``).
    private let legacyCharset: Charset.Encoding?
    /// The length of the `utf8=✓` pair written first (``Charset/sentinel``),
    /// which is taken back when nothing follows it, as qs does.
    private var sentinelLength = 0
    /// The first character written as a numeric character reference because the legacy charset
    /// lacks it, for ``Charset/numericReferences`` off, where that is an error.
    private(set) var firstReference: Unicode.Scalar?
    /// A custom array encoding receives the unescaped path, so only then is it tracked too.
    private let tracksRawPath: Bool

    /// The form written so far.
    private(set) var output: ByteWriter
    /// The escaped key path of the open level, which each of its pairs starts with.
    private var path: ByteWriter
    private var rawPath: [UInt8] = []
    /// The open level. The levels around it are kept by the caller, on its own stack:
    /// ``openMember(_:)`` and ``openElement(at:index:)`` return the level they replace and
    /// ``close(restoring:)`` takes it back, so the writer keeps no stack of levels (measured: the
    /// array cost a small encode 380 instructions to allocate and free, and every write an access
    /// through it). The root is open from the start and ends in ``finish(_:)``.
    private var level = Level(pathStart: 0, outputStart: 0, firstMember: 0)
    /// How many levels are open, the root's included.
    private var depth = 1
    /// Under a custom array encoding, the level a scalar's pair replaced while it is written.
    private var levelOutsidePair: Level?
    /// Whole copies of the paths each open level started from, kept only under a custom array
    /// encoding, which replaces the path rather than extending it.
    private var savedPaths: [(escaped: [UInt8], raw: [UInt8])] = []
    /// The members of the open levels, a stack shared by all levels: where each one's pairs lie
    /// in `output`, for sorting.
    private var members: MemberStack

    /// What the writer keeps of one open level.
    struct Level {
        /// The length of the path before this level's name was appended.
        fileprivate var pathStart: Int
        /// Where this level's first pair starts (at its `&` when it has one).
        fileprivate var outputStart: Int
        /// This level's first entry in `members`.
        fileprivate var firstMember: Int
        /// Whether this level's children are members, whose order is sorted.
        fileprivate var holdsMembers = false
        /// Under `.jQuery`, an element keyed by its index, until it turns out to be a value.
        fileprivate var isIndexedElement = false
        /// Under `.jQuery`, a top-level member whose name ends in `[]` (`ids[]`): jQuery writes
        /// its elements that are values under that name alone (`ids%5B%5D=1`).
        fileprivate var namesOwnBrackets = false
        /// Under `.jQuery`, an element of such a member.
        fileprivate var isInOwnBrackets = false
    }

    /// Under a separator, what each open level keeps for joining: a stack of its own, one entry
    /// per open level, so the writers of every other encoding carry none of it.
    private struct JoinState {
        /// For an array: where its last element written as a value ended, so that the next
        /// one, written right after it, joins its pair.
        var joinEnd = -1
        /// Whether the level is an array's element (``openElement(at:index:)``).
        var isElement = false
        /// For an element: whether it was written as a value, joined.
        var isJoinedValue = false
    }

    /// The separator of ``URLEncodedFormEncoder/ArrayEncoding-swift.enum/separator(_:)``, or
    /// `nil`; and whether the pair begun last is an element joined under it.
    private let separator: UInt8?
    private var pairIsJoined = false
    private var joinStates: [JoinState] = []

    /// A writer under `options` that writes its form into `output`, and keeps the path and the
    /// members being sorted in the other two.
    init(
        options: borrowing URLEncodedFormEncoder,
        output: consuming ByteWriter,
        path: consuming ByteWriter,
        members: consuming ByteWriter
    ) {
        // Under a separator, the escaper escapes it (``URLEncodedFormEncoder/escaper``).
        escaper = options.escaper
        separator = if case .byte(let byte) = options.separator { byte } else { nil }
        spaceAsPlus = if case .plusReplaced = options.spaceEncoding { true } else { false }
        sortsMembers = options.alphabetizeKeyValuePairs
        switch options.arrayEncoding {
        case .brackets, .separator: (elementKeys, customElementKey) = (.emptyBrackets, nil)
        case .noBrackets: (elementKeys, customElementKey) = (.none, nil)
        case .indexInBrackets: (elementKeys, customElementKey) = (.index, nil)
        case .jQuery: (elementKeys, customElementKey) = (.jQuery, nil)
        case .custom(let encode): (elementKeys, customElementKey) = (.custom, encode)
        }
        keyPathEncoding = options.keyPathEncoding.style
        keyEncoding = options.keyEncoding.isIdentity ? nil : options.keyEncoding
        punctuation = escaper.punctuation(literal: options.bracketEncoding == .literal)
        tracksRawPath = customElementKey != nil
        self.output = output
        self.path = path
        self.members = MemberStack(members)
        legacyCharset = options.charset.isLegacy ? options.charset.encoding : nil
        if options.charset.sentinel {
            self.output.append(contentsOf: Array("utf8=".utf8))
            appendValue("✓")
            sentinelLength = self.output.count
            // The sentinel is a reference by design in a legacy charset; only the form's own
            // text counts.
            firstReference = nil
        }
        if separator != nil { joinStates.append(JoinState()) }
    }

    // MARK: Levels

    /// Descends into the member `key` of the current level; returns that level, for
    /// ``close(restoring:)``.
    mutating func openMember(_ key: String) -> Level {
        addMember()
        let outer = beginLevel()
        appendName(key, to: .path)
        if elementKeys == .jQuery { noteNameEndingInBrackets(key) }
        return outer
    }

    /// Under `.jQuery`, marks the level just opened when it is a top-level member whose name ends
    /// in `[]`. Out of line, so the common writers stay small.
    @inline(never)
    private mutating func noteNameEndingInBrackets(_ key: String) {
        if depth == 2, key.hasSuffix("[]") { level.namesOwnBrackets = true }
    }

    /// Writes the start of the pair of the member `key` of the current level: `&`, the path, the
    /// name and `=`; the value and ``endPair()`` follow.
    mutating func beginMemberPair(_ key: String) {
        addMember()
        if tracksRawPath {
            levelOutsidePair = beginLevel()
            appendName(key, to: .path)
            beginPair()
            return
        }
        appendAmpersandAndPath()
        appendName(key, to: .output)
        output.append(UInt8(ascii: "="))
    }

    /// Writes the start of the pair of the element at `position` of the current level.
    mutating func beginElementPair(at position: Int) {
        level.holdsMembers = false
        if let separator {
            beginJoinedElement(separator, arrayLevel: depth &- 1, pathLength: path.count)
            return
        }
        if tracksRawPath {
            levelOutsidePair = beginLevel()
            appendElementKey(position)
            beginPair()
            return
        }
        appendAmpersandAndPath()
        if !(elementKeys == .jQuery && level.namesOwnBrackets) {
            appendElementKey(position, to: .output)
        }
        output.append(UInt8(ascii: "="))
    }

    /// Ends the pair begun by ``beginMemberPair(_:)`` or ``beginElementPair(at:)``.
    mutating func endPair() {
        if tracksRawPath, let outer = levelOutsidePair {
            levelOutsidePair = nil
            close(restoring: outer)
        } else if separator != nil, pairIsJoined {
            endJoined(closingElement: false)
        } else {
            recordMemberText(from: pairStart)
        }
    }

    private var pairStart = 0

    /// Under a separator, begins the pair of an element level that turns out to be a value,
    /// joined to its array's pair; returns `false` for any other pair.
    @inline(never)
    private mutating func beginsJoinedValue() -> Bool {
        guard let separator, depth > 2, joinStates[joinStates.count &- 1].isElement,
            output.count == level.outputStart
        else { return false }
        joinStates[joinStates.count &- 1].isJoinedValue = true
        beginJoinedElement(separator, arrayLevel: depth &- 2, pathLength: level.pathStart)
        return true
    }

    /// Begins an element written as a value under a separator: the separator, right after the
    /// array's last such element, or else a new pair named by the array's path (its first
    /// `pathLength` bytes). Out of line, so the common writers stay small.
    @inline(never)
    private mutating func beginJoinedElement(_ separator: UInt8, arrayLevel: Int, pathLength: Int) {
        pairIsJoined = true
        if joinStates[arrayLevel].joinEnd == output.count, output.count > 0 {
            output.append(separator)
            return
        }
        pairStart = output.count
        if !output.isEmpty {
            output.append(UInt8(ascii: "&"))
        }
        path.withReader { output.append(contentsOf: $0[0..<pathLength]) }
        output.append(UInt8(ascii: "="))
    }

    /// Starts a pair whose name this writer appends itself: `&` unless it is the first, then the
    /// path of the open levels. Unlike ``beginPair()``, it writes no `=`.
    private mutating func appendAmpersandAndPath() {
        pairIsJoined = false
        pairStart = output.count
        if !output.isEmpty {
            output.append(UInt8(ascii: "&"))
        }
        output.append(contentsOf: path)
    }

    /// Where a name or an element key goes: the path, for a level, or straight to the output,
    /// for a scalar's pair.
    private enum Destination {
        case path
        case output
    }

    private mutating func appendName(_ key: String, to destination: Destination) {
        let isTopLevel = depth == (destination == .path ? 2 : 1)
        let name = keyEncoding?.encode(key) ?? key
        if isTopLevel {
            appendText(name, to: destination, rawPrefix: nil, rawSuffix: nil)
            return
        }
        switch keyPathEncoding {
        case .brackets:
            append(punctuation.openBracket, to: destination)
            appendText(name, to: destination, rawPrefix: UInt8(ascii: "["), rawSuffix: UInt8(ascii: "]"))
            append(punctuation.closeBracket, to: destination)
        case .dots:
            append(punctuation.dot, to: destination)
            appendText(name, to: destination, rawPrefix: UInt8(ascii: "."), rawSuffix: nil)
        case .custom(let encode):
            appendText(encode(name), to: destination, rawPrefix: nil, rawSuffix: nil)
        }
    }

    @inline(__always)
    private mutating func append(_ token: KeyPathPunctuation.Token, to destination: Destination) {
        switch destination {
        case .path: path.append(token)
        case .output: output.append(token)
        }
    }

    /// Notes that the current level holds members, whose texts ``recordMemberText(from:)``
    /// notes for sorting once each is written.
    private mutating func addMember() {
        level.holdsMembers = true
    }

    /// Descends into the element at `position` of the current level: its place among the elements
    /// that wrote something, which `.indexInBrackets` writes. `index` is its coding index, the
    /// place `.jQuery` writes, counting the elements that wrote nothing, as jQuery does.
    /// Returns the current level, for ``close(restoring:)``.
    mutating func openElement(at position: Int, index: Int) -> Level {
        level.holdsMembers = false
        let outer = beginLevel()
        if separator != nil { markElement() }
        if elementKeys == .jQuery {
            level.isInOwnBrackets = outer.namesOwnBrackets
            appendIndexedElementKey(index)
            return outer
        }
        appendElementKey(position)
        return outer
    }

    /// Appends `[index]` for an element under `.jQuery`, which ``beginPair()`` turns into `[]`
    /// if the element is written as a value. Out of line, so the common writers stay small.
    @inline(never)
    private mutating func appendIndexedElementKey(_ index: Int) {
        level.isIndexedElement = true
        path.append(punctuation.openBracket)
        path.appendDecimal(index)
        path.append(punctuation.closeBracket)
    }

    /// Rewrites the key of the current level, an element under `.jQuery` written as a value, as
    /// `[]`: jQuery gives an index only to the elements that are objects or arrays.
    @inline(never)
    private mutating func keyIndexedElementAsValue() {
        level.isIndexedElement = false
        path.truncate(to: level.pathStart)
        // Under a name that ends in `[]` itself, jQuery writes the name alone.
        if !level.isInOwnBrackets { path.append(punctuation.emptyBrackets) }
    }

    /// Appends the key of element `position` to the path, or under a custom array encoding
    /// replaces the path with the one it returns.
    private mutating func appendElementKey(_ position: Int) {
        if let encode = customElementKey {
            let raw = String(decoding: rawPath, as: UTF8.self)
            let elementPath = encode(raw, position)
            path.truncate(to: 0)
            rawPath.removeAll(keepingCapacity: true)
            appendText(elementPath, to: .path, rawPrefix: nil, rawSuffix: nil)
            return
        }
        // Under the empty name too: `{"": ["x"]}` is `%5B%5D=x`, as Alamofire 5.12 writes it.
        appendElementKey(position, to: .path)
    }

    private mutating func appendElementKey(_ position: Int, to destination: Destination) {
        switch elementKeys {
        case .emptyBrackets, .jQuery:
            append(punctuation.emptyBrackets, to: destination)
        case .none, .custom:
            break
        case .index:
            append(punctuation.openBracket, to: destination)
            switch destination {
            case .path: path.appendDecimal(position)
            case .output: output.appendDecimal(position)
            }
            append(punctuation.closeBracket, to: destination)
        }
    }

    /// Opens a level and returns the one it replaces.
    private mutating func beginLevel() -> Level {
        let outer = level
        level = Level(pathStart: path.count, outputStart: output.count, firstMember: members.count)
        depth &+= 1
        if tracksRawPath {
            savedPaths.append((path.withReader { $0.array }, rawPath))
        }
        if separator != nil { pushJoinState() }
        return outer
    }

    // Out of line, so the writers of every other encoding stay small enough to inline.

    @inline(never)
    private mutating func pushJoinState() {
        joinStates.append(JoinState())
    }

    @inline(never)
    private mutating func markElement() {
        joinStates[joinStates.count &- 1].isElement = true
    }

    /// Notes where a joined value ended, in its array: after its pair (`closingElement: false`),
    /// or as its element level closes, whose state it pops; returns whether the element was one.
    @inline(never)
    @discardableResult
    private mutating func endJoined(closingElement: Bool) -> Bool {
        if closingElement {
            guard joinStates.removeLast().isJoinedValue else { return false }
        }
        joinStates[joinStates.count &- 1].joinEnd = output.count
        return true
    }

    /// Climbs back to `outer`, the level the current one was opened from, sorting the current
    /// level's members first; returns whether the level wrote anything.
    @discardableResult
    mutating func close(restoring outer: Level) -> Bool {
        let level = endLevel()
        self.level = outer
        depth &-= 1
        let wrote = output.count > level.outputStart
        if separator != nil, endJoined(closingElement: true) {
            // Joined to the array's pair, which is no member's text.
        } else if wrote {
            recordMemberText(from: level.outputStart)
        }
        if tracksRawPath {
            let saved = savedPaths.removeLast()
            path.truncate(to: 0)
            path.append(contentsOf: saved.escaped)
            rawPath = saved.raw
        } else {
            path.truncate(to: level.pathStart)
        }
        return wrote
    }

    /// When the current level holds members, notes that the one just written runs from `start`
    /// (at its `&`, unless it is the first pair of all) to the end. A member that wrote nothing
    /// is never noted, so it takes no part in the sort.
    private mutating func recordMemberText(from start: Int) {
        guard sortsMembers, level.holdsMembers else { return }
        members.append((start == 0 ? 0 : start &+ 1)..<output.count)
    }

    /// Sorts the current level's members and drops their entries; returns the level.
    private mutating func endLevel() -> Level {
        if level.holdsMembers, sortsMembers {
            // Every member's text starts with this level's path, unless a custom array encoding
            // rewrote whole paths below it; comparisons can start after the shared part.
            sortMembers(from: level.firstMember, sharedPrefix: tracksRawPath ? 0 : path.count)
        }
        members.removeAll(from: level.firstMember)
        return level
    }

    /// Ends the root level, once every other is closed, and calls `body` with the form text.
    mutating func finish(_ body: (ByteReader) -> Void) {
        precondition(depth == 1, "a level left open")
        _ = endLevel()
        if output.count == sentinelLength { output.truncate(to: 0) }
        output.withReader(body)
    }

    // MARK: Pairs

    /// Starts the pair of the current level: `&`, the escaped path and `=`. The value follows.
    mutating func beginPair() {
        if separator != nil, beginsJoinedValue() { return }
        if elementKeys == .jQuery, level.isIndexedElement { keyIndexedElementAsValue() }
        pairIsJoined = false
        if !output.isEmpty {
            output.append(UInt8(ascii: "&"))
        }
        output.append(contentsOf: path)
        output.append(UInt8(ascii: "="))
    }

    /// Writes the current level, an array that stayed empty, as its name and `[]` alone
    /// (``URLEncodedFormEncoder/allowsEmptyArrays``), whatever the array encoding; `%5B%5D`
    /// alone under the empty name.
    @inline(never)
    mutating func writeEmptyArray() {
        pairIsJoined = false
        appendAmpersandAndPath()
        output.append(punctuation.emptyBrackets)
    }

    /// Takes back the `=` the pair just begun ends with, for a name written alone. Kept out of
    /// line: inlined, it made the scalar writers too large to inline (measured).
    @inline(never)
    mutating func dropEquals() {
        // A joined element has no `=` of its own: `nil` is an empty element there.
        if pairIsJoined { return }
        output.withReader { precondition($0.count > 0 && $0[$0.count - 1] == UInt8(ascii: "="), "no = to take back") }
        output.truncate(to: output.count &- 1)
    }

    mutating func appendValue(_ text: String) {
        if let legacyCharset {
            appendLegacy(text.unicodeScalars, charset: legacyCharset, to: .output)
            return
        }
        escaper.escape(text, spaceAsPlus: spaceAsPlus, into: &output)
    }

    mutating func appendValue(_ bytes: ByteReader) {
        if let legacyCharset {
            appendLegacy(bytes.string.unicodeScalars, charset: legacyCharset, to: .output)
            return
        }
        escaper.escape(bytes, spaceAsPlus: spaceAsPlus, into: &output)
    }

    /// Appends text converted to a legacy charset (its characters as bytes, the others as
    /// numeric character references), then escaped.
    private mutating func appendLegacy(
        _ scalars: some Sequence<Unicode.Scalar>,
        charset: Charset.Encoding,
        to destination: Destination
    ) {
        // A buffer per text: a reused one, a stored property, cost every UTF-8 encode more than
        // this costs a legacy one (measured).
        var bytes: [UInt8] = []
        let reference = LegacyCharsets.encode(scalars, charset: charset, into: &bytes)
        if firstReference == nil { firstReference = reference }
        bytes.withReader { encoded in
            switch destination {
            case .path: escaper.escape(encoded, spaceAsPlus: spaceAsPlus, into: &path)
            case .output: escaper.escape(encoded, spaceAsPlus: spaceAsPlus, into: &output)
            }
        }
    }

    /// Appends decimal digits, escaped when the allowed characters leave out a digit or `-`.
    mutating func appendValue<Integer: FixedWidthInteger>(decimal value: Integer) {
        if escaper.writesDigitsLiterally {
            output.appendDecimal(value)
        } else {
            var digits: [UInt8] = []
            digits.appendDecimal(value)
            digits.withReader { appendValue($0) }
        }
    }

    // MARK: Names

    private mutating func appendText(_ text: String, to destination: Destination, rawPrefix: UInt8?, rawSuffix: UInt8?) {
        if let legacyCharset {
            appendLegacy(text.unicodeScalars, charset: legacyCharset, to: destination)
        } else {
            switch destination {
            case .path: escaper.escapeName(text, spaceAsPlus: spaceAsPlus, into: &path)
            case .output: escaper.escapeName(text, spaceAsPlus: spaceAsPlus, into: &output)
            }
        }
        if tracksRawPath, destination == .path {
            if let rawPrefix { rawPath.append(rawPrefix) }
            rawPath.append(contentsOf: text.utf8)
            if let rawSuffix { rawPath.append(rawSuffix) }
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
        // Members are written `first&second&…`, so the sorted ones fill exactly the same bytes.
        output.reorder(from: regionStart, segments: end &- firstMember, { members[firstMember &+ $0] }, separator: UInt8(ascii: "&"))
    }
}
