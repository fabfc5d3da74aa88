#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension URLEncodedFormDecoder {
    /// The options only some values read (`Bool`, `Data`, `Date`, `nil`, converted keys) and
    /// `userInfo`, in one object that each decode retains once, as the encoder keeps its own
    /// (``URLEncodedFormEncoder/ValueStrategies``): copying the enums, whose cases carry closures
    /// and a `TimeZone`, into every decode costs each decode more (the empty and small decodes;
    /// Benchmarks/README.md, Shortcuts). The decoder's properties read and replace it; a decoder
    /// with none of them set shares ``defaults``, so making one allocates nothing.
    final class ValueStrategies: Sendable {
        /// The options themselves, declared once: the object holds them, and a change makes a
        /// new object from a changed copy.
        struct Values: Sendable {
            var boolDecoding = BoolDecoding.lenient
            var dataDecoding = DataDecoding.base64
            var dateDecoding = DateDecoding.deferredToDate
            var keyDecoding = KeyDecoding.useDefaultKeys
            var nilDecoding = NilDecoding.dropKey
            var userInfo: [CodingUserInfoKey: any Sendable] = [:]
        }

        let values: Values
        /// Whether a reader asks this object anything: a strategy other than the default, a
        /// `nil` that a closure decides, or a `userInfo`. A reader of a decoder where it is
        /// `false`, most, keeps no reference to it and reads the defaults.
        let readerAsks: Bool

        private init(_ values: Values) {
            self.values = values
            readerAsks = !Self.readsAsDefaults(values) || values.nilDecoding.style == .custom
        }

        private static let defaults = ValueStrategies(Values())

        /// Whether the strategies a reader asks for by name and `userInfo` are the defaults:
        /// `nilDecoding` aside, whose style the reader keeps apart from its closure.
        private static func readsAsDefaults(_ values: Values) -> Bool {
            if case .lenient = values.boolDecoding, case .base64 = values.dataDecoding, case .deferredToDate = values.dateDecoding,
                case .useDefaultKeys = values.keyDecoding, values.userInfo.isEmpty
            {
                return true
            }
            return false
        }

        /// The shared ``defaults`` when `values` are the defaults, else an object of their own.
        static func make(_ values: Values) -> ValueStrategies {
            readsAsDefaults(values) && values.nilDecoding.style == .dropKey ? defaults : ValueStrategies(values)
        }

        /// This object with the options `change` sets on a copy of them.
        func with(_ change: (inout Values) -> Void) -> ValueStrategies {
            var changed = values
            change(&changed)
            return .make(changed)
        }
    }
}
