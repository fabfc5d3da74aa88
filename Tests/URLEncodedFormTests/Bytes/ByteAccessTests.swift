import Testing

@testable import URLEncodedForm

/// ``ByteReader`` and ``ByteWriter`` (with its ``ByteBlock``) are the only types that touch memory through pointers; these
/// tests pin what they read and write, and that a read or write out of bounds stops the process
/// rather than touching memory that is not theirs.
@Suite("Byte reader and writer")
struct ByteAccessTests {
    @Test("a reader reads bytes, slices from 0, compares and loads chunks")
    func reader() {
        "a=1&b=%20&c=0123456789abcdef".withReader { form in
            #expect(form.count == 28)
            #expect(form[2] == UInt8(ascii: "1"))
            let pair = form[4..<9]
            #expect(pair.count == 5 && pair[0] == UInt8(ascii: "b") && pair.string == "b=%20")
            #expect(pair.equals("b=%20") && !pair.equals("b=%2") && !pair.equals("c=%20"))
            #expect(form[12..<28].chunk(unchecked: 0) == ByteScanning.Vector(Array("0123456789abcdef".utf8)))
            #expect(form.byte(unchecked: 27) == UInt8(ascii: "f"))
            // Words are little-endian whatever the machine: "01234567" is 0x3736_3534_3332_3130.
            #expect(form[12..<28].word(unchecked: 8) == 0x6665_6463_6261_3938)
            #expect(form[12..<20].word(unchecked: 0) == 0x3736_3534_3332_3130)
            #expect(form.halfWord(unchecked: 24) == 0x6665_6463)
            #expect(form[12..<12].isEmpty && form[28..<28].array == [])
            #expect(Array(form[0..<3]) == Array("a=1".utf8))
        }
    }

    @Test(
        "a reader orders two ranges by their bytes from an offset on, a shorter prefix first",
        arguments: [
            ("a=1", "b=1", 0, true), ("b=1", "a=1", 0, false), ("a", "a=1", 0, true), ("a=1", "a", 0, false),
            ("a=1", "a=1", 0, false), ("x%5Ba%5D=1", "x%5Bb%5D=0", 4, true), ("x%5Bb%5D=0", "x%5Ba%5D=1", 4, false),
            // From the offset on alone: bytes before it are taken as shared.
            ("zb", "ac", 1, true), ("", "a", 0, true),
        ])
    func orders(first: String, second: String, offset: Int, expected: Bool) {
        (first + second).withReader { text in
            let split = first.utf8.count
            #expect(text.orders(0..<split, before: split..<text.count, from: offset) == expected)
        }
    }

    @Test("a writer appends, writes into room it asked for, reorders and truncates")
    func writer() {
        var writer = ByteWriter(capacity: 2)
        writer.append(contentsOf: Array("a=1".utf8))
        writer.appendWriting(upTo: 3) { window in
            #expect(window.count == 19)
            window.store(UInt8(ascii: "&"), unchecked: 0)
            window.store(UInt8(ascii: "b"), unchecked: 1)
            return 2
        }
        var path = ByteWriter(capacity: 4)
        path.append(UInt8(ascii: "="))
        writer.append(contentsOf: path)
        for value in [0, 7, 42, -42, Int.max, Int.min] {
            writer.append(UInt8(ascii: ","))
            writer.appendDecimal(value)
        }
        #expect(writer.withReader { $0.string } == "a=1&b=,0,7,42,-42,\(Int.max),\(Int.min)")
        writer.truncate(to: 6)
        #expect(writer.withReader { $0.string } == "a=1&b=")
        // Sorted members are put in place: `b=` before `a=1`, joined by `&`.
        writer.reorder(from: 0, segments: 2, { [4..<6, 0..<3][$0] }, separator: UInt8(ascii: "&"))
        #expect(writer.withReader { $0.string } == "b=&a=1")
        #expect(writer.count == 6 && !writer.isEmpty)
    }

    @Test("writers in stack storage keep their bytes apart and move out when they outgrow it")
    func stackStorage() {
        var texts = ("", "", [Int]())
        ByteWriter.withStackStorage(16, 16, 32) { lentFirst, lentSecond, lentThird in
            var first = lentFirst
            var second = lentSecond
            var third = lentThird
            first.append(contentsOf: Array("first".utf8))
            second.append(contentsOf: Array(repeating: UInt8(ascii: "s"), count: 10))
            third.append(words: -7, Int.max, 5)
            first.append(contentsOf: Array(",again".utf8))
            second.append(contentsOf: Array(repeating: UInt8(ascii: "s"), count: 30))  // past its 16
            third.setWord(Int.min, at: 0)
            let words = [third.word(at: 0), third.word(at: 8), third.word(at: 16)]
            texts = (first.withReader { $0.string }, second.withReader { $0.string }, words)
        }
        #expect(texts.0 == "first,again")
        #expect(texts.1 == String(repeating: "s", count: 40))
        #expect(texts.2 == [Int.min, Int.max, 5])
    }

    @Test(
        "a member stack sorts small and large runs by their keys, then by the texts where keys are equal, and drops a level's entries",
        arguments: [3, 40], [false, true])
    func memberStack(count: Int, equalKeys: Bool) {
        var stack = MemberStack(ByteWriter(capacity: 16))
        stack.append(100..<101, key: 0)
        let positions = (0..<count).map { ($0 * 7919) % count }
        // With keys, the order is theirs and `precedes` is never asked; with equal keys, it is.
        for position in positions { stack.append(position..<(position + 1), key: equalKeys ? 9 : UInt64(count - position)) }
        var asked = 0
        let precedes: (Range<Int>, Range<Int>) -> Bool = {
            asked += 1
            return $0.lowerBound < $1.lowerBound
        }
        let moved = stack.sort(1..<(count + 1), by: precedes)
        #expect(moved)
        let expected = equalKeys ? Array(0..<count) : Array((0..<count).reversed())
        #expect((1...count).map { stack[$0].lowerBound } == expected)
        #expect(equalKeys ? asked > 0 : asked == 0)
        let movedAgain = stack.sort(1..<(count + 1), by: precedes)
        #expect(!movedAgain)
        stack.removeAll(from: 1)
        #expect(stack.count == 1 && stack[0] == 100..<101)
    }

    /// Texts in byte order, with prefixes, equal first eight bytes and the end of the buffer.
    static let orderedTexts = ["", "a", "a=1", "a=1&b", "a=12", "ab", "abcdefgh", "abcdefgh=1", "abcdefgi", "b", "b%5Bx%5D=1", "b=", "~"]

    @Test("order keys of texts that end the buffer, as a member's text does when it is recorded, order them as their bytes do where they differ")
    func orderKeys() {
        let keys = Self.orderedTexts.map(Self.key)
        for first in keys.indices {
            for second in keys.indices where keys[first] != keys[second] {
                #expect((keys[first] < keys[second]) == (first < second), "\(Self.orderedTexts[first]) against \(Self.orderedTexts[second])")
            }
        }
        // Texts equal in their first eight bytes have equal keys, and the sort compares their bytes.
        #expect(Self.key("abcdefgh") == Self.key("abcdefgh=1"))
        // A key read from within the buffer takes the bytes after it.
        var writer = ByteWriter(capacity: 16)
        writer.append(contentsOf: Array("x=1&abcdefghij".utf8))
        #expect(writer.orderKey(at: 4) == Self.key("abcdefgh"))
        #expect(writer.orderKey(at: writer.count) == 0)
    }

    private static func key(_ text: String) -> UInt64 {
        var writer = ByteWriter(capacity: 16)
        writer.append(contentsOf: Array(text.utf8))
        return writer.orderKey(at: 0)
    }

    @Test("an array sink trims the room it was lent to what was kept")
    func arraySink() {
        var bytes = Array("ab".utf8)
        bytes.appendWriting(upTo: 4) { window in
            window.store(UInt32(0x6463_6261).littleEndian, unchecked: 0)
            return 3
        }
        #expect(bytes == Array("ababc".utf8))
        bytes.appendDecimal(UInt64.max)
        #expect(String(decoding: bytes, as: UTF8.self) == "ababc\(UInt64.max)")
    }

    @Test("stack room holds what a value is decoded into, and is read as far as was kept")
    func stackRoom() {
        let text = ByteWriter.Window.onStack(upTo: 5) { window in
            for (offset, byte) in "hello".utf8.enumerated() { window[offset] = byte }
            return 4
        } then: {
            $0.string
        }
        #expect(text == "hell")
        let decoded = "a%20b%2".withReader { source in
            ByteWriter.Window.onStack(upTo: ByteWriter.Window.stackCapacity) { window in
                PercentDecoding.decode(source, into: window, plusIsSpace: true)
            } then: {
                $0.string
            }
        }
        #expect(decoded == "a b%2")
    }

    @Test("a block keeps what was written where it was written, and reads it in place")
    func block() {
        let block = ByteBlock(capacity: 8)
        "a=1".withReader { block.write($0, at: 0) }
        "&b".withReader { block.write($0, at: 3) }
        #expect(block.reader(count: 5).string == "a=1&b")
        #expect(block.reader(count: 3).string == "a=1")
        "=2&c".withReader { block.write($0, at: 4) }
        #expect(block.reader(count: 8).string == "a=1&=2&c")
        #expect(ByteBlock(capacity: 0).reader(count: 0).isEmpty)
    }

    // Each of these runs in a process of its own, which must stop. They use the checked accessors
    // that the library's code calls, so CI runs them in a release build too.

    @Test("reading past the end stops the process")
    func readPastEnd() async {
        await #expect(processExitsWith: .failure) {
            _ = "abc".withReader { $0[3] }
        }
        await #expect(processExitsWith: .failure) {
            _ = "abc".withReader { $0[-1] }
        }
    }

    @Test("a slice past the end stops the process")
    func slicePastEnd() async {
        await #expect(processExitsWith: .failure) {
            _ = "abc".withReader { $0[1..<4].count }
        }
        await #expect(processExitsWith: .failure) {
            _ = "abc".withReader { $0[-1..<2].count }
        }
    }

    @Test("ordering ranges outside the bytes stops the process")
    func orderPastEnd() async {
        await #expect(processExitsWith: .failure) {
            _ = "a=1&b=2".withReader { $0.orders(0..<3, before: 4..<8, from: 0) }
        }
        await #expect(processExitsWith: .failure) {
            _ = "a=1&b=2".withReader { $0.orders(-1..<3, before: 4..<7, from: 0) }
        }
        await #expect(processExitsWith: .failure) {
            _ = "a=1&b=2".withReader { $0.orders(0..<3, before: 4..<7, from: -1) }
        }
    }

    @Test("writing or keeping more than the room asked for stops the process")
    func keepPastRoom() async {
        await #expect(processExitsWith: .failure) {
            var writer = ByteWriter(capacity: 64)
            writer.appendWriting(upTo: 1) { window in
                window[17] = 0
                return 0
            }
        }
        await #expect(processExitsWith: .failure) {
            var writer = ByteWriter(capacity: 64)
            writer.appendWriting(upTo: 1) { _ in 18 }
        }
        await #expect(processExitsWith: .failure) {
            var bytes: [UInt8] = []
            bytes.appendWriting(upTo: 1) { _ in 18 }
        }
        await #expect(processExitsWith: .failure) {
            var writer = ByteWriter(capacity: 64)
            writer.appendWriting(upTo: 1) { _ in -1 }
        }
        await #expect(processExitsWith: .failure) {
            _ = ByteWriter.Window.onStack(upTo: ByteWriter.Window.stackCapacity + 1) { _ in
                0
            } then: {
                $0.count
            }
        }
        await #expect(processExitsWith: .failure) {
            _ = ByteWriter.Window.onStack(upTo: 4) { _ in
                5
            } then: {
                $0.count
            }
        }
        await #expect(processExitsWith: .failure) {
            _ = ByteWriter.Window.onStack(upTo: 4) { window in
                window[ByteWriter.Window.stackCapacity] = 0
                return 0
            } then: {
                $0.count
            }
        }
    }

    @Test("writing or reading a block past its capacity stops the process")
    func blockPastCapacity() async {
        await #expect(processExitsWith: .failure) {
            let block = ByteBlock(capacity: 4)
            "abc".withReader { block.write($0, at: 2) }
        }
        await #expect(processExitsWith: .failure) {
            let block = ByteBlock(capacity: 4)
            "a".withReader { block.write($0, at: -1) }
        }
        await #expect(processExitsWith: .failure) {
            _ = ByteBlock(capacity: 4).reader(count: 5)
        }
        await #expect(processExitsWith: .failure) {
            _ = ByteBlock(capacity: 4).reader(count: -1)
        }
    }

    @Test("reading or rewriting a word past what was written stops the process")
    func wordPastCount() async {
        await #expect(processExitsWith: .failure) {
            var writer = ByteWriter(capacity: 64)
            writer.append(words: 1, 2, 3)
            _ = writer.word(at: 17)
        }
        await #expect(processExitsWith: .failure) {
            var writer = ByteWriter(capacity: 64)
            writer.append(words: 1, 2, 3)
            writer.setWord(2, at: 24)
        }
        await #expect(processExitsWith: .failure) {
            let writer = ByteWriter(capacity: 64)
            _ = writer.word(at: -8)
        }
    }

    @Test("truncating or reordering past what was written stops the process")
    func reorderPastCount() async {
        await #expect(processExitsWith: .failure) {
            var writer = ByteWriter(capacity: 64)
            writer.truncate(to: 1)
        }
        await #expect(processExitsWith: .failure) {
            var writer = ByteWriter(capacity: 64)
            writer.append(contentsOf: Array("a=1".utf8))
            writer.reorder(from: 0, segments: 1, { [0..<4][$0] }, separator: UInt8(ascii: "&"))
        }
        await #expect(processExitsWith: .failure) {
            var writer = ByteWriter(capacity: 64)
            writer.append(contentsOf: Array("a=1&b".utf8))
            writer.reorder(from: 2, segments: 1, { [0..<3][$0] }, separator: UInt8(ascii: "&"))
        }
        await #expect(processExitsWith: .failure) {
            var writer = ByteWriter(capacity: 64)
            writer.append(contentsOf: Array("a=1&b".utf8))
            writer.reorder(from: 0, segments: 2, { [0..<3, 0..<3][$0] }, separator: UInt8(ascii: "&"))
        }
    }
}
