import ArgumentParser
import Foundation
import ReorderCore
import ReorderLua
import ReorderScripting
import ReorderTrace
import ReorderPlayground

extension Reorder {
    /// `reorder play [POLICY] [--layout table|grid|board|strip] [--port N] [--host ADDR] [--rows N]`.
    struct Play: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Drag a policy with your own hand in a browser page (hot-reloaded when the policy file changes).",
            discussion: """
                Serves a page on http://127.0.0.1:PORT/ that draws the session's scene and sends your \
                pointer's touches to the host. A policy file given as POLICY (and its extends chain) is \
                watched: a save reloads it and keeps the order; a broken edit is reported and the last \
                good policy stays. The protocol is in docs/PLAYGROUND.md.
                """)

        @Argument(help: "A built-in policy name or a .lua file (default: the layout demo's own).")
        var policy: String?

        @Option(name: .long, help: ArgumentHelp("The demo to start on: " + DemoList.Demo.choices + "."))
        var layout: DemoList.Demo = .table

        @Option(name: .long, help: "The port to listen on (0: any free port).")
        var port: Int = 8080

        @Option(name: .long, help: "The address to listen on. Anything but loopback exposes the session to the network.")
        var host: String = "127.0.0.1"

        @Option(name: .long, help: ArgumentHelp("A table of this many rows (\"1\", \"2\", ...) instead of the demo list (\(PlayRows.rangeText)).",
                                                 valueName: "rows"))
        var rows: PlayRows?

        @Option(name: .long, help: "Benchmark instead of serving: time the host's work per input message on a scripted drag over this many rows.")
        var benchRows: Int?

        @Option(name: .long, help: "Messages for --bench-rows.")
        var benchMessages: Int = 100_000

        func validate() throws {
            guard (0...65535).contains(port) else { throw ValidationError("--port: expected 0...65535, got \(port)") }
        }

        func run() throws {
            if let benchRows {
                let status = PlayCommand.bench(rows: benchRows, messages: benchMessages, policy: policy ?? "default",
                                               console: .standard())
                if status != 0 { throw ExitCode(status) }
                return
            }
            let status = PlayCommand.run(policy: policy, layout: layout.layout, demo: layout, host: host,
                                         port: port, rows: rows?.value, console: .standard())
            if status != 0 { throw ExitCode(status) }
        }
    }
}

/// `reorder play`, with injected output (tests run the server in-process).
public enum PlayCommand {
    /// `--bench-rows`: the host's time per message (no sockets), printed as one line.
    public static func bench(rows: Int, messages: Int, policy: String, console: Console) -> Int32 {
        let box = ReportBox()
        let done = DispatchSemaphore(value: 0)
        Task {
            do { box.set(.success(try await PlaygroundBenchmark.run(rows: rows, messages: messages, policy: policy))) }
            catch { box.set(.failure(error)) }
            done.signal()
        }
        done.wait()
        switch box.value {
        case .success(let r)?: console.write(r.text); return 0
        case .failure(let e)?: console.write("reorder play: \(e)\n"); return 1
        case nil: return 1
        }
    }

    /// Starts the hub, the file watcher and the server; returns when the server stops.
    public static func run(policy: String?, layout: LayoutKind, demo: DemoList.Demo? = nil, host: String, port: Int, rows: Int?,
                           console: Console) -> Int32 {
        // Hummingbird's own log (it reads LOG_LEVEL) would mix with ours: errors only, unless asked.
        setenv("LOG_LEVEL", "error", 0)
        let out = SendableWriter(console.write)
        let write: @Sendable (String) -> Void = { out.write($0) }
        let hub: PlaygroundHub
        do {
            hub = try PlaygroundHub(options: Playground.Options(policy: policy, layout: layout, rows: rows, demo: demo),
                                    log: { write($0) })
        } catch {
            // The policy came from the command line, not from a `reorder.session{...}` call:
            // the message does not name the Lua function (as `reorder --policy`: the
            // user wrote a file name, not a Lua call).
            console.write("reorder play: \(error.outsideLua.message)\n")
            return 1
        }
        if !PlaygroundServer.isLoopback(host) {
            console.write("reorder play: warning: listening on \(host), not loopback: anyone who can reach this address can drive the session and read its items\n")
        }
        var server = PlaygroundServer(hub: hub, host: host, port: port)
        server.onListening = { url in write("reorder play: open \(url)\n") }
        let status = StatusBox()
        let done = DispatchSemaphore(value: 0)
        // SIGTERM and SIGINT (Ctrl-C) start the server's graceful shutdown (Hummingbird's
        // `runService`: it stops listening and closes the WebSockets); a connection that does not
        // finish (a client that never answers the close, half a request) must not keep the
        // process: after `shutdownGrace` the command returns, and the process ends with it.
        let stopping = PlayCommand.onStopSignal {
            DispatchQueue.global().asyncAfter(deadline: .now() + PlayCommand.shutdownGrace) { done.signal() }
        }
        defer { for source in stopping { source.cancel() } }
        let app = server.application()
        Task {
            var watcher: Task<Void, Never>?
            if let file = await hub.policyFile {
                let w = PolicyWatcher(path: file) { await hub.policyFileChanged() }
                watcher = Task { await w.run() }
            }
            do {
                try await app.runService()
            } catch {
                write("reorder play: \(PlaygroundServer.startProblem(error, host: host, port: port) ?? "\(error)")\n")
                status.set(1)
            }
            watcher?.cancel()
            done.signal()
        }
        done.wait()
        return status.value
    }
}

extension PlayCommand {
    /// How long `reorder play` waits after SIGTERM or SIGINT for its connections to close.
    static let shutdownGrace = 1.0

    /// Calls `action` when the process gets SIGTERM or SIGINT (as well as whatever else
    /// listens for them: several dispatch sources may watch one signal). The signals' default
    /// action, ending the process at once, is replaced; they are unblocked in the calling
    /// thread, which a process started by a thread that blocked them inherits.
    static func onStopSignal(_ action: @escaping @Sendable () -> Void) -> [any DispatchSourceSignal] {
        [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, number)
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: action)
            source.resume()
            return source
        }
    }
}

/// An exit status set from the server's task.
final class StatusBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Int32 = 0
    var value: Int32 { lock.lock(); defer { lock.unlock() }; return stored }
    func set(_ v: Int32) { lock.lock(); stored = v; lock.unlock() }
}

/// The console's writer, shared with the server's tasks (writes are serialized by a lock).
final class SendableWriter: @unchecked Sendable {
    private let lock = NSLock()
    private let target: (String) -> Void
    init(_ target: @escaping (String) -> Void) { self.target = target }
    func write(_ s: String) { lock.lock(); target(s); lock.unlock() }
}

/// The benchmark's result, handed from its task.
final class ReportBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Result<PlaygroundBenchmark.Report, any Error>?
    var value: Result<PlaygroundBenchmark.Report, any Error>? { lock.lock(); defer { lock.unlock() }; return stored }
    func set(_ v: Result<PlaygroundBenchmark.Report, any Error>) { lock.lock(); stored = v; lock.unlock() }
}
