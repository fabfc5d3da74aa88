extension URLEncodedFormDecoder {
    /// Bounds on the input a decoder accepts, so that a hostile request costs little to refuse.
    ///
    /// The defaults suit a server reading query strings and HTML form bodies as they are. Input
    /// past a limit throws ``URLEncodedFormDecodingError`` before anything is built for it.
    ///
    /// ```swift
    /// var decoder = URLEncodedFormDecoder()
    /// decoder.limits.maximumInputLength = 8 << 20  // a form that carries base64 images
    /// ```
    public struct Limits: Sendable, Hashable {
        /// The most bytes of input: 1 MiB (1,048,576) by default.
        public var maximumInputLength: Int
        /// The most `name=value` pairs: 1,000 by default, as PHP's `max_input_vars` and Node's
        /// `qs` allow.
        public var maximumParameterCount: Int
        /// The most components in one key: `a[b][c]` has three, `a` one. 32 by default, and at
        /// most 512, as `JSONDecoder` reads: a larger setting, ``unlimited``'s too, is 512.
        ///
        /// Decoding a recursive type recurses once per component, and Swift releases a nested
        /// ``URLEncodedFormValue`` recursively, so this also bounds stack use: a deeper key is
        /// refused, never a crash. ``URLEncodedFormEncoder/maximumDepth`` counts the same components.
        public var maximumDepth: Int {
            get { depth }
            set { depth = min(newValue, NestingCeiling.levels) }
        }
        // Kept within the ceiling when it is set, so that no decode pays to clamp it.
        private var depth: Int
        /// The most elements in one array, and so one more than the largest index: 1,000 by
        /// default.
        public var maximumArrayLength: Int

        /// Creates limits; each argument defaults to the value of ``default``.
        public init(
            maximumInputLength: Int = 1 << 20,
            maximumParameterCount: Int = 1000,
            maximumDepth: Int = 32,
            maximumArrayLength: Int = 1000
        ) {
            self.maximumInputLength = maximumInputLength
            self.maximumParameterCount = maximumParameterCount
            depth = min(maximumDepth, NestingCeiling.levels)
            self.maximumArrayLength = maximumArrayLength
        }

        /// 1 MiB of input, 1,000 parameters, 32 key components, 1,000 array elements.
        public static let `default` = Limits()

        /// No limits, for input the program produced itself, but for the 512 components a key
        /// has at most (``maximumDepth``). Decoding is still linear in the input, and still
        /// cannot trap.
        public static let unlimited = Limits(
            maximumInputLength: .max,
            maximumParameterCount: .max,
            maximumDepth: .max,
            maximumArrayLength: .max
        )
    }
}
