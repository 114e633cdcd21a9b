import Foundation
import ReorderCore
import ReorderLua
import ReorderPersistence
import ReorderScripting
import ReorderTrace

/// The REPL: Lua with the session API, a ready session `s` on the demo list, colon commands.
///
/// On a terminal: a banner, prompts (`> `, `>> ` for a continued entry), line editing and
/// history (`~/.reorder_history`) through libedit, colour in `s:show()` unless `NO_COLOR`.
/// With piped input: no banner, no prompts, plain line reads; the exit status is 1 when any
/// entry failed, so a piped session works as a script.
///
/// ```swift
/// let out = OutputBuffer()
/// let status = ReplDriver(console: .buffered(input: "s:drag(1, 2, 1, 9)\n#s:order()\n", output: out)).run()
/// out.text   // "true\n30\n"
/// ```
public final class ReplDriver {
    let console: Console
    /// The policy of `s` at start (nil: the demo's own).
    let initialPolicy: String?
    /// Which demo `s` starts on: the to-do table, the home-button grid, the task board or the
    /// tab strip.
    let demo: DemoList.Demo
    var host: ScriptingHost?
    var failures = 0
    var recording: Recording?
    let lastDrag = LastDragRenderer()
    /// Held while an entry or a command runs; the playground (`:play`) holds it too.
    let playLock = NSRecursiveLock()
    var play: PlayState?

    /// A `:record` under way: the trace is written as the inputs come (a recorder of the
    /// session's simulator), so a recording of any length costs no memory, and keeps every
    /// input however many the session itself keeps.
    final class Recording {
        let path: String
        let session: ScriptSession
        let writer: OutputFile.Writer
        var recorder = 0
        var count = 0
        /// The first write that failed (the rest of the recording is not written).
        var failure: OutputFileError?

        init(path: String, session: ScriptSession, writer: OutputFile.Writer) {
            self.path = path; self.session = session; self.writer = writer
        }

        func write(_ line: String) {
            guard failure == nil else { return }
            do { try writer.append(line + "\n") } catch { failure = error }
        }
    }

    public convenience init(console: Console, policy: String? = nil, layout: SessionOptions.LayoutKind = .table) {
        self.init(console: console, policy: policy, demo: DemoList.Demo(layout))
    }

    /// A REPL whose `s` starts on `demo` (`reorder repl --layout strip`: the tab strip).
    public init(console: Console, policy: String? = nil, demo: DemoList.Demo) {
        self.console = console
        self.initialPolicy = policy
        self.demo = demo
    }

    static let help = """
        Lua 5.4 with the reorder session API. `s` is a session on the demo list.
          s:drag(1, 2, 1, 9)        drag row 2 of section 1 to row 9 (press, hold, glide, release)
          s:press_item(1, 2)  s:hold(0.5)  s:move(187, 400, 0.3)  s:release()  s:cancel()
          s:advance(0.25)  s:tick(10)  s:move_to_item(2, 1, 0.5)  s:scroll(0, 200)
          s:items()  s:order()  s:ids()  s:offset()  s:snapshot()  s:state()  s:events()  s:show()
          reorder.session{ policy = "jx_movable", sections = { {"a", "b"}, {"c"} } }
          reorder.session(reorder.demo(nil, "board"))   also "grid", "strip"; s:page()  s:list_offset(1)
        Commands:
          :help               this text
          :policy NAME|FILE   give `s` another policy (built-in name or .lua file), same order
          :reload             load the policy of `s` again (after editing its file)
          :show               draw the viewport of `s` (same as s:show())
          :record FILE        record the inputs of `s` to a trace (JSON Lines)
          :stop               stop recording and write the trace
          :render FILE        draw the last drag of `s` as an SVG timeline
          :play [PORT]        open the playground page on `s` (default port 8080)
          :quit               leave (or end of input, Ctrl-D)

        """

    /// Runs until `:quit` or end of input. Returns the exit status.
    public func run() -> Int32 {
        let interactive = console.inputIsTerminal
        // `reorder --policy nope.lua`: the file named on the command line is missing; say so in
        // the command's words (the user wrote a file name, not a Lua call), before any Lua runs.
        if let spec = initialPolicy, case .file(let path) = policySource(spec), !FileManager.default.fileExists(atPath: path) {
            console.writeError("reorder: \(spec): no such file\n")
            return 1
        }
        let host: ScriptingHost
        do {
            host = try ScriptingHost(output: console.write, useColor: console.useColor)
            host.baseDirectory = console.currentDirectory
            try host.replaceSession(global: "s", policy: initialPolicy.map(policySource), demo: demo)
        } catch {
            // The policy came from the command line, not from a `reorder.session{...}` call:
            // the message does not name the Lua function, which the user never wrote.
            console.writeError("reorder: \(error.outsideLua.description)\n")
            return 1
        }
        self.host = host

        let reader: LineReader
        if interactive {
            let history = console.environment["HOME"].map { $0 + "/.reorder_history" }
            reader = EditLineReader(historyPath: history)
            let name = host.session(global: "s")?.policyName ?? initialPolicy ?? "default"
            console.write(Self.banner(demo: demo.title, policy: name))
        } else {
            reader = PlainLineReader(console: console)
        }
        defer { reader.close() }

        var pending = ""
        loop: while let line = reader.readLine(prompt: pending.isEmpty ? "> " : ">> ") {
            if pending.isEmpty {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty { continue }
                if ReplDriver.isCommand(trimmed) {
                    reader.remember(trimmed)
                    if !locked({ command(trimmed) }) { break loop }
                    sessionChanged()
                    continue
                }
                // Lua's REPL convention: `=expr` prints expr.
                pending = trimmed.hasPrefix("=") ? "return " + trimmed.dropFirst() : line
            } else if ReplDriver.isCommand(line) {
                // A command ends an unfinished entry: report it, then run the command.
                if case .error(let message) = host.evaluate(pending, final: true) {
                    failures += 1
                    console.write(message + "\n")
                }
                pending = ""
                reader.remember(line)
                if !command(line.trimmingCharacters(in: .whitespaces)) { break loop }
                continue
            } else {
                pending += "\n" + line
            }
            lastDrag.checkpoint(host.session(global: "s"))
            let evaluation = locked { host.evaluate(pending, interruptible: interactive) }
            sessionChanged()
            switch evaluation {
            case .incomplete:
                continue
            case .ok(let text):
                if let text { console.write(text + "\n") }
            case .error(let message):
                failures += 1
                console.write(message + "\n")
            }
            reader.remember(pending)
            pending = ""
        }
        if !pending.isEmpty {
            // The input ended inside an unfinished entry: report it like Lua would.
            if case .error(let message) = host.evaluate(pending, final: true) {
                console.write(message + "\n")
            }
            failures += 1
        }
        if recording != nil { _ = stopRecording() }
        if interactive { console.write("\n") }
        return failures > 0 && !interactive ? 1 : 0
    }

    /// `:name ...` (but not a Lua label `::name::`).
    /// The greeting of an interactive REPL; it shows the same version as `reorder --version`.
    static func banner(demo: String, policy: String) -> String {
        "reorder \(Reorder.version) (Lua 5.4): `s` is a session on the \(demo) with policy \(policy).\n"
            + "Try s:drag(1, 2, 1, 9) then s:show(). :help for help, :quit to leave.\n"
    }

    static func isCommand(_ line: String) -> Bool {
        let t = line.trimmingCharacters(in: .whitespaces)
        guard t.hasPrefix(":"), !t.hasPrefix("::") else { return false }
        return t.dropFirst().first.map { $0.isLetter || $0 == "?" } ?? false
    }

    func policySource(_ spec: String) -> SessionOptions.PolicySource {
        console.policy(spec)
    }

    /// Runs a colon command; false means quit.
    func command(_ line: String) -> Bool {
        guard let host else { return false }
        // A trailing Lua comment is allowed after a command, as after Lua input
        // (`:policy jx_movable  -- JX's rules`).
        var line = line
        if let comment = line.range(of: " --") { line = String(line[..<comment.lowerBound]) }
        let parts = line.trimmingCharacters(in: .whitespaces).dropFirst().split(separator: " ", maxSplits: 1).map(String.init)
        let name = parts.first ?? ""
        let argument = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
        func fail(_ message: String) {
            failures += 1
            console.write(message + "\n")
        }
        switch name {
        case "help", "h", "?":
            console.write(ReplDriver.help)
        case "quit", "q", "exit":
            return false
        case "policy", "p":
            guard !argument.isEmpty else {
                let current = host.session(global: "s").map { "\($0.policyName) (\($0.options.policy))" } ?? "none"
                console.write("policy of s: \(current)\n")
                return true
            }
            if recording != nil { _ = stopRecording() }
            do {
                let s = try host.replaceSession(global: "s", policy: policySource(argument))
                console.write("s: policy \(s.policyName)\n")
            } catch {
                fail(":policy: \(error.outsideLua.message)")
            }
        case "reload", "r":
            if recording != nil { _ = stopRecording() }
            do {
                let s = try host.replaceSession(global: "s", policy: nil)
                console.write("s: policy \(s.policyName) reloaded\n")
            } catch {
                fail(":reload: \(error.outsideLua.message)")
            }
        case "show":
            guard host.session(global: "s") != nil else { fail(":show: `s` is not a session"); return true }
            if case .error(let message) = host.evaluate("s:show()") { fail(message) }
        case "record":
            guard !argument.isEmpty else { fail(":record: give a file name, e.g. :record drag.jsonl"); return true }
            startRecording(console.resolve(argument), shown: argument)
        case "stop":
            if recording == nil { fail(":stop: not recording") } else { _ = stopRecording() }
        case "play":
            startPlay(argument)
        case "render":
            guard !argument.isEmpty else { fail(":render: give a file name, e.g. :render drag.svg"); return true }
            guard let s = host.session(global: "s") else { fail(":render: `s` is not a session"); return true }
            let (ok, message) = lastDrag.render(s, host: host, to: argument, console: console)
            if ok { console.write(message + "\n") } else { fail(message) }
        default:
            fail("unknown command :\(name) (try :help)")
        }
        return true
    }

    func startRecording(_ path: String, shown: String) {
        guard let host, let s = host.session(global: "s") else {
            failures += 1
            console.write(":record: `s` is not a session\n")
            return
        }
        guard s.simulator.state == .idle else {
            failures += 1
            console.write(":record: `s` is \(s.simulator.state.rawValue); release or cancel first\n")
            return
        }
        if recording != nil { _ = stopRecording() }
        let header = Trace.Header(recording: s, policy: s.options.policy.traceName.map { Replayer.recordedName($0, trace: path) })
        let r: Recording
        do {
            r = Recording(path: path, session: s, writer: try OutputFile.Writer(path: path, displayPath: shown))
        } catch {
            failures += 1
            console.write(":record: \(error)\n")
            return
        }
        r.write(TraceCodec.encode(header: header))
        r.recorder = s.simulator.addRecorder { [r] input in
            r.write(TraceCodec.encode(input))
            r.count += 1
        }
        recording = r
        console.write("recording the inputs of s to \(shown) (:stop to finish)\n")
    }

    func stopRecording() -> Bool {
        guard let r = recording else { return false }
        recording = nil
        r.session.simulator.removeRecorder(r.recorder)
        if r.failure == nil {
            do { try r.writer.commit() } catch { r.failure = error }
        }
        if let failure = r.failure {
            r.writer.discard()
            failures += 1
            console.write(":stop: \(failure)\n")
            return false
        }
        console.write("wrote \(r.count) inputs to \(r.path)\n")
        return true
    }
}

extension SessionOptions.PolicySource {
    /// The policy as a trace names it (nil for an inline table, which a trace cannot carry).
    var traceName: String? {
        switch self {
        case .builtin(let n): return n
        case .file(let p): return p
        case .table: return nil
        }
    }
}
