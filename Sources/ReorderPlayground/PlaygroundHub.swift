import Foundation
import ReorderCore
import ReorderLua
import ReorderScripting
import HummingbirdWebSocket

/// Where the hub sends a client's messages (a WebSocket's writer; a test collects them).
public protocol PlaygroundClient: Sendable {
    func send(_ text: String) async
}

/// The one place the playground runs: an actor owning the ``Playground`` (and so the session
/// and its Lua VM), with the connected clients. Messages from every client are handled one at a
/// time; scene updates go to all of them, so each page (and the terminal) sees the others.
///
/// ```swift
/// let hub = try PlaygroundHub(options: .init(policy: "default"), log: { print($0) })
/// let id = await hub.connect(client)
/// await hub.receive(#"{"v":1,"type":"hello"}"#, from: id)
/// ```
/// A playground whose session another thread also drives (the REPL): every use holds `lock`.
public struct SharedPlayground: @unchecked Sendable {
    public let playground: Playground
    public let lock: NSRecursiveLock
    public init(_ playground: Playground, lock: NSRecursiveLock) { self.playground = playground; self.lock = lock }
}

public actor PlaygroundHub {
    let playground: Playground
    /// Held around every use of the playground when it is shared (nil: the hub owns it).
    let lock: NSRecursiveLock?
    var clients: [Int: any PlaygroundClient] = [:]
    var nextClient = 1
    var replayTask: Task<Void, Never>?
    /// Messages handled and the time spent in them (decode, session, encode), for benchmarks.
    public private(set) var handled = 0

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

    /// Sends the scene to every client (after the REPL changed the session).
    public func broadcastScene() async {
        let text = locked { $0.sceneMessage(seq: nil) }
        await deliver([.everyone(text)], to: 0)
    }

    /// Registers a client; returns its id.
    public func connect(_ client: any PlaygroundClient) -> Int {
        let id = nextClient
        nextClient += 1
        clients[id] = client
        return id
    }

    public func disconnect(_ id: Int) {
        clients[id] = nil
    }

    /// Handles one text message from client `id` and sends the replies.
    public func receive(_ text: String, from id: Int) async {
        let replies = respond(to: text, from: id)
        await deliver(replies, to: id)
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
        if case .replay(let trace) = message.request {
            return startReplay(trace, seq: message.seq)
        }
        return locked { $0.handle(message, client: id) }
    }

    /// Refuses a message the server could not take (too large, binary).
    public func refuse(_ reason: String, to id: Int) async {
        await deliver([.sender(Playground.errorMessage(reason, seq: nil))], to: id)
    }

    func deliver(_ replies: [PlaygroundReply], to id: Int) async {
        for r in replies {
            switch r {
            case .sender(let text):
                await clients[id]?.send(text)
            case .everyone(let text):
                for (_, c) in clients { await c.send(text) }
            }
        }
    }

    /// The policy file changed on disk: reload it (now, or when the drag ends).
    public func policyFileChanged() async {
        let replies = locked { $0.reload() }
        await deliver(replies, to: 0)
    }

    /// The file given to `reorder play`, if any.
    public var policyFile: String? { locked { $0.file } }

    /// `GET /state`.
    public func stateJSON() -> String { locked { $0.stateJSON() } }

    // MARK: Replay

    func startReplay(_ text: String, seq: Int?) -> [PlaygroundReply] {
        guard replayTask == nil else { return [.sender(Playground.errorMessage("a trace is already being replayed", seq: seq))] }
        return locked { playground in
            switch playground.prepareReplay(text) {
            case .failure(let e):
                return [.sender(Playground.errorMessage(e.message, seq: seq))]
            case .success(let inputs):
                playground.isReplaying = true
                replayTask = Task { await self.runReplay(inputs) }
                return [.everyone(playground.welcome(seq: seq)), .everyone(playground.sceneMessage(seq: seq))]
            }
        }
    }

    /// Feeds the inputs at their own pace (real time from the first one).
    func runReplay(_ inputs: [TraceInput]) async {
        let clock = ContinuousClock()
        let start = clock.now
        let t0 = inputs.first?.time ?? 0
        for input in inputs {
            let due = start + .milliseconds(Int64(((input.time - t0) * 1000).rounded()))
            if due > clock.now { try? await Task.sleep(until: due, clock: clock) }
            if Task.isCancelled { break }
            let replies = locked { $0.apply(input) }
            await deliver(replies.map { if case .sender(let t) = $0 { return .everyone(t) } else { return $0 } }, to: 0)
        }
        let last = locked { p -> String in
            p.isReplaying = false
            return p.sceneMessage(seq: nil)
        }
        replayTask = nil
        await deliver([.everyone(last)], to: 0)
    }
}
