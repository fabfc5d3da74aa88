/// Reads the elements of a node read as an array, in order.
///
/// With separators, a value is split as it is read: an element read as a scalar is the next piece
/// of its value, and one read as an array (`[[Int]]`, a nested unkeyed container) is the whole
/// value, which splits in its own container. The type decides because only it knows whether
/// `m=1,2&m=3,4` is four numbers or two rows.
struct FormUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let reader: FormTreeReader
    let array: Int
    /// The element nodes in order, unless `walksChildren` (``FormTreeReader/arrangedElements(of:)``).
    private let arranged: [Int]
    /// Whether the elements are the children of `array` in order, walked by their links.
    private let walksChildren: Bool
    /// The element read next: its place in `arranged`, or the node itself (`-1` past the end).
    private var nextElement: Int
    /// Where the next piece of that element starts in its value, once it is being split.
    private var nextPiece: Int?
    /// The derived node pieces are handed out as: a piece is read before the next one is made.
    private var pieceNode = -1
    private(set) var currentIndex = 0
    /// The number of elements, or `nil` when a value will be split into pieces whose number the
    /// element type decides.
    let count: Int?

    init(reader: FormTreeReader, array: Int) throws {
        self.reader = reader
        self.array = array
        if let arranged = try reader.arrangedElements(of: array) {
            self.arranged = arranged
            walksChildren = false
            nextElement = 0
        } else {
            arranged = []
            walksChildren = true
            nextElement = reader[array].firstChild
        }
        let splits = !reader.separators.isEmpty && Self.splits(walksChildren ? nil : arranged, of: array, reader)
        count = splits ? nil : walksChildren ? reader[array].childCount : arranged.count
    }

    /// Whether an element is a scalar holding a separator, so that the elements' number is not
    /// known before the element type reads them.
    private static func splits(_ arranged: [Int]?, of array: Int, _ reader: FormTreeReader) -> Bool {
        let splits = { (node: Int) in reader[node].kind == .scalar && reader.holdsSeparator(node) }
        if let arranged { return arranged.contains(where: splits) }
        var child = reader[array].firstChild
        while child >= 0 {
            if splits(child) { return true }
            child = reader[child].nextSibling
        }
        return false
    }

    var codingPath: [any CodingKey] { reader.codingPath(of: array) }
    var isAtEnd: Bool { walksChildren ? nextElement < 0 : nextElement >= arranged.count }

    /// The element node `nextElement` names, and where the one after it is.
    @inline(__always)
    private func element(_ next: Int) -> (node: Int, following: Int) {
        walksChildren ? (next, reader[next].nextSibling) : (arranged[next], next + 1)
    }

    /// Where reading the next element would leave the container.
    private struct Step {
        var node: Int
        var nextElement: Int
        var nextPiece: Int?
    }

    /// The next element, not yet consumed; `splitting` when it is read as a scalar, `nil` when
    /// `T` decides. The conformance is looked up only for a value that holds a separator: a
    /// lookup costs more than reading most elements.
    private mutating func peek<T>(_ type: T.Type, splitting: Bool?) throws -> Step {
        guard !isAtEnd else { throw pastTheEnd(type) }
        guard currentIndex < reader.rules.limits.maximumArrayLength else {
            throw URLEncodedFormDecodingError.arrayTooLong(
                key: reader.keyPath(of: array), limit: reader.rules.limits.maximumArrayLength)
        }
        let (element, following) = element(nextElement)
        guard !reader.separators.isEmpty, splitting != false || nextPiece != nil, reader[element].kind == .scalar else {
            return Step(node: element, nextElement: following, nextPiece: nil)
        }
        let piece = reader.piece(of: element, from: nextPiece ?? 0)
        if splitting == nil, nextPiece == nil, piece.next != nil, type is any FormSequenceDecodable.Type {
            // A value of pieces read as an array of its own: the whole value.
            return Step(node: element, nextElement: following, nextPiece: nil)
        }
        if pieceNode < 0 {
            pieceNode = reader.deriveElement(of: array, at: currentIndex, value: piece.value, flags: piece.flags)
        } else {
            reader.reuseElement(pieceNode, at: currentIndex, value: piece.value, flags: piece.flags)
        }
        return Step(node: pieceNode, nextElement: piece.next == nil ? following : nextElement, nextPiece: piece.next)
    }

    private mutating func consume(_ step: Step) -> Int {
        nextElement = step.nextElement
        nextPiece = step.nextPiece
        currentIndex += 1
        return step.node
    }

    /// The next element, consumed.
    private mutating func next<T>(_ type: T.Type, splitting: Bool? = true) throws -> Int {
        consume(try peek(type, splitting: splitting))
    }

    private func pastTheEnd<T>(_ type: T.Type) -> DecodingError {
        DecodingError.valueNotFound(
            type,
            DecodingError.Context(
                codingPath: codingPath + [FormCodingKey(index: currentIndex)],
                debugDescription:
                    "Expected \(type) at index \(currentIndex) of \(reader.describe(array)), but the array has only \(currentIndex) elements."
            )
        )
    }

    mutating func decodeNil() throws -> Bool {
        let step = try peek(Never?.self, splitting: true)
        guard reader.isNil(step.node) else { return false }
        _ = consume(step)
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try element(type) { [reader] in try reader.decodeBool(at: $0) } }
    mutating func decode(_ type: String.Type) throws -> String { try element(type) { [reader] in try reader.decodeString(at: $0) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try element(type) { [reader] in try reader.decodeFloat(type, at: $0) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try element(type) { [reader] in try reader.decodeFloat(type, at: $0) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try element(type) { [reader] in try reader.decodeInteger(type, at: $0) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try element(type) { [reader] in try reader.decodeInteger(type, at: $0) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try element(type) { [reader] in try reader.decodeInteger(type, at: $0) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try element(type) { [reader] in try reader.decodeInteger(type, at: $0) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try element(type) { [reader] in try reader.decodeInteger(type, at: $0) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try element(type) { [reader] in try reader.decodeInteger(type, at: $0) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try element(type) { [reader] in try reader.decodeInteger(type, at: $0) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try element(type) { [reader] in try reader.decodeInteger(type, at: $0) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try element(type) { [reader] in try reader.decodeInteger(type, at: $0) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try element(type) { [reader] in try reader.decodeInteger(type, at: $0) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try element(type, splitting: nil) { [reader] in try reader.decode(type, at: $0) }
    }

    /// Reads the next element with `read`. When every failed field is reported, a failure is
    /// recorded and the element gets a stand-in; reading past the end is never stood in for.
    @inline(__always)
    private mutating func element<T: Decodable>(_ type: T.Type, splitting: Bool? = true, _ read: (Int) throws -> T) throws -> T {
        let node = try next(type, splitting: splitting)
        guard reader.rules.collectsFieldErrors else { return try read(node) }
        do {
            return try read(node)
        } catch {
            return try reader.standIn(after: error, T.self, element: currentIndex - 1, of: array)
        }
    }

    /// As in keyed containers, an empty element is `""` for a `String?`, `nil` for other types.
    mutating func decodeIfPresent(_ type: String.Type) throws -> String? {
        guard !isAtEnd else { return nil }
        let node = try next(type)
        return reader.readsAsNil(node) ? nil : try reader.decodeString(at: node)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try FormValueDecoder(reader: reader, node: next(KeyedDecodingContainer<NestedKey>.self, splitting: false)).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try FormUnkeyedDecodingContainer(reader: reader, array: next([Any].self, splitting: false))
    }

    mutating func superDecoder() throws -> any Decoder {
        FormValueDecoder(reader: reader, node: try next((any Decoder).self, splitting: false))
    }
}
