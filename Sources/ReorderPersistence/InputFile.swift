#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file the tool was given that cannot be used: its path (as given), where in it (when the
/// problem is in its text) and what is wrong.
///
/// ```swift
/// InputFileError(path: "drag.jsonl", reason: "is a directory, not a file").description
/// // "drag.jsonl: is a directory, not a file"
/// ```
package struct InputFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path as the user gave it.
    package var path: String
    /// 1-based line of the problem, when it is in the text.
    package var line: Int?
    /// 1-based column (in characters) of the problem, when known.
    package var column: Int?
    /// What is wrong, without the path or position.
    package var reason: String
    /// ``reason`` without the operation that failed (`permission denied` where the reason is
    /// `cannot open: permission denied`), for a caller that words the operation itself.
    package var detail: String
    /// The kind of problem, for callers that word some of them their own way.
    package var problem: Problem

    package enum Problem: Hashable, Sendable {
        /// Nothing exists at the path.
        case missing
        /// A directory, FIFO, device or socket.
        case notRegularFile
        /// Over the size limit (the whole file, or one line).
        case tooLarge
        /// Not UTF-8 text (``InputFileError/line`` and ``InputFileError/column`` say where).
        case notUTF8
        /// The system refused (permission, I/O error, ...).
        case system
    }

    package init(path: String, line: Int? = nil, column: Int? = nil, reason: String, problem: Problem = .system,
                 detail: String? = nil) {
        self.path = path; self.line = line; self.column = column; self.reason = reason; self.problem = problem
        self.detail = detail ?? reason
    }

    /// `path: line L, column C: reason`, or less when the position is unknown.
    package var description: String {
        switch (line, column) {
        case let (l?, c?): return "\(path): line \(l), column \(c): \(reason)"
        case let (l?, nil): return "\(path): line \(l): \(reason)"
        default: return "\(path): \(reason)"
        }
    }
}

/// Reading the files the tool is given (policies, traces, order files, spec files, scripts),
/// the same way for all of them:
///
/// - only a regular file is opened: a directory, a FIFO, a device or a socket (also behind a
///   symbolic link) is refused by its kind before it is opened, so nothing blocks and no
///   device is touched;
/// - a file larger than its kind's limit is refused from its size (`fstat`) before any of it
///   is read;
/// - text must be UTF-8: the first invalid byte is reported with its line and column.
///
/// ```swift
/// let bytes = try InputFile.read("kanban.lua", kind: "policy", limit: 4 << 20)
/// // InputFileError "kanban.lua: is 5000000 bytes, over the 4194304-byte limit for a policy"
/// ```
package enum InputFile {
    /// The whole file, checked as above. `displayPath` is the path shown in messages (default:
    /// `path`); `kind` names what the file is for ("policy", "order file").
    package static func read(_ path: String, displayPath: String? = nil, kind: String, limit: Int,
                             utf8: Bool = true) throws(InputFileError) -> [UInt8] {
        let shown = displayPath ?? path
        let (fd, size) = try open(path, displayPath: shown, kind: kind, limit: limit)
        defer { _ = close(fd) }
        var out = [UInt8](repeating: 0, count: size + 1)
        var count = 0
        // Up to the limit and one byte more: a file that grew since the fstat is still refused.
        while true {
            if count == out.count {
                if count > limit { throw tooLarge(shown, size: count, kind: kind, limit: limit) }
                out.append(contentsOf: repeatElement(0, count: min(65_536, limit + 1 - count)))
            }
            let n = out.withUnsafeMutableBytes { b in retrying { posixRead(fd, b.baseAddress.map { $0 + count }, b.count - count) } }
            if n < 0 { throw systemError(shown, "cannot read", errno) }
            if n == 0 { break }
            count += n
        }
        if count > limit { throw tooLarge(shown, size: count, kind: kind, limit: limit) }
        out.removeLast(out.count - count)
        if utf8 { try checkUTF8(out, path: shown) }
        return out
    }

    /// Checks `path` as ``read(_:displayPath:kind:limit:utf8:)`` does (a regular file within
    /// `limit` bytes) without reading it: for a file another program reads (luacheck).
    ///
    /// ```swift
    /// try InputFile.check("pipe.lua", kind: "policy", limit: 4 << 20)
    /// // InputFileError "pipe.lua: is a FIFO (named pipe), not a regular file"
    /// ```
    package static func check(_ path: String, displayPath: String? = nil, kind: String, limit: Int) throws(InputFileError) {
        let (fd, _) = try open(path, displayPath: displayPath ?? path, kind: kind, limit: limit)
        _ = close(fd)
    }

    /// Opens a regular file (``open(_:displayPath:)``) and refuses it when its size is over
    /// `limit`; returns the descriptor (the caller closes it) and the size.
    static func open(_ path: String, displayPath shown: String, kind: String, limit: Int) throws(InputFileError) -> (Int32, Int) {
        let fd = try open(path, displayPath: shown)
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let e = errno
            _ = close(fd)
            throw systemError(shown, "cannot read", e)
        }
        let size = Int(st.st_size)
        if size > limit {
            _ = close(fd)
            throw tooLarge(shown, size: size, kind: kind, limit: limit)
        }
        return (fd, size)
    }

    /// Throws ``InputFileError`` naming the line and column of the first byte of `bytes` that
    /// is not UTF-8 (`firstLine`: the line number of the first byte).
    package static func checkUTF8(_ bytes: [UInt8], path: String, firstLine: Int = 1) throws(InputFileError) {
        guard let bad = UTF8Check.firstInvalidOffset(in: bytes) else { return }
        let (line, column) = TextPosition.lineAndColumn(of: bad, in: bytes)
        throw InputFileError(path: path, line: firstLine + line - 1, column: column,
                             reason: "not UTF-8 text (invalid byte 0x\(hex(bytes[bad])))", problem: .notUTF8)
    }

    /// Opens a regular file for reading; refuses anything else by its kind. The caller closes
    /// the descriptor.
    package static func open(_ path: String, displayPath: String? = nil) throws(InputFileError) -> Int32 {
        let shown = displayPath ?? path
        var st = stat()
        // Look before opening: opening a FIFO blocks and opening a device may do anything.
        if stat(path, &st) != 0 { throw systemError(shown, "cannot open", errno, real: path) }
        try requireRegular(st, path: path, shown: shown)
        let fd = retrying { posixOpen(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        if fd < 0 { throw systemError(shown, "cannot open", errno, real: path) }
        // Again on what was opened: the path may have been replaced in between.
        var opened = stat()
        if fstat(fd, &opened) != 0 {
            let e = errno
            _ = close(fd)
            throw systemError(shown, "cannot read", e)
        }
        do { try requireRegular(opened, path: path, shown: shown) } catch { _ = close(fd); throw error }
        return fd
    }

    private static func requireRegular(_ st: stat, path: String, shown: String) throws(InputFileError) {
        let type = st.st_mode & S_IFMT
        if type == S_IFREG { return }
        var via = ""
        var link = stat()
        if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK, let target = realpath(path, nil) {
            via = " (a symbolic link to \(String(cString: target)))"
            free(target)
        }
        if type == S_IFDIR { throw InputFileError(path: shown, reason: "is a directory\(via), not a file", problem: .notRegularFile) }
        throw InputFileError(path: shown, reason: "is \(kindName(type))\(via), not a regular file", problem: .notRegularFile)
    }

    static func kindName(_ type: mode_t) -> String {
        switch type {
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a file"
        }
    }

    static func tooLarge(_ path: String, size: Int, kind: String, limit: Int) -> InputFileError {
        InputFileError(path: path, reason: "is \(size) bytes, over the limit of \(bytes(limit)) for \(article(kind)) \(kind)",
                       problem: .tooLarge)
    }

    /// `what: reason` for a failed system call on `path` (as shown): ``FileProblem`` words,
    /// `no such file` for a missing file, and with `real` (the path opened) the folder on the
    /// way that is missing or is a file.
    static func systemError(_ path: String, _ what: String, _ code: Int32, real: String? = nil) -> InputFileError {
        var reason = code == ENOENT ? "no such file" : FileProblem.words(code)
        if let real {
            let onTheWay = FileProblem.onTheWay(real, shown: path, code)
            if onTheWay != FileProblem.words(code) { reason = onTheWay }
        }
        return InputFileError(path: path, reason: "\(what): \(reason)", problem: code == ENOENT ? .missing : .system,
                              detail: reason)
    }

    /// `4194304 bytes (4 MiB)`, `65536 bytes (64 KiB)`, `10 bytes`.
    package static func bytes(_ n: Int) -> String {
        let short = mebibytes(n)
        return short.hasSuffix(" bytes") ? short : "\(n) bytes (\(short))"
    }

    /// `4 MiB`, `64 KiB`, or bytes.
    package static func mebibytes(_ n: Int) -> String {
        if n >= 1 << 20, n % (1 << 20) == 0 { return "\(n >> 20) MiB" }
        if n >= 1 << 10, n % (1 << 10) == 0 { return "\(n >> 10) KiB" }
        return "\(n) bytes"
    }

    static func article(_ word: String) -> String {
        guard let first = word.first else { return "a" }
        return "aeiou".contains(first) ? "an" : "a"
    }

    static func hex(_ b: UInt8) -> String {
        String(b, radix: 16, uppercase: true).leftPadded(to: 2)
    }

    /// Repeats a system call interrupted by a signal.
    static func retrying<T: BinaryInteger>(_ call: () -> T) -> T {
        while true {
            let r = call()
            if r >= 0 || errno != EINTR { return r }
        }
    }
}

/// The C library's `open`, `read` and `close`, named apart from the members above.
@inline(__always) func posixOpen(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }
@inline(__always) func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }

/// The lines of a file, read in chunks: memory stays at one 64 KiB chunk (or the longest line
/// accepted, if longer), and a line longer than ``maximumLineLength`` is refused (by its
/// number) without reading the rest of it.
///
/// ```swift
/// let lines = try InputFileLines(path: "drag.jsonl", kind: "trace")
/// while let line = try lines.next() {
///     print(line.number, line.bytes.count)   // the bytes exclude the "\n" (and a "\r" before it)
/// }
/// ```
package final class InputFileLines {
    /// The longest line accepted by default (64 KiB).
    package static let defaultMaximumLineLength = 64 << 10

    package let path: String
    package let kind: String
    /// The longest line ``next()`` accepts; a reader may change it between lines (a file whose
    /// first line is a header allowed to be longer than the rest).
    package var maximumLineLength: Int
    /// What a line is called in the message for one over the limit (default: "a line of a
    /// trace" for the kind "trace").
    package var lineName: String
    private var fd: Int32
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var atEOF = false
    /// The number of the line `next()` returns next.
    private var lineNumber = 0

    /// Opens `path` (see ``InputFile/open(_:displayPath:)``): a non-regular file is refused.
    package init(path: String, displayPath: String? = nil, kind: String,
                 maximumLineLength: Int = InputFileLines.defaultMaximumLineLength) throws(InputFileError) {
        self.path = displayPath ?? path
        self.kind = kind
        self.maximumLineLength = maximumLineLength
        lineName = "a line of \(InputFile.article(kind)) \(kind)"
        fd = try InputFile.open(path, displayPath: displayPath)
        buffer = [UInt8](repeating: 0, count: Self.chunkSize)
    }

    /// Bytes read at a time; the buffer grows past it only for a longer line that is allowed.
    static let chunkSize = 65_536

    deinit { if fd >= 0 { _ = posixClose(fd) } }

    /// One line: its 1-based number and its bytes (without the line break).
    package struct Line {
        package var number: Int
        package var bytes: ArraySlice<UInt8>
    }

    /// The next line, or nil at the end of the file. A last line without a final newline is a
    /// line too.
    /// - Throws: ``InputFileError`` for a line over the limit or a read error.
    package func next() throws(InputFileError) -> Line? {
        var scanned = 0  // bytes of the pending line already searched for "\n"
        while true {
            if let nl = newline(from: start + scanned) {
                lineNumber += 1
                var last = nl
                if last > start, buffer[last - 1] == 0x0D { last -= 1 }
                if last - start > maximumLineLength { throw overlong() }
                let line = Line(number: lineNumber, bytes: buffer[start..<last])
                start = nl + 1
                return line
            }
            scanned = end - start
            // Over the limit (a "\r" before the "\n" may still come): refused unread.
            if scanned > maximumLineLength + 1 { lineNumber += 1; throw overlong() }
            if atEOF {
                guard end > start else { return nil }
                lineNumber += 1
                if end - start > maximumLineLength { throw overlong() }
                let line = Line(number: lineNumber, bytes: buffer[start..<end])
                start = end
                return line
            }
            try fill()
        }
    }

    private func overlong() -> InputFileError {
        close()
        return InputFileError(path: path, line: lineNumber,
                              reason: "line is longer than the limit of \(InputFile.bytes(maximumLineLength)) for \(lineName)",
                              problem: .tooLarge)
    }

    private func close() {
        if fd >= 0 { _ = posixClose(fd) }
        fd = -1
        atEOF = true
        start = 0; end = 0
    }

    private func newline(from index: Int) -> Int? {
        guard index < end else { return nil }
        return buffer.withUnsafeBufferPointer { b -> Int? in
            guard let base = b.baseAddress, let hit = memchr(base + index, 0x0A, end - index) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Moves the pending bytes to the front and reads more after them.
    private func fill() throws(InputFileError) {
        if start > 0 {
            let pending = end - start
            if pending > 0 {
                buffer.withUnsafeMutableBufferPointer { b in
                    guard let base = b.baseAddress else { return }
                    _ = memmove(base, base + start, pending)
                }
            }
            start = 0
            end = pending
        }
        if end == buffer.count {
            // Full with one unfinished line that is still within the limit: room for more
            // (doubling, up to the limit and the two bytes of a "\r\n").
            var bigger = [UInt8](repeating: 0, count: min(2 * buffer.count, maximumLineLength + 2))
            bigger.withUnsafeMutableBufferPointer { to in
                buffer.withUnsafeBufferPointer { from in
                    guard let t = to.baseAddress, let f = from.baseAddress else { return }
                    _ = memcpy(t, f, end)
                }
            }
            buffer = bigger
        }
        let n = buffer.withUnsafeMutableBytes { b in
            InputFile.retrying { posixRead(fd, b.baseAddress.map { $0 + end }, b.count - end) }
        }
        if n < 0 {
            let e = errno
            close()
            throw InputFile.systemError(path, "cannot read", e)
        }
        if n == 0 { atEOF = true; return }
        end += n
    }
}

@inline(__always) func posixClose(_ fd: Int32) -> Int32 { close(fd) }
