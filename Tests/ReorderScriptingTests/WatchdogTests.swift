import Dispatch
import Foundation
import Testing
import ReorderLua
import ReorderScripting

/// The spec runner's deadline (`reorder test --timeout`) must stop a looping script whatever
/// else the process is doing.
@Suite struct WatchdogTests {
    /// Runs `while true do end` under a 0.2 s watchdog: it must be stopped, and soon.
    func expectALoopIsStopped() throws {
        let host = try ScriptingHost(output: { _ in })
        let watchdog = Watchdog(host.stopHandle, seconds: 0.2)
        defer { watchdog.disarm() }
        let start = Date()
        #expect(throws: LuaError.self) { try host.run("while true do end", chunkName: "=loop") }
        #expect(watchdog.fired)
        #expect(Date().timeIntervalSince(start) < 10)
    }

    @Test func aLoopIsStoppedAtTheDeadline() throws {
        try expectALoopIsStopped()
    }

    /// A dispatch timer needed a free worker of the global pool; with every worker busy (a
    /// parallel test run) the deadline passed and nothing stopped the loop. The watchdog now
    /// has a thread of its own.
    @Test func aLoopIsStoppedWhileEveryGlobalWorkerIsBusy() throws {
        let release = DispatchSemaphore(value: 0)
        let blockers = ProcessInfo.processInfo.activeProcessorCount * 4
        for _ in 0..<blockers {
            // Each gives up after 20 s, so a failing run cannot hang the suite.
            DispatchQueue.global().async { _ = release.wait(timeout: .now() + 20) }
        }
        defer { for _ in 0..<blockers { release.signal() } }
        try expectALoopIsStopped()
    }

    /// A loop of instructions that each take 20 ms (`<` on 2 MiB of NUL bytes compares with
    /// strcoll once per piece) fires a count hook only every seven seconds: the stop reaches it
    /// through the clock at its next instruction instead (docs/SANDBOX.md, "Stopping from
    /// outside").
    @Test func aLoopOfExpensiveInstructionsIsStoppedAtTheDeadline() throws {
        let host = try ScriptingHost(output: { _ in })
        let watchdog = Watchdog(host.stopHandle, seconds: 0.2)
        defer { watchdog.disarm() }
        let start = Date()
        #expect(throws: LuaError.self) {
            try host.run("""
                local nul = string.rep('\0', 1 << 21)
                while true do local _ = nul < nul end
                """, chunkName: "=nul")
        }
        #expect(watchdog.fired)
        #expect(Date().timeIntervalSince(start) < 3)   // the hostile suite's bound; 7 s to the first hook
    }

    @Test func aDisarmedWatchdogNeverFires() throws {
        let host = try ScriptingHost(output: { _ in })
        let watchdog = Watchdog(host.stopHandle, seconds: 0.05)
        try host.run("local x = 0 for i = 1, 10 do x = x + i end", chunkName: "=quick")
        watchdog.disarm()
        Thread.sleep(forTimeInterval: 0.15)
        #expect(!watchdog.fired)
        try host.run("local y = 1", chunkName: "=after")   // not stopped
    }
}

/// Ctrl-C with several REPL hosts evaluating at once, each on its own thread: one SIGINT stops
/// each of them, and the process's handler is back once the last one ends.
@Suite(.serialized) struct InterruptTests {
    @Test func oneSigintStopsEveryInterruptibleHost() throws {
        // Ignored around the test, so a SIGINT after the evaluations cannot end the process.
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        var previous = sigaction()
        sigaction(SIGINT, &ignore, &previous)
        defer { sigaction(SIGINT, &previous, nil) }

        let results = Results()
        let group = DispatchGroup()
        for _ in 0..<2 {
            group.enter()
            Thread {
                defer { group.leave() }
                do {
                    let host = try ScriptingHost(output: { _ in })
                    results.add(host.evaluate("while true do end", interruptible: true))
                } catch {
                    results.add(.error("\(error)"))
                }
            }.start()
        }
        // SIGINT every 0.2 s until both evaluations return (the first may come before they
        // have installed the handler: it is then ignored).
        while group.wait(timeout: .now() + 0.2) == .timedOut { kill(getpid(), SIGINT) }
        #expect(results.all == [.error("interrupted"), .error("interrupted")])
        // The handler found by the first host (SIG_IGN, set above) is back.
        var now = sigaction()
        sigaction(SIGINT, nil, &now)
        #expect(unsafeBitCast(now.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self))
    }
}

/// What the threads of a test returned.
final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [ScriptingHost.Evaluation] = []
    func add(_ r: ScriptingHost.Evaluation) { lock.lock(); list.append(r); lock.unlock() }
    var all: [ScriptingHost.Evaluation] { lock.lock(); defer { lock.unlock() }; return list }
}
