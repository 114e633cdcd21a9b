import Foundation
import ReorderScripting

/// `reorder test --watch`: runs the specs, then polls the spec and policy files' modification
/// times every 250 ms and reruns the spec files a change affects (see ``affected(by:specs:source:)``).
/// Ctrl-C ends it.
///
/// ```swift
/// SpecWatcher(runner: SpecRunner(paths: ["Policies/"])).run(console: .standard())
/// ```
struct SpecWatcher {
    var runner: SpecRunner
    /// How often the files are looked at.
    var interval: Double = 0.25

    /// The spec files to rerun when the files `changed` changed, among `specs` (paths as the
    /// runner lists them; `source` reads a spec file's text):
    /// - a changed spec file reruns itself;
    /// - a changed policy `NAME.lua` reruns the specs named `NAME_spec.lua` and those whose text
    ///   names the policy (`"NAME"`, `'NAME'` or `NAME.lua`);
    /// - a change no spec is tied to (a policy no spec names, a helper module) reruns them all.
    ///
    /// ```swift
    /// SpecWatcher.affected(by: ["Policies/kanban.lua"],
    ///                      specs: ["Policies/spec/kanban_spec.lua", "Policies/spec/uikit_spec.lua"],
    ///                      source: { try? String(contentsOfFile: $0, encoding: .utf8) })
    /// // ["Policies/spec/kanban_spec.lua"]
    /// ```
    static func affected(by changed: [String], specs: [String], source: (String) -> String?) -> [String] {
        var picked = Set<String>()
        for path in changed {
            if specs.contains(path) { picked.insert(path); continue }
            let file = (path as NSString).lastPathComponent
            guard file.hasSuffix(".lua") else { continue }
            let name = String(file.dropLast(4))
            let tied = specs.filter { spec in
                if (spec as NSString).lastPathComponent == name + "_spec.lua" { return true }
                guard let text = source(spec) else { return false }
                return text.contains("\"\(name)\"") || text.contains("'\(name)'") || text.contains(name + ".lua")
            }
            if tied.isEmpty { return specs }
            picked.formUnion(tied)
        }
        return specs.filter { picked.contains($0) }
    }

    /// The files watched: every `.lua` file under the runner's paths, and those in the folder
    /// above each spec folder (the policies next to a `spec/` folder), with their modification
    /// times.
    static func snapshot(_ roots: [String], console: Console) -> [String: Date] {
        var times: [String: Date] = [:]
        let fm = FileManager.default
        func note(_ path: String) {
            if let d = (try? fm.attributesOfItem(atPath: console.resolve(path)))?[.modificationDate] as? Date {
                times[path] = d
            }
        }
        for root in roots {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: console.resolve(root), isDirectory: &isDirectory) else { continue }
            if !isDirectory.boolValue { note(root); continue }
            // "./" is left off, so a file seen from two roots is one key.
            let prefix = root == "." || root == "./" ? "" : (root.hasSuffix("/") ? root : root + "/")
            for rel in (fm.enumerator(atPath: console.resolve(root))?.allObjects as? [String] ?? []) where rel.hasSuffix(".lua") {
                note(prefix + rel)
            }
        }
        return times
    }

    /// The roots watched for `specs`: the runner's paths and each spec folder's parent.
    func roots(specs: [String]) -> [String] {
        var roots = runner.paths
        for spec in specs {
            let folder = (spec as NSString).deletingLastPathComponent
            let parent = (folder as NSString).deletingLastPathComponent
            let root = parent.isEmpty ? "." : parent
            if !roots.contains(root), root != "." || folder.isEmpty == false { roots.append(root) }
        }
        return roots
    }

    /// Runs until the process is interrupted.
    func run(console: Console) {
        _ = runner.run(console: console)
        var specs = runner.specFiles(console: console).files
        var watched = roots(specs: specs)
        var before = Self.snapshot(watched, console: console)
        console.write("\n[watching \(before.count) files; Ctrl-C ends]\n")
        while true {
            Thread.sleep(forTimeInterval: interval)
            let now = Self.snapshot(watched, console: console)
            let changed = now.keys.filter { now[$0] != before[$0] }.sorted()
            before = now
            guard !changed.isEmpty else { continue }
            specs = runner.specFiles(console: console).files
            watched = roots(specs: specs)
            // Read as the runner reads a spec file: a FIFO or a link to a device is refused,
            // not waited on.
            let rerun = Self.affected(by: changed, specs: specs) { path in
                try? ScriptingHost.readSource(console.resolve(path), kind: "spec file")
            }
            guard !rerun.isEmpty else { continue }
            console.write("\n[\(changed.joined(separator: ", ")) changed: \(rerun.count) spec file\(rerun.count == 1 ? "" : "s")]\n")
            var again = runner
            again.paths = rerun
            _ = again.run(console: console)
        }
    }
}
