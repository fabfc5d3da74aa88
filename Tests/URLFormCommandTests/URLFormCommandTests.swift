import Foundation
import Testing

/// Runs the built `urlform` binary, as a user would.
@Suite("urlform command")
struct URLFormCommandTests {
    struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    /// The binary sits beside the test bundle in the build folder.
    static var binary: URL {
        #if os(macOS)
        let folder = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL.deletingLastPathComponent()
        return (folder ?? Bundle.main.bundleURL).appendingPathComponent("urlform")
        #else
        return Bundle.main.bundleURL.appendingPathComponent("urlform")
        #endif
    }

    func run(_ arguments: [String], input: String? = nil) throws -> Result {
        try run(arguments, bytes: input.map { Data($0.utf8) })
    }

    func run(_ arguments: [String], bytes input: Data?) throws -> Result {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        let output = Pipe()
        let error = Pipe()
        let stdin = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(input) }
        try stdin.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            output: String(decoding: out, as: UTF8.self).trimmingCharacters(in: .newlines),
            error: String(decoding: err, as: UTF8.self)
        )
    }

    @Test("the usage's first examples")
    func readmeExamples() throws {
        let encoded = try run(["encode"], input: #"{"user":{"name":"Ada"},"tags":["a","b"]}"# + "\n")
        #expect(encoded.status == 0)
        #expect(encoded.output == "tags%5B%5D=a&tags%5B%5D=b&user%5Bname%5D=Ada")
        let decoded = try run(["decode", "tags[]=a&tags[]=b"])
        #expect(decoded.status == 0)
        #expect(decoded.output == #"{"tags":["a","b"]}"#)
    }

    @Test(
        "encoder options",
        arguments: [
            (["--array-encoding", "index-in-brackets"], #"{"a":[1,2]}"#, "a%5B0%5D=1&a%5B1%5D=2"),
            // A preset keeps its own order, and the options after it (or before) adjust it.
            (["--preset", "php"], #"{"b":"x y","a":[1,null,2]}"#, "b=x+y&a%5B0%5D=1&a%5B2%5D=2"),
            (["--brackets", "escaped", "--preset", "rails"], #"{"b":null,"a":["x"]}"#, "b&a%5B%5D=x"),
            (["--preset", "qs", "--no-sort"], #"{"b":null,"a":["x y"]}"#, "b=&a%5B0%5D=x%20y"),
            (["--array-encoding=no-brackets"], #"{"a":[1,2]}"#, "a=1&a=2"),
            (
                ["--array-encoding", "jquery", "--allowed-characters", "jquery", "--no-sort"], #"{"a":["x y!",{"b":2},[3]],"c":1}"#,
                "a%5B%5D=x%20y!&a%5B1%5D%5Bb%5D=2&a%5B2%5D%5B%5D=3&c=1"
            ),
            (["--bool-encoding", "literal"], #"{"t":true,"f":false}"#, "f=false&t=true"),
            (["--bool-encoding", "checkbox"], #"{"t":true,"f":false}"#, "t=on"),
            (
                ["--preset", "html-form"], #"{"q":"a b~*","agree":true,"no":false,"tags":["x","y"],"rows":[{"n":1}],"u":{"v":null}}"#,
                "q=a+b%7E*&agree=on&tags=x&tags=y&rows%5B0%5D%5Bn%5D=1"
            ),
            (["--key-encoding", "snake-case"], #"{"userName":{"firstName":"A"}}"#, "user_name%5Bfirst_name%5D=A"),
            (["--key-path", "dots"], #"{"a":{"b":"c"}}"#, "a.b=c"),
            (["--brackets", "literal", "--array-encoding", "index-in-brackets"], #"{"a":{"b":["c"]}}"#, "a[b][0]=c"),
            (["--charset", "iso-8859-1", "--charset-sentinel"], #"{"a":"€é"}"#, "utf8=%26%2310003%3B&a=%26%238364%3B%E9"),
            (["--nil-encoding", "null"], #"{"a":null,"b":1}"#, "a=null&b=1"),
            (["--array-encoding", "index-in-brackets"], #"{"a":[1,null,[],2]}"#, "a%5B0%5D=1&a%5B1%5D=2"),
            (["--array-encoding", "index-in-brackets", "--index-gaps", "keep-positions"], #"{"a":[1,null,[],2]}"#, "a%5B0%5D=1&a%5B3%5D=2"),
            (["--nil-encoding", "bare-key"], #"{"a":null,"b":[null]}"#, "a&b%5B%5D"),
            (["--empty-arrays"], #"{"a":[],"b":[[]]}"#, "a%5B%5D&b%5B%5D%5B%5D"),
            (["--separator", ","], #"{"ids":[1,2,3],"m":[["a,b"],["c"]]}"#, "ids=1,2,3&m%5B%5D=a%2Cb&m%5B%5D=c"),
            ([], #"{"a":null,"b":1}"#, "b=1"),
            (["--space", "plus"], #"{"q":"a b+c"}"#, "q=a+b%2Bc"),
            (["--allowed-characters", "alphanumerics"], #"{"greeting":"Hello, ","target":"🌎"}"#, "greeting=Hello%2C%20&target=%F0%9F%8C%8E"),
            (["--allowed-characters", "abc"], #"{"k":"abcd"}"#, "%6B=abc%64"),
            (["--no-sort"], #"{"b":1,"a":{"z":1,"y":2}}"#, "b=1&a%5Bz%5D=1&a%5By%5D=2"),
            ([], #"{"b":1,"a":{"z":1,"y":2}}"#, "a%5By%5D=2&a%5Bz%5D=1&b=1"),
            ([], #"{"n":1.50,"e":-2e10,"s":"\u00fc\n"}"#, "e=-2e10&n=1.50&s=%C3%BC%0A"),
        ]
    )
    func encodeOptions(arguments: [String], json: String, expected: String) throws {
        let result = try run(["encode"] + arguments + [json])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == expected)
    }

    @Test(
        "decoder options",
        arguments: [
            ([], "b=2&a[x]=1&a[y]=%C3%BC", #"{"a":{"x":"1","y":"ü"},"b":"2"}"#),
            (["--no-sort"], "b=2&a[y]=1&a[x]=2", #"{"b":"2","a":{"y":"1","x":"2"}}"#),
            (["--key-path", "dots"], "a.b=1", #"{"a":{"b":"1"}}"#),
            ([], "a.b=1", #"{"a.b":"1"}"#),
            ([], "q=a+b", #"{"q":"a b"}"#),
            (["--space", "percent"], "q=a+b%20c", #"{"q":"a+b c"}"#),
            ([], "list=1&list=2&flag", #"{"flag":"","list":["1","2"]}"#),
            (["--pretty"], "a[]=1", "{\n  \"a\": [\n    \"1\"\n  ]\n}"),
            (["--charset", "windows-1252"], "t=%80%E9", #"{"t":"€é"}"#),
            (["--charset", "iso-8859-1"], "t=%80%E9", #"{"t":"\#u{80}é"}"#),
            (["--charset-sentinel"], "_charset_=windows-1252&t=%26%2326085%3B", #"{"t":"日"}"#),
            (["--charset-sentinel", "--no-numeric-references"], "_charset_=windows-1252&t=%26%2326085%3B", #"{"t":"&#26085;"}"#),
            (["--nil-decoding", "bare-key"], "a&b=", #"{"a":null,"b":""}"#),
            (["--nil-decoding", "null"], "a=null&b=x", #"{"a":null,"b":"x"}"#),
            ([], "a[]=1&a[1][b]=2", #"{"a":["1",{"b":"2"}]}"#),
            (["--duplicate-keys", "last"], "u[admin]=0&u[admin]=1&t[]=a&t[]=b", #"{"t":["a","b"],"u":{"admin":"1"}}"#),
            (["--duplicate-keys", "first"], "a=1&a=2", #"{"a":"1"}"#),
            ([], "name=x&a[b=1", #"{"a[b":"1","name":"x"}"#),
            (["--conflicting-keys", "last"], "a[b]=1&a=2", #"{"a":"2"}"#),
            (["--preset", "rails"], "a[b]=1&a=2&c&c", #"{"a":"2","c":null}"#),
            (["--preset=php", "--duplicate-keys", "combine"], "c=1&c=2", #"{"c":["1","2"]}"#),
            // Indices 0 to n - 1 are a list, as qs, PHP and jQuery read them; Rack keeps the names.
            ([], "a[0]=x&a[1]=y", #"{"a":["x","y"]}"#),
            (["--preset", "qs"], "a[1]=x&a[3]=y", #"{"a":["x","y"]}"#),
            (["--preset", "php", "--no-sort"], "a[1]=y&a[0]=x", #"{"a":{"1":"y","0":"x"}}"#),
            (["--preset", "rails"], "a[0]=x&a[1]=y", #"{"a":{"0":"x","1":"y"}}"#),
            ([], "a[1]=x&a[3]=y", #"{"a":{"1":"x","3":"y"}}"#),
            ([], "", "{}"),
        ]
    )
    func decodeOptions(arguments: [String], text: String, expected: String) throws {
        let result = try run(["decode"] + arguments + [text])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == expected)
    }

    @Test("limits are flags, and refusals are errors with status 1")
    func limits() throws {
        let refused = try run(["decode", "--max-parameters", "1", "a=1&b=2"])
        #expect(refused.status == 1)
        #expect(refused.error.contains("maximumParameterCount"))
        #expect(try run(["decode", "--max-depth", "2", "a[b][c]=1"]).status == 1)
        #expect(try run(["decode", "--max-array-length=1", "a=1&a=2"]).status == 1)
        #expect(try run(["decode", "--max-input-length", "3", "a=12"]).status == 1)
        let deep = "a" + String(repeating: "[x]", count: 40) + "=1"
        #expect(try run(["decode", deep]).status == 1)
        #expect(try run(["decode", "--unlimited", deep]).status == 0)
    }

    @Test(
        "a refusal by a limit names the option that raises it, and --unlimited",
        arguments: [
            (["--max-input-length", "3"], "a=12", "--max-input-length"), (["--max-parameters", "1"], "a=1&b=2", "--max-parameters"),
            (["--max-depth", "2"], "a[b][c]=1", "--max-depth"), (["--max-array-length", "1"], "a[]=1&a[]=2", "--max-array-length"),
        ])
    func limitOptions(arguments: [String], text: String, option: String) throws {
        let refused = try run(["decode"] + arguments + [text])
        #expect(refused.status == 1)
        #expect(refused.error.hasSuffix("Raise it with \(option) N, or lift every limit with --unlimited.\n"), "\(refused.error)")
    }

    @Test(
        "one line end after the input on standard input is dropped, \\n or \\r\\n, in both directions",
        arguments: [
            (["decode"], "a=1\n", #"{"a":"1"}"#), (["decode"], "a=1\r\n", #"{"a":"1"}"#), (["decode"], "a=1\n\n", #"{"a":"1\n"}"#),
            (["encode"], #"{"a":1}"# + "\r\n", "a=1"), (["encode"], #"{"a":1}"# + "\n", "a=1"),
        ])
    func lineEnds(arguments: [String], input: String, expected: String) throws {
        let result = try run(arguments, input: input)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == expected)
    }

    @Test(
        "JSON that says two things or is not UTF-8 is refused with status 1, where it had lost a value or become U+FFFD",
        arguments: [
            (Data(#"{"a":1,"a":2}"#.utf8), "invalid JSON at byte 7: the member \"a\" appears twice in one object"),
            (Data(#"{"a":{"b":1,"b":1}}"#.utf8), "invalid JSON at byte 12: the member \"b\" appears twice in one object"),
            (Data(#"{"a":"x"#.utf8) + Data([0xFF]) + Data(#""}"#.utf8), "invalid JSON at byte 7: not UTF-8"),
            (Data(#"{"a":"\#u{E9}"#.utf8.dropLast()) + Data(#""}"#.utf8), "invalid JSON at byte 6: not UTF-8"),
        ])
    func refusedJSON(input: Data, message: String) throws {
        let result = try run(["encode"], bytes: input)
        #expect(result.status == 1)
        #expect(result.error == "urlform: \(message)\n")
        #expect(result.output.isEmpty)
        // The same members in objects apart are no repeat.
        #expect(try run(["encode", #"{"a":{"b":1},"c":{"b":2}}"#]).output == "a%5Bb%5D=1&c%5Bb%5D=2")
    }

    @Test(
        "bad input is status 1, a wrong command line status 2, each with a message on stderr",
        arguments: [
            (["encode", "[1,2]"], Int32(1), "must be an object"),
            (["encode", #"{"a":"#], 1, "invalid JSON"),
            (["encode", #"{"a":1} x"#], 1, "invalid JSON"),
            (["decode", "--malformed-keys", "error", "a[b=1"], 1, "malformed"),
            (["decode", "--malformed-keys", "strict", "a=1"], 2, "error, literal"),
            (["decode", "--duplicate-keys", "error", "a=1&a=2"], 1, "appears 2 times"),
            (["encode", "--charset", "iso-8859-1", "--no-numeric-references", #"{"a":"€"}"#], 1, "has no byte in ISO-8859-1"),
            (["encode", "--index-gaps", "error", #"{"a":[1,[],2]}"#], 1, "at a.2: The element comes after elements"),
            (["encode", "--preset", "html", "{}"], 2, "no encoder preset \"html\""),
            (["decode", "--preset"], 2, "--preset needs a value"),
            ([], 2, "expected encode or decode"),
            (["bogus"], 2, "unknown command"),
            (["encode", "--space", "sideways", "{}"], 2, "percent, plus"),
            (["encode", "--pretty", "{}"], 2, "unknown option --pretty"),
            (["decode", "--max-depth", "deep", "a=1"], 2, "whole number"),
            (["encode", "--key-path"], 2, "needs a value"),
            (["decode", "a=1", "b=2"], 2, "more than one input"),
            (["decode", "-x=1"], 2, "unknown option -x"),
            (["decode", "--bare-keys", "null", "a"], 2, "unknown option --bare-keys"),
            (["decode", "--", "a=1", "b=2"], 2, "more than one input"),
        ])
    func failures(arguments: [String], status: Int32, message: String) throws {
        let result = try run(arguments)
        #expect(result.status == status)
        #expect(result.error.contains(message), "\(result.error)")
        #expect(result.output.isEmpty)
    }

    @Test("--help prints usage with examples and succeeds")
    func help() throws {
        for arguments in [["--help"], ["help"], ["encode", "--help"]] {
            let result = try run(arguments)
            #expect(result.status == 0)
            #expect(result.output.contains("EXAMPLES"))
            #expect(result.output.contains("--array-encoding"))
        }
    }

    /// The newest version CHANGELOG.md names: `## 1.0.0`.
    static var changelogVersion: String {
        get throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
            let heading = changelog.split(separator: "\n").first { $0.hasPrefix("## ") }
            return String(heading?.dropFirst(3) ?? "")
        }
    }

    @Test("--version prints the version CHANGELOG.md names last, wherever it stands before --")
    func version() throws {
        let version = try Self.changelogVersion
        #expect(version.split(separator: ".").count == 3)
        for arguments in [["--version"], ["decode", "--version"], ["encode", "--no-sort", "--version", "{}"]] {
            let result = try run(arguments)
            #expect(result.status == 0)
            #expect(result.output == "urlform \(version)", "\(arguments)")
        }
    }

    @Test(
        "-h and --help anywhere before --, - for standard input, -- before input that starts with -",
        arguments: [
            (["-h"], nil as String?, "urlform: application/x-www-form-urlencoded text to JSON and back"),
            (["encode", "-h"], nil, "urlform: application/x-www-form-urlencoded"),
            (["decode", "--max-depth", "3", "--help", "a=1"], nil, "urlform: application/x-www-form-urlencoded"),
            (["decode", "-"], "a=1\n", #"{"a":"1"}"#),
            (["encode", "--no-sort", "-"], #"{"b":1,"a":2}"#, "b=1&a=2"),
            (["decode", "--", "-h"], nil, #"{"-h":""}"#),
            (["decode", "--", "-x=1&--y=2"], nil, #"{"--y":"2","-x":"1"}"#),
            (["decode", "--pretty", "--", "-"], "a=1", "{\n  \"a\": \"1\"\n}"),
        ] as [([String], String?, String)])
    func conventions(arguments: [String], input: String?, expected: String) throws {
        let result = try run(arguments, input: input)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix(expected), "\(arguments): \(result.output)")
    }

    @Test(
        "decode reads a URL's query or the text after a leading ?, without its fragment; other text whole",
        arguments: [
            ("https://example.com/search?q=a+b#top", #"{"q":"a b"}"#),
            ("http://localhost:8080/p?tags[]=x&tags[]=y", #"{"tags":["x","y"]}"#),
            ("https://example.com/", "{}"),
            ("https://example.com/p#frag?a=1", "{}"),
            ("?a=1&b=2#frag", #"{"a":"1","b":"2"}"#),
            ("?", "{}"),
            // Text that is no URL keeps its `?`, `#` and `://`.
            ("a=http://x?y#z", #"{"a":"http://x?y#z"}"#),
            ("a?b=1", #"{"a?b":"1"}"#),
            ("1http://x?a=1", #"{"1http://x?a":"1"}"#),
        ])
    func urls(text: String, expected: String) throws {
        let result = try run(["decode", text])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == expected)
        // The same from standard input.
        #expect(try run(["decode"], input: text + "\n").output == expected)
    }

    @Test("encode then decode gives the JSON back as strings")
    func roundTrip() throws {
        let json = #"{"a":{"b":["x y","&="]},"c":"ü"}"#
        let text = try run(["encode", json]).output
        #expect(try run(["decode", text]).output == json)
    }
}
