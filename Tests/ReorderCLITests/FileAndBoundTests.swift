import Foundation
import ReorderCore
import ReorderScripting
import ReorderTestSupport
import Testing
@testable import ReorderCLI
@testable import ReorderTrace

/// The commands that read and write files say what is wrong (docs/REFERENCE.md, Output files
/// and Trace files): trace numbers out of their bounds, input text echoed with its control
/// characters shown, output folders that are files or devices, policy names that cannot be.
@Suite struct FileAndBoundTests {
    /// Runs `body` with a console in a fresh directory holding `files`; (status, out, err, dir).
    func run(_ files: [String: String] = [:], _ body: (Console) -> Int32) throws -> (Int32, String, String, URL) {
        let dir = try temporaryDirectory(prefix: "reorder-files", files: files)
        let out = OutputBuffer(), err = OutputBuffer()
        let status = body(Console.buffered(output: out, errors: err, currentDirectory: dir.path))
        return (status, out.text, err.text, dir)
    }

    // MARK: Trace bounds

    static let header = #"{"type":"session","sections":[["a","b","c"]]}"# + "\n"

    @Test(arguments: [
        // A repeat count of 1e9 made the host allocate 2.7 GB and abort; n ≤ 1,000,000 (KeyboardKey.maximumRepeat).
        (#"{"t":0,"type":"key","key":"down","n":1000000000}"#, "k.jsonl:2: n: expected a whole number from 1 to 1000000 (got 1000000000)"),
        (#"{"t":0,"type":"key","key":"down","n":1e300}"#, "k.jsonl:2: n: expected a whole number from 1 to 1000000 (got 1e300)"),
        // section and row ≤ 10,000,000 (SessionGeometry.Limits.items).
        (#"{"t":0,"type":"focus","section":20000000,"row":1}"#, "k.jsonl:2: section: expected a whole number from 1 to 10000000 (got 20000000)"),
        (#"{"t":0,"type":"tap","section":1,"row":-3}"#, "k.jsonl:2: row: expected a whole number from 1 to 10000000 (got -3)"),
        // t within 0...1e9 (TraceInput.Limits.time); the number is echoed as the file spells it.
        (#"{"t":1e300,"type":"frame"}"#, "k.jsonl:2: t: expected a number from 0 to 1e9 (got 1e300)"),
        (#"{"t":-0.5,"type":"frame"}"#, "k.jsonl:2: t: expected a number from 0 to 1e9 (got -0.5)"),
        // A NUL escape in the type is shown, not printed raw (EchoText).
        (#"{"t":0,"type":"do\u0000wn","x":1,"y":2}"#,
         #"k.jsonl:2: type: unknown input "do\u{0}wn" (expected down, move, up, cancel, frame, focus, key, action, select, deselect, tap, toggle or pan)"#),
        (#"{"t":0,"type":"up","\u001b[2J":1}"#,
         #"k.jsonl:2: "up" takes no "\u{1B}[2J" (it takes time)"#),
    ])
    func traceNumbersHaveBoundsAndMessagesShowWhatTheyEcho(_ line: String, _ message: String) throws {
        let (status, out, err, _) = try run(["k.jsonl": Self.header + line + "\n"]) {
            Replayer.run(tracePath: "k.jsonl", policy: nil, json: false, console: $0)
        }
        #expect(status == 1)
        #expect(out == "")
        #expect(err == "reorder replay: \(message)\n")
    }

    @Test func aSessionLineWithTooManySectionsIsRefused() throws {
        let sections = Array(repeating: "[]", count: 100_001).joined(separator: ",")
        let (status, _, err, _) = try run(["s.jsonl": #"{"type":"session","sections":["# + sections + "]}\n"]) {
            Replayer.run(tracePath: "s.jsonl", policy: nil, json: false, console: $0)
        }
        #expect(status == 1)
        #expect(err == "reorder replay: s.jsonl:1: too many sections: 100001 (at most 100000)\n")
    }

    /// The JSON report is written a section and an event at a time; for a replay that keeps
    /// every event it is the object it always was (no `dropped_events`).
    @Test func theReportOfAnOrdinaryReplayIsUnchanged() throws {
        let trace = Self.header + """
            {"t":0,"type":"focus","section":1,"row":1}
            {"t":0,"type":"key","key":"space"}
            {"t":0.5,"type":"key","key":"down","n":2}
            {"t":1,"type":"key","key":"space"}

            """
        let (status, out, err, _) = try run(["k.jsonl": trace]) { Replayer.run(tracePath: "k.jsonl", policy: nil, json: true, console: $0) }
        #expect(status == 0, "\(err)")
        #expect(out == #"{"policy":"default","inputs":4,"time":1.0,"state":"dropping","items":[["b","c","a"]],"offset":{"x":0.0,"y":0.0},"events":[{"type":"begin","at":[1,1],"time":0.0},{"type":"move","from":[1,1],"to":[1,2],"semantics":"move","time":0.5},{"type":"move","from":[1,2],"to":[1,3],"semantics":"move","time":0.5},{"type":"end","from":[1,1],"to":[1,3],"time":1.0}],"diagnostics":[]}"# + "\n")
    }

    // MARK: Output files

    @Test func typesIntoAFileOrADeviceSaysWhatIsWrong() throws {
        let (_, _, err, dir) = try run(["notes.txt": "mine"]) { console in
            for folder in ["notes.txt", "/dev/full"] { _ = try? Reorder.Types.write(to: folder, console: console) }
            return 0
        }
        #expect(err == """
            reorder types: cannot write notes.txt/reorder.d.lua: notes.txt is a file, not a folder
            reorder types: cannot write /dev/full/reorder.d.lua: /dev/full is a character device, not a folder

            """)
        #expect(try String(contentsOf: dir.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine")
    }

    @Test func plotAndRenderIntoAFullDeviceSayNoSpace() throws {
        let trace = Self.header + #"{"t":0,"type":"down","x":100,"y":20}"# + "\n" + #"{"t":1,"type":"up"}"# + "\n"
        let (status, _, err, _) = try run(["t.jsonl": trace]) { console in
            Plotter.render(tracePath: "t.jsonl", policy: nil, out: "/dev/full", console: console)
        }
        #expect(status == 1)
        #expect(err == "reorder render: cannot write /dev/full: no space left on device\n")
        let (pstatus, _, perr, _) = try run { Plotter.plot(["default"], out: "nothere/x.svg", console: $0) }
        #expect(pstatus == 1)
        #expect(perr == "reorder plot: cannot write nothere/x.svg: the folder nothere does not exist\n")
    }

    @Test func initRefusesKeywordsAndOverlongNames() throws {
        #expect(EditorKit.nameProblem("mine") == nil)
        #expect(EditorKit.nameProblem("end")
                == "'end' is a Lua keyword, reserved by Lua, so it cannot be a policy name (a policy's name is a Lua identifier); choose another, e.g. 'end_policy'")
        // 246 bytes fit (EditorKit.maximumNameLength = 255 − "_spec.lua"); 300 do not.
        #expect(EditorKit.nameProblem(String(repeating: "a", count: 246)) == nil)
        #expect(EditorKit.nameProblem(String(repeating: "a", count: 300))
                == "'\(String(repeating: "a", count: 64))…' is 300 characters long; a policy name has at most 246 (its spec file NAME_spec.lua must fit the file system's limit of 255 bytes for a file name)")
        #expect(EditorKit.nameProblem("a\u{0}b")
                == "'a\\u{0}b' is not a policy name: use letters, digits and underscores, not starting with a digit (it names NAME.lua and a Lua identifier)")
        let (status, _, err) = try runReorder(["init", "while"], directory: try temporaryDirectory())
        #expect(status == 64)
        #expect(err.contains("'while' is a Lua keyword"))
    }

    @Test func recordWritesAsItGoesAndSaysWhyItCannot() throws {
        let dir = try temporaryDirectory(prefix: "reorder-record")
        let (status, out) = repl("""
            :record nothere/drag.jsonl
            :record drag.jsonl
            s:drag(1, 2, 1, 4)
            :stop
            :record /dev/full
            s:drag(1, 4, 1, 2)
            :stop

            """, directory: dir.path)
        #expect(status == 1)
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.first == ":record: cannot write nothere/drag.jsonl: the folder nothere does not exist")
        #expect(lines.contains { $0.hasPrefix("wrote ") && $0.hasSuffix(" inputs to \(dir.path)/drag.jsonl") })
        #expect(lines.contains(":stop: cannot write /dev/full: no space left on device"))
        // The trace replays to the recorded drag.
        let replayed = try Replayer.replay(TraceReader(path: dir.appendingPathComponent("drag.jsonl").path), policy: nil,
                                           console: Console.buffered(output: OutputBuffer(), currentDirectory: dir.path))
        #expect(replayed.events.first?.typeName == "begin" && replayed.events.last?.typeName == "end")
    }

    // MARK: Lint

    @Test(.enabled(if: onPath("luacheck"), "luacheck is not installed (Debian package lua-check): the lint is not run"))
    func lintSkipsWhatIsNotARegularFile() throws {
        let dir = try temporaryDirectory(prefix: "reorder-lint", files: ["ok.lua": "return {}\n"])
        #expect(mkfifo(dir.appendingPathComponent("pipe.lua").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("zero.lua").path, withDestinationPath: "/dev/zero")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("folder.lua"), withIntermediateDirectories: false)
        let out = OutputBuffer(), err = OutputBuffer()
        let start = Date()
        let status = PolicyLinter.run([], console: Console.buffered(output: out, errors: err, currentDirectory: dir.path))
        // It hung on the FIFO, and read /dev/zero to 5 GB, before.
        #expect(Date().timeIntervalSince(start) < 30)
        #expect(status == 1)
        #expect(out.text == "lint: no warnings in 1 file\n")
        #expect(err.text == """
            reorder check --lint: skipped pipe.lua: is a FIFO (named pipe), not a regular file
            reorder check --lint: skipped zero.lua: is a character device (a symbolic link to /dev/zero), not a regular file

            """)
    }
}
