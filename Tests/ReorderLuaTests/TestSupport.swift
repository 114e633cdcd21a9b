import Foundation
import ReorderCore
@testable import ReorderLua

/// A context for calling hooks directly.
func makeContext(sections: [[String]] = [["a", "b", "c", "d"], ["e", "f"]], viewport: Size = Size(width: 375, height: 667),
                 itemSize: Size = Size(width: 375, height: 44), frameRate: Double = 60,
                 time: Double = 0, dragTime: Double = 0, items: [[Item]]? = nil) -> PolicyContext {
    let order = Order(sections: items ?? sections.map { $0.map(Item.init) })
    return PolicyContext(order: order, viewport: viewport, content: Size(width: 375, height: 2000),
                         offset: Point(x: 0, y: 100), itemSize: itemSize, frameRate: frameRate,
                         time: time, dragTime: dragTime)
}

/// A scratch directory with policy files.
final class PolicyFiles {
    let directory: URL
    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("reorder-lua-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: directory) }

    @discardableResult
    func write(_ name: String, _ source: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try source.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}

/// The error a throwing call raised.
func loadError(_ body: () throws -> Void) -> LuaError? {
    do { try body(); return nil } catch let e as LuaError { return e } catch { return nil }
}
