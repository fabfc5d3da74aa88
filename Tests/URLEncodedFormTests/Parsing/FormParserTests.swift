import Foundation
import Testing

@testable import URLEncodedForm

@Suite("Parser: bytes to nodes")
struct FormParserTests {
    @Test(
        "pairs split as the WHATWG form parser splits them",
        arguments: [
            ("", "{}"),
            ("a=1", #"{a:"1"}"#),
            ("a=1&b=2", #"{a:"1",b:"2"}"#),
            ("b=1&a=2", #"{b:"1",a:"2"}"#),
            ("&&a=1&&", #"{a:"1"}"#),
            ("a==b=", #"{a:"=b="}"#),
            ("a", "{a:bare}"),
            ("a=", #"{a:""}"#),
            ("=x", #"{:"x"}"#),
            ("a;b=1", #"{a;b:"1"}"#),
            ("a+b=c+d", #"{a b:"c d"}"#),
            ("a%20b=c%2Bd", #"{a b:"c+d"}"#),
            ("%zz=%4&%=%%41", #"{%zz:"%4",%:"%A"}"#),
            ("%C3%BC=J%C3%BCrgen", #"{ü:"Jürgen"}"#),
            ("ü=ü", #"{ü:"ü"}"#),
            ("%FF=%FF%FE", #"{�:"��"}"#),
            ("a=%0D%0A", "{a:\"\r\n\"}"),
        ]
    )
    func pairs(input: String, expected: String) throws {
        #expect(try parsedTree(input) == expected)
    }

    @Test(
        "values of every length end at their `&` and keep their escapes, wherever they fall in a 16-byte chunk",
        arguments: [URLEncodedFormDecoder.SpaceDecoding.plusReplaced, .percentEscaped]
    )
    func valueBoundaries(spaceDecoding: URLEncodedFormDecoder.SpaceDecoding) throws {
        let decoder = URLEncodedFormDecoder(spaceDecoding: spaceDecoding, limits: .unlimited)
        let pieces = ["a", "b", "+", "%41", "%2B", "%26", "%", "é", "="]
        var random = SeededGenerator(seed: 31)
        for _ in 0..<200 {
            // Values of 0 to 40 pieces, so that `&`, `%` and `+` land at every lane of a chunk.
            let values = (0..<5).map { _ in
                (0..<Int.random(in: 0...40, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "a" }.joined()
            }
            let input = values.enumerated().map { "k\($0.offset)=\($0.element)" }.joined(separator: "&")
            let decoded = try decoder.decode([String: String].self, from: input)
            for (index, value) in values.enumerated() {
                let expected = String(
                    decoding: PercentDecodingReference.decode(Array(value.utf8), plusIsSpace: spaceDecoding == .plusReplaced), as: UTF8.self)
                #expect(decoded["k\(index)"] == expected, "value \(index) of \(input)")
            }
        }
    }

    /// A name whose only escapes are brackets' (`address%5Bcity%5D`, as browsers and Python's
    /// `urlencode` write it) is split as it arrived, without a decoded copy. Every name must read
    /// as its decoded text does where nothing is decoded (`decode(_:fromPairs:)`, the text
    /// pairs' entry), under every option that reads names: the same value, or the same error
    /// quoting the same key.
    @Test(
        "a name reads as its decoded text, escaped brackets and all",
        arguments: [
            (URLEncodedFormDecoder.SpaceDecoding.plusReplaced, false, URLEncodedFormDecoder.MalformedKeys.literal, 32),
            (.percentEscaped, true, .error, 32), (.plusReplaced, true, .literal, 2), (.plusReplaced, false, .error, 3),
        ]
    )
    func escapedBrackets(
        spaceDecoding: URLEncodedFormDecoder.SpaceDecoding, dots: Bool, malformedKeys: URLEncodedFormDecoder.MalformedKeys, depth: Int
    ) {
        var decoder = URLEncodedFormDecoder(spaceDecoding: spaceDecoding, limits: .init(maximumDepth: depth, maximumArrayLength: 3))
        decoder.keyPathDecoding = dots ? .dots : .brackets
        decoder.dialect.malformedKeys = malformedKeys
        var conflictsReplaced = decoder
        conflictsReplaced.dialect.conflictingKeys = .last
        // Key paths whose brackets are spelled every way, so that names meet, conflict and fill
        // arrays; and names of random pieces: other escapes, broken ones, `+`, dots, stray brackets.
        let pieces = ["a", "b", "0", "1", "%5B", "%5b", "%5D", "%5d", "[", "]", ".", "%2E", "%41", "+", "%", "%5", "%5%5D", "é"]
        let (opens, closes) = (["[", "%5B", "%5b", ".", "%2E"], ["]", "%5D", "%5d", ""])
        let contents = ["", "", "a", "b", "0", "1", "%41", "é", "+"]
        var random = SeededGenerator(seed: 47)
        func pick(_ choices: [String]) -> String { choices.randomElement(using: &random) ?? "" }
        for _ in 0..<1_500 {
            let names = (0..<Int.random(in: 1...5, using: &random)).map { _ in
                guard Int.random(in: 0..<4, using: &random) > 0 else {
                    return (0..<Int.random(in: 1...7, using: &random)).map { _ in pick(pieces) }.joined()
                }
                let path = (0..<Int.random(in: 0...3, using: &random)).map { _ in pick(opens) + pick(contents) + pick(closes) }
                return pick(["a", "b", "a", "", "%41"]) + path.joined()
            }
            let form = names.map { "\($0)=v" }.joined(separator: "&")
            let texts = names.map { name in
                (String(decoding: PercentDecodingReference.decode(Array(name.utf8), plusIsSpace: spaceDecoding == .plusReplaced), as: UTF8.self), "v")
            }
            for decoder in [decoder, conflictsReplaced] {
                let read = outcome { try decoder.decode(URLEncodedFormValue.self, from: form) }
                #expect(read == outcome { try decoder.decode(URLEncodedFormValue.self, fromPairs: texts) }, "\(form)")
            }
        }
    }

    /// What `decode` returns, or the error it throws.
    private func outcome(_ decode: () throws -> URLEncodedFormValue) -> String {
        do {
            return "\(try decode())"
        } catch {
            return "\(error)"
        }
    }

    @Test("a plus is a plus with .percentEscaped")
    func plusLiteral() throws {
        let decoder = URLEncodedFormDecoder(spaceDecoding: .percentEscaped)
        #expect(try parsedTree("a+b=c+d%20e", decoder) == #"{a+b:"c+d e"}"#)
    }

    @Test(
        "key paths become nested nodes",
        arguments: [
            ("a[b]=1", #"{a:{b:"1"}}"#),
            ("a%5Bb%5D%5Bc%5D=1", #"{a:{b:{c:"1"}}}"#),
            ("a[b]=1&a[c]=2&d=3", #"{a:{b:"1",c:"2"},d:"3"}"#),
            ("a[]=1&a[]=2", #"{a:["1","2"]}"#),
            ("a=1&a=2&a=3", #"{a:["1","2","3"]}"#),
            ("a=1&a[]=2", #"{a:["1","2"]}"#),
            ("a[1]=y&a[0]=x", #"{a:{1:"y",0:"x"}}"#),
            ("a[b]=1&a[b]=2", #"{a:{b:["1","2"]}}"#),
            ("a[][x]=1&a[][y]=2&a[][x]=3", #"{a:[{x:"1",y:"2"},{x:"3"}]}"#),
            ("a[][x][y]=1&a[][x][z]=2&a[][x][y]=3", #"{a:[{x:{y:"1",z:"2"}},{x:{y:"3"}}]}"#),
            ("a[][]=1&a[][]=2", #"{a:[["1"],["2"]]}"#),
            ("a[]=1&a[][x]=2", #"{a:["1",{x:"2"}]}"#),
            // jQuery: `[]` for values, `[i]` for objects and arrays, in order; indices after a value.
            ("a[]=1&a[1][b]=2", #"{a:["1",1:{b:"2"}]}"#),
            ("a[0][x]=1&a[]=", #"{a:[0:{x:"1"},""]}"#),
            ("a[0][]=x&a[0][]=y&a[]=z&a[2][]=w", #"{a:[0:["x","y"],"z",2:["w"]]}"#),
            ("a=b&a[0]=c", #"{a:["b",0:"c"]}"#),
            ("a[0]=b&a=c", #"{a:[0:"b","c"]}"#),
            ("a[]=b&a[0]=c", #"{a:["b",0:"c"]}"#),
            ("a[]=1&a[1][b]=2&a[1][c]=3", #"{a:["1",1:{b:"2",c:"3"}]}"#),
            ("a.b=1", #"{a.b:"1"}"#),
            ("a[b.c]=1", #"{a:{b.c:"1"}}"#),
            ("a[ ]=1", #"{a:{ :"1"}}"#),
        ]
    )
    func keyPaths(input: String, expected: String) throws {
        #expect(try parsedTree(input) == expected)
    }

    /// The second column is what PHP 8.2's `parse_str` reads for each body (checked with `php -r`).
    @Test(
        "bracketRows: a [] pair joins the last row until it repeats a name, or starts a row of its own",
        arguments: [
            ("a[][x]=1&a[][y]=2&a[][x]=3", #"{a:[{x:"1",y:"2"},{x:"3"}]}"#, #"{a:[{x:"1"},{y:"2"},{x:"3"}]}"#),
            ("a[][x][y]=1&a[][x][z]=2", #"{a:[{x:{y:"1",z:"2"}}]}"#, #"{a:[{x:{y:"1"}},{x:{z:"2"}}]}"#),
            ("a[0][x]=1&a[][y]=2", #"{a:[0:{x:"1",y:"2"}]}"#, #"{a:[0:{x:"1"},{y:"2"}]}"#),
            // Unchanged: values, and inner arrays, which start an element for each pair either way.
            ("a[][]=1&a[][]=2", #"{a:[["1"],["2"]]}"#, #"{a:[["1"],["2"]]}"#),
            ("a[]=1&a[][x]=2", #"{a:["1",{x:"2"}]}"#, #"{a:["1",{x:"2"}]}"#),
            ("a[]=1&a[]=2", #"{a:["1","2"]}"#, #"{a:["1","2"]}"#),
        ]
    )
    func bracketRows(input: String, untilRepeated: String, onePerPair: String) throws {
        #expect(try parsedTree(input) == untilRepeated)
        #expect(try parsedTree(input, URLEncodedFormDecoder(dialect: .init(bracketRows: .onePerPair))) == onePerPair)
    }

    @Test(
        "with .dots, dots and brackets both nest",
        arguments: [
            ("a.b=1", #"{a:{b:"1"}}"#),
            ("a.b.c=1&a.d=2", #"{a:{b:{c:"1"},d:"2"}}"#),
            ("a.b[c].d=1", #"{a:{b:{c:{d:"1"}}}}"#),
            ("a[b.c]=1", #"{a:{b.c:"1"}}"#),
            ("a.items[]=1&a.items[]=2", #"{a:{items:["1","2"]}}"#),
            ("a%2Eb=1", #"{a:{b:"1"}}"#),
        ]
    )
    func dots(input: String, expected: String) throws {
        #expect(try parsedTree(input, URLEncodedFormDecoder(keyPathDecoding: .dots)) == expected)
    }

    /// What PHP 8.2's `parse_str` and Rack 2.2's `parse_nested_query` read (the same for both but
    /// where noted): an element that is an array is never added to, so each `a[][]` pair starts
    /// a new inner array; an element that is an object is, until it holds the pair's whole path
    /// (Rails' rule, where PHP starts a new element at every `[]`).
    @Test(
        "[] followed by [] starts a new inner array for each pair, as PHP and Rack read it",
        arguments: [
            ("a[][]=1&a[][]=2", #"{a:[["1"],["2"]]}"#, [["1"], ["2"]]),
            ("a[][]=1&a[][]=2&a[][]=3", #"{a:[["1"],["2"],["3"]]}"#, [["1"], ["2"], ["3"]]),
            ("a[]=1&a[][]=2", #"{a:["1",["2"]]}"#, nil),
            // PHP's reading; Rack 2.2 gives [{x: 1, y: 2}] here.
            ("a[][][x]=1&a[][][y]=2", #"{a:[[{x:"1"}],[{y:"2"}]]}"#, nil),
            // Rack's reading (Rails' rule); PHP gives [{x: [1]}, {x: [2]}].
            ("a[][x][]=1&a[][x][]=2", #"{a:[{x:["1","2"]}]}"#, nil),
        ] as [(String, String, [[String]]?)]
    )
    func arraysOfArrays(input: String, expected: String, typed: [[String]]?) throws {
        #expect(try parsedTree(input) == expected)
        if let typed {
            struct Form: Decodable { let a: [[String]] }
            #expect(try URLEncodedFormDecoder().decode(Form.self, from: input).a == typed)
        }
    }

    /// Each pair decides for itself: the other pairs of the form are read as usual.
    @Test(
        "a key whose brackets do not form a path is one top-level name, or with .error refuses the form",
        arguments: ["a[b=1", "a]=1", "a]b=1", "a[b]c=1", "a[[b]]=1", "a[b]]=1", "a[b][=1", "[=1", "[a=1", "a%5Bb=1"]
    )
    func malformed(input: String) throws {
        let name = String(input.prefix { $0 != "=" }).removingPercentEncoding ?? ""
        #expect(try parsedTree("x=0&\(input)&y[z]=2") == #"{x:"0",\#(name):"1",y:{z:"2"}}"#)
        #expect(throws: URLEncodedFormDecodingError.malformedKey(name)) {
            try parsedTree("x=0&\(input)", URLEncodedFormDecoder(dialect: .init(malformedKeys: .error)))
        }
    }

    /// A form whose other fields a type reads: a plugin's hidden field does not make it fail,
    /// and a type can still ask for the odd name as it was written.
    @Test(
        "a typed decode reads the fields beside a malformed key, and the key under its whole name",
        arguments: ["name=x&a[b]]=1", "name=x&a[b]c=1", "name=x&items[0].name=1", "a[b=1&name=x", "a]=1&name=x"]
    )
    func malformedBesideFields(input: String) throws {
        struct Signup: Decodable, Equatable { let name: String }
        #expect(try URLEncodedFormDecoder().decode(Signup.self, from: input) == Signup(name: "x"))
        let odd = input.split(separator: "&").map(String.init).first { !$0.hasPrefix("name=") }!
        let oddName = String(odd.prefix { $0 != "=" })
        #expect(try URLEncodedFormDecoder().decode([String: String].self, from: input) == ["name": "x", oddName: "1"])
        #expect(throws: URLEncodedFormDecodingError.malformedKey(oddName)) {
            try URLEncodedFormDecoder(dialect: .init(malformedKeys: .error)).decode(Signup.self, from: input)
        }
    }

    /// The empty name's path, as the encoder writes `{"": …}` (and Alamofire): `[a]=1` is
    /// `{"": {"a": "1"}}`.
    @Test(
        "a name that starts with a bracket or a dot is a path under the empty name",
        arguments: [
            ("[a]=1", URLEncodedFormDecoder.KeyPathDecoding.brackets, #"{:{a:"1"}}"#), ("%5Ba%5D=1", .brackets, #"{:{a:"1"}}"#),
            ("[]=x&[]=y", .brackets, #"{:["x","y"]}"#), ("[0][0]=a&[0][1]=b", .brackets, #"{:{0:{0:"a",1:"b"}}}"#),
            (".a=1", .dots, #"{:{a:"1"}}"#), (".a=1", .brackets, #"{.a:"1"}"#),
        ]
    )
    func emptyNamePath(input: String, paths: URLEncodedFormDecoder.KeyPathDecoding, expected: String) throws {
        #expect(try parsedTree(input, URLEncodedFormDecoder(keyPathDecoding: paths)) == expected)
    }

    @Test("with .dots, an empty name between dots makes the key malformed", arguments: ["a..b=1", "a.=1", "..a=1", "a.[b]=1"])
    func malformedDots(input: String) throws {
        let name = String(input.prefix { $0 != "=" })
        #expect(try parsedTree(input, URLEncodedFormDecoder(keyPathDecoding: .dots)) == #"{\#(name):"1"}"#)
        #expect(throws: URLEncodedFormDecodingError.malformedKey(name)) {
            try parsedTree(input, URLEncodedFormDecoder(keyPathDecoding: .dots, dialect: .init(malformedKeys: .error)))
        }
    }

    /// With `conflictingKeys: .last` a value and a path: the later pair's kind replaces what the
    /// name held; a list and names: one object, the elements named by their indices and `[]`
    /// taking the next, as PHP's arrays hold both. The third column is what PHP 8.2's `parse_str`
    /// reads for each (checked with `php -r`), but for `a[]=x&a[0]=y&a[b]=z`, where PHP keeps `y`
    /// at `0` and two elements with one index leave the list replaced here. Rack 2.2 reads the
    /// second the same and refuses the lists and names.
    @Test(
        "a key used as two kinds of thing is an error, or with conflictingKeys: .last the later kind replaces a value and a list and names merge",
        arguments: [
            ("a=1&a[b]=2", "a[b]", #"{a:{b:"2"}}"#),
            ("a[b]=1&a=2", "a", #"{a:"2"}"#),
            ("a[]=1&a[b]=2", "a[b]", #"{a:{0:"1",b:"2"}}"#),
            ("a[0]=1&a[b]=2&a[]=3", "a[]", #"{a:{0:"1",b:"2",1:"3"}}"#),
            ("a=1&a[01]=2", "a[01]", #"{a:{01:"2"}}"#),
            ("a[b]=1&a[]=2", "a[]", #"{a:{b:"1",0:"2"}}"#),
            ("a[]=1&a[]=2&a[b]=3&a[]=4", "a[b]", #"{a:{0:"1",1:"2",b:"3",2:"4"}}"#),
            ("a[b]=1&a[7]=2&a[]=3", "a[]", #"{a:{b:"1",7:"2",8:"3"}}"#),
            ("a[b]=1&a[]=2&a[][c]=3", "a[]", #"{a:{b:"1",0:"2",1:{c:"3"}}}"#),
            ("a[]=1&a[5]=2&a[b]=3", "a[b]", #"{a:{0:"1",5:"2",b:"3"}}"#),
            ("a[3]=1&a[]=2&a[b]=3&a[]=4", "a[b]", #"{a:{3:"1",4:"2",b:"3",5:"4"}}"#),
            ("a[]=x&a[0]=y&a[b]=z", "a[b]", #"{a:{b:"z"}}"#),
            // Replaced by a value, then an object again: `[]` numbers from 0.
            ("a[]=1&a[b]=2&a=3&a[c]=4&a[]=5", "a[b]", #"{a:{c:"4",0:"5"}}"#),
            ("a[x]=1&a[x][y]=2", "a[x][y]", #"{a:{x:{y:"2"}}}"#),
            ("a[b][c]=1&a[b]=2&a[b][d]=3", "a[b]", #"{a:{b:{d:"3"}}}"#),
            ("x=0&a[b]=1&a=2&y=3", "a", #"{x:"0",a:"2",y:"3"}"#),
        ]
    )
    func conflicts(input: String, key: String, last: String) throws {
        #expect(throws: URLEncodedFormDecodingError.conflictingKey(key)) { try parsedTree(input) }
        #expect(try parsedTree(input, URLEncodedFormDecoder(dialect: .init(conflictingKeys: .last))) == last)
    }

    // MARK: Limits

    private static func decoder(_ limits: URLEncodedFormDecoder.Limits) -> URLEncodedFormDecoder {
        URLEncodedFormDecoder(limits: limits)
    }

    @Test("parameters are counted without empty pairs, and one too many is refused")
    func parameterLimit() throws {
        let decoder = Self.decoder(.init(maximumParameterCount: 3))
        #expect(try parsedTree("a=1&&b=2&c=3&", decoder) == #"{a:"1",b:"2",c:"3"}"#)
        #expect(throws: URLEncodedFormDecodingError.tooManyParameters(limit: 3)) {
            try parsedTree("a=1&b=2&c=3&d", decoder)
        }
    }

    @Test("depth counts every component of a key")
    func depthLimit() throws {
        let decoder = Self.decoder(.init(maximumDepth: 3))
        #expect(try parsedTree("a[b][c]=1&x.y.z.w=2", decoder) == #"{a:{b:{c:"1"}},x.y.z.w:"2"}"#)
        #expect(throws: URLEncodedFormDecodingError.keyTooDeep(key: "a[b][c][]", limit: 3)) {
            try parsedTree("a[b][c][]=1", decoder)
        }
        #expect(throws: URLEncodedFormDecodingError.keyTooDeep(key: "a.b.c.d", limit: 3)) {
            try parsedTree("a.b.c.d=1", URLEncodedFormDecoder(keyPathDecoding: .dots, limits: .init(maximumDepth: 3)))
        }
    }

    @Test(
        "arrays stop at their length limit however they are written",
        arguments: ["a[]=1&a[]=2&a[]=3", "a=1&a=2&a=3", "a=1&a[]=2&a=3", "a[][x]=1&a[][x]=2&a[][x]=3"]
    )
    func arrayLimit(input: String) throws {
        let decoder = Self.decoder(.init(maximumArrayLength: 2))
        let allowed = input.components(separatedBy: "&").prefix(2).joined(separator: "&")
        _ = try parsedTree(allowed, decoder)
        #expect(throws: URLEncodedFormDecodingError.self) { try parsedTree(input, decoder) }
        do {
            _ = try parsedTree(input, decoder)
        } catch let error as URLEncodedFormDecodingError {
            #expect(error.code == .arrayTooLong)
            #expect(error.limit == 2)
        }
    }

    @Test("the length limit applies to every input type before anything is read")
    func inputLengthLimit() throws {
        let decoder = Self.decoder(.init(maximumInputLength: 5))
        let error = URLEncodedFormDecodingError.inputTooLong(length: 6, limit: 5)
        #expect(try decoder.decode([String: String].self, from: "a=123") == ["a": "123"])
        #expect(throws: error) { try decoder.decode([String: String].self, from: "a=1234") }
        #expect(throws: error) { try decoder.decode([String: String].self, from: Data("a=1234".utf8)) }
        #expect(throws: error) { try decoder.decode([String: String].self, from: Array("a=1234".utf8)) }
        #expect(throws: error) { try decoder.decode([String: String].self, from: Array("a=1234".utf8).lazy.map { $0 }) }
    }

    @Test("every input type reads the same")
    func inputTypes() throws {
        let decoder = URLEncodedFormDecoder()
        let text = "a=%C3%BC&b[]=1"
        struct Form: Decodable, Equatable {
            let a: String
            let b: [Int]
        }
        let expected = Form(a: "ü", b: [1])
        #expect(try decoder.decode(Form.self, from: text) == expected)
        #expect(try decoder.decode(Form.self, from: Data(text.utf8)) == expected)
        #expect(try decoder.decode(Form.self, from: Array(text.utf8)) == expected)
        #expect(try decoder.decode(Form.self, from: Array(text.utf8)[...]) == expected)
        #expect(try decoder.decode(Form.self, from: Array(text.utf8).lazy.map { $0 }) == expected)
        #expect(try decoder.decode(Form.self, from: text.utf8) == expected)
    }

    @Test("error descriptions name the limit or the problem")
    func descriptions() {
        let cases: [(URLEncodedFormDecodingError, String)] = [
            (.inputTooLong(length: 6, limit: 5), "maximumInputLength"),
            (.tooManyParameters(limit: 3), "maximumParameterCount"),
            (.keyTooDeep(key: "a[b]", limit: 1), "maximumDepth"),
            (.arrayTooLong(key: "a", limit: 2), "maximumArrayLength"),
            (.malformedKey("a[b"), "malformed"),
            (.conflictingKey("a[b]"), "a[b]"),
        ]
        for (error, fragment) in cases {
            #expect(error.description.contains(fragment))
        }
    }
}

@Suite("Parser: limits at their extremes")
struct ParserLimitExtremesTests {
    @Test("zero and negative limits refuse input instead of trapping", arguments: [0, -1, Int.min])
    func extremeLimits(limit: Int) {
        let limits = URLEncodedFormDecoder.Limits(
            maximumInputLength: .max, maximumParameterCount: .max, maximumDepth: .max, maximumArrayLength: limit)
        #expect(throws: URLEncodedFormDecodingError.self) {
            try URLEncodedFormDecoder(limits: limits).decode([String: [Int]].self, from: "a=1&a=2")
        }
        #expect(throws: URLEncodedFormDecodingError.self) {
            try URLEncodedFormDecoder(limits: limits).decode([String: [Int]].self, from: "a[0]=1")
        }
        for other in [
            URLEncodedFormDecoder.Limits(maximumInputLength: limit),
            URLEncodedFormDecoder.Limits(maximumParameterCount: limit),
            URLEncodedFormDecoder.Limits(maximumDepth: limit),
        ] {
            #expect(throws: URLEncodedFormDecodingError.self) {
                try URLEncodedFormDecoder(limits: other).decode([String: Int].self, from: "a=1")
            }
        }
    }
}
