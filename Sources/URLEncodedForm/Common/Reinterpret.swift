/// Reads a value as the type it was just proven to be by a metatype comparison.
@inline(__always)
func reinterpret<Value, Target>(_ value: Value, as _: Target.Type) -> Target {
    unsafeBitCast(value, to: Target.self)
}
