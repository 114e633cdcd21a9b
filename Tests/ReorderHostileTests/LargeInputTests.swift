import Foundation
import ReorderCLI
import ReorderCore
import ReorderTrace
import ReorderLua
import ReorderPersistence
import ReorderTestSupport
import Testing

/// Large input: traces, order files, policies, scripts
/// and spec files that are too big, too long, not files, not UTF-8 or not source. Each case:
/// no hang, no crash, a bound on time, and a message that names the file and what is wrong.
@Suite("Large and malformed input files")
struct LargeInputTests {
    /// A scratch directory, removed at the end.
    final class Scratch {
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.path + "/reorder-hostile-io-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        func file(_ name: String) -> String { path + "/" + name }
        func write(_ name: String, _ bytes: [UInt8]) throws {
            #expect(FileManager.default.createFile(atPath: file(name), contents: Data(bytes)))
        }
        /// `size` bytes after `prefix`, the rest a hole (no disk space; reads give zeros).
        func sparse(_ name: String, size: Int, prefix: [UInt8] = []) throws {
            try write(name, prefix)
            #expect(truncate(file(name), off_t(size)) == 0)
        }
    }

    /// Runs a CLI command's logic in-process; returns (status, stdout, stderr, seconds).
    func run(_ scratch: Scratch, _ body: (Console) -> Int32) -> (Int32, String, String, Double) {
        let out = OutputBuffer(), err = OutputBuffer()
        let console = Console.buffered(output: out, errors: err, currentDirectory: scratch.path)
        let start = Date()
        let status = body(console)
        return (status, out.text, err.text, Date().timeIntervalSince(start))
    }

    /// The test process's peak resident memory so far, in bytes (`ru_maxrss`: KiB on Linux,
    /// bytes on macOS).
    /// Every case must stay under 1 GiB: reading a 300 MB order file or a 100 MB line whole
    /// would take 944 MB and 534 MB, a 4 GB one would not fit.
    static func peakMemory() -> Int {
        var usage = rusage()
        #if os(Linux)
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return Int.max }
        return usage.ru_maxrss * 1024
        #else
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return Int.max }
        return Int(usage.ru_maxrss)
        #endif
    }
    /// 1 GiB, scaled in a sanitizer build (1.16 GB seen under ASan).
    static let memoryBound = hostileMemoryBound

    /// The lines Benchmarks/scripts/make-trace.sh writes: cycles of 100 inputs 1/60 s apart
    /// (a press on row 3 of the demo list, 39 frames, 40 moves over ten rows, the release,
    /// 19 frames: the drop ends before the next press, so each cycle is one whole drag).
    static func bigTrace(lines n: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(n * 48)
        for i in 0..<n {
            let t = Double(i) / 60, k = i % 100
            let line: String
            if k == 0 { line = "{\"t\":\(t),\"type\":\"down\",\"x\":160,\"y\":138}" }
            else if k < 40 || k > 80 { line = "{\"t\":\(t),\"type\":\"frame\"}" }
            else if k < 80 { line = "{\"t\":\(t),\"type\":\"move\",\"x\":160,\"y\":\(138 + 44 * ((k - 40) % 10))}" }
            else { line = "{\"t\":\(t),\"type\":\"up\"}" }
            out.append(contentsOf: line.utf8)
            out.append(0x0A)
        }
        return out
    }

    // MARK: Traces

    @Test func aLongTraceStreamsThroughTheReplayer() throws {
        let scratch = try Scratch()
        // 300,000 lines (13 MB): 3,000 drags. The release figures for
        // 1,000,000 lines are in BENCHMARKS.md. The bound here
        // (debug build, shared machine) only catches a hang or a quadratic cost.
        try scratch.write("big.jsonl", Self.bigTrace(lines: 300_000))
        // CPU time of this thread, which the replayer runs on: the machine's load stretches the
        // wall time (under ASan: 64.6 s seen once, 325 s at a load average of 20 on 2 cores).
        // TSan slows this Swift loop more than the 5 times sanitizerScaled allows for: 372 s of
        // CPU under TSan, hence 40 times the hostile bound.
        let cpuStart = ThreadCPUClock.seconds()
        let (status, out, err, seconds) = run(scratch) { Replayer.run(tracePath: "big.jsonl", policy: "default", json: true, console: $0) }
        let cpu = ThreadCPUClock.seconds() - cpuStart
        #expect(status == 0)
        #expect(err == "")
        #expect(cpu < 40 * hostileTimeBound, "\(cpu) s of CPU, \(seconds) s of wall time")   // 120 s; scaled under a sanitizer
        // Every input was applied (300,000) and the list still holds each of its 30 items once.
        let report = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        #expect(report["inputs"] as? Int == 300_000)
        #expect(report["state"] as? String == "idle")
        let items = try #require(report["items"] as? [[String]])
        #expect(items.flatMap { $0 }.count == 30)
        #expect(Set(items.flatMap { $0 }).count == 30)
        // One begin and one end per drag: 3,000 of each.
        let events = try #require(report["events"] as? [[String: Any]])
        #expect(events.filter { $0["type"] as? String == "begin" }.count == 3000)
        #expect(events.filter { $0["type"] as? String == "end" }.count == 3000)
        #expect(Self.peakMemory() < Self.memoryBound)
    }

    @Test func aSessionLineWithALongListIsNotALongLine() throws {
        let scratch = try Scratch()
        // 20,000 items: a session line of about 250 KB, past the 64 KiB of an input line.
        let ids = (1...20_000).map { "item-\($0)" }
        let header = Trace.Header(policy: "default", sections: [ids.map(Item.init)])
        let trace = Trace(header: header, inputs: [.down(0, Point(x: 100, y: 22)), .frame(0.6), .move(0.7, Point(x: 100, y: 200)), .up(0.8)])
        let text = TraceCodec.encode(trace)
        #expect(text.utf8.count > 200_000)
        try scratch.write("long-list.jsonl", Array(text.utf8))
        let (status, out, err, seconds) = run(scratch) { Replayer.run(tracePath: "long-list.jsonl", policy: nil, json: true, console: $0) }
        #expect(err == "")
        #expect(status == 0)
        #expect(seconds < sanitizerScaled(30.0))
        let report = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        #expect(report["inputs"] as? Int == 4)
        let items = try #require(report["items"] as? [[String]])
        #expect(items.flatMap { $0 }.count == 20_000)
        #expect(Set(items.flatMap { $0 }) == Set(ids))
    }

    @Test func streamedReplayMatchesTheInMemoryReplayBitForBit() throws {
        let scratch = try Scratch()
        let bytes = Self.bigTrace(lines: 2_000)
        try scratch.write("t.jsonl", bytes)
        let trace = try TraceCodec.decode(String(decoding: bytes, as: UTF8.self))
        let console = Console.buffered(output: OutputBuffer(), currentDirectory: scratch.path)
        let inMemory = try Replayer.replay(trace, policy: "jx_movable", console: console)
        let streamed = try Replayer.replay(TraceReader(path: scratch.file("t.jsonl")), policy: "jx_movable", console: console)
        #expect(streamed.inputs == 2_000)
        #expect(streamed.inputs == inMemory.inputs)
        #expect(streamed.time == inMemory.time)
        #expect(streamed.order.ids == inMemory.order.ids)
        #expect(streamed.offset == inMemory.offset)
        #expect(streamed.events == inMemory.events)
    }

    @Test func anOverlongLineIsRefusedByNumberWithoutReadingIt() throws {
        let scratch = try Scratch()
        // 100 MB on line 2 (read whole, 534 MB): a hole after the line's start.
        try scratch.sparse("hole.jsonl", size: 100_000_000, prefix: Array("{\"t\":0,\"type\":\"frame\"}\n{\"t\":1,".utf8))
        // A real line of 1 MB of JSON, padded in a string (written out, 1 MB of disk).
        let pad = String(repeating: "x", count: 1 << 20)
        try scratch.write("pad.jsonl", Array("{\"t\":0,\"type\":\"frame\"}\n\n{\"t\":0,\"type\":\"frame\",\"pad\":\"\(pad)\"}\n".utf8))
        for (name, line) in [("hole.jsonl", 2), ("pad.jsonl", 3)] {
            let (status, out, err, seconds) = run(scratch) { Replayer.run(tracePath: name, policy: nil, json: false, console: $0) }
            #expect(status == 1)
            #expect(out == "")
            // TraceReader.maximumLineLength = 64 << 10 = 65536.
            #expect(err == "reorder replay: \(name):\(line): line is longer than the limit of 65536 bytes (64 KiB) for a line of a trace\n")
            #expect(seconds < hostileTimeBound)
        }
        // The first record may be a session line holding a whole list: up to 16 MiB
        // (TraceReader.maximumSessionLineLength = 16 << 20 = 16777216). A single 100 MB line
        // is refused after 16 MiB.
        try scratch.sparse("single.jsonl", size: 100_000_000, prefix: Array("\n{\"type\":\"session\",\"sections\":[[\"".utf8))
        let single = run(scratch) { Replayer.run(tracePath: "single.jsonl", policy: nil, json: false, console: $0) }
        #expect(single.0 == 1)
        #expect(single.2 == "reorder replay: single.jsonl:2: line is longer than the limit of 16777216 bytes (16 MiB) for the first record of a trace (its session line)\n")
        #expect(single.3 < hostileTimeBound)
        #expect(Self.peakMemory() < Self.memoryBound)
        // `reorder render` reads traces the same way.
        let (status, _, err, _) = run(scratch) { Plotter.render(tracePath: "hole.jsonl", policy: nil, out: "x.svg", console: $0) }
        #expect(status == 1)
        #expect(err == "reorder render: hole.jsonl:2: line is longer than the limit of 65536 bytes (64 KiB) for a line of a trace\n")
    }

    @Test func aTraceThatIsNotAFileSaysWhatItIs() throws {
        let scratch = try Scratch()
        #expect(mkfifo(scratch.file("pipe.jsonl"), 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: scratch.file("null.jsonl"), withDestinationPath: "/dev/null")
        try FileManager.default.createDirectory(atPath: scratch.file("dir.jsonl"), withIntermediateDirectories: false)
        let expected = [
            ("pipe.jsonl", "is a FIFO (named pipe), not a regular file"),
            ("null.jsonl", "is a character device (a symbolic link to /dev/null), not a regular file"),
            ("dir.jsonl", "is a directory, not a file"),
            ("absent.jsonl", "cannot open: no such file"),
        ]
        for (name, what) in expected {
            let (status, _, err, seconds) = run(scratch) { Replayer.run(tracePath: name, policy: nil, json: false, console: $0) }
            #expect(status == 1)
            #expect(err == "reorder replay: cannot read \(name): \(what)\n")
            #expect(seconds < hostileTimeBound)
            let render = run(scratch) { Plotter.render(tracePath: name, policy: nil, out: "x.svg", console: $0) }
            #expect(render.2 == "reorder render: cannot read \(name): \(what)\n")
        }
    }

    @Test func invalidUTF8InATraceNamesTheLine() throws {
        let scratch = try Scratch()
        // Line 3: `{"t":1,"type":"frame","x":"` is 27 characters, then byte 0xFF (column 28).
        try scratch.write("bad.jsonl", Array("{\"t\":0,\"type\":\"frame\"}\n\n{\"t\":1,\"type\":\"frame\",\"x\":\"".utf8) + [0xFF, 0x22, 0x7D, 0x0A])
        // A Latin-1 item id in the session line: line 1, column 36 after the 35 characters
        // `{"type":"session","sections":[["caf`.
        try scratch.write("latin1.jsonl", Array("{\"type\":\"session\",\"sections\":[[\"caf".utf8) + [0xE9] + Array("\"]]}\n".utf8))
        for (name, message) in [("bad.jsonl", "bad.jsonl:3: not UTF-8 text (invalid byte 0xFF at column 28)"),
                                ("latin1.jsonl", "latin1.jsonl:1: not UTF-8 text (invalid byte 0xE9 at column 36)")] {
            let (status, _, err, _) = run(scratch) { Replayer.run(tracePath: name, policy: nil, json: false, console: $0) }
            #expect(status == 1)
            #expect(err == "reorder replay: \(message)\n")
        }
    }

    // MARK: Order files

    @Test func hugeOrderFilesAreRefusedBySize() throws {
        let scratch = try Scratch()
        // A 300 MB order file read whole takes 944 MB. 300 MB and 4 GB of hole.
        for size in [300_000_000, 4_000_000_000] {
            try scratch.sparse("orders.json", size: size, prefix: Array("{\"version\": 1, \"orders\": {\"k\": [[\"".utf8))
            let store = OrderStore(path: scratch.file("orders.json"))
            let start = Date()
            // OrderStore.maximumFileSize = 16 << 20 = 16777216.
            let expected = "\(scratch.file("orders.json")): cannot read: is \(size) bytes, over the limit of 16777216 bytes (16 MiB)"
            #expect(throws: OrderFileError.self) { try store.load(key: "k") }
            do { _ = try store.load(key: "k") } catch { #expect(error.description == expected) }
            // Nothing lost: a save leaves the file as it was.
            #expect(throws: OrderFileError.self) { try store.save(ids: [["a"]], key: "k") }
            #expect((try FileManager.default.attributesOfItem(atPath: scratch.file("orders.json")))[.size] as? Int == size)
            #expect(Date().timeIntervalSince(start) < hostileTimeBound)
            #expect(Self.peakMemory() < Self.memoryBound)
        }
    }

    // MARK: Policies

    @Test func policiesThatAreNotSourceNameTheFile() throws {
        let scratch = try Scratch()
        // A real precompiled chunk, written by a trusted VM's io library.
        let trusted = try LuaVM(options: .trusted)
        try trusted.run("local f = assert(io.open('\(scratch.file("compiled.lua"))', 'wb')) f:write(string.dump(function() return {} end)) f:close()")
        #expect(loadError(scratch.file("compiled.lua"))
                == "compiled.lua: a precompiled (binary) Lua chunk; binary chunks are not accepted, give the Lua source")
        // Windows-1252 quotes (0x93 ... 0x94) in a comment on line 3, column 6.
        try scratch.write("quotes.lua", Array("return {\n  name = 'q',\n  -- ".utf8) + [0x93, 0x68, 0x69, 0x94, 0x0A, 0x7D, 0x0A])
        #expect(loadError(scratch.file("quotes.lua")) == "quotes.lua:3: column 6: not UTF-8 text (invalid byte 0x93)")
        #expect(mkfifo(scratch.file("pipe.lua"), 0o644) == 0)
        #expect(loadError(scratch.file("pipe.lua"))
                == "cannot read policy file '\(scratch.file("pipe.lua"))': is a FIFO (named pipe), not a regular file")
    }

    @Test func outOfMemoryWhileParsingNamesTheFile() throws {
        let scratch = try Scratch()
        // A 1.9 MB policy runs the parser out of memory: the error must still name the file. Two shapes:
        // distinct string constants, and functions (a prototype each).
        var strings = "return {"
        var i = 0
        while strings.utf8.count < 1_900_000 { strings += "'s\(i)',"; i += 1 }
        try scratch.write("strings.lua", Array((strings + "}").utf8))
        var names = "return {"
        i = 0
        while names.utf8.count < 1_900_000 { names += "function() end,"; i += 1 }
        try scratch.write("functions.lua", Array((names + "}").utf8))
        for name in ["strings.lua", "functions.lua"] {
            // CPU time of this thread, which parses the file: the parse's limit is CPU time, and
            // a loaded machine stretches the wall time (19.6 s seen under TSan).
            let cpuStart = ThreadCPUClock.seconds()
            // The policy VM's memory cap: LuaVM.Options.policy.memoryLimit = 8 << 20 (8 MiB).
            #expect(loadError(scratch.file(name)) == "\(name): not enough memory to load the policy (the limit is 8 MiB per policy VM)")
            #expect(ThreadCPUClock.seconds() - cpuStart < hostileTimeBound)
            #expect(Self.peakMemory() < Self.memoryBound)
        }
    }

    @Test func manyUnknownKeysAreBoundedInTimeAndOutput() throws {
        let scratch = try Scratch()
        // 2,000 keys of 2,000 characters at the top and 500 in `snapshot`: did-you-mean and
        // the warnings must stay bounded.
        try scratch.write("keys.lua", Array("""
            local t, x, e = { name = "keys", snapshot = {} }, string.rep("x", 2000), string.rep("e", 100)
            for i = 1, 2000 do t[x .. i] = true end
            for i = 1, 500 do t.snapshot["scal" .. e .. i] = 1 end
            return t
            """.utf8))
        let start = Date()
        let policy = try LuaPolicy(path: scratch.file("keys.lua"))
        #expect(Date().timeIntervalSince(start) < hostileTimeBound)
        let messages = policy.drainDiagnostics().map(\.message)
        // 10 listed (PolicyReader.maximumUnknownFieldWarnings), then 2,490 counted.
        #expect(messages.count == 11)
        #expect(messages.last == "keys.lua: and 2490 more unknown fields")
        #expect(messages.dropLast().allSatisfy { $0.hasPrefix("keys.lua: unknown field '") && $0.hasSuffix("…'") })
        #expect(messages.joined(separator: "\n").utf8.count < 2_000)
    }

    func loadError(_ path: String) -> String? {
        do { _ = try LuaPolicy(path: path); return nil } catch { return "\(error)" }
    }

    // MARK: Scripts and spec files

    @Test func scriptsAndSpecFilesAreReadLikeEveryInput() throws {
        let scratch = try Scratch()
        #expect(mkfifo(scratch.file("pipe.lua"), 0o644) == 0)
        try FileManager.default.createDirectory(atPath: scratch.file("dir.lua"), withIntermediateDirectories: false)
        let trusted = try LuaVM(options: .trusted)
        try trusted.run("local f = assert(io.open('\(scratch.file("bin.lua"))', 'wb')) f:write(string.dump(function() print('hi') end)) f:close()")
        try scratch.write("latin1.lua", Array("print('ok')\nprint('caf".utf8) + [0xE9, 0x27, 0x29, 0x0A])
        try scratch.write("shebang.lua", Array("#!/usr/bin/env reorder run\nprint('from line 2') error('stop')\n".utf8))
        let cases = [
            ("pipe.lua", "pipe.lua: is a FIFO (named pipe), not a regular file"),
            ("dir.lua", "dir.lua: is a directory, not a file"),
            ("bin.lua", "bin.lua: a precompiled (binary) Lua chunk; binary chunks are not accepted, give the Lua source"),
            ("latin1.lua", "latin1.lua: line 2, column 11: not UTF-8 text (invalid byte 0xE9)"),
            // A "#!" line is skipped as `lua` does, and line numbers stay the file's.
            ("shebang.lua", "shebang.lua:2: stop"),
        ]
        for (name, message) in cases {
            let (status, out, err, seconds) = run(scratch) { ScriptRunner.run(script: name, arguments: [], console: $0) }
            #expect(status == 1)
            // The path is shown as resolved (Lua shortens a long one with "..."): its end is
            // the file's name.
            // A Lua error is followed by Lua's traceback; a file that cannot be
            // read never ran, so it has none.
            let trace = name == "shebang.lua" ? "stack traceback:\n\t[C]: in function 'error'\n" : ""
            let first = err.prefix { $0 != "\n" } + "\n"
            #expect(err.hasPrefix("reorder run: ") && first.hasSuffix("/" + message + "\n"), "\(err)")
            #expect(err.dropFirst(first.count).hasPrefix(trace), "\(err)")
            #expect(name != "shebang.lua" || err.hasSuffix("shebang.lua:2: in main chunk\n"), "\(err)")
            #expect(out == (name == "shebang.lua" ? "from line 2\n" : ""))
            #expect(seconds < hostileTimeBound)
        }
        // A spec file named explicitly: one error result that says why.
        let (status, out, _, _) = run(scratch) { SpecRunner(paths: ["pipe.lua"]).run(console: $0) }
        #expect(status == 1)
        #expect(out.contains("cannot load: \(scratch.file("pipe.lua")): is a FIFO (named pipe), not a regular file"), "\(out)")
    }
}
