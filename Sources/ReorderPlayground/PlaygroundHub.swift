import Foundation
import ReorderCore
import ReorderLua
import ReorderScripting
import HummingbirdWebSocket

/// Where the hub sends a client's messages (a WebSocket's writer; a test collects them).
///
/// The hub never waits for ``send(_:)``: each client has an outbox and a writer task of its
/// own, which sends the messages in order, one at a time (a page that stops reading holds its
/// own writer only). A client that falls too far behind is closed with ``close(reason:)``.
public protocol PlaygroundClient: Sendable {
    func send(_ text: String) async
    /// Ends the connection at once (its unsent messages are dropped); `reason` says why.
    func close(reason: String)
}

extension PlaygroundClient {
    /// A client with no connection to end (a test's collector) is only dropped.
    public func close(reason: String) {}
}

/// A playground whose session another thread also drives (the REPL): every use holds `lock`.
public struct SharedPlayground: @unchecked Sendable {
    public let playground: Playground
    public let lock: NSRecursiveLock
    public init(_ playground: Playground, lock: NSRecursiveLock) { self.playground = playground; self.lock = lock }
}

/// The one place the playground runs: an actor owning the ``Playground`` (and so the session
/// and its Lua VM), with the connected clients. Messages from every client are handled one at a
/// time; scene updates go to all of them, so each page (and the terminal) sees the others.
///
/// The actor runs on a thread of its own (``SessionExecutor``): a slow policy delays this
/// session's answers and nothing else. Replies go into each client's bounded outbox
/// (``ClientOutbox``) without waiting for the socket.
///
/// ```swift
/// let hub = try PlaygroundHub(options: .init(policy: "default"), log: { print($0) })
/// let id = await hub.connect(client)
/// await hub.receive(#"{"v":4,"type":"hello"}"#, from: id)
/// ```
public actor PlaygroundHub {
    /// The most messages a client's outbox holds unsent before the client is closed: at 60
    /// scenes a second, four seconds of a drag the page did not read, after the socket's own
    /// buffers (several MiB on loopback) are full.
    public static let maximumUnsentMessages = 256
    /// The most bytes a client's outbox holds unsent (a lone message of any size may wait, a
    /// long recording's trace) before the client is closed.
    public static let maximumUnsentBytes = 4 << 20

    let playground: Playground
    /// Held around every use of the playground when it is shared (nil: the hub owns it).
    let lock: NSRecursiveLock?
    /// The session's own thread.
    nonisolated let executor = SessionExecutor(name: "reorder play session")
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    var clients: [Int: (client: any PlaygroundClient, outbox: ClientOutbox)] = [:]
    var nextClient = 1
    /// The replay running, if any; `replayGeneration` tells a replay task stopped early that it
    /// is no longer the one running.
    var replayTask: Task<Void, Never>?
    var replayGeneration = 0
    /// Messages handled and the time spent in them (decode, session, encode), for benchmarks.
    public private(set) var handled = 0
    /// Clients closed because they fell behind (for tests).
    public private(set) var laggardsClosed = 0

    public init(options: Playground.Options,
                log: @escaping @Sendable (String) -> Void) throws(LuaError) {
        playground = try Playground(options: options, log: log)
        lock = nil
    }

    /// A hub on a playground shared with another thread (the REPL's session).
    public init(sharing shared: SharedPlayground) {
        playground = shared.playground
        lock = shared.lock
    }

    deinit {
        for (_, c) in clients { c.outbox.close() }   // their writers end
        executor.stop()
    }

    /// Runs `body` (a connection's loop) on the session's thread, where the hub runs, so its
    /// calls into the hub need no thread hop either way; it suspends, never blocks, while
    /// waiting for the socket. (Before macOS 15, which has no task executors, it runs where it
    /// is called.)
    ///
    /// ```swift
    /// await hub.onSessionThread {
    ///     for try await frame in inbound { await hub.receive(text(frame), from: id) }
    /// }
    /// ```
    public nonisolated func onSessionThread<T: Sendable>(_ body: () async throws -> T) async rethrows -> T {
        if #available(macOS 15.0, *) {
            return try await withTaskExecutorPreference(executor, operation: body)
        } else {
            return try await body()
        }
    }

    /// Runs `body` on the playground, holding the shared lock if there is one.
    func locked<T>(_ body: (Playground) -> T) -> T {
        lock?.lock()
        defer { lock?.unlock() }
        return body(playground)
    }

    /// The median time to build one scene message now (benchmarks).
    public func medianSceneNanoseconds(samples: Int) -> Double {
        let clock = ContinuousClock()
        var times: [Double] = []
        for _ in 0..<max(1, samples) {
            let start = clock.now
            _ = locked { $0.sceneMessage(seq: 1) }
            let d = clock.now - start
            times.append(Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) / 1e9)
        }
        return times.sorted()[times.count / 2]
    }

    /// Sends the scene to every client (after the REPL ran: ``Playground/followHost()`` first).
    public func broadcastScene() async {
        let text = locked { p in
            p.followHost()
            return p.sceneMessage(seq: nil)
        }
        deliver([.everyone(text)], to: 0)
    }

    /// Registers a client and starts its writer (a task of its own, off the session's
    /// thread); returns its id.
    public func connect(_ client: any PlaygroundClient) -> Int {
        let (id, outbox) = attach(client)
        Task.detached { await Self.write(outbox, to: client) }
        return id
    }

    /// Registers a client whose writer the caller runs (``write(_:to:)``): the server runs it
    /// with the connection, where its other work is.
    func attach(_ client: any PlaygroundClient) -> (id: Int, outbox: ClientOutbox) {
        let id = nextClient
        nextClient += 1
        let outbox = ClientOutbox()
        clients[id] = (client, outbox)
        return (id, outbox)
    }

    /// A client's writer: sends what its outbox holds, in order, until the outbox is closed.
    nonisolated static func write(_ outbox: ClientOutbox, to client: any PlaygroundClient) async {
        while let text = await outbox.next() { await client.send(text) }
    }

    public func disconnect(_ id: Int) {
        clients.removeValue(forKey: id)?.outbox.close()
    }

    /// Handles one text message from client `id` and queues the replies.
    public func receive(_ text: String, from id: Int) async {
        let replies = respond(to: text, from: id)
        deliver(replies, to: id)
    }

    /// The replies to one text message, without sending them (benchmarks, tests).
    public func respond(to text: String, from id: Int) -> [PlaygroundReply] {
        handled += 1
        let message: PlaygroundProtocol.Message
        do {
            message = try PlaygroundProtocol.decode(text)
        } catch {
            return [.sender(Playground.errorMessage(error.message, seq: error.seq))]
        }
        if replayTask != nil {
            switch Self.duringReplay(message.request) {
            case .answer:
                break
            case .sceneOnly:
                // The replay drives the clock: the page's own tick is not applied.
                return locked { $0.apply([], seq: message.seq) }
            case .stopReplay:
                if case .stop = message.request { return stopReplay(seq: message.seq) }
                return stopReplay(seq: nil) + handleWithoutReplay(message, from: id)
            }
        }
        return handleWithoutReplay(message, from: id)
    }

    /// A message handled with no replay running.
    func handleWithoutReplay(_ message: PlaygroundProtocol.Message, from id: Int) -> [PlaygroundReply] {
        if case .replay(let trace) = message.request {
            return startReplay(trace, seq: message.seq)
        }
        return locked { $0.handle(message, client: id) }
    }

    /// What a message does to a running replay: a page's input, and every message that acts on
    /// the session (`stop`, `reset`, `policy`, `demo`, `record`, another `replay`), stops it first, as a
    /// person expects of a press during a replay; `hello` and `scene` are answered and leave it
    /// running; a frame with no input is answered with the scene (the replay drives the clock).
    enum ReplayEffect { case answer, sceneOnly, stopReplay }

    static func duringReplay(_ request: PlaygroundProtocol.Request) -> ReplayEffect {
        switch request {
        case .hello, .scene: return .answer
        case .frame([], _): return .sceneOnly
        case .frame, .stop, .reset, .policy, .record, .replay, .demo: return .stopReplay
        }
    }

    /// Refuses a message the server could not take (too large, binary).
    public func refuse(_ reason: String, to id: Int) async {
        deliver([.sender(Playground.errorMessage(reason, seq: nil))], to: id)
    }

    /// Queues the replies in the clients' outboxes (never waits for a socket). A client whose
    /// outbox goes over its bound is closed and the terminal told.
    func deliver(_ replies: [PlaygroundReply], to id: Int) {
        for r in replies {
            switch r {
            case .sender(let text):
                queue(text, for: id)
            case .everyone(let text):
                for id in clients.keys { queue(text, for: id) }
            }
        }
    }

    private func queue(_ text: String, for id: Int) {
        guard let (client, outbox) = clients[id] else { return }
        guard case .overflow(let messages, let bytes) = outbox.push(text) else { return }
        clients[id] = nil
        outbox.close()
        laggardsClosed += 1
        let reason = "the page stopped reading: \(messages) messages (\(bytes) bytes) unsent; at most "
            + "\(Self.maximumUnsentMessages) messages or \(Self.maximumUnsentBytes) bytes may wait"
        client.close(reason: reason)
        locked { $0.log("reorder play: closed connection \(id): \(reason)\n") }
    }

    /// The policy file changed on disk: reload it (now, or when the drag ends).
    public func policyFileChanged() async {
        let replies = locked { $0.reload() }
        deliver(replies, to: 0)
    }

    /// The file given to `reorder play`, if any.
    public var policyFile: String? { locked { $0.file } }

    /// `GET /state`.
    public func stateJSON() -> String { locked { $0.stateJSON() } }

    /// The number of connected clients (for tests).
    public var clientCount: Int { clients.count }

    // MARK: Replay

    func startReplay(_ text: String, seq: Int?) -> [PlaygroundReply] {
        locked { playground in
            switch playground.prepareReplay(text) {
            case .failure(let e):
                return [.sender(Playground.errorMessage(e.message, seq: seq))]
            case .success(let inputs):
                playground.isReplaying = true
                replayGeneration += 1
                let generation = replayGeneration
                replayTask = Task { await self.runReplay(inputs, generation: generation) }
                return [.everyone(playground.welcome(seq: seq)), .everyone(playground.sceneMessage(seq: seq))]
            }
        }
    }

    /// Stops the replay running: its drag in flight is cancelled and settled, and every page
    /// gets the scene (with no `replaying`; echoing `seq`).
    func stopReplay(seq: Int?) -> [PlaygroundReply] {
        guard let task = replayTask else { return [] }
        task.cancel()
        replayTask = nil
        replayGeneration += 1
        return locked { $0.endReplay(seq: seq) }
    }

    /// Feeds the inputs at their own pace (real time from the first one). The trace's times
    /// were checked by ``Playground/prepareReplay(_:)``: the last is at most
    /// ``PlaygroundProtocol/maximumReplayDuration`` after the first.
    func runReplay(_ inputs: [TraceInput], generation: Int) async {
        let clock = ContinuousClock()
        let start = clock.now
        let t0 = inputs.first?.time ?? 0
        for input in inputs {
            let due = start + .nanoseconds(Int64(((input.time - t0) * 1e9).rounded()))
            if due > clock.now { try? await Task.sleep(until: due, clock: clock) }
            guard !Task.isCancelled, generation == replayGeneration else { return }
            let replies = locked { $0.apply([input]) }
            deliver(replies.map { if case .sender(let t) = $0 { return .everyone(t) } else { return $0 } }, to: 0)
        }
        guard generation == replayGeneration else { return }
        replayTask = nil
        let last = locked { p -> String in
            p.isReplaying = false
            return p.sceneMessage(seq: nil)
        }
        deliver([.everyone(last)], to: 0)
    }
}
