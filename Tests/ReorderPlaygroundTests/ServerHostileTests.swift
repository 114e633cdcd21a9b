import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import ReorderCore
import ReorderPersistence
import ReorderScripting
import Testing
@testable import ReorderPlayground

/// The playground's server against hostile and broken clients, through the live socket: numbers
/// out of range in a replay, a replay that would last years, a page that stops reading, a
/// session held busy, `Host` and `Origin` headers that are nearly right, and the socket and HTTP
/// attacks the server holds (path traversal, never-ending fragments, invalid frames, idle
/// connections). The raw clients (``RawClient``) run on threads of their own and read with a
/// deadline: a server that stops answering fails the test, and the bounds are generous
/// ceilings, never the measure (each test counts answers).
///
/// Each server runs on a thread of its own (a task executor preference), not on Swift's
/// cooperative pool: in the whole suite's parallel run, tests that compute for minutes hold the
/// pool's threads (two on a two-core machine), and a server on the pool went unanswered for
/// longer than any deadline.
@Suite("Playground server under attack") struct ServerHostileTests {
    static let deadline = 30.0

    func hub(rows: Int = 30, log: @escaping @Sendable (String) -> Void = { _ in }) throws -> PlaygroundHub {
        try PlaygroundHub(options: .init(policy: "default", rows: rows), log: log)
    }

    /// Runs `body` with the port of a live server on `hub`, the server on `thread` (a thread of
    /// its own when nil).
    func live(_ hub: PlaygroundHub, on thread: SessionExecutor? = nil,
              _ body: @escaping @Sendable (Int) async throws -> Void) async throws {
        let executor = thread ?? SessionExecutor(name: "test server")
        defer { if thread == nil { executor.stop() } }
        let app = PlaygroundServer(hub: hub, host: "127.0.0.1", port: 0).application()
        func run() async throws {
            try await app.test(.live) { client in try await body(try #require(client.port)) }
        }
        if #available(macOS 15.0, *) {
            try await withTaskExecutorPreference(executor) { try await run() }
        } else {
            try await run()
        }
    }

    /// A WebSocket to the server on `port`, upgraded and greeted (its welcome and scene read).
    static func page(port: Int, receiveBuffer: Int? = nil, hello: Bool = true) throws -> RawClient {
        let c = try RawClient(port: port, receiveBuffer: receiveBuffer)
        let status = try c.upgrade(host: "127.0.0.1:\(port)")
        guard status == 101 else { throw RawClient.Failure(description: "upgrade answered \(status)") }
        if hello {
            try c.sendText(#"{"v":4,"type":"hello","seq":1}"#)
            _ = try c.reply(to: 1, timeout: deadline)   // the welcome
            _ = try c.readJSON(timeout: deadline)       // its scene
        }
        return c
    }

    // MARK: Numbers from the page

    /// A replayed trace's times, points and key counts are held to the page's own bounds where
    /// the replay is read, and the error names the input and the field (as `frame.inputs[1].key`
    /// does for a frame's): at `t = 1e16` or `1e300` the replay's schedule, an integer count of
    /// nanoseconds, would overflow and trap, ending every page's session. After each refusal
    /// the server answers the next message.
    @Test func replayNumbersAreBoundedWhereTheyAreRead() async throws {
        let replies = Texts()
        try await live(try hub()) { port in
            try await onThread {
                let c = try Self.page(port: port)
                let traces = ["down 0 100 22\nup 1e16 0 0", "down 0 100 22\nup 1e300 0 0",
                              "down 0 1e300 22", "down 0 100 -2e7", "key 0 1000000000 0", "key 0 5000 0"]
                for (i, trace) in traces.enumerated() {
                    try c.sendText(Self.replay(trace, seq: 10 + i))
                    replies.add(try c.reply(to: 10 + i, timeout: Self.deadline)["message"] as? String)
                    try c.sendText(#"{"v":4,"type":"scene","seq":\#(20 + i)}"#)
                    replies.add(try c.reply(to: 20 + i, timeout: Self.deadline)["type"] as? String)
                }
            }
        }
        #expect(replies.all == [
            "replay.trace: line 2: time: expected a number from 0 to 1e9 (got 1e16)", "scene",
            "replay.trace: line 2: time: expected a number from 0 to 1e9 (got 1e300)", "scene",
            "replay.trace: line 1: x: expected a number from -1e7 to 1e7 (got 1e300)", "scene",
            "replay.trace: line 1: y: expected a number from -1e7 to 1e7 (got -2e7)", "scene",
            "replay.trace: line 1: n: expected a whole number from 1 to 1000000 (got 1000000000)", "scene",
            "replay.trace: input 1.n: expected a whole number from 1 to 1000 (got 5000)", "scene",
        ])
    }

    /// A `replay` message of the trace the shorthand (``PlaygroundHostTests/trace(_:)``) gives.
    static func replay(_ shorthand: String, seq: Int) -> String {
        var w = JSONWriter()
        w.object { w in
            w.field("v", PlaygroundProtocol.version)
            w.field("type", "replay")
            w.field("seq", seq)
            w.field("trace", PlaygroundHostTests.trace(shorthand))
        }
        return w.text
    }

    /// A replay may last ``PlaygroundProtocol/maximumReplayDuration`` seconds and hold
    /// ``PlaygroundProtocol/maximumReplayInputs`` inputs; one second or one input more is
    /// refused. A replay running is stopped by `stop` and by a page's own input (which then
    /// applies): the replay's press is cancelled, the scene says no more `replaying`, and its
    /// later inputs never arrive. A frame with no input leaves it running (and does not tick).
    @Test func aReplayIsBoundedAndStoppedByThePage() async throws {
        let replies = Texts()
        let hub = try hub()
        try await live(hub) { port in
            try await onThread {
                let c = try Self.page(port: port)
                func add(_ m: [String: Any]) {
                    let scene = m["scene"] as? [String: Any]
                    let replaying = m["replaying"] as? Bool == true ? " replaying" : ""
                    replies.add("\(m["type"] as? String ?? "?") \(scene?["state"] as? String ?? m["message"] as? String ?? "")\(replaying)")
                }
                try c.sendText(Self.replay("frame 0 0 0\nframe 600.5 0 0", seq: 2))
                add(try c.reply(to: 2, timeout: Self.deadline))
                // Ten minutes exactly is taken: a press at once, its lift at 4 s, the release at 600 s.
                let long = "down 0 100 22\nframe 4 0 0\nmove 4.1 100 300\nup 600 0 0"
                try c.sendText(Self.replay(long, seq: 4))
                add(try c.reply(to: 4, timeout: Self.deadline))   // the welcome
                add(try c.readJSON(timeout: Self.deadline))       // its scene: the trace's session
                add(try c.readJSON(timeout: Self.deadline))       // the trace's press
                try c.sendText(#"{"v":4,"type":"frame","t":5,"seq":5}"#)
                add(try c.reply(to: 5, timeout: Self.deadline))
                try c.sendText(#"{"v":4,"type":"stop","seq":6}"#)
                add(try c.reply(to: 6, timeout: Self.deadline))
                // Again, stopped by a press of the page's own: the stopped replay's scene, then
                // the press's.
                try c.sendText(Self.replay(long, seq: 7))
                _ = try c.reply(to: 7, timeout: Self.deadline)
                _ = try c.readJSON(timeout: Self.deadline)
                add(try c.readJSON(timeout: Self.deadline))
                try c.sendText(#"{"v":4,"type":"frame","t":6,"seq":8,"inputs":[{"type":"down","t":6,"x":100,"y":66}]}"#)
                add(try c.readJSON(timeout: Self.deadline))
                add(try c.reply(to: 8, timeout: Self.deadline))
                // Neither stopped replay's lift (4 s after it began) comes: after 5 s the page's
                // press is still a press.
                Thread.sleep(forTimeInterval: 5)
                try c.sendText(#"{"v":4,"type":"scene","seq":9}"#)
                add(try c.reply(to: 9, timeout: Self.deadline))
            }
        }
        #expect(replies.all == [
            "error replay.trace: the inputs span 600.5 s (time 0.0 to 600.5); a replay lasts at most 600 s",
            "welcome ", "scene idle replaying", "scene pressing replaying",
            "scene pressing replaying",
            "scene idle",
            "scene pressing replaying",
            "scene idle", "scene pressing",
            "scene pressing",
        ])
        // One input more than a replay holds: as trace lines that is more than a message holds
        // (``PlaygroundProtocol/maximumMessageSize``), so the bound is checked on the inputs.
        #expect(Playground.replayProblem(Array(repeating: .frame(0), count: PlaygroundProtocol.maximumReplayInputs + 1))
                == "at most 40000 inputs, got 40001")
        // Row 2 (y 66) is the one pressed.
        let state = await hub.stateJSON()
        #expect(state.contains(#""state":"pressing""#))
    }

    // MARK: A page that stops reading

    /// A page whose socket is never read (a frozen tab) while another drags: the other's 4,000
    /// frames are each answered (its answers do not wait for the frozen page's socket), and
    /// the frozen page is closed once ``PlaygroundHub/maximumUnsentMessages`` wait for it,
    /// which the terminal is told. The dragging page sends 20 frames at a time (as a page
    /// does, not waiting for each answer). The list has 300 rows, so that each scene is large
    /// and the frozen page's socket buffers (several MiB on loopback) fill within a few hundred
    /// frames: the server's keep-alive (a ping every 30 s, the page closed when one goes
    /// unanswered for 30 s; HummingbirdWebSocket's default `autoPing`) would otherwise close the
    /// frozen page first whenever the drag takes over a minute, as under ThreadSanitizer on a
    /// loaded machine (4,000 frames of a 30-row list took 49 s there, their buffers full after
    /// about 2,400).
    @Test func aPageThatStopsReadingIsClosedAndTheOthersGoOn() async throws {
        let log = Log()
        let hub = try hub(rows: 300, log: { log.add($0) })
        let answered = Counter()
        try await live(hub) { port in
            try await onThread {
                // A small receive buffer: the frozen page's socket fills after a few scenes.
                let frozen = try Self.page(port: port, receiveBuffer: 4096)
                let c = try Self.page(port: port)
                try Self.drag(c, frames: 4000, answered: answered, window: 20)
                withExtendedLifetime(frozen) {}
            }
        }
        #expect(answered.value == 4000)
        #expect(await hub.laggardsClosed == 1)
        #expect(log.text.contains("reorder play: closed connection 1: the page stopped reading: "))
    }

    /// A drag of `frames` version 3 frames on row 1 (pressed at y 22, lifted after 0.5 s, then
    /// swinging between y 100 and 500), sent `window` at a time, each frame's reply awaited
    /// before the next window; counts the replies and gives `replied` the seconds each window's
    /// last reply took from its first send.
    static func drag(_ c: RawClient, frames: Int, answered: Counter, window: Int = 1,
                     replied: (Double) -> Void = { _ in }) throws {
        var t = 1.0
        for first in stride(from: 0, to: frames, by: window) {
            let seqs = first..<min(frames, first + window)
            let sent = DispatchTime.now().uptimeNanoseconds
            for i in seqs {
                t += 1.0 / 60
                let input: String
                if i == 0 {
                    input = #"[{"type":"down","t":\#(t),"x":100,"y":22}]"#
                } else if i > 40 {
                    let y = 300 + 200 * sin(Double(i % 120) / 120 * 2 * Double.pi)
                    input = #"[{"type":"move","t":\#(t),"x":100,"y":\#(y)}]"#
                } else {
                    input = "[]"
                }
                try c.sendText(#"{"v":4,"type":"frame","t":\#(t),"seq":\#(100 + i),"inputs":\#(input)}"#)
            }
            for i in seqs {
                _ = try c.reply(to: 100 + i, timeout: deadline)
                answered.add()
            }
            replied(Double(DispatchTime.now().uptimeNanoseconds - sent) / 1e9)
        }
    }

    /// The same without a socket: a client whose sends never return (its writer is stuck)
    /// while another takes every message. The stuck one is closed when
    /// ``PlaygroundHub/maximumUnsentMessages`` + 1 wait behind the one it is stuck on (the
    /// hub never waits for it); the other gets all 300 scenes.
    @Test func aClientThatNeverTakesItsMessagesIsClosed() async throws {
        let hub = try hub()
        let stuck = StuckClient()
        let taker = Collector()
        _ = await hub.connect(stuck)
        _ = await hub.connect(taker)
        for _ in 0..<300 { await hub.broadcastScene() }
        // A generous ceiling: the writers run on the cooperative pool, which the suite's
        // parallel run may hold for minutes.
        let deadline = Date().addingTimeInterval(300)
        while taker.count < 300 && Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(taker.count == 300)
        #expect(await hub.laggardsClosed == 1)
        #expect(await hub.clientCount == 1)
        #expect(stuck.reason?.hasPrefix("the page stopped reading: 257 messages") == true)
        stuck.release()
    }

    // MARK: A busy session

    /// A session whose work takes long holds its own thread, not its caller's: here sessions
    /// blocked on the lock a long REPL entry holds are called from tasks that prefer the
    /// server's own thread, and the server's page still has every one of its 200 frames
    /// answered while the lock is held. Counted while held: a session with no thread of its
    /// own runs where its caller runs (a default actor runs on its caller's task executor,
    /// SE-0417), there it blocks the server's thread, and the page is answered only once the
    /// lock is let go. (On the cooperative pool, the same few blocked sessions fill the pool.)
    @Test func aBusySessionHoldsItsOwnThreadOnly() async throws {
        let host = try ScriptingHost(output: { _ in })
        try host.run("s = reorder.session{ rows = 5, policy = 'default' }", chunkName: "=t")
        let lock = NSRecursiveLock()
        let shared = SharedPlayground(try Playground(host: host, global: "s"), lock: lock)
        let holder = LockHolder(lock)
        let busy = (0..<4).map { _ in PlaygroundHub(sharing: shared) }
        let answeredWhileHeld = Counter()
        let server = SessionExecutor(name: "test server")
        defer { server.stop() }
        try await live(try hub(), on: server) { port in
            var blocked: [Task<Void, Never>] = []
            for h in busy {
                let call: @Sendable () async -> Void = { _ = await h.respond(to: #"{"v":4,"type":"scene"}"#, from: 1) }
                if #available(macOS 15.0, *) {
                    blocked.append(Task(executorPreference: server) { await call() })
                } else {
                    blocked.append(Task { await call() })
                }
            }
            try await onThread {
                defer { holder.release() }
                let c = try Self.page(port: port)
                let answered = Counter()
                try Self.drag(c, frames: 200, answered: answered)
                if holder.isHeld { answeredWhileHeld.add(answered.value) }
            }
            for b in blocked { await b.value }
        }
        #expect(answeredWhileHeld.value == 200)
    }

    // MARK: Host and Origin

    /// `Host` must be one of the server's names with its port, exactly; `Origin`, when given,
    /// `http://` or `ws://` and the same. Each form below is one request to `GET /state`.
    @Test func hostAndOriginMustNameTheServerExactly() async throws {
        let statuses = Texts()
        try await live(try hub()) { port in
            try await onThread {
                func status(_ headers: String, version: String = "1.1") throws -> String {
                    let r = try RawClient.http(port: port, "GET /state HTTP/\(version)\r\n\(headers)Connection: close\r\n\r\n")
                    return "\(r.status)"
                }
                let p = port
                let forms: [(String, String)] = [
                    ("Host: 127.0.0.1:\(p)\r\n", "1.1"), ("Host: localhost:\(p)\r\n", "1.1"),
                    ("Host: LocalHost:\(p)\r\n", "1.1"), ("Host: [::1]:\(p)\r\n", "1.1"),
                    ("Host: 127.0.0.1:\(p)\r\nOrigin: http://127.0.0.1:\(p)\r\n", "1.1"),
                    ("Host: 127.0.0.1:\(p)\r\nOrigin: http://localhost:\(p)\r\n", "1.1"),
                    ("Host: 127.0.0.1:\(p)\r\nOrigin: ws://127.0.0.1:\(p)\r\n", "1.1"),
                    // Refused from here on.
                    ("Host: \r\n", "1.1"), ("", "1.0"), ("Host: 127.0.0.1\r\n", "1.1"),
                    ("Host: 127.0.0.1:\(p + 1)\r\n", "1.1"), ("Host: evil.example:\(p)\r\n", "1.1"),
                    ("Host: 127.0.0.1.:\(p)\r\n", "1.1"),
                    ("Host: 127.0.0.1:\(p)\r\nHost: evil.example\r\n", "1.1"),
                    ("Host: 127.0.0.1:\(p)\r\nOrigin: http://127.0.0.1\r\n", "1.1"),
                    ("Host: 127.0.0.1:\(p)\r\nOrigin: http://127.0.0.1:\(p + 1)\r\n", "1.1"),
                    ("Host: 127.0.0.1:\(p)\r\nOrigin: https://127.0.0.1:\(p)\r\n", "1.1"),
                    ("Host: 127.0.0.1:\(p)\r\nOrigin: http://127.0.0.1:\(p)/\r\n", "1.1"),
                    ("Host: 127.0.0.1:\(p)\r\nOrigin: null\r\n", "1.1"),
                    ("Host: 127.0.0.1:\(p)\r\nOrigin: http://user@127.0.0.1:\(p)\r\n", "1.1"),
                    ("Host: 127.0.0.1:\(p)\r\nOrigin: http://evil.example:\(p)\r\n", "1.1"),
                ]
                for (headers, version) in forms { statuses.add(try status(headers, version: version)) }
                // A WebSocket upgrade likewise: refused for port 80's origin, taken for the server's.
                statuses.add("\(try RawClient(port: p).upgrade(host: "127.0.0.1:\(p)", origin: "http://127.0.0.1"))")
                statuses.add("\(try RawClient(port: p).upgrade(host: "127.0.0.1:\(p)", origin: "http://127.0.0.1:\(p)"))")
            }
        }
        #expect(statuses.all == Array(repeating: "200", count: 7) + Array(repeating: "403", count: 14) + ["400", "101"])
        // Port 80 is HTTP's default: there the bare name is the same authority.
        #expect(PlaygroundServer.refusal(authority: "localhost", origin: "http://localhost", host: "127.0.0.1", port: 80) == nil)
        #expect(PlaygroundServer.refusal(authority: "localhost:80", origin: "http://127.0.0.1:80", host: "127.0.0.1", port: 80) == nil)
        #expect(PlaygroundServer.refusal(authority: "[::1]", origin: nil, host: "::1", port: 80) == nil)
        #expect(PlaygroundServer.refusal(authority: "192.168.1.5:8080", origin: nil, host: "192.168.1.5", port: 8080) == nil)
        #expect(PlaygroundServer.refusal(authority: "192.168.1.5:8080", origin: nil, host: "0.0.0.0", port: 8080)
                == "refused: Host '192.168.1.5:8080' is not this server's (127.0.0.1:8080, localhost:8080, [::1]:8080)")
    }

    // MARK: Attacks that hold

    /// Only the embedded page's files are served: a path that climbs out gets 404 and nothing
    /// of the file it names.
    @Test func pathTraversalFindsNothing() async throws {
        let answers = Texts()
        try await live(try hub()) { port in
            try await onThread {
                for path in ["/../Package.swift", "/%2e%2e/Package.swift", "/..%2fPackage.swift", "/app.js/../../Package.swift",
                             "//etc/passwd", "/%2Fetc%2Fpasswd", "/Page/app.js"] {
                    let r = try RawClient.http(port: port, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
                    answers.add("\(r.status) \(r.text.contains("swift-tools-version") || r.text.contains("root:") ? "leaked" : "")")
                }
            }
        }
        #expect(answers.all.allSatisfy { $0 == "404 " }, "\(answers.all)")
    }

    /// A message whose fragments never end is not kept: past
    /// ``PlaygroundProtocol/maximumMessageSize`` swift-websocket stops reading it, the page
    /// gets "message too large" and its connection is closed with 1009 (Message Too Big, RFC
    /// 6455 §7.4.1); a page on another connection is answered meanwhile. Frames RFC 6455
    /// forbids (a reserved opcode, a fragmented ping, a ping of more than 125 bytes, a reserved
    /// bit set: §5.2, §5.5) close their own connection with 1002, protocol error, and no other.
    @Test func endlessFragmentsAndInvalidFramesHurtOnlyTheirConnection() async throws {
        let replies = Texts()
        try await live(try hub()) { port in
            try await onThread {
                let c = try Self.page(port: port)
                let greedy = try Self.page(port: port)
                let chunk = [UInt8](repeating: 0x20, count: 256 << 10)
                try greedy.write(RawClient.frame(opcode: 1, chunk, fin: false))
                for _ in 0..<7 { try greedy.write(RawClient.frame(opcode: 0, chunk, fin: false)) }
                try greedy.write(RawClient.frame(opcode: 0, Array("{}".utf8)))
                replies.add(try greedy.readJSON(timeout: Self.deadline)["message"] as? String)
                var closed: (opcode: UInt8, payload: [UInt8]) = (0, [])
                while closed.opcode != 8 { closed = try greedy.readFrame(timeout: Self.deadline) }
                replies.add("closed \(closed.payload.prefix(2).reduce(0) { $0 << 8 | Int($1) })")
                try c.sendText(#"{"v":4,"type":"scene","seq":2}"#)
                replies.add(try c.reply(to: 2, timeout: Self.deadline)["type"] as? String)
                var reservedBit = RawClient.frame(opcode: 1, Array("{}".utf8))
                reservedBit[0] |= 0x40
                for bad in [RawClient.frame(opcode: 3, [1]), RawClient.frame(opcode: 9, [1], fin: false),
                            RawClient.frame(opcode: 9, [UInt8](repeating: 1, count: 200)), reservedBit] {
                    let victim = try Self.page(port: port)
                    try victim.write(bad)
                    var close: (opcode: UInt8, payload: [UInt8]) = (0, [])
                    while close.opcode != 8 { close = try victim.readFrame(timeout: Self.deadline) }
                    replies.add("closed \(close.payload.prefix(2).reduce(0) { $0 << 8 | Int($1) })")
                }
                try c.sendText(#"{"v":4,"type":"scene","seq":3}"#)
                replies.add(try c.reply(to: 3, timeout: Self.deadline)["type"] as? String)
            }
        }
        #expect(replies.all == ["message too large (at most 1048576 bytes)", "closed 1009", "scene",
                                "closed 1002", "closed 1002", "closed 1002", "closed 1002", "scene"])
    }

    /// Many connections that send half a request and wait (slowloris), and many idle
    /// WebSockets: a page opened meanwhile is served and answered.
    @Test func idleConnectionsDoNotStopANewPage() async throws {
        let replies = Texts()
        try await live(try hub()) { port in
            try await onThread {
                var idle: [RawClient] = []
                for i in 0..<200 {
                    let c = try RawClient(port: port)
                    try c.write(i % 2 == 0 ? "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Slow: " : "")
                    idle.append(c)
                }
                for _ in 0..<100 { idle.append(try Self.page(port: port, hello: false)) }
                let r = try RawClient.http(port: port, "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
                replies.add("\(r.status)")
                let c = try Self.page(port: port)
                try c.sendText(#"{"v":4,"type":"scene","seq":2}"#)
                replies.add(try c.reply(to: 2, timeout: Self.deadline)["type"] as? String)
                withExtendedLifetime(idle) {}
            }
        }
        #expect(replies.all == ["200", "scene"])
    }
}

/// Runs `body` on a thread of its own (blocking socket reads stay off Swift's cooperative
/// pool, which the server under test runs on) and returns its result.
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { (done: CheckedContinuation<T, any Error>) in
        let thread = Thread {
            do { done.resume(returning: try body()) } catch { done.resume(throwing: error) }
        }
        thread.stackSize = 8 << 20
        thread.start()
    }
}

/// Strings collected from several threads, in order.
final class Texts: @unchecked Sendable {   // every access holds `lock`
    private let lock = NSLock()
    private var stored: [String?] = []
    func add(_ s: String?) { lock.withLock { stored.append(s) } }
    var all: [String?] { lock.withLock { stored } }
}

/// A count shared between threads.
final class Counter: @unchecked Sendable {   // every access holds `lock`
    private let lock = NSLock()
    private var stored = 0
    func add(_ n: Int = 1) { lock.withLock { stored += n } }
    var value: Int { lock.withLock { stored } }
}

/// The terminal's lines.
final class Log: @unchecked Sendable {   // every access holds `lock`
    private let lock = NSLock()
    private var stored = ""
    func add(_ s: String) { lock.withLock { stored += s } }
    var text: String { lock.withLock { stored } }
}

/// A long REPL entry: a thread that holds the shared session's lock until released.
final class LockHolder: @unchecked Sendable {   // `held` is guarded by `state`
    private let state = NSLock()
    private var held = true
    private let go = DispatchSemaphore(value: 0)
    private let taken = DispatchSemaphore(value: 0)

    init(_ lock: NSRecursiveLock) {
        let thread = Thread { [go, taken] in
            lock.lock()
            taken.signal()
            go.wait()
            lock.unlock()
        }
        thread.start()
        taken.wait()
    }

    var isHeld: Bool { state.withLock { held } }

    func release() {
        state.withLock { held = false }
        go.signal()
    }
}

/// A client whose sends never return until released (a socket nobody reads).
final class StuckClient: PlaygroundClient, @unchecked Sendable {   // every access holds `lock`
    private let lock = NSLock()
    private var closedWith: String?
    private let gate = AsyncStream<Void>.makeStream()
    func send(_ text: String) async { for await _ in gate.stream {} }
    func close(reason: String) { lock.withLock { closedWith = reason } }
    var reason: String? { lock.withLock { closedWith } }
    func release() { gate.continuation.finish() }
}

/// A client that takes every message.
final class Collector: PlaygroundClient, @unchecked Sendable {   // every access holds `lock`
    private let lock = NSLock()
    private var texts: [String] = []
    func send(_ text: String) async { lock.withLock { texts.append(text) } }
    var count: Int { lock.withLock { texts.count } }
}
