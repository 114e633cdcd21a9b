import Foundation
import ReorderLua
import ReorderPersistence
import ReorderScripting

/// `reorder check --lint`: luacheck (Debian's `lua-check`) on policy and spec files with the
/// `reorder` std (the globals a policy's sandbox gives): accidental globals, unused variables,
/// shadowing, as `file:line:col: (Wnnn) message`.
///
/// A `.luacheckrc` in the working directory (`reorder init` writes one) is luacheck's to read;
/// without one the `reorder` std is used (policies) and Lua 5.4 + busted + `reorder` (files
/// ending in `_spec.lua`).
///
/// ```text
/// $ reorder check --lint bad.lua
/// bad.lua:11:5: (W111) setting non-standard global variable 'count'
/// lint: 1 warning in 1 file
/// ```
enum PolicyLinter {
    /// The luacheck executable on PATH, or nil.
    static func luacheck(environment: [String: String]) -> String? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = String(dir) + "/luacheck"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The `.lua` files named or under the folders named (default: the working directory),
    /// skipping hidden folders and the definitions folder; missing paths separately. Each file
    /// is checked as the tool's own readers check a Lua file (``InputFile/check``: a regular
    /// file, a symbolic link followed, of at most ``LuaPolicy/maximumFileSize`` bytes, or
    /// ``ScriptingHost/maximumSourceSize`` for a spec file) before luacheck reads it: a FIFO
    /// would block luacheck and a link to `/dev/zero` never ends, so such a file is skipped,
    /// with the reason in `skipped`.
    static func files(_ paths: [String], console: Console) -> (files: [String], missing: [String], skipped: [String]) {
        var files: [String] = [], missing: [String] = [], skipped: [String] = []
        let fm = FileManager.default
        func add(_ path: String) {
            let spec = path.hasSuffix("_spec.lua")
            do {
                try InputFile.check(console.resolve(path), displayPath: path, kind: spec ? "spec file" : "policy",
                                    limit: spec ? ScriptingHost.maximumSourceSize : LuaPolicy.maximumFileSize)
                files.append(path)
            } catch {
                skipped.append(error.description)
            }
        }
        for path in paths.isEmpty ? ["."] : paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: console.resolve(path), isDirectory: &isDirectory) else { missing.append(path); continue }
            guard isDirectory.boolValue else { add(path); continue }
            var found: [String] = []
            if let e = fm.enumerator(atPath: console.resolve(path)) {
                while let rel = e.nextObject() as? String {
                    let parts = rel.split(separator: "/")
                    let isFolder = (e.fileAttributes?[.type] as? FileAttributeType) == .typeDirectory
                    if parts.contains(where: { $0.hasPrefix(".") }) || parts.first.map(String.init) == EditorKit.typesFolder {
                        if isFolder { e.skipDescendants() }
                        continue
                    }
                    if rel.hasSuffix(".lua") && !isFolder { found.append(rel) }
                }
            }
            let prefix = path == "." ? "" : (path.hasSuffix("/") ? path : path + "/")
            for rel in found.sorted() { add(prefix + rel) }
        }
        return (files, missing, skipped)
    }

    /// Lints; returns the exit status (0: no warnings; 1: warnings, errors, or no luacheck).
    static func run(_ paths: [String], console: Console) -> Int32 {
        guard let exe = luacheck(environment: console.environment.isEmpty ? ProcessInfo.processInfo.environment : console.environment) else {
            console.writeError("reorder check --lint: luacheck not found: install lua-check (Debian: apt-get install lua-check)\n")
            return 1
        }
        let (files, missing, skipped) = files(paths, console: console)
        for m in missing { console.writeError("reorder check --lint: no such file or directory: \(m)\n") }
        for s in skipped { console.writeError("reorder check --lint: skipped \(s)\n") }
        guard !files.isEmpty else {
            if missing.isEmpty && skipped.isEmpty { console.writeError("reorder check --lint: no .lua files under \(paths.isEmpty ? "." : paths.joined(separator: ", "))\n") }
            return 1
        }
        let ownConfig = FileManager.default.fileExists(atPath: console.resolve(".luacheckrc"))
        var groups: [(std: String?, files: [String])]
        var config: URL?
        if ownConfig {
            groups = [(nil, files)]
        } else {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("reorder-lint-\(UUID().uuidString)")
            do {
                try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
                let url = dir.appendingPathComponent("luacheckrc")
                try EditorKit.luacheckrc(fileRules: false).write(to: url, atomically: true, encoding: .utf8)
                config = url
            } catch {
                console.writeError("reorder check --lint: cannot write luacheck's configuration: \(error)\n")
                return 1
            }
            groups = [("reorder", files.filter { !$0.hasSuffix("_spec.lua") }),
                      ("lua54+busted+reorder_spec", files.filter { $0.hasSuffix("_spec.lua") })]
        }
        defer { if let config { try? FileManager.default.removeItem(at: config.deletingLastPathComponent()) } }
        var warnings = 0
        var failed = false
        for group in groups where !group.files.isEmpty {
            var arguments = ["--formatter", "plain", "--codes", "--no-color"]
            if let config { arguments += ["--config", config.path] }
            if let std = group.std { arguments += ["--std", std] }
            arguments += ["--"] + group.files
            let p = Process()
            p.executableURL = URL(fileURLWithPath: exe)
            p.arguments = arguments
            p.currentDirectoryURL = URL(fileURLWithPath: console.currentDirectory)
            let out = Pipe(), err = Pipe()
            p.standardOutput = out
            p.standardError = err
            do { try p.run() } catch {
                console.writeError("reorder check --lint: cannot run \(exe): \(error.localizedDescription)\n")
                return 1
            }
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let errText = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            console.write(text)
            if !errText.isEmpty { console.writeError(errText) }
            warnings += text.split(separator: "\n").filter { !$0.isEmpty }.count
            // luacheck: 0 no warnings, 1 warnings, 2 errors (syntax), 3+ a fatal error.
            if p.terminationStatus != 0 { failed = true }
        }
        let n = files.count
        console.write("lint: \(warnings == 0 ? "no" : String(warnings)) warning\(warnings == 1 ? "" : "s") in \(n) file\(n == 1 ? "" : "s")\n")
        return failed || warnings > 0 || !missing.isEmpty || !skipped.isEmpty ? 1 : 0
    }
}
