import Foundation
import Testing
import ReorderCore
@testable import ReorderPersistence

/// The real file system, with a process "crash" injected at one step: that step does only part
/// of its work (or none), and from then on every operation fails, as if the process were gone,
/// so nothing the store does afterwards (its own cleanup) can reach the disk.
///
/// It also records each operation and, before each one, the order file's bytes.
final class CrashingFileSystem: OrderFileSystem, @unchecked Sendable {
    enum Step: Sendable {
        /// Half of the temporary file is written, then the crash.
        case duringTemporaryWrite
        /// The temporary file is complete, the crash comes before the fsync.
        case beforeSynchronize
        /// The temporary file is complete and flushed, the crash comes before the rename.
        case beforeRename
        /// No crash.
        case never
    }

    struct Crash: Error, CustomStringConvertible { var description: String { "simulated crash" } }

    private let real = POSIXOrderFileSystem()
    private let crashStep: Step
    private let watchedPath: String
    private let lock = NSLock()
    private var crashed = false
    private(set) var operations: [String] = []
    /// The order file's bytes (nil: absent) before each operation and after the last one.
    private(set) var observedTargets: [[UInt8]?] = []

    init(crashAt step: Step, watching path: String) {
        crashStep = step
        watchedPath = path
    }

    private func begin(_ operation: String) throws {
        lock.lock(); defer { lock.unlock() }
        observedTargets.append(try? real.readFile(atPath: watchedPath))
        if crashed { throw Crash() }
        operations.append(operation)
    }

    private func crash() -> Crash {
        lock.lock(); defer { lock.unlock() }
        crashed = true
        return Crash()
    }

    func finish() {
        lock.lock(); defer { lock.unlock() }
        observedTargets.append(try? real.readFile(atPath: watchedPath))
    }

    private func name(_ path: String) -> String {
        let base = path.split(separator: "/").last.map(String.init) ?? path
        return base.hasSuffix(".tmp") ? "<temp>" : base
    }

    func readFile(atPath path: String) throws -> [UInt8]? {
        try begin("read \(name(path))")
        return try real.readFile(atPath: path)
    }

    func createFile(atPath path: String, contents: [UInt8]) throws {
        try begin("create \(name(path))")
        if crashStep == .duringTemporaryWrite {
            try real.createFile(atPath: path, contents: Array(contents.prefix(contents.count / 2)))
            throw crash()
        }
        try real.createFile(atPath: path, contents: contents)
    }

    func synchronizeFile(atPath path: String) throws {
        try begin("fsync \(name(path))")
        if crashStep == .beforeSynchronize { throw crash() }
        try real.synchronizeFile(atPath: path)
    }

    func rename(_ source: String, to destination: String) throws {
        try begin("rename \(name(source)) \(name(destination))")
        if crashStep == .beforeRename { throw crash() }
        try real.rename(source, to: destination)
    }

    func synchronizeDirectory(atPath path: String) throws {
        try begin("fsync directory")
        try real.synchronizeDirectory(atPath: path)
    }

    func removeFile(atPath path: String) throws {
        try begin("remove \(name(path))")
        try real.removeFile(atPath: path)
    }

    func contentsOfDirectory(atPath path: String) throws -> [String] {
        try begin("list directory")
        return try real.contentsOfDirectory(atPath: path)
    }

    /// The real lock; its release is recorded too (it happens even after the crash: the
    /// system releases a dead process's locks).
    func withExclusiveLock<Result>(atPath path: String, _ body: () throws -> Result) throws -> Result {
        try begin("lock \(name(path))")
        defer {
            lock.lock(); defer { lock.unlock() }
            observedTargets.append(try? real.readFile(atPath: watchedPath))
            operations.append("unlock \(name(path))")
        }
        return try real.withExclusiveLock(atPath: path, body)
    }
}

@Suite struct OrderStoreCrashTests {
    static let v1: [[String]] = [["mail", "phone", "maps"], ["x"]]
    static let v2: [[String]] = [["maps", "mail", "phone"], ["x"]]
    static let v3: [[String]] = [["phone", "maps", "mail"], ["x"]]

    @Test func aSaveRunsTheDocumentedSteps() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("orders.json")
        try OrderStore(path: path).save(ids: Self.v1, key: "admin")
        let old = try dir.bytes("orders.json")
        let fs = CrashingFileSystem(crashAt: .never, watching: path)
        try OrderStore(path: path, fileSystem: fs).save(ids: Self.v2, key: "admin")
        fs.finish()
        #expect(fs.operations == [
            "lock orders.json.lock",
            "read orders.json", "create <temp>", "fsync <temp>", "rename <temp> orders.json",
            "fsync directory", "list directory",
            "unlock orders.json.lock",
        ])
        let new = try dir.bytes("orders.json")
        // Before every step the order file was the old complete file; after the rename, the new one.
        #expect(fs.observedTargets == [old, old, old, old, old, new, new, new, new])
        #expect(try OrderStore(path: path).load(key: "admin") == Self.v2)
    }

    @Test(arguments: [CrashingFileSystem.Step.duringTemporaryWrite, .beforeSynchronize, .beforeRename])
    func aCrashBeforeTheRenameLeavesThePreviousCompleteFile(step: CrashingFileSystem.Step) throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("orders.json")
        try OrderStore(path: path).save(ids: Self.v1, key: "admin")
        try OrderStore(path: path).save(ids: [["guest"]], key: "guest")
        let old = try dir.bytes("orders.json")

        let fs = CrashingFileSystem(crashAt: step, watching: path)
        #expect(throws: OrderFileError.self) {
            try OrderStore(path: path, fileSystem: fs).save(ids: Self.v2, key: "admin")
        }
        fs.finish()
        // At no moment was the order file anything but the previous complete content.
        #expect(fs.observedTargets.allSatisfy { $0 == old })
        #expect(try dir.bytes("orders.json") == old)
        // The dead process left its temporary file behind.
        let temps = try dir.entries().filter { $0 != "orders.json" && $0 != "orders.json.lock" }
        #expect(temps.count == 1)
        #expect(temps.allSatisfy { $0.hasPrefix(".orders.json.") && $0.hasSuffix(".tmp") })

        // The next run reads the previous order, and its save works and removes the stale file.
        let store = OrderStore(path: path)
        #expect(try store.load(key: "admin") == Self.v1)
        #expect(try store.load(key: "guest") == [["guest"]])
        try store.save(ids: Self.v3, key: "admin")
        #expect(try store.load(key: "admin") == Self.v3)
        #expect(try store.load(key: "guest") == [["guest"]])
        #expect(try dir.entries() == ["orders.json", "orders.json.lock"])
    }

    @Test func aCrashedFirstSaveLeavesNoOrderFile() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("orders.json")
        let fs = CrashingFileSystem(crashAt: .beforeRename, watching: path)
        #expect(throws: OrderFileError.self) {
            try OrderStore(path: path, fileSystem: fs).save(ids: Self.v1, key: "admin")
        }
        #expect(try OrderStore(path: path).load(key: "admin") == nil)
        let data = makeOrder(Self.v2)
        #expect(OrderStore(path: path).restore(data, key: "admin") == (data, []))
    }

    @Test func theCrashErrorSaysTheFileIsUnchanged() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("orders.json")
        let fs = CrashingFileSystem(crashAt: .beforeRename, watching: path)
        #expect(throws: OrderFileError(path: path, kind: .writeFailed,
                                       reason: "could not replace the order file (it is unchanged): simulated crash")) {
            try OrderStore(path: path, fileSystem: fs).save(ids: Self.v1, key: "admin")
        }
    }
}
