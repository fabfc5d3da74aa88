#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// ``URLEncodedFormDecoder/ErrorReporting-swift.enum/everyField``: a field that fails is recorded
/// and given a stand-in, so that the value around it goes on decoding.
extension FormTreeReader {
    /// Records `error` for the value at `node`, the top level included.
    func recordFieldError(_ error: any Error, at node: Int) {
        let error = rewordingRawValueError(error)
        let field = node == FormTree.root ? "" : keyPath(of: node)
        workspace.fieldErrors.append(.init(field: field, codingPath: Self.codingPath(of: error) ?? codingPath(of: node), error: error))
    }

    /// After reading the member `key` of `object` failed with `error`: records it, and returns a
    /// stand-in of `type`, or stops this level when `type` has none.
    func standIn<T: Decodable>(after error: any Error, _ type: T.Type, member key: String, of object: Int) throws -> T {
        if error is FieldErrorsRecorded { throw error }
        let field = keyPath(of: object, appending: lookedUpName(for: key))
        let path = Self.codingPath(of: error) ?? codingPath(of: object) + [FormCodingKey(key)]
        return try standIn(after: error, type, field: field, codingPath: path) { absentMember(of: object, key: key) }
    }

    /// After reading element `index` of `array` failed with `error`, likewise.
    func standIn<T: Decodable>(after error: any Error, _ type: T.Type, element index: Int, of array: Int) throws -> T {
        if error is FieldErrorsRecorded { throw error }
        let field = keyPath(of: array, appending: String(index))
        let path = Self.codingPath(of: error) ?? codingPath(of: array) + [FormCodingKey(index: index)]
        return try standIn(after: error, type, field: field, codingPath: path) { absentMember(of: array, key: String(index)) }
    }

    /// After a single value of `type` failed with `error`: where a stand-in is being made, that
    /// value's stand-in; otherwise the error, for the member or element around it to record.
    func standInValue<T: Decodable>(after error: any Error, _ type: T.Type) throws -> T {
        guard workspace.standInsBeingMade > 0, !(error is FieldErrorsRecorded) else { throw error }
        if let value = Self.standIn(type) { return value }
        throw error
    }

    /// Records the failure, unless it happened inside a stand-in being made (a field of a
    /// missing object, whose failure is the object's), and returns the stand-in: the type's own,
    /// or else the type decoded from a node the form does not have, every field of it given its
    /// stand-in in turn, so that a missing or broken nested value (`address`) lets the rest of
    /// the form be read. A type that cannot be made even so (an enum that is not `CaseIterable`,
    /// whose raw value no stand-in names) stops this level.
    private func standIn<T: Decodable>(
        after error: any Error, _ type: T.Type, field: String, codingPath: [any CodingKey], absent: () -> Int
    ) throws -> T {
        let workspace = workspace
        if workspace.standInsBeingMade == 0 {
            workspace.fieldErrors.append(.init(field: field, codingPath: codingPath, error: rewordingRawValueError(error)))
        }
        if let value = Self.standIn(type) { return value }
        guard workspace.standInsBeingMade < Self.deepestStandIn else { throw FieldErrorsRecorded() }
        workspace.standInsBeingMade += 1
        defer { workspace.standInsBeingMade -= 1 }
        do {
            return try decode(type, at: absent())
        } catch {
            throw FieldErrorsRecorded()
        }
    }

    /// How many stand-ins may be made one inside another: a type that holds itself
    /// (`final class Item { let parent: Item }`) has no value to stand in, and would otherwise
    /// recurse until the stack ran out. A form's own keys are 32 deep by default.
    static let deepestStandIn = 32

    private static func codingPath(of error: any Error) -> [any CodingKey]? {
        switch error {
        case DecodingError.keyNotFound(let key, let context): context.codingPath + [key]
        case DecodingError.valueNotFound(_, let context), DecodingError.typeMismatch(_, let context),
            DecodingError.dataCorrupted(let context):
            context.codingPath
        default: nil
        }
    }

    /// A value of `type` that lets decoding go on past a failed field, or `nil` for a type that
    /// has none.
    static func standIn<T>(_ type: T.Type) -> T? {
        if let named = T.self as? any URLEncodedFormStandIn.Type { return named.formStandIn as? T }
        if T.self == String.self { return reinterpret("", as: T.self) }
        if T.self == Bool.self { return reinterpret(false, as: T.self) }
        if let numeric = T.self as? any AdditiveArithmetic.Type { return numeric.zero as? T }
        if let optional = T.self as? any ExpressibleByNilLiteral.Type { return optional.init(nilLiteral: ()) as? T }
        if let empty = emptyFormValue(type) { return empty }
        if T.self == Data.self { return reinterpret(Data(), as: T.self) }
        if T.self == Date.self { return reinterpret(Date(timeIntervalSince1970: 0), as: T.self) }
        if T.self == URL.self, let blank = URL(string: "about:blank") { return reinterpret(blank, as: T.self) }
        if let cases = T.self as? any CaseIterable.Type { return firstCase(of: cases) as? T }
        return nil
    }

    private static func firstCase<Cases: CaseIterable>(of type: Cases.Type) -> Cases? {
        type.allCases.first
    }
}
