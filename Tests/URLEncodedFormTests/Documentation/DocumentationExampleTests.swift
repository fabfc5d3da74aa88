import Foundation
import Testing
import URLEncodedForm

/// The outputs shown in the DocC comments of the source, so they cannot drift. (The blocks of
/// README.md and the DocC articles are compiled and run from the documents themselves:
/// `Tests/DocExamples/check.py`, in CI.)
@Suite("Documentation examples")
struct DocumentationExampleTests {
    struct Search: Encodable {
        struct Filter: Encodable { let language: String }
        let query: String
        let page: Int
        let tags: [String]
        let filter: Filter?
    }

    @Test("DocC comments' examples")
    func doccExamples() throws {
        let search = Search(query: "swift forms", page: 2, tags: ["a", "b"], filter: nil)
        #expect(try formText(search) == "page=2&query=swift%20forms&tags%5B%5D=a&tags%5B%5D=b")
        #expect(try formText(["name": "Ada Lovelace"]) == "name=Ada%20Lovelace")
        #expect(
            try formText(["parent": ["child": ["grandchild": "value"]]])
                == "parent%5Bchild%5D%5Bgrandchild%5D=value"
        )
        #expect(try formText(["tags": ["a", "b"]], URLEncodedFormEncoder(arrayEncoding: .indexInBrackets)) == "tags%5B0%5D=a&tags%5B1%5D=b")
        #expect(
            try formText(["parent": ["child": "value"]], URLEncodedFormEncoder(keyPathEncoding: .init { "::\($0)" }))
                == "parent%3A%3Achild=value"
        )
    }
}
