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
        let boolDecoding: BoolDecoding
        let dataDecoding: DataDecoding
        let dateDecoding: DateDecoding
        let keyDecoding: KeyDecoding
        let nilDecoding: NilDecoding
        let userInfo: [CodingUserInfoKey: any Sendable]
        /// Whether a reader asks this object anything: a strategy other than the default, a
        /// `nil` that a closure decides, or a `userInfo`. A reader of a decoder where it is
        /// `false`, most, keeps no reference to it and reads the defaults.
        let readerAsks: Bool

        private init(
            boolDecoding: BoolDecoding, dataDecoding: DataDecoding, dateDecoding: DateDecoding, keyDecoding: KeyDecoding,
            nilDecoding: NilDecoding, userInfo: [CodingUserInfoKey: any Sendable]
        ) {
            self.boolDecoding = boolDecoding
            self.dataDecoding = dataDecoding
            self.dateDecoding = dateDecoding
            self.keyDecoding = keyDecoding
            self.nilDecoding = nilDecoding
            self.userInfo = userInfo
            if case .lenient = boolDecoding, case .base64 = dataDecoding, case .deferredToDate = dateDecoding,
                case .useDefaultKeys = keyDecoding, nilDecoding.style != .custom, userInfo.isEmpty
            {
                readerAsks = false
            } else {
                readerAsks = true
            }
        }

        private static let defaults = ValueStrategies(
            boolDecoding: .lenient, dataDecoding: .base64, dateDecoding: .deferredToDate, keyDecoding: .useDefaultKeys,
            nilDecoding: .dropKey, userInfo: [:])

        static func make(
            boolDecoding: BoolDecoding, dataDecoding: DataDecoding, dateDecoding: DateDecoding, keyDecoding: KeyDecoding,
            nilDecoding: NilDecoding, userInfo: [CodingUserInfoKey: any Sendable]
        ) -> ValueStrategies {
            if case .lenient = boolDecoding, case .base64 = dataDecoding, case .deferredToDate = dateDecoding,
                case .useDefaultKeys = keyDecoding, nilDecoding.style == .dropKey, userInfo.isEmpty
            {
                return defaults
            }
            return ValueStrategies(
                boolDecoding: boolDecoding, dataDecoding: dataDecoding, dateDecoding: dateDecoding, keyDecoding: keyDecoding,
                nilDecoding: nilDecoding, userInfo: userInfo)
        }

        /// This object with the options `change` sets on a copy of them.
        func with(_ change: (inout Options) -> Void) -> ValueStrategies {
            var options = Options(
                boolDecoding: boolDecoding, dataDecoding: dataDecoding, dateDecoding: dateDecoding, keyDecoding: keyDecoding,
                nilDecoding: nilDecoding, userInfo: userInfo)
            change(&options)
            return .make(
                boolDecoding: options.boolDecoding, dataDecoding: options.dataDecoding, dateDecoding: options.dateDecoding,
                keyDecoding: options.keyDecoding, nilDecoding: options.nilDecoding, userInfo: options.userInfo)
        }

        struct Options {
            var boolDecoding: BoolDecoding
            var dataDecoding: DataDecoding
            var dateDecoding: DateDecoding
            var keyDecoding: KeyDecoding
            var nilDecoding: NilDecoding
            var userInfo: [CodingUserInfoKey: any Sendable]
        }
    }
}
