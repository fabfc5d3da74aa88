#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension URLEncodedFormEncoder {
    /// The options only some values read (`Data`, `Date`, `nil`) and `userInfo`, in one object
    /// that each encode retains once, as the decoder keeps its own
    /// (``URLEncodedFormDecoder/ValueStrategies``): copying the enums, whose cases carry
    /// closures, into every encode's session cost each encode more (the small encode;
    /// Benchmarks/README.md, Shortcuts). The encoder's properties read and replace it; an encoder
    /// with none of them set shares ``defaults``, so making one allocates nothing.
    final class ValueStrategies: Sendable {
        /// The options themselves, declared once: the object holds them, and a change makes a
        /// new object from a changed copy.
        struct Values: Sendable {
            var dataEncoding = DataEncoding.base64
            var dateEncoding = DateEncoding.deferredToDate
            var nilEncoding = NilEncoding.dropKey
            var userInfo: [CodingUserInfoKey: any Sendable] = [:]
        }

        let values: Values

        private init(_ values: Values) {
            self.values = values
        }

        private static let defaults = ValueStrategies(Values())

        /// The shared ``defaults`` when `values` are the defaults, else an object of their own.
        static func make(_ values: Values) -> ValueStrategies {
            if case .base64 = values.dataEncoding, case .deferredToDate = values.dateEncoding, case .dropKey = values.nilEncoding.style,
                values.userInfo.isEmpty
            {
                return defaults
            }
            return ValueStrategies(values)
        }

        /// This object with the options `change` sets on a copy of them.
        func with(_ change: (inout Values) -> Void) -> ValueStrategies {
            var changed = values
            change(&changed)
            return .make(changed)
        }
    }
}
