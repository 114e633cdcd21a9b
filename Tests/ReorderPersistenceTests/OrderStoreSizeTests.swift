import Foundation
import Testing
@testable import ReorderPersistence

/// An order file over ``OrderStore/maximumFileSize`` is refused from its size, unread, and
/// never replaced unless asked to.
@Suite struct OrderStoreSizeTests {
    @Test func aHugeOrderFileIsRefusedByNameSizeAndLimit() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("orders.json")
        // 300 MB (a hole: no disk space), (read whole, it would take 944 MB).
        try makeSparseFile(path, size: 300_000_000, prefix: Array("{\"version\": 1, \"orders\": {".utf8))
        let store = OrderStore(path: path)
        // 16 << 20 = 16777216 (OrderStore.maximumFileSize).
        let expected = OrderFileError(path: path, kind: .unreadable,
                                      reason: "cannot read: is 300000000 bytes, over the limit of 16777216 bytes (16 MiB)")
        let start = Date()
        #expect(throws: expected) { try store.load(key: "admin") }
        #expect(throws: expected) { try store.keys() }
        let data = makeOrder([["a", "b"]])
        #expect(store.restore(data, key: "admin") == (data, ["\(expected.description) (using the data's own order)"]))
        // A save does not replace what it could not read.
        #expect(throws: expected) { try store.save(ids: [["a"]], key: "admin") }
        #expect(Date().timeIntervalSince(start) < 3)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect(attributes[.size] as? Int == 300_000_000)
        // Asked to, it does.
        try store.save(ids: [["a"]], key: "admin", replacingUnreadableFile: true)
        #expect(try store.load(key: "admin") == [["a"]])
    }

    @Test func theLimitIsInclusiveAndInjectedFileSystemsGetItToo() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("orders.json")
        let text = #"{"version": 1, "orders": {"k": [["a"]]}}"#
        try dir.write("orders.json", text)
        let posix = POSIXOrderFileSystem()
        #expect(try posix.readFile(atPath: path, maximumSize: text.utf8.count) == Array(text.utf8))
        #expect(throws: FileOperationError(operation: "read", path: path,
                                           message: "is \(text.utf8.count) bytes, over the limit of \(text.utf8.count - 1) bytes")) {
            try posix.readFile(atPath: path, maximumSize: text.utf8.count - 1)
        }
        // A file system that implements only readFile(atPath:) gets the check after reading.
        struct Plain: OrderFileSystem {
            let real = POSIXOrderFileSystem()
            func readFile(atPath p: String) throws -> [UInt8]? { try real.readFile(atPath: p) }
            func createFile(atPath p: String, contents: [UInt8]) throws { try real.createFile(atPath: p, contents: contents) }
            func synchronizeFile(atPath p: String) throws { try real.synchronizeFile(atPath: p) }
            func rename(_ s: String, to d: String) throws { try real.rename(s, to: d) }
            func synchronizeDirectory(atPath p: String) throws { try real.synchronizeDirectory(atPath: p) }
            func removeFile(atPath p: String) throws { try real.removeFile(atPath: p) }
            func contentsOfDirectory(atPath p: String) throws -> [String] { try real.contentsOfDirectory(atPath: p) }
        }
        #expect(throws: FileOperationError.self) { try Plain().readFile(atPath: path, maximumSize: 3) }
        #expect(try Plain().readFile(atPath: dir.file("absent"), maximumSize: 3) == nil)
    }
}
