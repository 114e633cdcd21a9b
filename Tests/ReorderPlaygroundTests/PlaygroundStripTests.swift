import Foundation
import ReorderCore
import ReorderScripting
import Testing
@testable import ReorderPlayground

/// `reorder play --layout strip`: the page gets the strip's frames (it draws nothing but the
/// scene's numbers, so a horizontal grid needs nothing of its own there).
@Suite struct PlaygroundStripTests {
    @Test func theStripDemoSendsTheTabsSideBySide() throws {
        let play = try Playground(options: .init(demo: .strip))
        let replies = play.handle(try PlaygroundProtocol.decode(#"{"v":4,"type":"hello","seq":1}"#), client: 1)
        #expect(replies.count == 2)
        guard case .sender(let text) = replies[1],
              let reply = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
              let scene = reply["scene"] as? [String: Any], let cells = scene["cells"] as? [[String: Any]]
        else { Issue.record("no scene"); return }
        // 375 pt show tabs 1...5 (the fifth from x = 320, cut at 375).
        #expect(cells.count == 5)
        #expect(cells.map { $0["title"] as? String } == ["Mail", "Calendar", "News", "Docs", "Maps"])
        // Frames are [x, y, width, height]: tab 3 at 2 × 80.
        #expect((cells[2]["frame"] as? [Double]) == [160, 0, 80, 44])
        #expect((scene["viewport"] as? [Double]) == [375, 44])
        #expect((scene["content"] as? [Double]) == [960, 44])
    }
}
