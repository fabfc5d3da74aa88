import Foundation

/// A row of `Tests/Fixtures/adapter-refusals.json`: a request both server adapters refuse, and
/// the status and sentence each answers it with. A target of its own, so that the Hummingbird and
/// Vapor adapters' tests read one table.
public struct RefusalCase: Decodable, Sendable, CustomStringConvertible {
    /// What is refused, as the test names the case.
    public var refusal: String
    /// `first` for the decoder that stops at the first error, `every` for `.everyField`.
    public var route: String
    /// The request's `Content-Type` fields, in order.
    public var contentTypes: [String]
    public var body: String
    public var status: Int
    public var message: String

    public var description: String { refusal }

    /// Every row of the table.
    public static func all() throws -> [RefusalCase] {
        struct Table: Decodable { var cases: [RefusalCase] }
        let fixture = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/adapter-refusals.json")
        return try JSONDecoder().decode(Table.self, from: Data(contentsOf: fixture)).cases
    }
}
