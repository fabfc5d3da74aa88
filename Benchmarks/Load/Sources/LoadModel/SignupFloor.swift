import Foundation

/// The Codable floor in a server: each sign-up the bodies hold, kept as a tree of Swift values
/// built before the run (`Floor.swift`, the Benchmarks package's floor), so that a route can
/// decode the body's `Signup` with no form parsing at all. No decoder of this model can cost a
/// server less, so a route built on it shows how near the framework's ceiling any `Decodable`
/// decode can come.
public struct SignupFloor: Sendable {
    private var trees: [Int: FloorValue] = [:]

    /// The trees of the bodies in `folder` (run.sh's `bodies.py` writes them) that `decode`
    /// reads, each kept under its length in bytes, which differs between the bodies; a body it
    /// refuses (the hostile ones) has none.
    public init(bodiesIn folder: String, decode: (Data) throws -> Signup) throws {
        let url = URL(fileURLWithPath: folder)
        for file in try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil) {
            let body = try Data(contentsOf: file)
            guard let signup = try? decode(body) else { continue }
            trees[body.count] = try FloorValue(signup)
        }
    }

    /// The sign-up of the body of `length` bytes, read from its tree; `nil` for a body that has
    /// none, which the route answers as the decoders answer a form they refuse.
    public func decode(bodyOf length: Int) throws -> Signup? {
        guard let tree = trees[length] else { return nil }
        return try Signup(from: FloorDecoder(value: tree))
    }
}
