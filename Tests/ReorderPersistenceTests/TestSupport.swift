import Foundation
import ReorderCore
@testable import ReorderPersistence

/// A fresh directory under the system's temporary directory, removed on deinit.
final class TemporaryDirectory {
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.path
        path = base + "/reorder-persist-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { path + "/" + name }

    func write(_ name: String, _ text: String) throws { try write(name, Array(text.utf8)) }

    func write(_ name: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: file(name)))
    }

    func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: file(name)))) }

    func text(_ name: String) throws -> String { String(decoding: try bytes(name), as: UTF8.self) }

    /// Entry names, sorted.
    func entries() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path).sorted() }
}

func makeOrder(_ sections: [[String]]) -> Order {
    Order(sections: sections.map { $0.map(Item.init) })
}
