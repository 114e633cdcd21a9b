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
