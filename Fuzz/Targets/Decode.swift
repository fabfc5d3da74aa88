import Foundation
import URLEncodedForm

// Target 2: any bytes decoded into representative models under every option. Every failure
// must be a thrown error whose description can be built.

struct Address: Codable {
    var street: String
    var city: String?
    var geo: [Double]?
}

struct Item: Codable {
    var name: String
    var quantity: Int
    var price: Decimal?
}

struct Profile: Codable {
    var name: String
    var age: Int?
    var small: Int8?
    var large: UInt64?
    var ratio: Double?
    var admin: Bool
    var tags: [String]
    var address: Address?
    var scores: [String: Double]
    var joined: Date?
    var avatar: Data?
    var items: [Item]?
    var matrix: [[Int]]?
    var unique: Set<String>?
    var link: URL?
    var extra: URLEncodedFormValue?
}

enum Shape: String, Codable { case circle, square }

struct Flat: Codable {
    var shape: Shape
    var count: UInt8
    var when: Date
    var flags: [Bool]
}

@_cdecl("LLVMFuzzerTestOneInput")
public func decodeTarget(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    var input = FuzzInput(UnsafeBufferPointer(start: start, count: count))
    let tight = input.bool()
    let decoder = FuzzOptions.decoder(&input, limits: tight ? FuzzOptions.tightLimits : .default)
    let model = input.choice(7)
    let text = Array(input.rest)
    do {
        switch model {
        case 0: _ = try decoder.decode(Profile.self, from: text)
        case 1: _ = try decoder.decode(Flat.self, from: text)
        case 2: _ = try decoder.decode([String: [String]].self, from: text)
        case 3: _ = try decoder.decode([String: [String: Int]].self, from: text)
        case 4: _ = try decoder.decode([Item].self, from: text)
        case 5: _ = try decoder.decode([String: [Int?]].self, from: text)
        default: _ = try decoder.decode([String: URLEncodedFormValue].self, from: text)
        }
    } catch {
        _ = String(describing: error)
    }
    return 0
}
