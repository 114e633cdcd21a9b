import Foundation
import ReorderCore
import ReorderLua
import ReorderPlot
import ReorderScripting

/// One test's outcome, as the Lua runner reports it.
public struct SpecResult: Hashable, Sendable {
    public enum Status: String, Sendable { case pass, fail, error, pending }
    public var file: String
    public var line: Int
    /// The full name: the describe blocks' names and the test's, joined by spaces.
    public var name: String
    public var status: Status
    public var message: String?
    /// Readable expected and actual values (multi-line for tables).
    public var expected: String?
    public var actual: String?
    /// Both values are tables: show a diff.
    public var tables: Bool

    init(_ v: LuaValue, file: String) {
        self.file = v["file"].stringValue ?? file
        self.line = v["line"].integerValue ?? 0
        self.name = v["name"].stringValue ?? "?"
        self.status = Status(rawValue: v["status"].stringValue ?? "") ?? .error
        self.message = v["message"].stringValue
        self.expected = v["expected"].stringValue
        self.actual = v["actual"].stringValue
        self.tables = v["tables"] == .boolean(true)
    }

    init(file: String, line: Int, name: String, status: Status, message: String?) {
        self.file = file; self.line = line; self.name = name; self.status = status; self.message = message
        self.tables = false
    }
}

/// `reorder test`: finds `*_spec.lua` files and runs them on Debian's busted (with luassert),
/// in one trusted scripting VM that has the `reorder` module (`reorder.session{...}`), through
/// busted's own runner and command line. The default output is busted's output handler
/// `reorder` (Preludes/spec_output.lua): marks per file, failures, `N passed, N failed`.
///
/// ```swift
/// let out = OutputBuffer()
/// let status = SpecRunner(paths: ["Policies/"], filter: "jx_movable")
///     .run(console: .buffered(output: out))
/// out.text   // "Policies/spec/jx_movable_spec.lua ..........\n...\n10 passed, 0 failed\n"
/// ```
public struct SpecRunner {
    public var paths: [String]
    /// busted's `--filter`: run only tests whose full name matches this Lua pattern.
    public var filter: String?
    public var tap = false
    public var junitPath: String?
    /// Wall-clock seconds a spec file may run before its running test is stopped (0: no limit).
    public var timeout: Double
    /// busted's `--tags` and `--exclude-tags` (each a tag; busted also splits at commas).
    public var tags: [String] = []
    public var excludeTags: [String] = []
    /// busted's `--shuffle` (files and tests) and `--seed`.
    public var shuffle = false
    public var seed: Int?
    /// busted's `-o`: an output handler other than `reorder` (`json`, `utfTerminal`, `TAP`, ...).
    /// Given (or with ``tap`` or ``junitPath``, which need the `reorder` handler), it is passed
    /// on busted's command line, which wins over a `.busted` file's `output`.
    public var output: String?
    /// busted's `--no-coverage`: a `.busted` file's `coverage = true` is not honoured.
    public var noCoverage = false
    /// Called when the run asks for coverage (a `.busted` file's `coverage = true`, which busted
    /// would give to LuaCov): the caller turns on reorder's own policy-line coverage
    /// (``PolicyCoverage``) and writes its LCOV file after the run.
    public var onCoverage: (() -> Void)?
    /// Lua's `package.path` / `package.cpath` for the run (nil: Lua's default, which
    /// `LUA_PATH_5_4` / `LUA_CPATH_5_4` override as for `lua5.4`). Tests point them at an empty
    /// directory to see the message given when busted is missing.
    public var packagePath: String?
    public var packageCPath: String?

    /// What to install when busted is missing.
    public static let installHint = "apt-get install lua-busted"

    /// The folder run when no path is given: the built-in policies' specs, in reorder's
    /// repository.
    public static let defaultPath = "Policies/"
    /// No path was given (``paths`` is ``defaultPath``).
    var pathsDefaulted = false

    public init(paths: [String], filter: String? = nil, tap: Bool = false, junitPath: String? = nil,
                timeout: Double = 60) {
        self.paths = paths.isEmpty ? [Self.defaultPath] : paths
        self.pathsDefaulted = paths.isEmpty
        self.filter = filter
        self.tap = tap
        self.junitPath = junitPath
        self.timeout = timeout
    }

    /// The spec files under `paths` (a file named explicitly is taken whatever its name), sorted
    /// per path; missing paths are returned separately.
    func specFiles(console: Console) -> (files: [String], missing: [String]) {
        var files: [String] = []
        var missing: [String] = []
        let fm = FileManager.default
        for path in paths {
            let full = console.resolve(path)
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: full, isDirectory: &isDirectory) else { missing.append(path); continue }
            if !isDirectory.boolValue { files.append(path); continue }
            let found = PathText.entries(under: full, recursive: true).filter { $0.hasSuffix("_spec.lua") }
            let prefix = path.hasSuffix("/") ? path : path + "/"
            files.append(contentsOf: found.sorted().map { prefix + $0 })
        }
        return (files, missing)
    }

    /// busted's command line for `files` (paths busted can open).
    func bustedArguments(_ files: [String]) -> [String] {
        var args = ["--loaders=reorder"]
        if let output {
            args.append("--output=" + output)
        } else if tap || junitPath != nil {
            args.append("--output=reorder")
        }
        if noCoverage { args.append("--no-coverage") }
        if let filter { args.append("--filter=" + filter) }
        for t in tags { args.append("--tags=" + t) }
        for t in excludeTags { args.append("--exclude-tags=" + t) }
        if shuffle { args.append("--shuffle") }
        if let seed { args.append("--seed=\(seed)") }
        // Every file after "--": a file named like an option stays a file.
        return args + ["--"] + files
    }

    /// Runs everything; returns the exit status (1 on any failure or error).
    public func run(console: Console) -> Int32 {
        let (files, missing) = specFiles(console: console)
        if pathsDefaulted, !missing.isEmpty {
            console.writeError("""
                reorder test: no path given, and no \(Self.defaultPath) folder here to run by default (the built-in \
                policies' specs, in reorder's repository). Name the specs to run: `reorder test .` (every *_spec.lua \
                under this folder), `reorder test spec/` or `reorder test pinned_spec.lua`.

                """)
            return 1
        }
        for m in missing { console.writeError("reorder test: no such file or directory: \(m)\n") }
        if files.isEmpty {
            // One line that says what is wrong: a missing path is named
            // above; nothing ran, so there is no tally.
            if missing.isEmpty {
                console.writeError("reorder test: no *_spec.lua files under \(paths.joined(separator: ", "))\n")
            }
            return 1
        }
        if junitPath != nil, let output, output != "reorder" {
            console.writeError("reorder test: --junit needs the default output (or --tap), not -o \(output); busted's own -o junit writes JUnit XML\n")
            return 1
        }
        if tap, let output, output != "reorder" {
            console.writeError("reorder test: --tap is the default output's TAP form, not -o \(output); busted's own -o TAP writes TAP\n")
            return 1
        }
        let status = runBusted(files, console: console)
        return missing.isEmpty ? status : 1
    }

    /// The state the host functions of one run share (the VM's thread only).
    private final class RunState {
        var capturing = false
        var captured = ""
        var watchdog: Watchdog?
        var file = ""
    }

    /// One busted run over `files` in a fresh spec VM.
    func runBusted(_ files: [String], console: Console) -> Int32 {
        let host: ScriptingHost
        do {
            host = try ScriptingHost(output: console.write, useColor: false, specs: true)
        } catch {
            console.writeError("reorder test: \(error.description)\n")
            return 1
        }
        host.baseDirectory = console.currentDirectory
        let state = RunState()
        host.output = { text in
            if state.capturing { state.captured += text } else { console.write(text) }
        }
        define(on: host, state: state, console: console)
        // busted opens the files by the paths it is given; messages and results show them as
        // the user gave them.
        let sameDirectory = console.currentDirectory == FileManager.default.currentDirectoryPath
        var display: [LuaValue: LuaValue] = [:]
        let opened = files.map { f -> String in
            let p = sameDirectory ? f : console.resolve(f)
            display[.string(p)] = .string(f)
            return p
        }
        var options: [LuaValue: LuaValue] = [
            .string("tap"): .boolean(tap),
            .string("files"): .array(files.map { .string($0) }),
            .string("display"): .table(display),
            .string("timeout"): .string(NumberText.plain(timeout)),
        ]
        if let packagePath { options[.string("path")] = .string(packagePath) }
        if let packageCPath { options[.string("cpath")] = .string(packageCPath) }
        let outcome = Result { () throws(LuaError) -> [LuaValue] in
            try host.call("reorder._run_specs", [.array(bustedArguments(opened).map { .string($0) }), .table(options)])
        }
        let stoppedFile = state.file
        let fired = state.watchdog?.fired ?? false
        state.watchdog?.disarm()
        state.watchdog = nil
        if state.capturing, !state.captured.isEmpty { console.write(state.captured) }
        let finished: Bool
        if case .success(let values) = outcome, values.first?.stringValue != "error" { finished = true } else { finished = false }
        if fired, !finished {
            // The watchdog's final stop: the file went on running after its test was stopped.
            host.clearStop()
            console.writeError("reorder test: \(stoppedFile): stopped: the spec file ran longer than \(NumberText.plain(timeout)) s (reorder test --timeout) and went on running after its test was stopped\n")
            return 1
        }
        switch outcome {
        case .failure(let error):
            console.writeError("reorder test: \(error.description)\n")
            return 1
        case .success(let values):
            switch values.first?.stringValue {
            case "missing":
                let why = values.count > 1 ? (values[1].stringValue ?? "") : ""
                var first = (why.split(separator: "\n").first.map(String.init) ?? why).trimmingCharacters(in: .whitespaces)
                if first.hasSuffix(":") { first.removeLast() }
                console.writeError("""
                    reorder test: the specs run on busted, and Lua cannot load it (\(first)).
                    Install Debian's package: \(Self.installHint)

                    """)
                return 1
            case "done":
                let code = values.count > 1 ? (values[1].integerValue ?? 1) : 1
                let results = values.count > 2 ? (values[2].sequence ?? []).map { SpecResult($0, file: "") } : []
                if let junitPath {
                    writeJUnit(results, files: files, to: junitPath, console: console)
                }
                return code == 0 ? 0 : 1
            default:
                let why = values.count > 1 ? (values[1].stringValue ?? "") : ""
                console.writeError("reorder test: busted failed: \(why)\n")
                return 1
            }
        }
    }

    /// The host functions the Lua half calls (see Preludes/spec.lua).
    private func define(on host: ScriptingHost, state: RunState, console: Console) {
        host.define("_emit") { vm in
            console.write(vm.string(at: 1) ?? "")
            return 0
        }
        host.define("_emit_error") { vm in
            console.writeError(vm.string(at: 1) ?? "")
            return 0
        }
        // _capture(on): from now on, output is (on) or is not captured; returns what was
        // captured since the last call.
        host.define("_capture") { vm in
            let text = state.captured
            state.captured = ""
            state.capturing = vm.top >= 1 && vm.value(at: 1) == .boolean(true)
            vm.push(text)
            return 1
        }
        // _read_spec(path): the source, or nil and why it cannot be read.
        host.define("_read_spec") { vm throws(LuaError) -> Int32 in
            guard let path = vm.string(at: 1) else { throw LuaError.script("reorder._read_spec: expected a path") }
            do throws(LuaError) {
                vm.push(try ScriptingHost.readSource(path, kind: "spec file"))
                return 1
            } catch {
                vm.pushNil()
                vm.push(error.message)
                return 2
            }
        }
        let seconds = timeout
        let stop = host.stopHandle
        host.define("_file_begin") { [weak host] vm in
            state.watchdog?.disarm()
            state.file = vm.string(at: 1) ?? ""
            // A spec's relative policy path names a file next to it first.
            let folder = PathText.folder(of: state.file)
            host?.specDirectory = folder.isEmpty ? console.currentDirectory : console.resolve(folder)
            state.watchdog = Watchdog(stop, seconds: seconds, once: true)
            return 0
        }
        host.define("_file_end") { [weak host] _ in
            host?.specDirectory = nil
            state.watchdog?.disarm()
            state.watchdog = nil
            return 0
        }
        // _coverage(): busted asks for coverage (`coverage = true` in .busted), where it
        // would start LuaCov; reorder counts policy lines itself.
        let coverage = onCoverage
        host.define("_coverage") { _ in
            coverage?()
            return 0
        }
        host.define("_diff") { vm in
            vm.push(TextDiff.lines(expected: vm.string(at: 1) ?? "", actual: vm.string(at: 2) ?? "").joined(separator: "\n"))
            return 1
        }
    }

    private func writeJUnit(_ results: [SpecResult], files: [String], to path: String, console: Console) {
        var perFile: [(String, [SpecResult])] = files.map { f in (f, results.filter { $0.file == f }) }
        let others = results.filter { r in !files.contains(r.file) }
        if !others.isEmpty { perFile.append(("(other)", others)) }
        if let problem = console.writeFile(SpecReport.junit(perFile), to: path) {
            console.writeError("reorder test: \(problem)\n")
        }
    }
}

/// JUnit XML of spec results (the terminal and TAP forms are the Lua output handler's).
enum SpecReport {
    /// The message and the values of a failure, as lines.
    static func body(_ r: SpecResult) -> [String] {
        var lines: [String] = []
        if let m = r.message { lines += m.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        if r.tables, let e = r.expected, let a = r.actual {
            lines.append("expected (-) / actual (+):")
            lines += TextDiff.lines(expected: e, actual: a).map { "  " + $0 }
        } else {
            if let e = r.expected { lines += prefixed("expected: ", e) }
            if let a = r.actual { lines += prefixed("actual:   ", a) }
        }
        return lines
    }

    static func prefixed(_ label: String, _ value: String) -> [String] {
        let parts = value.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let pad = String(repeating: " ", count: label.count)
        return parts.enumerated().map { ($0.offset == 0 ? label : pad) + $0.element }
    }

    /// JUnit XML, one test suite per spec file.
    static func junit(_ files: [(String, [SpecResult])]) -> String {
        // Attribute values: quotes, apostrophes and line breaks as references.
        func esc(_ s: String) -> String { XMLEscape.attribute(s) }
        func count(_ rs: [SpecResult], _ s: SpecResult.Status) -> Int { rs.filter { $0.status == s }.count }
        let all = files.flatMap(\.1)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"reorder\" tests=\"\(all.count)\" failures=\"\(count(all, .fail))\" errors=\"\(count(all, .error))\" skipped=\"\(count(all, .pending))\">\n"
        for (file, rs) in files {
            out += "  <testsuite name=\"\(esc(file))\" tests=\"\(rs.count)\" failures=\"\(count(rs, .fail))\" errors=\"\(count(rs, .error))\" skipped=\"\(count(rs, .pending))\">\n"
            for r in rs {
                out += "    <testcase classname=\"\(esc(file))\" name=\"\(esc(r.name))\" file=\"\(esc(r.file))\" line=\"\(r.line)\""
                switch r.status {
                case .pass: out += "/>\n"
                case .pending: out += ">\n      <skipped message=\"\(esc(r.message ?? "pending"))\"/>\n    </testcase>\n"
                case .fail, .error:
                    let tag = r.status == .fail ? "failure" : "error"
                    out += ">\n      <\(tag) message=\"\(esc(r.message ?? ""))\">\(XMLEscape.text("\(r.file):\(r.line)\n" + body(r).joined(separator: "\n")))</\(tag)>\n    </testcase>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }
}
