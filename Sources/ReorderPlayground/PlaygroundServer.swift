import Foundation
import Hummingbird
import HummingbirdWebSocket
import NIOCore
import NIOPosix
import NIOWebSocket
import ReorderCore

/// The HTTP + WebSocket shell around a ``PlaygroundHub``: serves the embedded page, upgrades
/// `/ws` to a WebSocket whose text messages go to the hub, and refuses requests whose `Host`
/// or `Origin` is not the server's own (DNS rebinding, cross-site WebSocket).
///
/// ```swift
/// let server = PlaygroundServer(hub: hub, host: "127.0.0.1", port: 8080)
/// try await server.application().runService()
/// ```
public struct PlaygroundServer: Sendable {
    public let hub: PlaygroundHub
    public let host: String
    public let port: Int
    /// Called with the URL once the server listens (the port resolved when 0 was asked).
    public var onListening: @Sendable (String) -> Void = { _ in }
    /// How the server pings each page: every 30 s, closing a page that has not answered the
    /// last ping by the next (swift-websocket's default). The socket tests turn it off: a
    /// parallel test run keeps the cooperative threads busy for about a minute, their client
    /// may not answer in time, and a connection closed mid-exchange loses the replies.
    var autoPing: AutoPingSetup = .enabled(timePeriod: .seconds(30))

    public init(hub: PlaygroundHub, host: String = "127.0.0.1", port: Int = 8080) {
        self.hub = hub; self.host = host; self.port = port
    }

    /// Whether `host` is a loopback address or name.
    public static func isLoopback(_ host: String) -> Bool {
        let h = host.lowercased()
        return h == "localhost" || h == "::1" || h == "[::1]" || h.hasPrefix("127.")
    }

    /// The names this server answers to: the loopback names and the host it was asked to
    /// listen on (an IPv6 address in brackets, as URLs write it), lowercased. Listening on every
    /// interface (`0.0.0.0`, `::`) adds no name: such a server is reached by an address this
    /// list cannot know, and only the loopback names are accepted.
    static func serverNames(host: String) -> [String] {
        var names = ["127.0.0.1", "localhost", "[::1]"]
        if !["0.0.0.0", "::"].contains(host) {
            let name = (host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host).lowercased()
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// Whether `authority` (a `Host` header, or an origin without its scheme) is one of the
    /// server's names with the server's port: `name:PORT`, or the bare name when the port is
    /// 80, HTTP's default, which a client leaves out (RFC 9110 §4.2.1 and §7.2; RFC 6454 §6.1
    /// serializes an origin the same way). Nothing else: no empty value, no other port, no
    /// userinfo, path or trailing dot.
    static func isServerAuthority(_ authority: Substring, names: [String], port: Int) -> Bool {
        let a = authority.lowercased()
        return names.contains { a == "\($0):\(port)" || (port == 80 && a == $0) }
    }

    /// Why a request with these `Host` and `Origin` headers is refused (nil: it is fine). The
    /// port is the one the server really listens on. `Host` must name the server exactly (see
    /// ``isServerAuthority(_:names:port:)``). `Origin`, when present, must be `http://` and
    /// that same authority: a page's origin, which is what the check is for (a browser sends
    /// the origin of the page that opens the socket, RFC 6454 §7, RFC 6455 §4.1). A `ws://`
    /// origin is never a page's, so it cannot carry a cross-site request; it is accepted with
    /// one of the server's names and the server's port or none, as WebSocket client libraries
    /// send it (swift-websocket's client writes its URL's scheme and host without the port,
    /// WebSocketClientChannel.swift `urlHostAndOriginHeaders`). `hostCount` is how many `Host`
    /// header fields the request had: more than one is refused (RFC 9110 §7.2; which one
    /// counts would be a matter of the parser).
    public static func refusal(authority: String?, origin: String?, host: String, port: Int, hostCount: Int = 1) -> String? {
        let names = serverNames(host: host)
        let expected = names.map { "\($0):\(port)" }.joined(separator: ", ")
        guard hostCount <= 1 else { return "refused: \(hostCount) Host headers (expected one: \(expected))" }
        guard let authority, isServerAuthority(authority[...], names: names, port: port) else {
            return "refused: Host '\(authority ?? "")' is not this server's (\(expected))"
        }
        if let origin {
            let o = origin.lowercased()
            let page = o.hasPrefix("http://") && isServerAuthority(o.dropFirst(7), names: names, port: port)
            let library = o.hasPrefix("ws://")
                && (isServerAuthority(o.dropFirst(5), names: names, port: port) || names.contains(String(o.dropFirst(5))))
            guard page || library else {
                return "refused: Origin '\(origin)' is not this server's (http://\(names[0]):\(port) and the like)"
            }
        }
        return nil
    }

    /// How many `Host` fields a request had: the first is its authority, any more are left in
    /// its header fields (swift-nio-extras' HTTP/1 conversion).
    static func hostCount(authority: String?, fields: HTTPFields) -> Int {
        (authority == nil ? 0 : 1) + fields.reduce(0) { $0 + ($1.name.canonicalName == "host" ? 1 : 0) }
    }

    /// The router: the page files, `GET /state`, and `/ws` answering 403 to a refused upgrade.
    public func router(port actualPort: @escaping @Sendable () -> Int) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        let host = self.host
        let hub = self.hub
        router.middlewares.add(OriginGuard(host: host, port: actualPort))
        router.get("/") { _, _ in Self.page("index.html") }
        router.get("/state") { _, _ -> Response in
            let json = await hub.stateJSON()
            return Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: json)))
        }
        router.get("/ws") { _, _ -> Response in
            Response(status: .badRequest, headers: [.contentType: "text/plain"],
                     body: ResponseBody(byteBuffer: ByteBuffer(string: "expected a WebSocket upgrade\n")))
        }
        router.get("/:file") { _, context -> Response in
            Self.page(context.parameters.get("file") ?? "")
        }
        return router
    }

    /// An embedded page file, the generated ``PageVocabulary`` module, or 404.
    static func page(_ name: String) -> Response {
        guard let source = name == PageVocabulary.fileName
                ? PageVocabulary.module : EmbeddedPage.sources.first(where: { $0.name == name })?.source else {
            return Response(status: .notFound, headers: [.contentType: "text/plain"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: "no such file: \(name)\n")))
        }
        let type: String
        switch name.split(separator: ".").last {
        case "html": type = "text/html; charset=utf-8"
        case "css": type = "text/css; charset=utf-8"
        case "js": type = "text/javascript; charset=utf-8"
        case "svg": type = "image/svg+xml"
        default: type = "application/octet-stream"
        }
        return Response(status: .ok, headers: [.contentType: type, .cacheControl: "no-store"],
                        body: ResponseBody(byteBuffer: ByteBuffer(string: source)))
    }

    /// The application, listening on `host:port`.
    public func application() -> some ApplicationProtocol {
        let hub = self.hub
        let host = self.host
        let port = PortBox(port)
        let onListening = self.onListening
        let wsConfiguration = HTTP1WebSocketUpgradeChannel.Configuration(
            ws: WebSocketServerConfiguration(maxFrameSize: PlaygroundProtocol.maximumMessageSize * 2, autoPing: autoPing))
        return Application(
            router: router(port: { port.value }),
            server: .http1WebSocketUpgrade(configuration: wsConfiguration) { request, channel, _ in
                guard request.path == "/ws",
                      Self.refusal(authority: request.authority, origin: request.headerFields[.origin],
                                   host: host, port: port.value,
                                   hostCount: Self.hostCount(authority: request.authority, fields: request.headerFields)) == nil
                else { return .dontUpgrade }
                return .upgrade([:]) { inbound, outbound, _ in
                    try await Self.serve(hub: hub, inbound: inbound, client: WebSocketClient(outbound: outbound, channel: channel))
                }
            },
            configuration: ApplicationConfiguration(address: .hostname(host, port: port.value), serverName: "reorder play"),
            onServerRunning: { channel in
                if let p = channel.localAddress?.port { port.set(p) }
                let shown = host.contains(":") ? "[\(host)]" : host
                onListening("http://\(shown):\(port.value)/")
            },
            // One event-loop thread: the hub handles one message at a time anyway, and with two
            // threads setting up the first connections at once (a browser opens two) the Swift
            // 6.3 runtime crashed instantiating NIO's generic pipeline metadata concurrently
            // (swift_getGenericMetadata, seen once in a debug build).
            eventLoopGroupProvider: .shared(Self.eventLoop)
        )
    }

    /// One WebSocket connection: its messages (swift-websocket joins the fragments) go to the
    /// hub. The reading loop runs on the session's thread (a message reaches the hub with no
    /// hop); the writer, which takes the client's outbox, runs where the server runs the
    /// connection, off the session's thread.
    static func serve(hub: PlaygroundHub, inbound: WebSocketInboundStream, client: WebSocketClient) async throws {
        let (id, outbox) = await hub.attach(client)
        let failure = await withTaskGroup(of: Void.self, returning: (any Error)?.self) { group in
            group.addTask { await PlaygroundHub.write(outbox, to: client) }
            var failure: (any Error)?
            do {
                try await hub.onSessionThread { try await read(hub: hub, inbound: inbound, id: id, client: client) }
            } catch {
                failure = error
            }
            await hub.disconnect(id)   // ends the writer
            return failure
        }
        // swift-websocket closes the connection with the close code the error carries.
        if let failure { throw failure }
    }

    /// The reading loop of ``serve(hub:inbound:client:)``, until the connection ends. A text
    /// message goes to the hub, which refuses one in a single frame over
    /// ``PlaygroundProtocol/maximumMessageSize`` bytes with an error and carries on; a binary
    /// one is refused likewise. A message in fragments (Chromium sends a long message so) is
    /// refused as its fragments pass the bound: swift-websocket's `messages(maxSize:)` stops
    /// reading it and ends the connection with 1009 (Message Too Big, RFC 6455 §7.4.1), after
    /// the error; the page reconnects.
    static func read(hub: PlaygroundHub, inbound: WebSocketInboundStream, id: Int, client: WebSocketClient) async throws {
        do {
            for try await message in inbound.messages(maxSize: PlaygroundProtocol.maximumMessageSize) {
                switch message {
                case .text(let text): await hub.receive(text, from: id)
                case .binary: await hub.refuse("binary messages are not part of the protocol (send JSON text)", to: id)
                }
            }
        } catch {
            // The error's close code is swift-websocket's to choose (its error type is its own;
            // the code it carries is public): the reason goes first, straight to the socket, as
            // the connection is about to end.
            if closeCode(of: error) == .messageTooLarge {
                await client.send(Playground.errorMessage(tooLarge, seq: nil))
            }
            throw error
        }
    }

    /// The error for a message over ``PlaygroundProtocol/maximumMessageSize``.
    static let tooLarge = "message too large (at most \(PlaygroundProtocol.maximumMessageSize) bytes)"

    /// The WebSocket close code swift-websocket attached to an error its message stream threw
    /// (nil for any other error).
    static func closeCode(of error: any Error) -> WebSocketErrorCode? {
        Mirror(reflecting: error).children.lazy.compactMap { $0.value as? WebSocketErrorCode }.first
    }
}

extension PlaygroundServer {
    /// The playground's one event-loop thread, shared by its servers.
    static let eventLoop = MultiThreadedEventLoopGroup(numberOfThreads: 1)
}

/// A WebSocket as a hub client.
struct WebSocketClient: PlaygroundClient {
    let outbound: WebSocketOutboundWriter
    /// The connection's channel, to end it when the page stopped reading: a close frame would
    /// wait behind the writes it does not read.
    let channel: any Channel
    func send(_ text: String) async {
        try? await outbound.write(.text(text))
    }
    func close(reason: String) {
        channel.close(mode: .all, promise: nil)
    }
}

/// The port, known once the server listens (when 0 was asked).
final class PortBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Int
    init(_ port: Int) { stored = port }
    var value: Int { lock.lock(); defer { lock.unlock() }; return stored }
    func set(_ p: Int) { lock.lock(); stored = p; lock.unlock() }
}

/// Refuses (403) a request whose `Host` or `Origin` is not the server's own.
struct OriginGuard<Context: RequestContext>: RouterMiddleware {
    let host: String
    let port: @Sendable () -> Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let reason = PlaygroundServer.refusal(authority: request.head.authority, origin: request.headers[.origin],
                                                 host: host, port: port(),
                                                 hostCount: PlaygroundServer.hostCount(authority: request.head.authority,
                                                                                       fields: request.headers)) {
            return Response(status: .forbidden, headers: [.contentType: "text/plain"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: reason + "\n")))
        }
        return try await next(request, context)
    }
}
