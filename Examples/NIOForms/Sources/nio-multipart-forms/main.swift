// A plain SwiftNIO server with an HTML form that has a file input and nested text fields, sent
// as multipart/form-data: MultipartKit splits the body into parts as it arrives, and the text
// parts, (name, value) pairs, are decoded with URLEncodedForm's key paths, limits and field
// errors. The file is counted, not kept.
//
//     swift run nio-multipart-forms 8080     # then open http://127.0.0.1:8080/
import FormServer
import MultipartKit
import NIOCore
import NIOHTTP1
import URLEncodedForm

struct Order: Decodable {
    var customer: Customer
    var items: [Item]
    var tags: [String]?

    struct Customer: Decodable {
        var name: String
        var email: String
    }

    struct Item: Decodable {
        var sku: String
        var qty: Int
    }
}

let page = """
    <!doctype html>
    <html><head><meta charset="utf-8"><title>Order</title></head><body>
    <form method="post" action="/order" enctype="multipart/form-data">
      <input id="name" name="customer[name]"> <input id="email" name="customer[email]">
      <input id="sku0" name="items[0][sku]"> <input id="qty0" name="items[0][qty]">
      <input id="sku1" name="items[1][sku]"> <input id="qty1" name="items[1][qty]">
      <select id="tags" name="tags[]" multiple><option>gift</option><option>express</option><option>ünïcödé</option></select>
      <input id="attachment" type="file" name="attachment">
      <button id="submit">Order</button>
    </form>
    </body></html>
    """

let decoder = URLEncodedFormDecoder(
    limits: .init(maximumInputLength: 64 << 10, maximumParameterCount: 100), errorReporting: .everyField)
let maximumBody = 8 << 20
let port = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 8080

/// The parts of a multipart body: its text fields as (name, value) pairs, its files by name and size.
struct Parts {
    var fields: [(String, String)] = []
    var files: [(field: String, filename: String, size: Int)] = []
}

/// Feeds the body to MultipartKit's parser chunk by chunk, as it arrives.
func parts(of request: Request, boundary: String) async throws -> Parts {
    final class Collector {
        var parts = Parts()
        var headers = HTTPHeaders()
        var body = ByteBuffer()
    }
    let collector = Collector()
    let parser = MultipartParser(boundary: boundary)
    parser.onHeader = { name, value in collector.headers.add(name: name, value: value) }
    parser.onBody = { chunk in collector.body.writeBuffer(&chunk) }
    parser.onPartComplete = {
        let part = MultipartPart(headers: collector.headers, body: collector.body)
        let disposition = collector.headers.first(name: "Content-Disposition") ?? ""
        if let name = part.name {
            if let filename = filename(in: disposition) {
                collector.parts.files.append((name, filename, collector.body.readableBytes))
            } else {
                collector.parts.fields.append((name, String(buffer: collector.body)))
            }
        }
        collector.headers = HTTPHeaders()
        collector.body = ByteBuffer()
    }
    for try await chunk in request.body {
        guard request.body.bytesRead <= maximumBody else {
            throw URLEncodedFormDecodingError.inputTooLong(length: request.body.bytesRead, limit: maximumBody)
        }
        try parser.execute(ByteBuffer(chunk))
    }
    return collector.parts
}

/// The `filename` parameter of a part's `Content-Disposition`, which only file parts have.
func filename(in disposition: String) -> String? {
    guard let range = disposition.range(of: "filename=\"") else { return nil }
    return String(disposition[range.upperBound...].prefix { $0 != "\"" })
}

try await serve(port: port) { request in
    switch (request.head.method, request.head.uri) {
    case (.GET, "/"):
        return Response(.ok, page, contentType: "text/html; charset=utf-8")
    case (.POST, "/order"):
        guard request.mediaType == "multipart/form-data", let boundary = request.contentTypeParameter("boundary") else {
            return Response(.unsupportedMediaType, "Expected multipart/form-data\n")
        }
        do {
            let parts = try await parts(of: request, boundary: boundary)
            let order = try decoder.decode(Order.self, fromPairs: parts.fields)
            var lines = ["customer: \(order.customer.name) <\(order.customer.email)>"]
            lines += order.items.map { "item: \($0.sku) × \($0.qty)" }
            lines.append("tags: \((order.tags ?? []).joined(separator: ", "))")
            lines += parts.files.map { "file: \($0.field) \($0.filename) \($0.size) bytes" }
            return Response(.ok, lines.joined(separator: "\n") + "\n")
        } catch let errors as URLEncodedFormFieldErrors {
            return Response(.unprocessableEntity, errors.description + "\n")
        } catch {
            return Response(.badRequest, "\(error)\n")
        }
    default:
        return Response(.notFound, "Not found\n")
    }
}
