import Foundation
import ReorderCore
import ReorderTrace
import ReorderLua
import ReorderScripting
import ReorderTestSupport
import Testing
@testable import ReorderPlayground

/// The host side, without a server: messages in, replies out.
@Suite struct PlaygroundHostTests {
    func message(_ text: String) throws -> PlaygroundProtocol.Message { try PlaygroundProtocol.decode(text) }

    /// A policy file `name` holding `source`, in a fresh temporary folder (the caller removes it).
    static func policyFile(_ name: String, _ source: String) throws -> (dir: URL, path: String) {
        let dir = try temporaryDirectory(prefix: "play", files: [name: source])
        return (dir, dir.appendingPathComponent(name).path)
    }

    /// A page's `frame` at page time `t` carrying `inputs` (input objects as the page writes them).
    func frame(_ t: Double, _ inputs: String = "", seq: Int? = nil) throws -> PlaygroundProtocol.Message {
        try message(#"{"v":4,"type":"frame","time":\#(t)\#(seq.map { #","seq":\#($0)"# } ?? ""),"inputs":[\#(inputs)]}"#)
    }

    func json(_ reply: PlaygroundReply) -> [String: Any] {
        let text: String
        switch reply { case .sender(let t), .everyone(let t): text = t }
        return (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
    }

    /// A trace's text from the tests' shorthand, one input per line, `type time x y` (`key
    /// time n`: the space key n times): numbers as written, so a test can give one out of any
    /// bound.
    static func trace(_ shorthand: String) -> String {
        shorthand.split(separator: "\n").map { line in
            let f = line.split(separator: " ").map(String.init)
            switch f[0] {
            case "down", "move": return #"{"type":"\#(f[0])","x":\#(f[2]),"y":\#(f[3]),"time":\#(f[1])}"#
            case "key": return #"{"type":"key","key":"space","n":\#(f[2]),"time":\#(f[1])}"#
            default: return #"{"type":"\#(f[0])","time":\#(f[1])}"#
            }
        }.joined(separator: "\n") + "\n"
    }

    @Test func helloGetsTheWelcomeAndTheScene() throws {
        let play = try Playground(options: .init(policy: "default", rows: 30))
        let replies = play.handle(try message(#"{"v":4,"type":"hello","seq":1}"#), client: 1)
        #expect(replies.count == 2)
        let welcome = json(replies[0])
        #expect(welcome["type"] as? String == "welcome")
        #expect(welcome["policy"] as? String == "default")
        #expect((welcome["policies"] as? [String])?.contains("drag_drop_table") == true)
        #expect((welcome["curve_svg"] as? String)?.contains("<svg") == true)
        #expect((welcome["curve_svg"] as? String)?.contains("Edge-scroll speed against distance from the edge") == true)
        let scene = json(replies[1])["scene"] as? [String: Any]
        #expect(scene?["state"] as? String == "idle")
        #expect((scene?["cells"] as? [[String: Any]])?.count == 16)   // rows 1...16 in 667 pt
        #expect(json(replies[1])["seq"] as? Int == 1)
    }

    /// A drag as the page sends it: the press rides on the first frame, the last move and the
    /// release on the last; each frame is one message with one scene in reply (to everyone
    /// once something changed). The page's clock (from 100 s) maps onto the session's: page
    /// 100.004 is session 0 (the first input is "now"). Row 1 pressed at y 22, held past
    /// default's 0.5 s, moved onto row 4 (y 154, rows of 44 pt): order 2 3 4 1.
    @Test func frameAppliesItsInputsInOrderThenTheTick() throws {
        let play = try Playground(options: .init(policy: "default", rows: 30))
        var t = 100.004
        let pressed = play.handle(try frame(t, #"{"type":"down","time":100,"x":100,"y":22}"#, seq: 1), client: 1)
        #expect(pressed.count == 1)
        if case .everyone = pressed[0] {} else { Issue.record("a frame with a press goes to every page") }
        #expect(json(pressed[0])["seq"] as? Int == 1)
        #expect(play.session.simulator.state == .pressing)
        #expect(play.session.simulator.finger == Point(x: 100, y: 22))
        for _ in 0..<40 {
            t += 1.0 / 60
            _ = play.handle(try frame(t), client: 1)
        }
        t += 1.0 / 60
        _ = play.handle(try frame(t, #"{"type":"move","time":\#(t - 0.004),"x":100,"y":154}"#), client: 1)
        for _ in 0..<5 {
            t += 1.0 / 60
            _ = play.handle(try frame(t), client: 1)
        }
        t += 1.0 / 60
        let released = play.handle(try frame(t, #"{"type":"move","time":\#(t - 0.01),"x":100,"y":154},{"type":"up","time":\#(t - 0.005)}"#, seq: 2),
                                   client: 1)
        #expect(released.count == 1)
        #expect(play.session.simulator.order.ids.first?.prefix(4) == ["2", "3", "4", "1"])
        #expect(abs(play.session.simulator.time - (t - 100)) < 1e-9)
        let events = (json(released[0])["events"] as? [[String: Any]])?.map { $0["type"] as? String }
        #expect(events == ["end"])
        #expect(json(released[0])["seq"] as? Int == 2)
    }

    /// A frame's `select` and `deselect` name their item by section and row, and apply in
    /// order: rows 2 and 5 selected in one frame (the scene marks both), row 2 deselected in
    /// the next.
    @Test func selectAndDeselectApplyInTurn() throws {
        let play = try Playground(options: .init(policy: "default", rows: 30))
        let selected = play.handle(try frame(2, #"{"type":"select","time":2,"section":1,"row":2},{"type":"select","time":2,"section":1,"row":5}"#),
                                   client: 1)
        #expect(play.session.simulator.session.selectedIds == ["2", "5"])
        let cells = (json(selected[0])["scene"] as? [String: Any])?["cells"] as? [[String: Any]]
        #expect(cells?.filter { $0["selected"] as? Bool == true }.map { $0["id"] as? String } == ["2", "5"])
        _ = play.handle(try frame(3, #"{"type":"deselect","time":3,"section":1,"row":2}"#), client: 1)
        #expect(play.session.simulator.session.selectedIds == ["5"])
    }

    /// The keyboard's inputs ride on frames too (docs/PLAYGROUND.md, "Versions"): focus row 2
    /// and Space lift it in one frame, two Down keys (one as `n` 2) and Space drop it in the
    /// next, applied in order before each tick: row 2 moves two rows down, order 1 3 4 2 5
    /// (REFERENCE.md, "Keyboard dragging": a table's Down is one row); Up twice brings it back.
    @Test func framesCarryKeyboardInputs() throws {
        let play = try Playground(options: .init(policy: "default", rows: 30))
        let lifted = play.handle(try frame(10.02, #"{"type":"focus","time":10,"section":1,"row":2},{"type":"key","time":10.01,"key":"space"}"#, seq: 1),
                                 client: 1)
        #expect(lifted.count == 1)
        if case .everyone = lifted[0] {} else { Issue.record("a frame with a keyboard input goes to every page") }
        #expect(json(lifted[0])["seq"] as? Int == 1)
        let kb = json(lifted[0])["keyboard"] as? [String: Any]
        // The focus as every position is written: 1-based [section, row] (Vocabulary).
        #expect(kb?["focus"] as? [Int] == [1, 2])
        #expect(kb?["lifted"] as? Bool == true)
        let dropped = play.handle(try frame(10.2, #"{"type":"key","time":10.1,"key":"down","n":2},{"type":"key","time":10.15,"key":"space"}"#, seq: 2),
                                  client: 1)
        #expect(json(dropped[0])["seq"] as? Int == 2)
        #expect(play.session.simulator.order.ids.first?.prefix(5) == ["1", "3", "4", "2", "5"])
        #expect((json(dropped[0])["keyboard"] as? [String: Any])?["lifted"] as? Bool == false)
        #expect(abs(play.session.simulator.time - 0.2) < 1e-9)   // page 10 is session 0
        _ = play.handle(try frame(11.4, #"{"type":"focus","time":11,"section":1,"row":4},{"type":"key","time":11.1,"key":"space"},"#
                                  + #"{"type":"key","time":11.2,"key":"up","n":2},{"type":"key","time":11.3,"key":"space"}"#), client: 1)
        #expect(play.session.simulator.order.ids.first?.prefix(5) == ["1", "2", "3", "4", "5"])
    }

    /// An input older than the client's last frame is refused, and none of its frame's inputs
    /// is applied; another client has its own clock.
    @Test func outOfOrderInputIsRefusedAndNothingChanges() throws {
        let play = try Playground(options: .init(policy: "default", rows: 30))
        _ = play.handle(try frame(5, #"{"type":"down","time":5,"x":100,"y":22}"#), client: 1)
        let r = play.handle(try frame(6, #"{"type":"move","time":4.5,"x":100,"y":200},{"type":"up","time":5.5}"#, seq: 9), client: 1)
        #expect(json(r[0])["type"] as? String == "error")
        #expect(json(r[0])["message"] as? String == "out of order: t 4.5 is older than this client's last message (t 5.0)")
        #expect(json(r[0])["seq"] as? Int == 9)
        #expect(play.session.simulator.finger == Point(x: 100, y: 22))
        #expect(play.session.simulator.state == .pressing)
        let other = play.handle(try frame(1, #"{"type":"move","time":1,"x":100,"y":30}"#), client: 2)
        #expect(json(other[0])["type"] as? String == "scene")
    }

    @Test func policySwitchKeepsTheOrderAndUnknownNamesAreRefused() throws {
        let play = try Playground(options: .init(policy: "default", rows: 5))
        play.session.simulator.drag(from: ItemPosition(section: 0, item: 0), to: ItemPosition(section: 0, item: 2))
        let r = play.handle(try message(#"{"v":4,"type":"policy","name":"uikit"}"#), client: 1)
        #expect(json(r[0])["policy"] as? String == "uikit")
        #expect(play.session.simulator.order.ids == [["2", "3", "1", "4", "5"]])
        let bad = play.handle(try message(#"{"v":4,"type":"policy","name":"nope"}"#), client: 1)
        #expect(json(bad[0])["message"] as? String == "no built-in policy named 'nope'")
    }

    /// A tree session records its tree in the trace's session line and its toggles as inputs;
    /// replaying the trace on another list makes the tree session again, and the same tree.
    @Test func aTreeSessionIsRecordedAndReplayed() throws {
        let play = try Playground(options: .init(policy: "default", layout: .tree))
        #expect(json(play.handle(try message(#"{"v":4,"type":"record"}"#), client: 1)[0])["status"] as? String == "recording")
        // Row 1 of the outline demo is Work (expanded): the toggle collapses it.
        _ = play.handle(try frame(10, #"{"type":"toggle","time":10,"section":1,"row":1}"#), client: 1)
        let stop = json(play.handle(try message(#"{"v":4,"type":"stop"}"#), client: 1)[0])
        let text = try #require(stop["text"] as? String)
        let trace = try TraceCodec.decode(text)
        #expect(trace.header?.layout == .tree)
        #expect(trace.header?.tree?.map(\.description) == [
            "Work(Review PR 42(Read the diff, Run the tests), Write spec, Plan sprint)",
            "Home(Pay rent, Water plants, Groceries)", "+Later(Book flights, Tax return, Learn Lua)", "Inbox zero",
        ])
        #expect(trace.inputs.map(\.typeName).first == "toggle")
        let again = try Playground(options: .init(policy: "default", rows: 10))
        guard case .success(let inputs) = again.prepareReplay(text) else { Issue.record("replay refused"); return }
        _ = again.apply(inputs)
        let tree = try #require(again.session.simulator.tree)
        #expect(tree == play.session.simulator.tree)
        #expect(tree.nested().first?.description == "+Work(Review PR 42(Read the diff, Run the tests), Write spec, Plan sprint)")
    }

    @Test func recordStopAndReplayTheTrace() throws {
        let play = try Playground(options: .init(policy: "default", rows: 10))
        #expect(json(play.handle(try message(#"{"v":4,"type":"record"}"#), client: 1)[0])["status"] as? String == "recording")
        _ = play.handle(try frame(10, #"{"type":"down","time":10,"x":100,"y":22}"#), client: 1)
        _ = play.handle(try frame(10.6, #"{"type":"move","time":10.6,"x":100,"y":110}"#), client: 1)
        _ = play.handle(try frame(10.62, #"{"type":"up","time":10.62}"#), client: 1)
        let stop = json(play.handle(try message(#"{"v":4,"type":"stop"}"#), client: 1)[0])
        #expect(stop["inputs"] as? Int == 6)
        let text = try #require(stop["text"] as? String)
        // The trace's session line, then its inputs at session times: the page's 10 s is the
        // session's 0 (10.6 - 10 = 0.6 to rounding).
        let trace = try TraceCodec.decode(text)
        #expect(trace.header?.sections.first?.count == 10)
        #expect(trace.inputs.map(\.typeName) == ["down", "frame", "move", "frame", "up", "frame"])
        #expect(trace.inputs.first == .down(0, Point(x: 100, y: 22)))
        #expect(abs(trace.inputs[2].time - 0.6) < 1e-9)
        // Replaying the trace on a fresh list gives the same order.
        let again = try Playground(options: .init(policy: "default", rows: 10))
        guard case .success(let inputs) = again.prepareReplay(text) else { Issue.record("replay refused"); return }
        _ = again.apply(inputs)
        #expect(again.session.simulator.order.ids == play.session.simulator.order.ids)
        #expect(again.session.simulator.order.ids.first?.prefix(3) == ["2", "3", "1"])
    }

    /// Every host message opens the same way (docs/PLAYGROUND.md, the protocol): `v`, `type`,
    /// then the `seq` of the message it answers, when that message carried one.
    @Test func hostMessagesOpenWithVersionTypeAndSeq() throws {
        let play = try Playground(options: .init(policy: "default", rows: 3))
        func text(_ reply: PlaygroundReply) -> String {
            switch reply { case .sender(let t), .everyone(let t): return t }
        }
        #expect(text(play.handle(try message(#"{"v":4,"type":"stop","seq":5}"#), client: 1)[0])
                == #"{"v":4,"type":"error","seq":5,"message":"not recording"}"#)
        #expect(text(play.handle(try message(#"{"v":4,"type":"record","seq":6}"#), client: 1)[0])
                == #"{"v":4,"type":"status","seq":6,"status":"recording"}"#)
        #expect(text(play.handle(try message(#"{"v":4,"type":"stop"}"#), client: 1)[0])
                .hasPrefix(#"{"v":4,"type":"trace","inputs":0,"text":"#))
        #expect(Playground.errorMessage("too many pages", seq: nil) == #"{"v":4,"type":"error","message":"too many pages"}"#)
        #expect(play.policyErrorMessage("x.lua:1: boom") == #"{"v":4,"type":"policy_error","message":"x.lua:1: boom"}"#)
        #expect(play.welcome(seq: 2).hasPrefix(#"{"v":4,"type":"welcome","seq":2,"policies":["#))
    }

    /// A broken edit leaves the last good policy; a good one is taken (and keeps the order).
    @Test func reloadKeepsTheLastGoodPolicy() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("play-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("mine.lua").path
        try #"return { name = "mine", extends = "default", api = 1 }"#.write(toFile: path, atomically: true, encoding: .utf8)
        var logged = ""
        let play = try Playground(options: .init(policy: path, rows: 5), log: { logged += $0 })
        play.session.simulator.drag(from: ItemPosition(section: 0, item: 0), to: ItemPosition(section: 0, item: 1))
        let chart = json(.sender(play.welcome(seq: nil)))["curve_svg"] as? String ?? ""
        #expect(chart.contains("<svg"))   // default's edge scroll, which mine extends
        try "return { name = \"broken\",\n  api = 1 extends = 2 }".write(toFile: path, atomically: true, encoding: .utf8)
        let broken = play.reload()
        // The chart is still the last good policy's (it is the one in force), not "no edge scroll".
        #expect(json(.sender(play.welcome(seq: nil)))["curve_svg"] as? String == chart)
        // Also when no page asked for the chart before the file broke (a page opened afterwards).
        try #"return { name = "mine", extends = "default", api = 1 }"#.write(toFile: path, atomically: true, encoding: .utf8)
        let fresh = try Playground(options: .init(policy: path, rows: 5))
        try "return { name = \"broken\",\n  api = 1 extends = 2 }".write(toFile: path, atomically: true, encoding: .utf8)
        _ = fresh.reload()
        #expect(json(.sender(fresh.welcome(seq: nil)))["curve_svg"] as? String == chart)
        #expect(json(broken[0])["type"] as? String == "policy_error")
        let message = json(broken[0])["message"] as? String ?? ""
        #expect(message.hasPrefix("mine.lua:2: "))
        #expect(logged.contains("mine.lua:2: "))
        #expect(play.session.policyName == "mine")
        try #"return { name = "mine2", extends = "default", api = 1 }"#.write(toFile: path, atomically: true, encoding: .utf8)
        let good = play.reload()
        #expect(json(good[0])["policy"] as? String == "mine2")
        #expect(play.policyError == nil)
        #expect(play.session.simulator.order.ids == [["2", "1", "3", "4", "5"]])
    }

    /// `reorder play mine.lua` with a misspelt field and a failing hook: the load warning is in
    /// the terminal at start and in every page's `welcome`; the hook's failure during a page's
    /// drag goes to the terminal and, as a `diagnostics` message, to every page. Each is the
    /// line every command shows (`PolicyDiagnostic.line(policy:)`).
    @Test func policyDiagnosticsReachTheTerminalAndEveryPage() throws {
        let (dir, path) = try Self.policyFile("mine.lua", """
            return {
              min_press_durration = 0.3,
              can_move = function(ctx, s, r) error("no moves today") end,
            }
            """)
        defer { try? FileManager.default.removeItem(at: dir) }
        let warning = "[policy mine] warning: mine.lua:2: unknown field 'min_press_durration' (did you mean 'min_press_duration'?)"
        let failure = "[policy mine] error: mine.lua:3: can_move: no moves today"
        var logged = ""
        let play = try Playground(options: .init(policy: path, rows: 5), log: { logged += $0 })
        #expect(logged == warning + "\n")
        let hello = play.handle(try message(#"{"v":4,"type":"hello"}"#), client: 1)
        let shown = (json(hello[0])["diagnostics"] as? [[String: Any]])?.map { $0["text"] as? String }
        #expect(shown == [warning])
        // A press held past default's 0.5 s: the lift asks can_move, which fails.
        var replies = play.handle(try frame(100, #"{"type":"down","time":100,"x":100,"y":22}"#), client: 1)
        for k in 1...40 {
            replies += play.handle(try frame(100 + Double(k) / 60), client: 1)
        }
        let forwarded = replies.filter { json($0)["type"] as? String == "diagnostics" }
        #expect(forwarded.count == 1)
        if case .everyone? = forwarded.first {} else { Issue.record("the diagnostics went to one page only") }
        let lines = forwarded.flatMap { (json($0)["diagnostics"] as? [[String: Any]]) ?? [] }
        #expect(lines.map { $0["text"] as? String } == [failure])
        #expect(lines.first?["line"] as? Int == 3)
        #expect(logged == warning + "\n" + failure + "\n")
    }

    /// Every hook is asked once a frame, counted by the hooks' own `print`s. A dragging frame
    /// in the bottom edge zone asks `zone` and `speed` once each: the scene drawn after it
    /// reports what the frame asked. `instructions` and `actions`,
    /// which the keyboard block shows, are asked again only when something they may depend on
    /// changed: an event (an item moved), the state, the focus; three `scene` messages in a row
    /// ask nothing but the idle scene's `zone`.
    @Test func eachHookIsAskedOnceAFrame() throws {
        let (dir, path) = try Self.policyFile("counting.lua", """
            return {
              name = "counting", extends = "default", api = 1,
              edge_scroll = {
                zone = function(ctx, axis, viewport_length) print("zone") return 120 end,
                speed = function(ctx, depth, zone, elapsed) print("speed") return 300 end,
              },
              instructions = function(ctx, section, row) print("instructions") return "Space lifts." end,
              actions = function(ctx, section, row, offered) print("actions") return offered end,
            }
            """)
        defer { try? FileManager.default.removeItem(at: dir) }
        let play = try Playground(options: .init(policy: path, rows: 100))
        /// The hooks `body` asked, by name, and its replies.
        func asked(_ body: () throws -> [PlaygroundReply]) rethrows -> (hooks: [String: Int], replies: [PlaygroundReply]) {
            play.session.collect()
            let before = play.session.diagnostics.count
            let replies = try body()
            play.session.collect()
            var hooks: [String: Int] = [:]
            for d in play.session.diagnostics[before...] where d.kind == .print { hooks[d.message, default: 0] += 1 }
            return (hooks, replies)
        }
        func events(_ replies: [PlaygroundReply]) -> Int {
            replies.compactMap { json($0)["events"] as? [Any] }.reduce(0) { $0 + $1.count }
        }
        // Idle: the scene asks the zone (to draw it) and the first item's instructions.
        #expect(try asked { play.handle(try message(#"{"v":4,"type":"hello"}"#), client: 1) }.hooks == ["zone": 1, "instructions": 1])
        // Row 1 pressed and held past default's 0.5 s, then the finger in the bottom zone (the
        // viewport is 667 pt, the zone 120: y 600 is 53 pt deep).
        var t = 0.0
        _ = play.handle(try frame(t, #"{"type":"down","time":0,"x":100,"y":22}"#), client: 1)
        for _ in 0..<40 { t += 1.0 / 60; _ = play.handle(try frame(t), client: 1) }
        #expect(play.session.simulator.state == .dragging)
        t += 1.0 / 60
        _ = play.handle(try frame(t, #"{"type":"move","time":\#(t),"x":100,"y":600}"#), client: 1)
        var moved = 0
        for _ in 0..<30 {
            t += 1.0 / 60
            let step = try asked { play.handle(try frame(t), client: 1) }
            let news = events(step.replies)
            moved += news
            // The list scrolls under the finger: a frame whose item stepped asks for the
            // instructions again (the order changed), the others do not.
            let expected = news > 0 ? ["zone": 1, "speed": 1, "instructions": 1] : ["zone": 1, "speed": 1]
            #expect(step.hooks == expected, "frame at \(t): \(news) events")
        }
        #expect(moved > 0)   // the edge scroll moved the item: both kinds of frame were seen
        // Dropped, then the focus on row 3: its instructions and actions, once.
        t += 1.0 / 60
        _ = play.handle(try frame(t, #"{"type":"up","time":\#(t)}"#), client: 1)
        for _ in 0..<30 { t += 1.0 / 60; _ = play.handle(try frame(t), client: 1) }
        #expect(play.session.simulator.state == .idle)
        t += 1.0 / 60
        let focused = try asked { play.handle(try frame(t, #"{"type":"focus","time":\#(t),"section":1,"row":3}"#), client: 1) }
        #expect(focused.hooks == ["zone": 1, "instructions": 1, "actions": 1])
        for _ in 0..<3 {
            #expect(try asked { play.handle(try message(#"{"v":4,"type":"scene"}"#), client: 1) }.hooks == ["zone": 1])
        }
    }

    @Test func watcherFollowsTheExtendsChain() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("base"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.lua").path, b = dir.appendingPathComponent("base/b.lua").path
        try #"return { name = "a", extends = "base/b.lua" }"#.write(toFile: a, atomically: true, encoding: .utf8)
        try #"return { name = "b", extends = 'uikit' }"#.write(toFile: b, atomically: true, encoding: .utf8)
        #expect(PolicyWatcher.chain(of: a) == [a, b])
    }
}

/// `:play`: the page drives a session the REPL owns, through the shared lock.
@Suite struct SharedSessionTests {
    @Test func aPageDragShowsInTheOwnersSession() async throws {
        let host = try ScriptingHost(output: { _ in })
        try host.run("s = reorder.session{ rows = 5, policy = 'default' }", chunkName: "=t")
        let lock = NSRecursiveLock()
        let hub = PlaygroundHub(sharing: SharedPlayground(try Playground(host: host, global: "s"), lock: lock))
        var t = 50.0
        func frame(_ inputs: String = "") -> String { #"{"v":4,"type":"frame","time":\#(t),"inputs":[\#(inputs)]}"# }
        _ = await hub.respond(to: frame(#"{"type":"down","time":\#(t),"x":100,"y":22}"#), from: 1)
        for _ in 0..<40 { t += 1.0 / 60; _ = await hub.respond(to: frame(), from: 1) }
        _ = await hub.respond(to: frame(#"{"type":"move","time":\#(t),"x":100,"y":110}"#), from: 1)
        for _ in 0..<3 { t += 1.0 / 60; _ = await hub.respond(to: frame(), from: 1) }
        _ = await hub.respond(to: frame(#"{"type":"up","time":\#(t)}"#), from: 1)
        let order = lock.withLock { host.session(global: "s")?.simulator.order.ids }
        // Row 1 pressed at y 22, held past 0.5 s, moved onto row 3 (y 110): 2 3 1 4 5.
        #expect(order == [["2", "3", "1", "4", "5"]])
        // And the other way: the owner's change is in the next scene.
        lock.withLock {
            _ = host.session(global: "s")?.simulator.drag(from: ItemPosition(section: 0, item: 2), to: ItemPosition(section: 0, item: 0))
        }
        let state = await hub.stateJSON()
        #expect(state.contains(#""order":[["1","2","3","4","5"]]"#))
    }

    /// The REPL assigns a new session to `s`: after the entry (``Playground/followHost()``, as
    /// the REPL calls it), the page drives the new one, not the one it had.
    @Test func aNewSessionInTheGlobalIsFollowed() throws {
        let host = try ScriptingHost(output: { _ in })
        try host.run("s = reorder.session{ rows = 5, policy = 'default' }", chunkName: "=t")
        let play = try Playground(host: host, global: "s")
        try host.run("s = reorder.session{ rows = 3, policy = 'uikit' }", chunkName: "=t")
        play.followHost()
        #expect(play.session === host.session(global: "s"))
        let scene = play.sceneMessage(seq: nil)
        #expect(scene.contains(#""policy":"uikit""#))
    }
}
