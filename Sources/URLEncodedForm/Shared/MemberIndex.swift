/// When an object's members are found through a hash index rather than a scan, in both trees:
/// the value tree the encoder builds and the form tree the parser builds.
///
///     members 1…31   scanned, behind a 64-bit filter of the keys (their lengths in the value
///                    tree, 64 bits of their hashes in the form tree): at most 31 comparisons
///     member 32 on   every member in a dictionary under Swift's seeded hashing, so that a
///                    dictionary of thousands of keys, or keys crafted to collide, cost a lookup
///                    each
///
/// 32 rather than 16: a row of 16 to 31 fields, common in forms, paid for hashing every key, in
/// both directions (the rows workloads; Benchmarks/README.md, Shortcuts).
enum MemberIndex {
    /// The member count from which an object is indexed.
    static let threshold = 32
}
