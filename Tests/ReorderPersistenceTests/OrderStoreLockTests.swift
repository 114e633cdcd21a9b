#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import ReorderCore
@testable import ReorderPersistence

/// The real file system, with a hook called when a save asks for the lock (before it is taken):
/// to see that a save has reached the lock, or to make taking it fail.
struct LockHookFileSystem: OrderFileSystem {
    let real = POSIXOrderFileSystem()
    let beforeLock: @Sendable (String) throws -> Void

    func readFile(atPath path: String) throws -> [UInt8]? { try real.readFile(atPath: path) }
    func createFile(atPath path: String, contents: [UInt8]) throws { try real.createFile(atPath: path, contents: contents) }
    func synchronizeFile(atPath path: String) throws { try real.synchronizeFile(atPath: path) }
    func rename(_ source: String, to destination: String) throws { try real.rename(source, to: destination) }
    func synchronizeDirectory(atPath path: String) throws { try real.synchronizeDirectory(atPath: path) }
    func removeFile(atPath path: String) throws { try real.removeFile(atPath: path) }
    func contentsOfDirectory(atPath path: String) throws -> [String] { try real.contentsOfDirectory(atPath: path) }

    func withExclusiveLock<Result>(atPath path: String, _ body: () throws -> Result) throws -> Result {
        try beforeLock(path)
        return try real.withExclusiveLock(atPath: path, body)
    }
}

/// Values set on one thread and read on another.
final class Shared<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); defer { lock.unlock() }; stored = newValue }
    }

    func modify(_ change: (inout Value) -> Void) {
        lock.lock(); defer { lock.unlock() }
        change(&stored)
    }
}

@Suite struct OrderStoreLockTests {
    @Test func theLockFileSitsNextToTheOrderFile() {
        #expect(OrderStore(path: "data/orders.json").lockPath == "data/orders.json.lock")
        #expect(OrderStore(path: "orders.json").lockPath == "orders.json.lock")
        #expect(!OrderStore(path: "orders.json").isTemporaryName("orders.json.lock"))
    }

    /// Without the lock, each save reads the file, changes its key and renames its own file
    /// over the others': keys saved in between vanish (and a save can fail because another one
    /// tidied its temporary file away).
    @Test func concurrentSavesFromTwoStoresKeepEveryKey() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("orders.json")
        let stores = [OrderStore(path: path), OrderStore(path: path)]
        let threadCount = 8, saveCount = 50
        let failures = Shared<[String]>([])
        let start = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        for t in 0..<threadCount {
            let store = stores[t % stores.count]
            finished.enter()
            Thread {
                defer { finished.leave() }
                start.wait()
                for n in 1...saveCount {
                    do {
                        try store.save(ids: [["thread \(t)", "save \(n)"]], key: "thread \(t)")
                    } catch {
                        failures.modify { $0.append("thread \(t), save \(n): \(error)") }
                    }
                }
            }.start()
        }
        for _ in 0..<threadCount { start.signal() }
        #expect(finished.wait(timeout: .now() + 300) == .success)

        #expect(failures.value == [])
        let store = OrderStore(path: path)
        #expect(try store.keys().sorted() == (0..<threadCount).map { "thread \($0)" })
        for t in 0..<threadCount {
            #expect(try store.load(key: "thread \(t)") == [["thread \(t)", "save \(saveCount)"]])
        }
        // No temporary file is left; the lock file stays.
        #expect(try dir.entries() == ["orders.json", "orders.json.lock"])
    }

    /// Another process holds the lock (an open file description of its own, locked with
    /// `flock`, exactly what another process's save holds): a save waits, then reads the file
    /// as the other process left it.
    @Test func aSaveWaitsWhileAnotherProcessHoldsTheLock() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("orders.json")
        let lockPath = OrderStore(path: path).lockPath
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        try #require(fd >= 0)
        defer { _ = close(fd) }  // releases the lock whatever happens, so the save never hangs
        try #require(flock(fd, LOCK_EX) == 0)

        let asked = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let outcome = Shared<String?>(nil)
        let store = OrderStore(path: path, fileSystem: LockHookFileSystem { _ in asked.signal() })
        Thread {
            do {
                try store.save(ids: [["b"]], key: "second")
                outcome.value = "saved"
            } catch {
                outcome.value = "\(error)"
            }
            done.signal()
        }.start()

        // The save asked for the lock and is still waiting well after that.
        #expect(asked.wait(timeout: .now() + 60) == .success)
        #expect(done.wait(timeout: .now() + 0.1) == .timedOut)
        #expect(outcome.value == nil)
        #expect(try dir.entries() == ["orders.json.lock"])

        // Meanwhile the lock holder saves its own key; reading takes no lock.
        try dir.write("orders.json", #"{"version": 1, "orders": {"first": [["a"]]}}"#)
        #expect(try OrderStore(path: path).load(key: "first") == [["a"]])
        #expect(done.wait(timeout: .now() + 0.1) == .timedOut)

        #expect(flock(fd, LOCK_UN) == 0)
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(outcome.value == "saved")
        #expect(try OrderStore(path: path).keys() == ["first", "second"])
        #expect(try OrderStore(path: path).load(key: "first") == [["a"]])
        #expect(try OrderStore(path: path).load(key: "second") == [["b"]])
    }

    @Test func aLockFileThatCannotBeCreatedFailsTheSaveNamingIt() throws {
        let dir = try TemporaryDirectory()
        try dir.write("plain", "x")
        let path = dir.file("plain/orders.json")
        let expected = OrderFileError(path: path, kind: .writeFailed,
                                      reason: "could not lock the order file (it is unchanged): open \(path).lock: \(dir.path)/plain is a file, not a folder")
        #expect(throws: expected) { try OrderStore(path: path).save(ids: [["a"]], key: "k") }
        #expect(expected.description.contains("\(dir.path)/plain/orders.json.lock"))
        #expect(try dir.entries() == ["plain"])
    }

    @Test func aLockFailureOfTheFileSystemIsReportedAndNothingIsWritten() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("orders.json")
        try OrderStore(path: path).save(ids: [["a"]], key: "k")
        let before = try dir.bytes("orders.json")
        // As an unwritable directory would make it fail (the tests may run as root, which
        // ignores permission bits).
        let store = OrderStore(path: path, fileSystem: LockHookFileSystem { lockPath in
            throw FileOperationError(operation: "open", path: lockPath, code: EACCES)
        })
        do {
            try store.save(ids: [["b"]], key: "k")
            Issue.record("expected the save to fail")
        } catch {
            #expect(error.kind == .writeFailed)
            #expect(error.description ==
                    "\(path): could not lock the order file (it is unchanged): open \(path).lock: permission denied")
        }
        #expect(try dir.bytes("orders.json") == before)
        #expect(try dir.entries() == ["orders.json", "orders.json.lock"])
    }

    @Test func aDirectoryAtTheLockPathIsReported() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("orders.json")
        try FileManager.default.createDirectory(atPath: path + ".lock", withIntermediateDirectories: false)
        #expect(throws: OrderFileError(path: path, kind: .writeFailed,
                                       reason: "could not lock the order file (it is unchanged): open \(path).lock: is a directory, not a file")) {
            try OrderStore(path: path).save(ids: [["a"]], key: "k")
        }
        #expect(try dir.entries() == ["orders.json.lock"])
    }

    @Test func theLockIsReleasedAfterAFailedSave() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("orders.json")
        try dir.write("orders.json", "not json")
        #expect(throws: OrderFileError.self) { try OrderStore(path: path).save(ids: [["a"]], key: "k") }
        // Not blocked by the failed save's lock: the lock is free.
        let fd = open(path + ".lock", O_RDWR | O_CLOEXEC)
        try #require(fd >= 0)
        defer { _ = close(fd) }
        #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
    }
}
