#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The file operations an ``OrderStore`` performs, so tests can inject failures (a crash
/// between writing the temporary file and the rename, a full disk) and other hosts can store
/// files elsewhere.
///
/// A save calls ``withExclusiveLock(atPath:_:)`` on the lock file next to the order file
/// (`<path>.lock`) and, while holding the lock, in order: ``readFile(atPath:)`` on the order file,
/// ``createFile(atPath:contents:)`` and ``synchronizeFile(atPath:)`` on a new temporary file in
/// the same directory, ``rename(_:to:)`` over the order file, then (errors ignored)
/// ``synchronizeDirectory(atPath:)``, ``contentsOfDirectory(atPath:)`` and ``removeFile(atPath:)``
/// to clean stale temporary files. Loading only reads, without the lock.
///
/// ```swift
/// struct FailingRename: OrderFileSystem {
///     let real = POSIXOrderFileSystem()
///     func readFile(atPath p: String) throws -> [UInt8]? { try real.readFile(atPath: p) }
///     func createFile(atPath p: String, contents: [UInt8]) throws { try real.createFile(atPath: p, contents: contents) }
///     func synchronizeFile(atPath p: String) throws { try real.synchronizeFile(atPath: p) }
///     func rename(_ s: String, to d: String) throws { throw FileOperationError(operation: "rename", path: s, message: "simulated") }
///     // ...
/// }
/// ```
public protocol OrderFileSystem: Sendable {
    /// The whole file, or nil when nothing exists at `path`. Throws when something exists but
    /// cannot be read as a regular file.
    func readFile(atPath path: String) throws -> [UInt8]?
    /// The whole file, or nil when nothing exists at `path`, as ``readFile(atPath:)``; throws
    /// without reading it when the file is larger than `maximumSize` bytes. The default
    /// implementation reads with ``readFile(atPath:)`` and checks the size after;
    /// ``POSIXOrderFileSystem`` checks it (`fstat`) before reading anything.
    ///
    /// ```swift
    /// try fileSystem.readFile(atPath: "orders.json", maximumSize: OrderStore.maximumFileSize)
    /// ```
    func readFile(atPath path: String, maximumSize: Int) throws -> [UInt8]?
    /// Creates a new file (failing if one exists) and writes all of `contents` to it.
    func createFile(atPath path: String, contents: [UInt8]) throws
    /// Flushes the file's data to stable storage (`fsync`).
    func synchronizeFile(atPath path: String) throws
    /// Atomically replaces `destination` with `source` (POSIX `rename`). A symbolic link at
    /// `destination` is replaced, not followed.
    func rename(_ source: String, to destination: String) throws
    /// Flushes a directory, making a rename in it durable (`fsync` on the directory).
    func synchronizeDirectory(atPath path: String) throws
    /// Removes a file.
    func removeFile(atPath path: String) throws
    /// The names of a directory's entries.
    func contentsOfDirectory(atPath path: String) throws -> [String]
    /// Runs `body` while holding an exclusive advisory lock on the file at `path` (created if
    /// missing, never removed), waiting as long as another process or another store holds it.
    ///
    /// Throws, without running `body`, when the lock cannot be taken; rethrows what `body`
    /// throws. The default implementation is ``POSIXOrderFileSystem``'s (`flock` on the local
    /// file system); a file system that keeps its files elsewhere implements its own.
    ///
    /// ```swift
    /// try fileSystem.withExclusiveLock(atPath: "orders.json.lock") {
    ///     // read, change and replace orders.json: no other save runs meanwhile
    /// }
    /// ```
    func withExclusiveLock<Result>(atPath path: String, _ body: () throws -> Result) throws -> Result
}

extension OrderFileSystem {
    /// Reads with ``readFile(atPath:)``, then refuses a file over `maximumSize` bytes.
    ///
    /// ```swift
    /// try fileSystem.readFile(atPath: "orders.json", maximumSize: 16 << 20)
    /// ```
    public func readFile(atPath path: String, maximumSize: Int) throws -> [UInt8]? {
        guard let bytes = try readFile(atPath: path) else { return nil }
        if bytes.count > maximumSize { throw FileOperationError.tooLarge(path, size: bytes.count, limit: maximumSize) }
        return bytes
    }

    /// Locks the file at `path` on the local file system, as ``POSIXOrderFileSystem`` does.
    ///
    /// ```swift
    /// let n = try fileSystem.withExclusiveLock(atPath: "orders.json.lock") { 42 }
    /// ```
    public func withExclusiveLock<Result>(atPath path: String, _ body: () throws -> Result) throws -> Result {
        try POSIXOrderFileSystem().withExclusiveLock(atPath: path, body)
    }
}

/// A failed file operation: which one, on what, and the system's message.
///
/// ```swift
/// FileOperationError(operation: "rename", path: "/tmp/x", code: ENOSPC).description
/// // "rename /tmp/x: no space left on device"
/// ```
public struct FileOperationError: Error, Hashable, Sendable, CustomStringConvertible {
    public var operation: String
    public var path: String
    /// The `errno` value, when the error came from the system.
    public var code: Int32?
    public var message: String

    /// The system's error `code` on `path`, in ``FileProblem``'s words (a folder on the way
    /// that is missing or is a file is named).
    public init(operation: String, path: String, code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
        self.message = FileProblem.onTheWay(path, shown: path, code)
    }

    public init(operation: String, path: String, message: String) {
        self.operation = operation
        self.path = path
        self.code = nil
        self.message = message
    }

    public var description: String { "\(operation) \(path): \(message)" }

    /// A file over a size limit: `is 314572800 bytes, over the limit of 16777216 bytes (16 MiB)`.
    static func tooLarge(_ path: String, size: Int, limit: Int) -> FileOperationError {
        FileOperationError(operation: "read", path: path,
                           message: "is \(size) bytes, over the limit of \(InputFile.bytes(limit))")
    }
}

/// The real file system, through POSIX calls (`open`, `read`, `write`, `fsync`, `rename`).
///
/// ```swift
/// let store = OrderStore(path: "orders.json", fileSystem: POSIXOrderFileSystem())
/// ```
public struct POSIXOrderFileSystem: OrderFileSystem {
    public init() {}

    public func readFile(atPath path: String) throws -> [UInt8]? {
        try readFile(atPath: path, maximumSize: Int.max)
    }

    /// Opens as every input file is opened (``InputFile``: a directory, FIFO or device is
    /// refused by its kind before it is opened), and refuses a file over `maximumSize` bytes
    /// from its size (`fstat`), before reading it.
    public func readFile(atPath path: String, maximumSize: Int) throws -> [UInt8]? {
        let fd: Int32
        do {
            fd = try InputFile.open(path)
        } catch {
            if error.problem == .missing { return nil }
            throw FileOperationError(operation: "read", path: path, message: error.detail)
        }
        defer { _ = close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw FileOperationError(operation: "stat", path: path, code: errno) }
        let size = Int(st.st_size)
        if size > maximumSize { throw FileOperationError.tooLarge(path, size: size, limit: maximumSize) }
        var out: [UInt8] = []
        out.reserveCapacity(size)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { b in retrying { read(fd, b.baseAddress, b.count) } }
            if n < 0 { throw FileOperationError(operation: "read", path: path, code: errno) }
            if n == 0 { return out }
            out.append(contentsOf: buffer[0..<n])
            // A file that grew since the fstat is refused too.
            if out.count > maximumSize { throw FileOperationError.tooLarge(path, size: out.count, limit: maximumSize) }
        }
    }

    public func createFile(atPath path: String, contents: [UInt8]) throws {
        let fd = retrying { open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
        if fd < 0 { throw FileOperationError(operation: "create", path: path, code: errno) }
        var written = 0
        while written < contents.count {
            let n = contents.withUnsafeBytes { b in
                retrying { write(fd, b.baseAddress.map { $0 + written }, b.count - written) }
            }
            if n < 0 {
                let e = errno
                _ = close(fd)
                throw FileOperationError(operation: "write", path: path, code: e)
            }
            written += n
        }
        if close(fd) != 0 { throw FileOperationError(operation: "close", path: path, code: errno) }
    }

    public func synchronizeFile(atPath path: String) throws {
        try fsyncPath(path, flags: O_RDONLY | O_CLOEXEC)
    }

    /// Also gives `source` the permission bits of an existing regular file at `destination`,
    /// so replacing a private (0600) order file keeps it private.
    public func rename(_ source: String, to destination: String) throws {
        var st = stat()
        if lstat(destination, &st) == 0, st.st_mode & S_IFMT == S_IFREG,
           chmod(source, st.st_mode & 0o7777) != 0 {
            throw FileOperationError(operation: "chmod", path: source, code: errno)
        }
        #if canImport(Glibc)
        let r = Glibc.rename(source, destination)
        #elseif canImport(Musl)
        let r = Musl.rename(source, destination)
        #else
        let r = Darwin.rename(source, destination)
        #endif
        if r != 0 { throw FileOperationError(operation: "rename", path: "\(source) -> \(destination)", code: errno) }
    }

    public func synchronizeDirectory(atPath path: String) throws {
        try fsyncPath(path, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }

    public func removeFile(atPath path: String) throws {
        if unlink(path) != 0 { throw FileOperationError(operation: "remove", path: path, code: errno) }
    }

    public func contentsOfDirectory(atPath path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path)
    }

    /// `flock(LOCK_EX)` on the file at `path`, opened (and created if missing) with
    /// `O_CLOEXEC`, so a child process started meanwhile does not inherit the lock. The lock is
    /// released when the descriptor is closed, after `body` returns or throws (or when the
    /// process dies). The file is never removed: removing it would let one process lock the old
    /// file while another creates and locks a new one.
    ///
    /// ```swift
    /// try POSIXOrderFileSystem().withExclusiveLock(atPath: "/tmp/orders.json.lock") {
    ///     // other processes' saves to /tmp/orders.json wait here
    /// }
    /// ```
    public func withExclusiveLock<Result>(atPath path: String, _ body: () throws -> Result) throws -> Result {
        // O_NONBLOCK: a FIFO at the path must not hang the open; it is refused below. (It does
        // not make flock fail: only LOCK_NB would.)
        let flags = O_CLOEXEC | O_NONBLOCK | O_NOCTTY
        var fd = retrying { open(path, O_RDWR | O_CREAT | flags, 0o644) }
        if fd < 0 {
            let e = errno
            // Another user's lock file we may not write to: a read-only descriptor locks too.
            if e == EACCES { fd = retrying { open(path, O_RDONLY | flags) } }
            if fd < 0 { throw FileOperationError(operation: "open", path: path, code: e) }
        }
        defer { _ = close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw FileOperationError(operation: "stat", path: path, code: errno) }
        if st.st_mode & S_IFMT != S_IFREG {
            throw FileOperationError(operation: "lock", path: path, message: "is not a regular file")
        }
        if retrying({ flock(fd, LOCK_EX) }) != 0 {
            throw FileOperationError(operation: "lock", path: path, code: errno)
        }
        return try body()
    }

    private func fsyncPath(_ path: String, flags: Int32) throws {
        let fd = retrying { open(path, flags) }
        if fd < 0 { throw FileOperationError(operation: "open", path: path, code: errno) }
        defer { _ = close(fd) }
        if retrying({ fsync(fd) }) != 0 { throw FileOperationError(operation: "fsync", path: path, code: errno) }
    }

    /// Repeats a system call interrupted by a signal.
    private func retrying<T: BinaryInteger>(_ call: () -> T) -> T {
        while true {
            let r = call()
            if r >= 0 || errno != EINTR { return r }
        }
    }
}
