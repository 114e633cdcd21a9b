#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What went wrong with a path, in words: the one wording of system errors for the files the
/// tool reads (``InputFile``), writes (``OutputFile``) and keeps (order files), so every
/// message says what is wrong (`no space left on device`, `notes.txt is a file, not a
/// folder`) instead of the system's or Foundation's generic text.
///
/// ```swift
/// FileProblem.words(ENOSPC)                                   // "no space left on device"
/// FileProblem.onTheWay("notes.txt/x.svg", shown: "notes.txt/x.svg", ENOTDIR)
/// // "notes.txt is a file, not a folder"
/// ```
package enum FileProblem {
    /// The longest name of one file or folder, in bytes (Linux's `NAME_MAX`, and the limit of
    /// the common file systems).
    package static let maximumNameLength = 255

    /// A system error in words, lower case as the rest of a message.
    package static func words(_ code: Int32) -> String {
        switch code {
        case ENOSPC: return "no space left on device"
        case EACCES, EPERM: return "permission denied"
        case EROFS: return "the file system is read-only"
        case EDQUOT: return "disk quota exceeded"
        case ENAMETOOLONG: return "a name on the path is over the file system's limit of \(maximumNameLength) bytes"
        case EISDIR: return "is a directory, not a file"
        case ENOTDIR: return "a folder on the path is a file, not a folder"
        case ENOENT: return "no such file or folder"
        default:
            let text = String(cString: strerror(code))
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }

    /// ``words(_:)``, except that a lookup of `path` that failed because of a folder on the way
    /// (`ENOENT`, `ENOTDIR`) names that folder as `shown` spells it: `the folder out does not
    /// exist`, `notes.txt is a file, not a folder`.
    package static func onTheWay(_ path: String, shown: String, _ code: Int32) -> String {
        guard code == ENOENT || code == ENOTDIR else { return words(code) }
        var folder = parentFolder(of: path), folderShown = parentFolder(of: shown)
        var chain: [(String, String)] = []
        while true {
            chain.append((folder, folderShown))
            let up = parentFolder(of: folder)
            if up == folder { break }
            folder = up
            folderShown = parentFolder(of: folderShown)
        }
        // From the root down: the first folder that is missing or is not a folder.
        for (f, s) in chain.reversed() {
            var st = stat()
            if stat(f, &st) != 0 { return errno == ENOENT ? "the folder \(s) does not exist" : words(errno) }
            if st.st_mode & S_IFMT != S_IFDIR { return "\(s) is \(kindName(st.st_mode & S_IFMT)), not a folder" }
        }
        return words(code)
    }

    /// The folder holding `path` (`.` for a bare name, `/` for a name at the root).
    ///
    /// ```swift
    /// FileProblem.parentFolder(of: "out/x.svg")   // "out"
    /// ```
    package static func parentFolder(of path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return "." }
        return slash == p.startIndex ? "/" : String(p[..<slash])
    }

    /// `a file`, `a directory`, `a character device`, ...: each kind of file as messages name it.
    static func kindName(_ type: mode_t) -> String {
        type == S_IFREG ? "a file" : type == S_IFDIR ? "a directory" : InputFile.kindName(type)
    }

    static func exists(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0
    }

    static func realPath(_ path: String) -> String? {
        guard let r = realpath(path, nil) else { return nil }
        defer { free(r) }
        return String(cString: r)
    }
}
