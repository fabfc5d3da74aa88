/// The deepest a value nests in either direction, whatever a `maximumDepth` says: 512 levels, as
/// `JSONEncoder` and `JSONDecoder` allow.
///
/// Encoding a value runs its `encode(to:)` calls inside one another, decoding a type runs its
/// `init(from:)` calls so, and Swift releases an untyped value nested that deep recursively too:
/// each level takes a frame of the thread's stack. So no option takes either coder past a depth
/// that a thread's stack holds, and a deeper value or key is an error, never a crash.
enum NestingCeiling {
    static let levels = 512
}
