import Foundation

@testable import URLEncodedForm

extension ASCIISet {
    /// The ASCII members of `set`, through the public conversion the `allowedCharacters` option uses.
    init(_ set: CharacterSet) {
        self = URLEncodedFormEncoder.AllowedCharacters(set).bytes
    }
}
