import Foundation
import ReorderCore
import ReorderTestSupport
import Testing
@testable import ReorderScripting

/// What a script's sessions hold is bounded by what docs/SANDBOX.md ("The host's memory")
/// says: dropped sessions are collected once the sessions grow by
/// `ScriptingHost.sessionCollectionStep`, `s:close()` releases one at once, and the event
/// and input logs keep their newest entries, saying how many went.
@Suite struct SessionMemoryTests {
    /// 200 sessions of 5,000 items (about 0.5 MB each, ScriptSession.itemOverhead = 96 bytes
    /// an item) dropped in a loop: 100 MB made, but the host collects whenever the sessions
    /// grow by 64 MiB, so what the sessions hold never passes 64 MiB and one session.
    @Test func droppedSessionsAreCollectedByWhatTheyHold() throws {
        let host = try ScriptingHost(output: { _ in })
        var peak = 0
        host.define("_probe") { [unowned host] _ in peak = max(peak, host.sessionBytes); return 0 }
        try host.run("for i = 1, 200 do local s = reorder.session{ rows = 5000 } s:tick() reorder._probe() end", chunkName: "=loop")
        let one = ScriptSession.itemBytes([(1...5000).map { Item(String($0)) }])
        #expect(one == 32 + 5000 * 96)
        #expect(peak > 0)
        // Each session also holds its policy's VM (the built-in `default`): well under 1 MiB.
        #expect(peak <= ScriptingHost.sessionCollectionStep + one + (1 << 20), "peak \(peak)")
        #expect(peak < 200 * one)
    }

    /// `s:close()` releases the session at once; `<close>` does it at the end of the scope;
    /// a closed session says so.
    @Test func closeReleasesASessionAtOnce() throws {
        var text = ""
        let host = try ScriptingHost(output: { text += $0 })
        let before = host.sessionBytes
        try host.run("big = reorder.session{ rows = 100000 }", chunkName: "=a")
        // ScriptSession.itemBytes: 32 + 100,000 × 96 bytes, and the policy's VM.
        #expect(host.sessionBytes - before >= 9_600_032)
        try host.run("""
            big:close()
            print(pcall(big.order, big))
            print(tostring(big))
            do local s <close> = reorder.session{ rows = 3 } print(#s:order()) end
            """, chunkName: "=b")
        #expect(host.sessionBytes == before)
        #expect(text.hasPrefix("false\ts:order: this session is closed\n"), "\(text)")
        #expect(text.hasSuffix("reorder.session(1, closed)\n3\n"), "\(text)")
    }

    /// A run of 250,000 frames: the session keeps its newest inputs (at least
    /// DragSimulator.inputLimit = 100,000; dropped in a block of 100,001 when 200,001 are kept)
    /// and `s:inputs()` says how many went in its first entry.
    @Test func inputsSayHowManyWereDropped() {
        let out = lua("""
            local s = reorder.session{ rows = 30 }
            s:press_item(1, 3) s:hold(1)
            s:tick(250000)
            local inputs = s:inputs()
            print(inputs[1].type, inputs[1].count, inputs[2].type, inputs[#inputs].type)
            """)
        #expect(out == "dropped\t100001\tframe\tframe\n", "\(out)")
    }

    /// A policy that prints on every call: each message is written as it comes, and the session
    /// keeps the last ScriptSession.diagnosticLimit = 1,000 to 2,000.
    @Test func aPolicysMessagesAreKeptWithinTheirBound() throws {
        let dir = try temporaryDirectory(prefix: "reorder-chatty", files: [
            "chatty.lua": "return { name = \"chatty\", api = 1, can_move = function() print(\"x\") return true end }\n",
        ])
        var lines = 0
        let host = try ScriptingHost(output: { _ in lines += 1 })
        host.baseDirectory = dir.path
        try host.run("s = reorder.session{ rows = 3, policy = 'chatty.lua' } for i = 1, 2500 do s:can_move(1, 1) end",
                     chunkName: "=chatty")
        let s = try #require(host.session(global: "s"))
        #expect(lines == 2500)
        // At 2,001 kept the oldest 1,001 went; 499 came since.
        #expect(s.diagnostics.count == 1499)
        #expect(s.diagnostics.last?.message == "x")
    }

    /// A group drag's events are listed with every item of the group: a move of a group of
    /// 2,500 weighs 2,501 (DragEventLog). 100 steps of it pass the log's bound; the oldest go,
    /// and `s:events()` starts with how many.
    @Test func eventsOfAHugeGroupDragAreBounded() {
        let out = lua("""
            local s = reorder.session{ rows = 3000 }
            for row = 1, 2500 do s:select(1, row) end
            s:focus(1, 1) s:key("space")
            s:key("down", 100)
            local events = s:events()
            print(events[1].type, events[1].count, #events, events[#events].type)
            """)
        // The lift's begin and group event (2,500 items) were collected after `space`; during
        // `down` the session's own list weighs 2,501 a move: at the 80th it weighs 200,080 >
        // 200,000, and dropping down to 100,000 takes 41 moves; 20 more come after. The
        // script's log keeps the begin (listed with the group's items), the group event and the
        // 59 moves: 150,061. Listed: the note, the begin, 59 moves.
        #expect(out == "dropped\t41\t61\tmove\n", "\(out)")
    }
}
