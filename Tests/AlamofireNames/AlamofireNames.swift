import Foundation

// The names Alamofire 5 declares outside its own types, declared here as it declares them, so that
// a test module can import this beside URLEncodedForm, as an app moving from one to the other does.
extension CharacterSet {
    /// Alamofire's set: RFC 3986's query characters without the delimiters a form's text escapes
    /// (`:#[]@!$&'()*+,;=`), keeping `?` and `/`.
    public static let afURLQueryAllowed: CharacterSet = CharacterSet.urlQueryAllowed.subtracting(
        CharacterSet(charactersIn: ":#[]@!$&'()*+,;=")
    )
}
