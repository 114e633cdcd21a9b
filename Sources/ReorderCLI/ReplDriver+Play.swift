import Foundation
import ReorderCore
import ReorderLua
import ReorderPlayground

/// `:play [PORT]`: the playground page on the REPL's own session `s`. Page drags and REPL
/// entries drive the same session, one at a time (a lock both hold while they run); after an
/// entry the pages get the new scene.
extension ReplDriver {
    /// The running playground of this REPL.
    final class PlayState {
        let hub: PlaygroundHub
        let playground: Playground
        let url: String
        init(hub: PlaygroundHub, playground: Playground, url: String) { self.hub = hub; self.playground = playground; self.url = url }
    }

    /// Runs `body` holding the session lock the playground shares.
    func locked<T>(_ body: () -> T) -> T {
        playLock.lock()
        defer { playLock.unlock() }
        return body()
    }

    /// After a REPL entry: the pages see what it did.
    func sessionChanged() {
        guard let play else { return }
        // At once, under the lock: a page's next frame drives the session `s` holds now.
        locked { play.playground.followHost() }
        let hub = play.hub
        Task { await hub.broadcastScene() }
    }

    func startPlay(_ argument: String) {
        if let play {
            console.write("the page is at \(play.url)\n")
            return
        }
        guard let host else { return }
        let port = argument.isEmpty ? 8080 : Int(argument) ?? -1
        guard (0...65535).contains(port) else {
            failures += 1
            console.write(":play: expected a port from 0 to 65535, got '\(argument)'\n")
            return
        }
        setenv("LOG_LEVEL", "error", 0)   // Hummingbird's own log would mix with the REPL's
        let out = SendableWriter(console.write)
        let playground: Playground
        do {
            playground = try Playground(host: host, global: "s", log: { out.write($0) })
        } catch {
            failures += 1
            console.write(":play: \(error.message)\n")
            return
        }
        let hub = PlaygroundHub(sharing: SharedPlayground(playground, lock: playLock))
        var server = PlaygroundServer(hub: hub, host: "127.0.0.1", port: port)
        let url = URLBox()
        let listening = DispatchSemaphore(value: 0)
        server.onListening = { u in url.set(u); listening.signal() }
        let app = server.application()
        Task {
            do { try await app.runService() } catch { out.write(":play: \(error)\n") }
            listening.signal()
        }
        // The server starts without the lock; wait for its URL (or its failure).
        playLock.unlock()
        _ = listening.wait(timeout: .now() + 15)
        playLock.lock()
        guard let u = url.value else {
            failures += 1
            console.write(":play: the server did not start\n")
            return
        }
        play = PlayState(hub: hub, playground: playground, url: u)
        console.write("page at \(u): drags there and s:... here drive the same session\n")
    }
}

/// The URL handed from the server's task.
final class URLBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: String?
    var value: String? { lock.lock(); defer { lock.unlock() }; return stored }
    func set(_ v: String) { lock.lock(); stored = v; lock.unlock() }
}
