import Foundation
import Testing
@testable import ReorderPlayground

/// A policy that holds a frame: its hooks run single instructions of unbounded work (`<` of two
/// 2 MiB strings of NUL bytes, which Lua compares by `strcoll` once per NUL-separated piece,
/// lvm.c l_strcmp: about 20 ms an instruction), or an `xpcall` whose message handler never
/// ends. Each hook call stops at its time limit (docs/SANDBOX.md, "The time of a call"), or at its
/// budget with the handler skipped; after three failures of a hook the policy is switched off
/// (``LuaPolicy``); so every frame of a drag is answered within the hostile suite's bound (3 s),
/// and the terminal names the policy file, its line and what is wrong.
extension ServerHostileTests {
    /// 2 MiB of NUL bytes (lines 1-2: 65,536 repeated, doubled five times).
    static let nul = "local nul = string.rep('\\0', 1 << 16)\nfor i = 1, 5 do nul = nul .. nul end\n"

    /// The policies: `burn` on line 4 (300 comparisons, `<` or `<=`: fewer instructions than
    /// the count hook's interval, so no hook fires in one call), called from every hook a
    /// frame of a drag calls; and `guarded` on line 3, an `xpcall` around a loop whose handler
    /// loops.
    static let holdingPolicies: [(name: String, source: String, line: Int, message: String)] = [
        ("nul_less.lua", nul + """
            local function burn()
              for i = 1, 300 do if nul < nul then error("unreachable") end end
            end
            return { name = "nul_less", api = 1,
              can_move = function() burn() return true end,
              target = function() burn() end,
              edge_scroll = { enabled = true, axes = "vertical", speed = function() burn() end } }

            """, 4, "the call ran "),
        ("nul_less_equal.lua", nul + """
            local function burn()
              for i = 1, 300 do if not (nul <= nul) then error("unreachable") end end
            end
            return { name = "nul_less_equal", api = 1,
              can_move = function() burn() return true end,
              semantics = function() burn() end,
              on_move = function() burn() end }

            """, 4, "the call ran "),
        ("handler.lua", """
            local function f() while true do end end
            local function h(e) while true do end end
            local function guarded() xpcall(f, h) end
            return { name = "handler", api = 1,
              can_move = function() guarded() return true end,
              target = function() coroutine.wrap(guarded)() end }

            """, 1, "instruction budget exceeded (1000000 instructions)"),
    ]

    /// Each policy in the playground, through the live socket: a page drags for 150 frames one
    /// at a time, each answered within 3 s; the terminal shows the hook's error with the file
    /// and line.
    @Test(arguments: ["nul_less.lua", "nul_less_equal.lua", "handler.lua"])
    func aPolicyThatHoldsAFrameIsStopped(_ name: String) async throws {
        let policy = try #require(Self.holdingPolicies.first { $0.name == name })
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hold-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(name).path
        try policy.source.write(toFile: path, atomically: true, encoding: .utf8)
        let log = Log()
        let hub = try PlaygroundHub(options: .init(policy: path, rows: 30), log: { log.add($0) })
        let answered = Counter()
        let slowest = Slowest()
        try await live(hub) { port in
            try await onThread {
                let c = try Self.page(port: port)
                try Self.drag(c, frames: 150, answered: answered, replied: { slowest.add($0) })
            }
        }
        #expect(answered.value == 150)
        #expect(slowest.value < 3, "a frame took \(slowest.value) s")
        #expect(log.text.contains("\(name):\(policy.line): "), "\(log.text)")
        #expect(log.text.contains(policy.message), "\(log.text)")
        print(String(format: "clock figures: playground frame (%@): slowest frame %.0f ms", name, slowest.value * 1000))
    }
}

/// The longest of the times given, seconds.
final class Slowest: @unchecked Sendable {   // every access holds `lock`
    private let lock = NSLock()
    private var stored = 0.0
    func add(_ seconds: Double) { lock.withLock { stored = max(stored, seconds) } }
    var value: Double { lock.withLock { stored } }
}
