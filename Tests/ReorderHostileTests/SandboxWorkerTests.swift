import Foundation
@testable import ReorderLua
import ReorderTestSupport
import Testing

/// The sandbox fuzzer's worker process (``SandboxWorker``): a call that returns, raises or runs
/// out of budget is answered; a worker that never answers is killed at the timeout; one that
/// dies is reported with its signal; the next call starts a new worker either way.
@Suite("Sandbox fuzzer's worker process")
struct SandboxWorkerTests {
    /// A stand-in worker: a shell script doing `body` instead of serving requests.
    static func script(_ body: String) throws -> String {
        let dir = try temporaryDirectory(prefix: "reorder-worker")
        let url = dir.appendingPathComponent("worker.sh")
        try "#!/bin/sh\n\(body)\n".write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url.path
    }

    @Test func aWorkerThatNeverAnswersIsKilledAtTheTimeout() throws {
        let worker = SandboxWorker(executable: try Self.script("read line; sleep 30"))
        let start = Date()
        #expect(worker.call("return function() end", timeout: 0.3) == .hung)
        #expect(Date().timeIntervalSince(start) < 10)   // a hang bound: 0.3 s expected
    }

    @Test func aWorkerThatDiesIsReportedWithItsSignal() throws {
        let worker = SandboxWorker(executable: try Self.script("kill -KILL $$"))
        #expect(worker.call("return function() end", timeout: 5) == .crashed(signal: 9))
        // Answering garbage is the same as dying without an answer.
        let garbage = SandboxWorker(executable: try Self.script("read line; echo nonsense"))
        #expect(garbage.call("return function() end", timeout: 5) == .crashed(signal: 0))
    }

    @Test func aMissingExecutableIsNotStarted() {
        let worker = SandboxWorker(executable: "/nonexistent/reorder")
        #expect(worker.call("return function() end", timeout: 1) == .notStarted(errno: ENOENT))
    }

    /// The real worker (`reorder sandbox-worker`): errors, returns, budget stops and chunks that
    /// build nothing, each in a fresh policy VM, one worker for all of them.
    @Test func theRealWorkerAnswersEachCall() throws {
        let exe = try #require(reorderExecutable(), "the reorder executable was not built")
        let worker = SandboxWorker(executable: exe.path)
        defer { worker.stop() }
        guard case .finished(true, false, _, _, let message) = worker.call("return function() error('boom') end", timeout: 5) else {
            Issue.record("no error answered")
            return
        }
        #expect(message == "fuzz:1: boom")
        guard case .finished(false, false, let seconds, _, "") = worker.call("return function() return 42 end", timeout: 5) else {
            Issue.record("no return answered")
            return
        }
        #expect(seconds >= 0 && seconds < 1)
        guard case .finished(true, true, _, _, let loop) = worker.call("return function() while true do end end", timeout: 5) else {
            Issue.record("the budget did not stop the loop")
            return
        }
        #expect(loop == "fuzz:1: instruction budget exceeded (1000000 instructions)")
        #expect(worker.call("return 1", timeout: 5) == .unbuilt)
        #expect(worker.call("syntax error here", timeout: 5) == .unbuilt)
        // A global set by one call is not there for the next: each call has a fresh VM.
        _ = worker.call("return function() leak = 1 end", timeout: 5)
        guard case .finished(false, _, _, _, _) = worker.call("return function() assert(leak == nil) end", timeout: 5) else {
            Issue.record("state leaked between calls")
            return
        }
    }
}
