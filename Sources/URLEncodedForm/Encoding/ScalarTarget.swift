/// Where the encoder writes a scalar: a slot the containers were given, or a member or element
/// written directly, which then needs no scope of its own.
enum ScalarTarget {
    case slot(Int)
    case member(String, of: Int)
    case element(Int, of: Int)
}
