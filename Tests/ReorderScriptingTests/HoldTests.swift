import Dispatch
import Foundation
import Testing
import ReorderLua
import ReorderScripting
import ReorderTestSupport

/// `s:hold` through the session API with Lua policies: a still hold gives
/// what ticking every frame gives, a day's hold ends at once, and Ctrl-C stops a hold at the
/// last frame it ran.
@Suite(.serialized) struct HoldTests {
    /// A Lua function that runs one drag of `setup` on a fresh session with `policy`, then
    /// either holds 10 s or ticks its 600 frames, and returns everything readable as text.
    static let runner = """
        local function describe(s)
          local out = {}
          for _, e in ipairs(s:events()) do
            local p = e.at or e.to
            out[#out + 1] = string.format("%s %s %.9f", e.type, p and (p[1] .. "." .. p[2]) or "", e.time)
          end
          local ox, oy = s:offset()
          out[#out + 1] = string.format("offset %.9f %.9f state %s time %.9f", ox, oy, s:state(), s:time())
          local snap = s:snapshot()
          if snap then
            out[#out + 1] = string.format("snapshot %s %.9f %.9f %.9f %.9f", snap.phase, snap.x, snap.y, snap.scale, snap.lift)
          end
          out[#out + 1] = table.concat(s:order(), ",")
          return table.concat(out, "\\n")
        end
        function run(policy, setup, hold)
          local s = reorder.session{ rows = 30, policy = policy }
          s:press_item(1, 6)
          setup(s)
          local before = #s:inputs()
          if hold then s:hold(10) else s:tick(600) end
          return describe(s), #s:inputs() - before
        end
        """

    /// The text of both runs and the inputs the hold recorded.
    func compare(_ policy: String, _ setup: String) throws -> (held: String, ticked: String, recorded: String) {
        var printed = ""
        let host = try ScriptingHost(output: { printed += $0 })
        try host.run(Self.runner + """

            local policy = \(policy)
            local setup = function(s) \(setup) end
            local held, recorded = run(policy, setup, true)
            local ticked = run(policy, setup, false)
            print(held) print("--") print(ticked) print("--") print(recorded)
            """, chunkName: "=hold")
        let parts = printed.components(separatedBy: "--\n")
        try #require(parts.count == 3, "\(printed)")
        return (parts[0], parts[1], parts[2].trimmingCharacters(in: .newlines))
    }

    /// The default policy in Lua (default.lua: a zone function, a speed function): holds
    /// that start mid-lift, mid-scroll, mid-drop and fully still.
    @Test(arguments: [
        // Fully still from the press: 30 frames of press, 15 of lift, 16 at rest (frames
        // 45...60), then the last: 61 recorded.
        ("", "61"),
        // Mid-lift (35 frames in): frames 36...60 and the last.
        ("s:tick(35)", "26"),
        // Mid-drop: lifted, moved onto row 9 (y = 8 × 44 + 22), released, 5 of the 15 drop
        // frames run; 10 more and the drop is over (the idle frames after are not recorded).
        ("s:tick(45) s:move(187.5, 374) s:release() s:tick(5)", "10"),
    ])
    func aHoldIsTheTickedRun(_ setup: String, _ recorded: String) throws {
        let r = try compare("'default'", setup)
        #expect(r.held == r.ticked)
        #expect(r.recorded == recorded)
    }

    @Test func aHoldFromMidScrollIsTheTickedRun() throws {
        // In the bottom zone (y = 640, 93 pt deep): the hold scrolls to the end of the list
        // (1320 − 667 = 653 pt), stepping the row down, and rests there.
        let r = try compare("'default'", "s:tick(45) s:move(187.5, 640) s:tick(3)")
        #expect(r.held == r.ticked)
        #expect(r.held.contains("offset 0.000000000 653.000000000 state dragging time 10.800000000"))
        #expect((Int(r.recorded) ?? 600) < 300)
    }

    @Test func aZoneReadingTheClockIsTickedEveryFrame() throws {
        // The zone grows with ctx.drag_time (40 pt/s); the finger waits at y = 500, so the
        // bottom zone reaches it once 667 − 40 d < 500, d > 4.175 s of drag, and 500 pt/s
        // then scrolls the 653 pt to the end, stepping the row down on the way. Every frame
        // of the hold runs (600 recorded): skipping them would make one late jump of a step.
        let policy = """
            { name = "growing", edge_scroll = { enabled = true, axes = "vertical", reference = "finger",
                zone = function(ctx) return math.min(40 * ctx.drag_time, 600) end,
                speed = function() return 500 end } }
            """
        let r = try compare(policy, "s:tick(45) s:move(187.5, 500)")
        #expect(r.held == r.ticked)
        #expect(r.recorded == "600")
        #expect(r.held.contains("offset 0.000000000 653.000000000 state dragging"))
    }

    /// A day's hold runs the frames until the drag is at rest and the last one, not the
    /// 5,184,000 frames of a day at 60 Hz (each frame run is recorded, so the inputs count them).
    @Test func aDaysHoldRunsOnlyTheFramesUntilRestAndTheLast() throws {
        let out = lua("""
            local s = reorder.session{ rows = 30 }
            s:press_item(1, 1) s:hold(86400)
            print(s:state(), s:time(), #s:inputs())
            """)
        // Row 1 pressed at y = 22, in the top zone with the list at its top: at rest once
        // lifted (frame 45), 16 frames at rest (DragSimulator.restFramesBeforeSkip), the last:
        // the press and 61 frames.
        #expect(out == "dragging\t86400.0\t62\n")
    }

    /// Ctrl-C (a real SIGINT) during a hold that cannot rest (its zone reads ctx.time): the
    /// REPL's evaluation says `interrupted`, and the clock is at the last frame run, which
    /// the inputs end with.
    @Test func ctrlCStopsAHoldAtTheLastFrameRun() throws {
        // A SIGINT arriving after the evaluation (it restores the handler it found) is ignored
        // rather than ending the test process (an ignored signal is dropped when sent). The
        // process's own handler is back when the test ends, once the sender has stopped sending.
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        var previous = sigaction()
        sigaction(SIGINT, &ignore, &previous)
        let senderDone = DispatchSemaphore(value: 0)
        defer {
            senderDone.wait()
            sigaction(SIGINT, &previous, nil)
        }
        let host = try ScriptingHost(output: { _ in })
        #expect(host.evaluate("""
            s = reorder.session{ rows = 30, policy = { name = "clock",
              edge_scroll = { enabled = true, zone = function(ctx) return ctx.drag_time * 0 end } } }
            s:press_item(1, 6)
            """) == .ok(nil))
        // SIGINT every 0.3 s until the evaluation returns: on a loaded machine the first one may
        // come before the evaluation has installed its handler (it is then ignored).
        let done = ManagedAtomicFlag()
        let sender = Thread {
            while !done.isSet {
                Thread.sleep(forTimeInterval: 0.3)
                if !done.isSet { kill(getpid(), SIGINT) }
            }
            senderDone.signal()
        }
        let start = Date()
        sender.start()
        let result = host.evaluate("s:hold(86400)", interruptible: true)
        done.set()
        let seconds = Date().timeIntervalSince(start)
        // Stopped early: the clock (below) is short of the day, so the hold did not run its
        // 5,184,000 frames.
        #expect(result == .error("interrupted"), "after \(seconds) s")
        // The clock is a frame time (k / 60) well short of the day, and the last input is that frame.
        guard case .ok(let text?) = host.evaluate("return s:time(), s:inputs()[#s:inputs()].time, s:state()") else {
            Issue.record("no time")
            return
        }
        let fields = text.components(separatedBy: "\t")
        try #require(fields.count == 3, "\(text)")
        let time = try #require(Double(fields[0]))
        #expect(time > 0.5 && time < 86_400)
        #expect(abs(time * 60 - (time * 60).rounded()) < 1e-6)
        #expect(fields[1] == fields[0])
        #expect(fields[2] == "\"dragging\"")   // the REPL shows strings quoted
        // And the session goes on from there.
        #expect(host.evaluate("local t = s:time() s:hold(1) return s:time() > t, #s:inputs() > 60") == .ok("true\ttrue"))
    }

    /// A stop already pending (a watchdog fired) stops a hold before it runs a frame.
    @Test func aPendingStopStopsAHoldBeforeAnyFrame() throws {
        var printed = ""
        let host = try ScriptingHost(output: { printed += $0 })
        try host.run("s = reorder.session{ rows = 30 } s:press_item(1, 6)", chunkName: "=setup")
        host.stopHandle.stop()
        #expect(throws: LuaError.self) { try host.run("s:hold(10)", chunkName: "=hold") }
        host.clearStop()
        try host.run("print(s:time(), #s:inputs())", chunkName: "=after")
        #expect(printed == "0.0\t1\n")
    }
}

/// A flag one thread sets and another polls.
final class ManagedAtomicFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
    func set() { lock.lock(); value = true; lock.unlock() }
}
