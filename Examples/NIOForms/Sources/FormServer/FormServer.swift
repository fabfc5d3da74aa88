import NIOCore
import NIOHTTP1
import NIOPosix

/// A request as a route sees it: its head, and its body as it arrives.
public struct Request {
    public let head: HTTPRequestHead
    public let body: RequestBody

    /// The media type of the body, lower-cased, without its parameters.
    public var mediaType: String {
        let contentType = head.headers.first(name: "Content-Type") ?? ""
        return String(contentType.split(separator: ";", maxSplits: 1).first ?? "").trimmed.lowercased()
    }

    /// A parameter of the `Content-Type` header, such as a multipart body's `boundary`.
    public func contentTypeParameter(_ name: String) -> String? {
        let contentType = head.headers.first(name: "Content-Type") ?? ""
        for parameter in contentType.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0].trimmed.lowercased() == name {
                return String(parts[1].trimmed.trimmingQuotes)
            }
        }
        return nil
    }
}

/// The body's chunks as the connection delivers them, read only as the decoder asks for them:
/// a body refused early is not read further (the server then closes the connection).
public final class RequestBody: AsyncSequence {
    public typealias Element = ByteBufferView
    private var inbound: NIOAsyncChannelInboundStream<HTTPServerRequestPart>.AsyncIterator
    private var ended = false
    /// The body's bytes read from the connection so far.
    public private(set) var bytesRead = 0

    init(_ inbound: NIOAsyncChannelInboundStream<HTTPServerRequestPart>.AsyncIterator) {
        self.inbound = inbound
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        let body: RequestBody
        public mutating func next() async throws -> ByteBufferView? { try await body.nextChunk() }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(body: self) }

    func nextChunk() async throws -> ByteBufferView? {
        guard !ended else { return nil }
        switch try await inbound.next() {
        case .body(let buffer):
            bytesRead += buffer.readableBytes
            return buffer.readableBytesView
        case .end, .none, .head:
            ended = true
            return nil
        }
    }
}

/// What a route answers: a status and a text body.
public struct Response: Sendable {
    public var status: HTTPResponseStatus
    public var contentType: String
    public var body: String

    public init(_ status: HTTPResponseStatus, _ body: String, contentType: String = "text/plain; charset=utf-8") {
        self.status = status
        self.body = body
        self.contentType = contentType
    }
}

/// Serves HTTP/1.1 on `host:port` (port 0: any free port, printed), one request per
/// connection, answering each with what `route` returns.
public func serve(
    host: String = "127.0.0.1",
    port: Int,
    route: @escaping @Sendable (Request) async -> Response
) async throws {
    let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
        .bind(host: host, port: port) { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(wrappingChannelSynchronously: channel)
            }
        }
    print("listening on http://\(host):\(server.channel.localAddress?.port ?? port)/")
    try await withThrowingDiscardingTaskGroup { group in
        try await server.executeThenClose { connections in
            for try await connection in connections {
                group.addTask {
                    try? await connection.executeThenClose { inbound, outbound in
                        var parts = inbound.makeAsyncIterator()
                        guard case .head(let head) = try await parts.next() else { return }
                        let response = await route(Request(head: head, body: RequestBody(parts)))
                        let body = ByteBuffer(string: response.body)
                        var headers = HTTPHeaders()
                        headers.add(name: "Content-Type", value: response.contentType)
                        headers.add(name: "Content-Length", value: String(body.readableBytes))
                        headers.add(name: "Connection", value: "close")
                        try await outbound.write(.head(HTTPResponseHead(version: head.version, status: response.status, headers: headers)))
                        try await outbound.write(.body(.byteBuffer(body)))
                        try await outbound.write(.end(nil))
                    }
                }
            }
        }
    }
}

extension StringProtocol {
    fileprivate var trimmed: Substring {
        var text = Substring(self)
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return text
    }

    fileprivate var trimmingQuotes: Substring {
        var text = Substring(self)
        if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = text.dropFirst().dropLast() }
        return text
    }
}
