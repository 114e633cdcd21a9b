import Foundation
import ReorderCore
import ReorderLua
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

/// `reorder test`: finds `*_spec.lua` files, runs each in a fresh trusted VM with busted's
/// vocabulary, and reports (plain text, TAP, JUnit XML).
///
/// ```swift
/// let out = OutputBuffer()
/// let status = SpecRunner(paths: ["Policies/"], filter: "jx_movable")
///     .run(console: .buffered(output: out))
/// out.text   // "Policies/spec/jx_movable_spec.lua ..........\n...\n10 passed, 0 failed\n"
/// ```
public struct SpecRunner {
    public var paths: [String]
    public var filter: String?
    public var tap = false
    public var junitPath: String?
    /// Wall-clock seconds a spec file may run before it is stopped (0: no limit).
    public var timeout: Double

    public init(paths: [String], filter: String? = nil, tap: Bool = false, junitPath: String? = nil,
                timeout: Double = 60) {
        self.paths = paths.isEmpty ? ["Policies/"] : paths
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
            var found: [String] = []
            if let e = fm.enumerator(atPath: full) {
                while let rel = e.nextObject() as? String {
                    if rel.hasSuffix("_spec.lua") { found.append(rel) }
                }
            }
            let prefix = path.hasSuffix("/") ? path : path + "/"
            files.append(contentsOf: found.sorted().map { prefix + $0 })
        }
        return (files, missing)
    }

    /// Runs everything; returns the exit status (1 on any failure or error).
    public func run(console: Console) -> Int32 {
        let (files, missing) = specFiles(console: console)
        for m in missing { console.writeError("reorder test: no such file or directory: \(m)\n") }
        if files.isEmpty {
            // One line that says what is wrong (issue 16 item 10): a missing path is named
            // above; nothing ran, so there is no tally.
            if missing.isEmpty {
                console.writeError("reorder test: no *_spec.lua files under \(paths.joined(separator: ", "))\n")
            }
            return 1
        }
        var all: [SpecResult] = []
        var perFile: [(String, [SpecResult])] = []
        for file in files {
            let results = runFile(file, console: console)
            perFile.append((file, results))
            all.append(contentsOf: results)
            if !tap {
                let marks = results.map { r -> String in
                    switch r.status {
                    case .pass: return "."
                    case .fail: return "F"
                    case .error: return "E"
                    case .pending: return "P"
                    }
                }.joined()
                console.write("\(file) \(marks.isEmpty ? "(no tests)" : marks)\n")
            }
        }
        if tap { console.write(SpecReport.tap(all)) } else { console.write(SpecReport.details(all)) }
        if let junitPath {
            do {
                try SpecReport.junit(perFile).write(toFile: console.resolve(junitPath), atomically: true, encoding: .utf8)
            } catch {
                console.writeError("reorder test: cannot write \(junitPath): \(error.localizedDescription)\n")
            }
        }
        let passed = all.filter { $0.status == .pass }.count
        let failed = all.filter { $0.status == .fail || $0.status == .error }.count + missing.count
        let pending = all.filter { $0.status == .pending }.count
        console.write("\(passed) passed, \(failed) failed" + (pending > 0 ? ", \(pending) pending" : "") + "\n")
        return failed > 0 ? 1 : 0
    }

    /// Runs one spec file in a fresh VM. A file that cannot be loaded is one error result.
    func runFile(_ file: String, console: Console) -> [SpecResult] {
        do {
            let host = try ScriptingHost(output: console.write, useColor: false, specs: true)
            host.baseDirectory = console.currentDirectory
            let sameDirectory = console.currentDirectory == FileManager.default.currentDirectoryPath
            let path = sameDirectory ? file : console.resolve(file)
            let source: String
            do {
                source = try ScriptingHost.readSource(path, kind: "spec file")
            } catch {
                return [SpecResult(file: file, line: 0, name: "(loading the file)", status: .error,
                                   message: "cannot load: \(error.message)")]
            }
            let watchdog = Watchdog(host.stopHandle, seconds: timeout)
            let outcome = Result { () throws(LuaError) -> [LuaValue] in
                try host.call("reorder._run_spec", [.string(path), filter.map { .string($0) } ?? .nil, .string(source)])
            }
            watchdog.disarm()
            var results: [SpecResult] = []
            if case .success(let values) = outcome, let list = values.first?.sequence {
                results = list.map { var r = SpecResult($0, file: file); r.file = file; return r }
            }
            if watchdog.fired {
                // Tests stopped by the watchdog fail with the budget message; say what happened.
                let stopped = "stopped: the spec file ran longer than \(NumberText.plain(timeout)) s (reorder test --timeout)"
                for i in results.indices where results[i].message?.contains("instruction budget exceeded") == true {
                    results[i].message = stopped
                    results[i].expected = nil
                    results[i].actual = nil
                }
                if results.isEmpty || !results.contains(where: { $0.message == stopped }) {
                    results.append(SpecResult(file: file, line: 0, name: "(running the file)", status: .error, message: stopped))
                }
                host.clearStop()
                return results
            }
            switch outcome {
            case .success(let values):
                guard values.first?.sequence != nil else {
                    return [SpecResult(file: file, line: 0, name: file, status: .error, message: "the runner returned nothing")]
                }
                return results
            case .failure(let error):
                return [SpecResult(file: file, line: 0, name: "(running the file)", status: .error, message: error.description)]
            }
        } catch {
            return [SpecResult(file: file, line: 0, name: file, status: .error, message: error.description)]
        }
    }
}

/// Text forms of spec results.
enum SpecReport {
    /// Failures, errors and pending tests in detail (plain text).
    static func details(_ results: [SpecResult]) -> String {
        var out = ""
        for r in results where r.status != .pass {
            switch r.status {
            case .pending:
                out += "\nPENDING \(r.file):\(r.line)\n  \(r.name)\n"
                if let m = r.message, m != r.name, m != "pending" { out += "  \(m)\n" }
            case .fail, .error:
                out += "\n\(r.status == .fail ? "FAIL" : "ERROR") \(r.file):\(r.line)\n  \(r.name)\n"
                out += body(r).map { "  " + $0 + "\n" }.joined()
            case .pass:
                break
            }
        }
        return out.isEmpty ? "" : out + "\n"
    }

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

    /// TAP version 13.
    static func tap(_ results: [SpecResult]) -> String {
        var out = "TAP version 13\n"
        for (i, r) in results.enumerated() {
            let n = i + 1
            switch r.status {
            case .pass: out += "ok \(n) - \(r.name)\n"
            case .pending: out += "ok \(n) - \(r.name) # SKIP \(r.message ?? "pending")\n"
            case .fail, .error:
                out += "not ok \(n) - \(r.name)\n"
                out += "# \(r.file):\(r.line)\n"
                out += body(r).map { "#   " + $0 + "\n" }.joined()
            }
        }
        out += "1..\(results.count)\n"
        return out
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
