#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file the tool could not write: the path as the user gave it and what is wrong, in words
/// (never Foundation's "The operation could not be completed").
///
/// ```swift
/// OutputFileError(path: "notes.txt/reorder.d.lua", reason: "notes.txt is a file, not a folder").description
/// // "cannot write notes.txt/reorder.d.lua: notes.txt is a file, not a folder"
/// ```
package struct OutputFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path as the user gave it.
    package var path: String
    /// What is wrong, without the path.
    package var reason: String

    package init(path: String, reason: String) {
        self.path = path; self.reason = reason
    }

    /// `cannot write PATH: reason`.
    package var description: String { "cannot write \(path): \(reason)" }
}

/// Writing the files the tool makes (plots, renders, traces, reports, definitions, a new
/// policy's files), the same way for all of them:
///
/// - a regular file (or a new one) is replaced atomically: the text goes to a new file in the
///   same folder, which is renamed over the old one only once all of it is written, so a full
///   disk or an error leaves the old file as it was; a symbolic link to a regular file writes
///   the file it points to;
/// - a character device or a FIFO is written directly (`/dev/stdout`, a pipe that has a
///   reader); a FIFO without a reader is refused at once instead of blocking, a directory or a
///   socket is refused by its kind;
/// - every failure names the path and says what is wrong: the folder is missing or is a file,
///   no space left on device, permission denied, a name over the file system's limit.
///
/// ```swift
/// try OutputFile.write("<svg/>", to: "/tmp/plot.svg", displayPath: "plot.svg")
/// // OutputFileError "cannot write /dev/full: no space left on device"
/// ```
package enum OutputFile {
    /// Writes `text` to `path` as described above; `displayPath` (default `path`) is named in
    /// errors.
    package static func write(_ text: String, to path: String, displayPath: String? = nil) throws(OutputFileError) {
        let writer = try Writer(path: path, displayPath: displayPath)
        do {
            try writer.append(text)
            try writer.commit()
        } catch {
            writer.discard()
            throw error
        }
    }

    /// Why `path` cannot be written, checked without writing anything (a command checks its
    /// output before a long run): the same errors as ``write(_:to:displayPath:)`` for the
    /// folder and the kind of file, and write permission on what would be written.
    package static func check(_ path: String, displayPath: String? = nil) throws(OutputFileError) {
        let shown = displayPath ?? path
        switch try target(path, shown: shown) {
        case .replace(let real, let folder):
            if access(folder, W_OK) != 0 || (FileProblem.exists(real) && access(real, W_OK) != 0) {
                throw OutputFileError(path: shown, reason: FileProblem.words(errno))
            }
        case .direct(let real):
            if access(real, W_OK) != 0 { throw OutputFileError(path: shown, reason: FileProblem.words(errno)) }
        }
    }

    /// Makes the folder `path` and any missing folders above it (`mkdir -p`); a folder that
    /// exists is fine. Refuses a file or a device in the way by name:
    /// `cannot write notes.txt/types: notes.txt is a file, not a folder`.
    package static func makeFolder(_ path: String, displayPath: String? = nil) throws(OutputFileError) {
        let shown = displayPath ?? path
        do {
            try makeFolders(path, shown: shown)
        } catch {
            // Named by the folder asked for; the reason names the one in the way.
            throw OutputFileError(path: shown, reason: error.reason)
        }
    }

    private static func makeFolders(_ path: String, shown: String) throws(OutputFileError) {
        var st = stat()
        if stat(path, &st) == 0 {
            if st.st_mode & S_IFMT == S_IFDIR { return }
            throw OutputFileError(path: shown, reason: "\(shown) is \(FileProblem.kindName(st.st_mode & S_IFMT)), not a folder")
        }
        let parent = FileProblem.parentFolder(of: path)
        if parent != path { try makeFolders(parent, shown: FileProblem.parentFolder(of: shown)) }
        if mkdir(path, 0o777) != 0 && errno != EEXIST { throw OutputFileError(path: shown, reason: FileProblem.words(errno)) }
    }

    /// The text of a file being written: appended in pieces (a recording as it goes), then
    /// committed (renamed into place) or discarded.
    ///
    /// ```swift
    /// let w = try OutputFile.Writer(path: "/tmp/drag.jsonl", displayPath: "drag.jsonl")
    /// try w.append("{\"t\":0,\"type\":\"up\"}\n")
    /// try w.commit()
    /// ```
    package final class Writer {
        /// The path as the user gave it.
        package let displayPath: String
        private let destination: String
        /// The new file in the destination's folder, renamed over it by ``commit()`` (nil when
        /// writing directly to a device or a FIFO).
        private var temporary: String?
        private var fd: Int32
        private var buffer: [UInt8] = []
        /// Bytes kept before they go to the file.
        static let bufferSize = 65_536

        /// Opens the file (a new temporary file next to a regular one).
        package init(path: String, displayPath: String? = nil) throws(OutputFileError) {
            let shown = displayPath ?? path
            self.displayPath = shown
            switch try OutputFile.target(path, shown: shown) {
            case .replace(let real, let folder):
                destination = real
                var st = stat()
                // A replaced file keeps its permission bits (a private file stays private).
                let mode = stat(real, &st) == 0 ? st.st_mode & 0o7777 : 0o644
                var temp = "", e: Int32 = EEXIST
                fd = -1
                // A short name of its own (O_EXCL: never another's file), whatever the length
                // of the destination's name.
                for _ in 0..<8 where fd < 0 && e == EEXIST {
                    temp = folder + "/.reorder-\(getpid())-\(String(UInt32.random(in: 0...UInt32.max), radix: 16)).tmp"
                    fd = OutputFile.retrying { open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
                    e = errno
                }
                if fd < 0 { throw OutputFileError(path: shown, reason: FileProblem.words(e)) }
                _ = fchmod(fd, mode)
                temporary = temp
            case .direct(let real):
                destination = real
                temporary = nil
                // O_NONBLOCK: a FIFO with no reader fails (ENXIO) instead of blocking; once open,
                // writes block as a pipe's writer does.
                fd = OutputFile.retrying { open(real, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
                if fd < 0 {
                    let e = errno
                    throw OutputFileError(path: shown, reason: e == ENXIO ? "is a FIFO (named pipe) with no reader" : FileProblem.words(e))
                }
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            }
        }

        deinit { discard() }

        /// Adds `text` (written to the file in pieces of 64 KiB).
        package func append(_ text: String) throws(OutputFileError) {
            buffer.append(contentsOf: text.utf8)
            if buffer.count >= Self.bufferSize { try flush() }
        }

        /// Writes what is buffered.
        package func flush() throws(OutputFileError) {
            guard fd >= 0 else { throw OutputFileError(path: displayPath, reason: "the file was closed") }
            var written = 0
            while written < buffer.count {
                let n = buffer.withUnsafeBytes { b in
                    OutputFile.retrying { posixWrite(fd, b.baseAddress.map { $0 + written }, b.count - written) }
                }
                if n < 0 { throw OutputFileError(path: displayPath, reason: FileProblem.words(errno)) }
                written += n
            }
            buffer.removeAll(keepingCapacity: true)
        }

        /// Writes the rest and puts the file in place (renames the new file over the old one).
        package func commit() throws(OutputFileError) {
            try flush()
            let e = close(fd) == 0 ? 0 : errno
            fd = -1
            if e != 0 { throw OutputFileError(path: displayPath, reason: FileProblem.words(e)) }
            guard let temporary else { return }
            if rename(temporary, destination) != 0 {
                let e = errno
                _ = unlink(temporary)
                throw OutputFileError(path: displayPath, reason: FileProblem.words(e))
            }
            self.temporary = nil
        }

        /// Closes the file and removes the new one: the old file, if any, is as it was.
        package func discard() {
            if fd >= 0 { _ = close(fd); fd = -1 }
            if let temporary { _ = unlink(temporary); self.temporary = nil }
        }
    }

    // MARK: Checks

    enum Target {
        /// A regular file (or none yet): written as a new file in `folder`, renamed to `path`.
        case replace(path: String, folder: String)
        /// A character device or a FIFO, written in place.
        case direct(path: String)
    }

    /// Where writing `path` goes, or why it cannot.
    static func target(_ path: String, shown: String) throws(OutputFileError) -> Target {
        if path.hasSuffix("/") { throw OutputFileError(path: shown, reason: "is a folder name (it ends in /), not a file") }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if name.utf8.count > FileProblem.maximumNameLength {
            throw OutputFileError(path: shown, reason: "the name is \(name.utf8.count) bytes long, over the file system's limit of \(FileProblem.maximumNameLength) bytes")
        }
        var st = stat()
        if stat(path, &st) == 0 {
            let real = FileProblem.realPath(path) ?? path
            switch st.st_mode & S_IFMT {
            case S_IFREG: return .replace(path: real, folder: FileProblem.parentFolder(of: real))
            case S_IFDIR: throw OutputFileError(path: shown, reason: "is a directory, not a file")
            case S_IFCHR, S_IFIFO: return .direct(path: real)
            case let kind: throw OutputFileError(path: shown, reason: "is \(FileProblem.kindName(kind)), not a regular file")
            }
        }
        let e = errno
        guard e == ENOENT else { throw OutputFileError(path: shown, reason: FileProblem.onTheWay(path, shown: shown, e)) }
        var lst = stat()
        if lstat(path, &lst) == 0 {
            throw OutputFileError(path: shown, reason: "is a symbolic link to a missing file")
        }
        let folder = FileProblem.parentFolder(of: path)
        if stat(folder, &st) != 0 { throw OutputFileError(path: shown, reason: FileProblem.onTheWay(path, shown: shown, errno)) }
        guard st.st_mode & S_IFMT == S_IFDIR else {
            throw OutputFileError(path: shown, reason: "\(FileProblem.parentFolder(of: shown)) is \(FileProblem.kindName(st.st_mode & S_IFMT)), not a folder")
        }
        return .replace(path: path, folder: folder)
    }

    /// Repeats a system call interrupted by a signal.
    static func retrying<T: BinaryInteger>(_ call: () -> T) -> T {
        InputFile.retrying(call)
    }
}

/// The C library's `write`, named apart from ``OutputFile/write(_:to:displayPath:)``.
@inline(__always) func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, buffer, count) }
