#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension URLEncodedFormEncoder {
    /// The options only some values read (`Data`, `Date`, `nil`) and `userInfo`, in one object
    /// that each encode retains once, where copying the three enums, whose cases carry closures,
    /// into every encode's session cost each encode more (the small encode; Benchmarks/README.md, Shortcuts). The encoder's
    /// properties read and replace it; an encoder with none of them set shares ``defaults``, so
    /// making one allocates nothing.
    final class ValueStrategies: Sendable {
        let dataEncoding: DataEncoding
        let dateEncoding: DateEncoding
        let nilEncoding: NilEncoding
        let userInfo: [CodingUserInfoKey: any Sendable]

        private init(dataEncoding: DataEncoding, dateEncoding: DateEncoding, nilEncoding: NilEncoding, userInfo: [CodingUserInfoKey: any Sendable]) {
            self.dataEncoding = dataEncoding
            self.dateEncoding = dateEncoding
            self.nilEncoding = nilEncoding
            self.userInfo = userInfo
        }

        private static let defaults = ValueStrategies(dataEncoding: .base64, dateEncoding: .deferredToDate, nilEncoding: .dropKey, userInfo: [:])

        static func make(
            dataEncoding: DataEncoding, dateEncoding: DateEncoding, nilEncoding: NilEncoding, userInfo: [CodingUserInfoKey: any Sendable]
        ) -> ValueStrategies {
            if case .base64 = dataEncoding, case .deferredToDate = dateEncoding, case .dropKey = nilEncoding.style, userInfo.isEmpty {
                return defaults
            }
            return ValueStrategies(dataEncoding: dataEncoding, dateEncoding: dateEncoding, nilEncoding: nilEncoding, userInfo: userInfo)
        }

        func with(dataEncoding: DataEncoding) -> ValueStrategies {
            .make(dataEncoding: dataEncoding, dateEncoding: dateEncoding, nilEncoding: nilEncoding, userInfo: userInfo)
        }

        func with(dateEncoding: DateEncoding) -> ValueStrategies {
            .make(dataEncoding: dataEncoding, dateEncoding: dateEncoding, nilEncoding: nilEncoding, userInfo: userInfo)
        }

        func with(nilEncoding: NilEncoding) -> ValueStrategies {
            .make(dataEncoding: dataEncoding, dateEncoding: dateEncoding, nilEncoding: nilEncoding, userInfo: userInfo)
        }

        func with(userInfo: [CodingUserInfoKey: any Sendable]) -> ValueStrategies {
            .make(dataEncoding: dataEncoding, dateEncoding: dateEncoding, nilEncoding: nilEncoding, userInfo: userInfo)
        }
    }
}
