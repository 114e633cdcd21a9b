import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import ReorderCore
import Testing
@testable import ReorderPlayground

/// The routes and the WebSocket through a live server (HummingbirdTesting).
@Suite struct ServerTests {
    func server(port: Int = 0) throws -> PlaygroundServer {
        let hub = try PlaygroundHub(options: .init(policy: "default", rows: 30), log: { _ in })
        var server = PlaygroundServer(hub: hub, host: "127.0.0.1", port: port)
        server.autoPing = .disabled   // see PlaygroundServer.autoPing
        return server
    }

    /// The largest message these clients read, 4 MiB; a page has no limit. The client's own
    /// default frame limit, 16 KiB (WebSocketClientConfiguration), is below a welcome's size
    /// (its edge-scroll chart alone is about 15 KB), which then closed the connection.
    static let readLimit = 1 << 22
    static var client: WebSocketClientConfiguration {
        var c = WebSocketClientConfiguration()
        c.maxFrameSize = readLimit
        return c
    }

    /// Through the router, with no socket: under a loaded parallel run a live client's 20 s
    /// read timeout was reached before the starved server answered ("I/O on closed channel").
    /// The router's client sends `Host: localhost`, which is the server's authority on port
    /// 80 only (HTTP's default port is the one left out): the server is set up as port 80's.
    @Test func servesTheEmbeddedPage() async throws {
        try await server(port: 80).application().test(.router) { client in
            try await client.execute(uri: "/", method: .get) { r in
                #expect(r.status == .ok)
                #expect(r.headers[.contentType] == "text/html; charset=utf-8")
                #expect(String(buffer: r.body).contains("<script type=\"module\" src=\"app.js\">"))
            }
            try await client.execute(uri: "/app.js", method: .get) { r in
                #expect(r.headers[.contentType] == "text/javascript; charset=utf-8")
                // The page takes the protocol's version and names from the host's module.
                #expect(String(buffer: r.body).contains("from './vocabulary.js';"))
            }
            // The module the host generates: the version the host speaks (docs/PLAYGROUND.md, "Versions").
            try await client.execute(uri: "/\(PageVocabulary.fileName)", method: .get) { r in
                #expect(r.status == .ok)
                #expect(r.headers[.contentType] == "text/javascript; charset=utf-8")
                #expect(String(buffer: r.body).contains("export const version = 4;"))
                #expect(String(buffer: r.body) == PageVocabulary.module)
            }
            try await client.execute(uri: "/missing.js", method: .get) { r in #expect(r.status == .notFound) }
            try await client.execute(uri: "/state", method: .get) { r in
                #expect(r.status == .ok)
                #expect(String(buffer: r.body).contains(#""order":[["1","2","3""#))
            }
        }
    }

    /// A foreign origin through the live socket (a raw request: HummingbirdTesting's live
    /// client sends `Host: localhost` without the port, itself refused), and the rule's cases;
    /// ServerHostileTests has every form through the socket.
    @Test func foreignOriginAndHostAreRefused() async throws {
        let answer = Texts()
        try await server().application().test(.live) { client in
            let port = try #require(client.port)
            try await onThread {
                let r = try RawClient.http(port: port, "GET /state HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
                                                       + "Origin: http://evil.example\r\nConnection: close\r\n\r\n")
                answer.add("\(r.status) \(r.text.components(separatedBy: "\r\n\r\n").last ?? "")")
            }
        }
        #expect(answer.all.first??.hasPrefix("403 refused: Origin 'http://evil.example' is not this server's") == true)
        #expect(PlaygroundServer.refusal(authority: "evil.example:8080", origin: nil, host: "127.0.0.1", port: 8080)?
                    .hasPrefix("refused: Host 'evil.example:8080'") == true)
        #expect(PlaygroundServer.refusal(authority: "127.0.0.1:8080", origin: "http://127.0.0.1:8080", host: "127.0.0.1", port: 8080) == nil)
        #expect(PlaygroundServer.refusal(authority: "localhost:8080", origin: "http://localhost:8081", host: "127.0.0.1", port: 8080) != nil)
        #expect(PlaygroundServer.refusal(authority: "127.0.0.1:8080", origin: "null", host: "127.0.0.1", port: 8080) != nil)
        // A WebSocket library's origin (never a page's), with the port or without.
        #expect(PlaygroundServer.refusal(authority: "localhost:8080", origin: "ws://localhost:8080", host: "127.0.0.1", port: 8080) == nil)
        #expect(PlaygroundServer.refusal(authority: "localhost:8080", origin: "ws://localhost", host: "127.0.0.1", port: 8080) == nil)
        #expect(PlaygroundServer.refusal(authority: "localhost:8080", origin: "ws://localhost:8081", host: "127.0.0.1", port: 8080) != nil)
        // Without its port a page's origin is port 80's, another server's.
        #expect(PlaygroundServer.refusal(authority: "localhost:8080", origin: "http://localhost", host: "127.0.0.1", port: 8080)
                == "refused: Origin 'http://localhost' is not this server's (http://127.0.0.1:8080 and the like)")
        #expect(PlaygroundServer.refusal(authority: "localhost:8080", origin: "https://localhost:8080", host: "127.0.0.1", port: 8080) != nil)
        #expect(PlaygroundServer.isLoopback("127.0.0.1") && PlaygroundServer.isLoopback("::1") && !PlaygroundServer.isLoopback("0.0.0.0"))
    }

    /// Hello, then garbage (an error, the connection stays), then a valid message still works.
    @Test func webSocketAnswersAndSurvivesGarbage() async throws {
        let replies = Replies()
        _ = try await server().application().test(.live) { client in
            try await client.ws("/ws", configuration: Self.client) { inbound, outbound, _ in
                var messages = inbound.messages(maxSize: Self.readLimit).makeAsyncIterator()
                func next() async throws -> [String: Any] { try await messages.nextJSON() }
                try await outbound.write(.text(#"{"v":4,"type":"hello","seq":1}"#))
                await replies.add(try await next()["type"] as? String)
                await replies.add(try await next()["type"] as? String)
                try await outbound.write(.text("garbage{"))
                await replies.add(try await next()["message"] as? String)
                try await outbound.write(.binary(ByteBuffer(string: "x")))
                await replies.add(try await next()["message"] as? String)
                try await outbound.write(.text(#"{"v":4,"type":"scene","seq":2}"#))
                let scene = try await next()
                await replies.add(scene["type"] as? String)
                await replies.add((scene["seq"] as? Int).map(String.init))
            }
        }
        let got = await replies.all   // read first, so that a failure shows what came
        #expect(got == ["welcome", "scene", "not JSON",
                        "binary messages are not part of the protocol (send JSON text)", "scene", "2"])
    }

    /// Frames through the socket, each answered with its scene (its seq echoed): a press, a
    /// move, a bad input (an error; the connection carries on), the release. The press and
    /// release 0.05 s apart under `default` (0.5 s press) never lift: idle after. Then the
    /// keyboard: a frame carrying focus on row 2 and Space lifts it at once (a keyboard lift
    /// has no press delay: `dragging`, `keyboard.lifted`), Escape cancels (`dropping`: the
    /// item slides back), and an unknown key is refused by its place in `inputs`. An input
    /// sent as a message of its own, an older page's shape, is refused with the shape to use.
    @Test func webSocketTakesFrames() async throws {
        let replies = Replies()
        _ = try await server().application().test(.live) { client in
            try await client.ws("/ws", configuration: Self.client) { inbound, outbound, _ in
                var messages = inbound.messages(maxSize: Self.readLimit).makeAsyncIterator()
                func next() async throws -> [String: Any] { try await messages.nextJSON() }
                func summary(_ m: [String: Any]) -> String {
                    let state = (m["scene"] as? [String: Any])?["state"] as? String
                    return "\(m["type"] as? String ?? "?") \(m["seq"] as? Int ?? -1) \(state ?? m["message"] as? String ?? "")"
                }
                func frame(_ t: Double, _ seq: Int, _ inputs: String) async throws {
                    try await outbound.write(.text(#"{"v":4,"type":"frame","time":\#(t),"seq":\#(seq),"inputs":[\#(inputs)]}"#))
                    await replies.add(summary(try await next()))
                }
                try await outbound.write(.text(#"{"v":4,"type":"hello","seq":1}"#))
                _ = try await next()   // welcome
                _ = try await next()   // its scene
                try await frame(10, 2, #"{"type":"down","time":10,"x":100,"y":22}"#)
                try await frame(10.02, 3, #"{"type":"move","time":10.01,"x":100,"y":30}"#)
                try await frame(10.05, 4, #"{"type":"down","time":10.03}"#)
                try await frame(10.05, 5, #"{"type":"up","time":10.04}"#)
                try await outbound.write(.text(#"""
                    {"v":4,"type":"frame","time":10.1,"seq":6,"inputs":[{"type":"focus","time":10.06,"section":1,"row":2},{"type":"key","time":10.07,"key":"space"}]}
                    """#))
                let lifted = try await next()
                await replies.add(summary(lifted) + " lifted \((lifted["keyboard"] as? [String: Any])?["lifted"] as? Bool ?? false)")
                try await outbound.write(.text(#"{"v":4,"type":"frame","time":10.2,"seq":7,"inputs":[{"type":"key","time":10.2,"key":"escape"}]}"#))
                let cancelled = try await next()
                await replies.add(summary(cancelled) + " lifted \((cancelled["keyboard"] as? [String: Any])?["lifted"] as? Bool ?? true)")
                try await frame(10.3, 8, #"{"type":"key","time":10.25,"key":"jump"}"#)
                try await outbound.write(.text(#"{"v":4,"type":"key","time":10.4,"key":"escape","seq":9}"#))
                await replies.add(summary(try await next()))
            }
        }
        let got = await replies.all   // read first, so that a failure shows what came
        #expect(got == ["scene 2 pressing", "scene 3 pressing", "error 4 frame.inputs[0].x: missing (expected a number from -1e7 to 1e7)",
                        "scene 5 idle", "scene 6 dragging lifted true", "scene 7 dropping lifted false",
                        "error 8 frame.inputs[0].key: expected one of space, enter, up, down, left, right, home, end, escape, tab or shift+space (got \"jump\")",
                        #"error 9 type: "key" is an input: send it in a frame's inputs ({"v":4,"type":"frame","time":T,"inputs":[...]})"#])
    }

    @Test func webSocketFromAForeignOriginIsNotUpgraded() async throws {
        try await server().application().test(.live) { client in
            var configuration = WebSocketClientConfiguration()
            configuration.additionalHeaders = [.origin: "http://evil.example"]
            await #expect(throws: (any Error).self) {
                try await client.ws("/ws", configuration: configuration) { _, _, _ in
                    Issue.record("upgraded a foreign origin")
                }
            }
        }
    }
}

extension WebSocketInboundMessageStream.AsyncIterator {
    /// The next text message as a JSON object; `[:]` for a binary message or the end.
    mutating func nextJSON() async throws -> [String: Any] {
        guard case .text(let t)? = try await next() else { return [:] }
        return (try JSONSerialization.jsonObject(with: Data(t.utf8)) as? [String: Any]) ?? [:]
    }
}

actor Replies {
    var all: [String?] = []
    func add(_ s: String?) { all.append(s) }
}
