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
    /// The coverage each run counts and writes (as a run without `--watch` does), if any.
    var coverage: CoverageRun?
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

    /// A folder watched: a path the runner was given (with everything under it), or the folder
    /// above a spec folder (its own `.lua` files only: the policies next to a `spec/` folder).
    struct Root: Hashable {
        /// Normalized (``PathText/normalized(_:)``); `""` is the working directory.
        var path: String
        var recursive: Bool
    }

    /// The `.lua` files under `roots` (a root naming a file: that file), each keyed by its
    /// normalized path so that a file seen from two roots is one key, with its ``PathText/Stamp``.
    static func snapshot(_ roots: [Root], console: Console) -> [String: PathText.Stamp] {
        var stamps: [String: PathText.Stamp] = [:]
        let fm = FileManager.default
        for root in roots {
            let full = console.resolve(root.path.isEmpty ? "." : root.path)
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: full, isDirectory: &isDirectory) else { continue }
            if !isDirectory.boolValue {
                if let stamp = PathText.stamp(full) { stamps[root.path] = stamp }
                continue
            }
            for rel in PathText.entries(under: full, recursive: root.recursive) where rel.hasSuffix(".lua") {
                if let stamp = PathText.stamp(full + "/" + rel) { stamps[PathText.join(root.path, rel)] = stamp }
            }
        }
        return stamps
    }

    /// The roots watched for `specs`: the runner's paths, then each spec file's folder and the
    /// folder above it where none of those holds them, their own `.lua` files only
    /// (`Policies/spec/a_spec.lua` run as `reorder test Policies/spec/a_spec.lua`: the file,
    /// `Policies/spec` and `Policies`).
    func roots(specs: [String]) -> [Root] {
        var roots: [Root] = []
        for path in runner.paths {
            let root = Root(path: PathText.normalized(path), recursive: true)
            if !roots.contains(root) { roots.append(root) }
        }
        for spec in specs {
            let folder = PathText.folder(of: spec)
            for path in [folder, PathText.folder(of: folder)] {
                let covered = roots.contains { $0.path == path || ($0.recursive && PathText.isInside(path, $0.path)) }
                if !covered { roots.append(Root(path: path, recursive: false)) }
            }
        }
        return roots
    }

    /// The spec files a change reruns, as the runner lists them (``affected(by:specs:source:)``
    /// on normalized paths, the snapshot's keys).
    static func rerun(changed: [String], specs: [String], console: Console) -> [String] {
        let keys = specs.map(PathText.normalized)
        let picked = Set(affected(by: changed, specs: keys) { path in
            // Read as the runner reads a spec file: a FIFO or a link to a device is refused,
            // not waited on.
            try? ScriptingHost.readSource(console.resolve(path.isEmpty ? "." : path), kind: "spec file")
        })
        return zip(specs, keys).filter { picked.contains($0.1) }.map(\.0)
    }

    /// Runs `r` once, within ``coverage`` when there is one.
    private func once(_ r: SpecRunner, console: Console) {
        if let coverage {
            _ = coverage.around(console: console) { r.run(console: console) }
        } else {
            _ = r.run(console: console)
        }
    }

    /// Runs until the process is interrupted.
    func run(console: Console) {
        once(runner, console: console)
        var specs = runner.specFiles(console: console).files
        var watched = roots(specs: specs)
        var before = Self.snapshot(watched, console: console)
        console.write("\n[watching \(before.count) file\(before.count == 1 ? "" : "s"); Ctrl-C ends]\n")
        while true {
            Thread.sleep(forTimeInterval: interval)
            let now = Self.snapshot(watched, console: console)
            let changed = now.keys.filter { now[$0] != before[$0] }.sorted()
            before = now
            guard !changed.isEmpty else { continue }
            specs = runner.specFiles(console: console).files
            watched = roots(specs: specs)
            let rerun = Self.rerun(changed: changed, specs: specs, console: console)
            guard !rerun.isEmpty else { continue }
            console.write("\n[\(changed.joined(separator: ", ")) changed: \(rerun.count) spec file\(rerun.count == 1 ? "" : "s")]\n")
            var again = runner
            again.paths = rerun
            once(again, console: console)
        }
    }
}
