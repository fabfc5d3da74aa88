/// Reads a value as the type it was just proven to be by a metatype comparison.
///
/// `unsafeBitCast` checks only that the sizes match; the types themselves are checked in debug
/// builds (where every test runs) and in the fuzzers, so a call site whose comparison and cast
/// disagree fails there.
@inline(__always)
func reinterpret<Value, Target>(_ value: Value, as _: Target.Type) -> Target {
    assert(Value.self == Target.self, "reinterpret: \(Value.self) is not \(Target.self)")
    return unsafeBitCast(value, to: Target.self)
}
