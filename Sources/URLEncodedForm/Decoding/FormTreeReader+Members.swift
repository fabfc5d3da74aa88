#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Finding the member a coding key names, under the key decoding strategy.
extension FormTreeReader {
    /// The member of `object` that `key` names under `keyDecoding`.
    ///
    /// `consuming`: the caller's fresh `key.stringValue` is read in place; borrowed, it was copied
    /// first to be read (`withUTF8` is `mutating`), a retain and a release a lookup (the small
    /// and medium decodes; Benchmarks/README.md, Shortcuts).
    func member(of object: Int, for key: consuming String) -> Int? {
        guard self[object].kind == .object else { return nil }
        if rules.usesDefaultKeys { return key.withUTF8 { tree.member(of: object, named: ByteReader($0)) } }
        switch keyDecoding {
        case .useDefaultKeys:
            return key.withUTF8 { tree.member(of: object, named: ByteReader($0)) }
        case .convertFromSnakeCase, .convertFromKebabCase:
            // The name the encoder writes for the key is found without converting every member.
            if let member = member(of: object, named: encodedName(for: key)) { return member }
            return convertedNames(of: object)[key]
        case .custom:
            return convertedNames(of: object)[key]
        }
    }

    /// The key strings of `object`'s members, converted by `keyDecoding`, in input order.
    func keys(of object: Int) -> [String] {
        var keys: [String] = []
        guard self[object].kind == .object else { return keys }
        keys.reserveCapacity(self[object].childCount)
        var member = self[object].firstChild
        while member >= 0 {
            keys.append(convert(keyString(of: member)))
            member = self[member].nextSibling
        }
        return keys
    }

    /// The text a missing key was looked for as, for messages.
    func lookedUpName(for key: String) -> String {
        switch keyDecoding {
        case .useDefaultKeys, .custom: key
        case .convertFromSnakeCase, .convertFromKebabCase: encodedName(for: key)
        }
    }

    private func member(of object: Int, named name: String) -> Int? {
        name.withReader { tree.member(of: object, named: $0) }
    }

    private func encodedName(for key: String) -> String {
        if let name = workspace.encodedNames[key] { return name }
        let separator = if case .convertFromKebabCase = keyDecoding { "-" } else { "_" }
        let name = URLEncodedFormEncoder.KeyEncoding.separatingWords(of: key, with: separator)
        workspace.encodedNames[key] = name
        return name
    }

    private func convertedNames(of object: Int) -> [String: Int] {
        if let names = workspace.convertedMembers[object] { return names }
        var names: [String: Int] = [:]
        var member = self[object].firstChild
        while member >= 0 {
            let name = convert(keyString(of: member))
            if names[name] == nil { names[name] = member }
            member = self[member].nextSibling
        }
        workspace.convertedMembers[object] = names
        return names
    }

    private func convert(_ name: String) -> String {
        switch keyDecoding {
        case .useDefaultKeys: name
        case .convertFromSnakeCase: URLEncodedFormDecoder.KeyDecoding.joiningWords(of: name, separatedBy: "_")
        case .convertFromKebabCase: URLEncodedFormDecoder.KeyDecoding.joiningWords(of: name, separatedBy: "-")
        case .custom(let convert): convert(name)
        }
    }

}
