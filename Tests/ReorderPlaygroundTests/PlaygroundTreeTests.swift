import Foundation
import ReorderCore
import Testing
@testable import ReorderPlayground

/// A tree session's scene as the page gets it (docs/PLAYGROUND.md, "The scene"): each cell's
/// `depth`, `children` and `collapsed`, and `outline`; a `toggle` input collapses a row.
@Suite struct PlaygroundTreeTests {
    func json(_ reply: PlaygroundReply) -> [String: Any] {
        let text: String
        switch reply { case .sender(let t), .everyone(let t): text = t }
        return (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
    }

    func cells(_ reply: PlaygroundReply) -> [[String: Any]] {
        ((json(reply)["scene"] as? [String: Any])?["cells"] as? [[String: Any]]) ?? []
    }

    /// The outline demo (DemoList.outline) under dndkit_tree (indent 50): Work(Review PR 42(Read
    /// the diff, Run the tests), Write spec, Plan sprint), Home(3 children), Later (collapsed,
    /// 3 children), Inbox zero. Home's row (7) toggled: its children leave the rows.
    @Test func theSceneCarriesEachRowsDepthAndAToggleCollapses() throws {
        let play = try Playground(options: .init(policy: "dndkit_tree", layout: .tree))
        let first = play.handle(try PlaygroundProtocol.decode(#"{"v":4,"type":"scene"}"#), client: 1)
        guard let reply = first.last else { Issue.record("no scene"); return }
        let rows = cells(reply)
        #expect(rows.map { $0["id"] as? String } == ["Work", "Review PR 42", "Read the diff", "Run the tests", "Write spec",
                                                    "Plan sprint", "Home", "Pay rent", "Water plants", "Groceries",
                                                    "Later", "Inbox zero"])
        #expect(rows.map { $0["depth"] as? Int } == [0, 1, 2, 2, 1, 1, 0, 1, 1, 1, 0, 0])
        #expect(rows.compactMap { $0["children"] as? Bool == true ? $0["id"] as? String : nil } == ["Work", "Review PR 42", "Home", "Later"])
        #expect(rows.compactMap { $0["collapsed"] as? Bool == true ? $0["id"] as? String : nil } == ["Later"])
        let outline = (json(reply)["scene"] as? [String: Any])?["outline"] as? [String: Any]
        #expect(outline?["indent"] as? Double == 50)
        #expect(outline?["projection"] == nil)

        let toggled = play.handle(try PlaygroundProtocol.decode(
            #"{"v":4,"type":"frame","time":1,"inputs":[{"type":"toggle","section":1,"row":7,"time":1}]}"#), client: 1)
        guard let after = toggled.last else { Issue.record("no scene"); return }
        let collapsed = cells(after)
        #expect(collapsed.map { $0["id"] as? String } == ["Work", "Review PR 42", "Read the diff", "Run the tests", "Write spec",
                                                         "Plan sprint", "Home", "Later", "Inbox zero"])
        #expect(collapsed[6]["collapsed"] as? Bool == true)
    }

    /// `demo` switches the list and keeps the policy; `reset` comes back to the demo picked; an
    /// unknown name is refused and changes nothing.
    @Test func aDemoMessageSwitchesTheListAndKeepsThePolicy() throws {
        let play = try Playground(options: .init(policy: "dndkit_tree", rows: 5))
        let replies = play.handle(try PlaygroundProtocol.decode(#"{"v":4,"type":"demo","name":"tree"}"#), client: 1)
        #expect(replies.count == 2)
        let welcome = replies.first.map(json) ?? [:]
        #expect(welcome["demo"] as? String == "tree")
        #expect(welcome["demos"] as? [String] == ["table", "grid", "board", "strip", "tree"])
        #expect(welcome["policy"] as? String == "dndkit_tree")
        #expect(play.session.simulator.order.ids.first?.prefix(2) == ["Work", "Review PR 42"])
        _ = play.handle(try PlaygroundProtocol.decode(
            #"{"v":4,"type":"frame","time":1,"inputs":[{"type":"toggle","section":1,"row":1,"time":1}]}"#), client: 1)
        #expect(play.session.simulator.order.ids.first?.prefix(2) == ["Work", "Home"])
        _ = play.handle(try PlaygroundProtocol.decode(#"{"v":4,"type":"reset"}"#), client: 1)
        #expect(play.session.simulator.order.ids.first?.prefix(2) == ["Work", "Review PR 42"])
        let refused = play.handle(try PlaygroundProtocol.decode(#"{"v":4,"type":"demo","name":"forest"}"#), client: 1)
        #expect(refused.first.map(json)?["message"] as? String
                == "no demo named 'forest' (table, grid, board, strip or tree)")
        #expect(play.session.simulator.order.ids.first?.prefix(2) == ["Work", "Review PR 42"])
    }
}
