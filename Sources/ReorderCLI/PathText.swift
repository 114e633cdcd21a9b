import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Paths as the command line handles them (`reorder test` and its `--watch`, the policy a
/// trace names): spelt the way the user gave them, compared and split as text. Foundation's
/// `NSString.deletingLastPathComponent` is not used: in swift-corelibs-foundation (Swift 6.1) it
/// traps on a one-character path such as `"."`, `"./"` or `"a/"`, which is what `reorder test .`
/// gives it.
///
/// ```swift
/// PathText.normalized("./spec//a_spec.lua")   // "spec/a_spec.lua"
/// PathText.folder(of: "spec/a_spec.lua")      // "spec"
/// PathText.folder(of: "a_spec.lua")           // ""  (the working directory)
/// PathText.folder(of: "")                     // ".."
/// PathText.relative("/w/p/pinned.lua", from: "/w/p/traces")   // "../pinned.lua"
/// ```
enum PathText {
    /// `path` without `.` components, repeated slashes or a trailing slash; `""` is the working
    /// directory (`"."`, `"./"`). `..` components stay: through a symbolic link `a/..` need not
    /// be the folder `a` is in.
    static func normalized(_ path: String) -> String {
        let parts = path.split(separator: "/").filter { $0 != "." }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : joined
    }

    /// The folder `path` is in (normalized): `"a/b"` → `"a"`, `"a"` → `""`, `"/a"` → `"/"`,
    /// `""` → `".."`, `".."` → `"../.."`, `"/"` → `"/"`.
    static func folder(of path: String) -> String {
        let p = normalized(path)
        if p == "/" { return "/" }
        if p.isEmpty { return ".." }
        if p == ".." || p.hasSuffix("/..") { return p + "/.." }
        guard let slash = p.lastIndex(of: "/") else { return "" }
        return slash == p.startIndex ? "/" : String(p[..<slash])
    }

    /// `name` in the normalized folder `folder`: `("", "a")` → `"a"`, `("/", "a")` → `"/a"`.
    static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return normalized(name) }
        return normalized(folder + "/" + name)
    }

    /// Whether the normalized `path` is the normalized `folder` or lies under it, as text: the
    /// folder's components begin the path's, and no `..` follows them (`../..` is not under `..`).
    static func isInside(_ path: String, _ folder: String) -> Bool {
        if path.hasPrefix("/") != folder.hasPrefix("/") { return false }
        let inner = path.split(separator: "/"), outer = folder.split(separator: "/")
        return inner.starts(with: outer) && !inner.dropFirst(outer.count).contains("..")
    }

    /// The absolute `path` as seen from the absolute `folder` (`..` to go up), when the two share
    /// a folder below the root; nil when only the root is shared (`/tmp/t.jsonl` and
    /// `/home/alice/p.lua`: a relative path would be no more portable than the absolute one).
    static func relative(_ path: String, from folder: String) -> String? {
        guard path.hasPrefix("/"), folder.hasPrefix("/") else { return nil }
        let target = normalized(path).split(separator: "/"), base = normalized(folder).split(separator: "/")
        guard !target.contains(".."), !base.contains("..") else { return nil }
        var shared = 0
        while shared < min(target.count - 1, base.count), target[shared] == base[shared] { shared += 1 }
        guard shared > 0 else { return nil }
        let up = Array(repeating: "..", count: base.count - shared)
        return (up + target[shared...].map(String.init)).joined(separator: "/")
    }

    /// The paths of the files and folders under the folder `full` (absolute), relative to it,
    /// in the enumerator's order; `recursive: false` lists only its own entries. A `full` that is
    /// a symbolic link to a folder is listed as that folder (FileManager's enumerator lists
    /// nothing under a link); links inside are listed, not followed, so a link to a folder above
    /// cannot loop.
    static func entries(under full: String, recursive: Bool) -> [String] {
        let fm = FileManager.default
        let real = realpath(full, nil).map { p in defer { free(p) }; return String(cString: p) } ?? full
        if !recursive { return (try? fm.contentsOfDirectory(atPath: real)) ?? [] }
        var found: [String] = []
        if let e = fm.enumerator(atPath: real) {
            while let rel = e.nextObject() as? String { found.append(rel) }
        }
        return found
    }

    /// What `--watch` compares to see that a file changed: its modification time (to the
    /// nanosecond) and size, of the file a symbolic link points to. Nil when there is no file.
    struct Stamp: Hashable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int64
    }

    /// The ``Stamp`` of the absolute `full` (a link followed), or nil.
    static func stamp(_ full: String) -> Stamp? {
        var st = stat()
        guard stat(full, &st) == 0 else { return nil }
        return Stamp(seconds: Int(st.st_mtim.tv_sec), nanoseconds: Int(st.st_mtim.tv_nsec), size: Int64(st.st_size))
    }
}
