import Foundation
import ReorderLua

/// Watches a policy file and the files of its `extends` chain (polling their modification
/// times and sizes every `interval`), and calls `changed` after a save.
///
/// The chain is read from the files' text (`extends = "other.lua"`, relative to the file that
/// names it); built-in parents are embedded in the binary and need no watching.
///
/// ```swift
/// let watcher = PolicyWatcher(path: "mine.lua") { await hub.policyFileChanged() }
/// let task = Task { await watcher.run() }
/// ```
public struct PolicyWatcher: Sendable {
    public let path: String
    public let interval: Duration
    public let changed: @Sendable () async -> Void

    public init(path: String, interval: Duration = .milliseconds(150), changed: @escaping @Sendable () async -> Void) {
        self.path = path; self.interval = interval; self.changed = changed
    }

    /// The policy file and every file its `extends` chain names (cycles stop the walk).
    public static func chain(of path: String) -> [String] {
        var files: [String] = []
        var next: String? = URL(fileURLWithPath: path).standardizedFileURL.path
        while let p = next, !files.contains(p), files.count < 32 {
            files.append(p)
            next = nil
            guard let text = try? String(contentsOfFile: p, encoding: .utf8),
                  let reference = extendsReference(in: text),
                  PolicyReference.isPath(reference) else { break }
            let base = URL(fileURLWithPath: p).deletingLastPathComponent().path
            next = URL(fileURLWithPath: PolicyReference.resolve(reference, against: base)).standardizedFileURL.path
        }
        return files
    }

    /// The string after `extends =` in a policy's text.
    static func extendsReference(in text: String) -> String? {
        guard let r = text.range(of: "extends") else { return nil }
        var rest = text[r.upperBound...].drop { $0 == " " || $0 == "\t" }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let body = rest.dropFirst()
        guard let end = body.firstIndex(of: quote) else { return nil }
        return String(body[..<end])
    }

    /// Modification time and size of each file (nil when unreadable).
    static func stamps(_ files: [String]) -> [String: String] {
        var out: [String: String] = [:]
        for f in files {
            let a = try? FileManager.default.attributesOfItem(atPath: f)
            let date = (a?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
            let size = (a?[.size] as? Int) ?? -1
            out[f] = "\(date)/\(size)"
        }
        return out
    }

    /// Polls until cancelled.
    public func run() async {
        var files = Self.chain(of: path)
        var last = Self.stamps(files)
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            let now = Self.stamps(files)
            guard now != last else { continue }
            last = now
            await changed()
            // The chain may have changed with the edit.
            files = Self.chain(of: path)
            last = Self.stamps(files)
        }
    }
}
