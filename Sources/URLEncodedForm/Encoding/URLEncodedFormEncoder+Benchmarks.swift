/// The encoder's two ways to bytes, for the instruction counts of `Benchmarks/Instructions` to
/// compare side by side. Not part of the API: `@_spi(Benchmarks) import URLEncodedForm` to use it.
extension URLEncodedFormEncoder {
    /// The form text of `value`, built as a tree from the start and written in one walk.
    @_spi(Benchmarks) public func encodeThroughTree(_ value: some Encodable) throws -> String {
        try encoded(value, buildingTree: true) { $0.string }
    }
}
