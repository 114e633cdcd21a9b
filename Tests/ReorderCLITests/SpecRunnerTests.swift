import Foundation
import ReorderTestSupport
import Testing
@testable import ReorderCLI

@Suite struct SpecRunnerTests {
    func run(_ paths: [String], filter: String? = nil, tap: Bool = false, junit: String? = nil) -> (Int32, String) {
        let out = OutputBuffer()
        let console = Console.buffered(output: out, currentDirectory: packageRoot.path)
        let status = SpecRunner(paths: paths, filter: filter, tap: tap, junitPath: junit).run(console: console)
        return (status, out.text)
    }

    @Test func countsPassingFailingPendingAndBrokenSpecs() {
        let (status, text) = run(["Tests/ReorderCLITests/Fixtures/specs"])
        #expect(status == 1)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.last == "")
        // busted 2.1.1 drops `it("name")` without a body (the clone counted it as pending):
        // pending_spec.lua has two pending tests, not three (docs/REFERENCE.md, busted differences).
        #expect(lines.dropLast().last == "7 passed, 4 failed, 2 pending")
        #expect(lines.prefix(4) == [
            "Tests/ReorderCLITests/Fixtures/specs/broken_spec.lua E",
            "Tests/ReorderCLITests/Fixtures/specs/failing_spec.lua FF.E",
            "Tests/ReorderCLITests/Fixtures/specs/nested/pending_spec.lua PP.",
            "Tests/ReorderCLITests/Fixtures/specs/passing_spec.lua .....",
        ])
    }

    @Test func failuresNameTheFileLineTestAndValues() {
        let (_, text) = run(["Tests/ReorderCLITests/Fixtures/specs/failing_spec.lua"])
        #expect(text.contains("""
            FAIL Tests/ReorderCLITests/Fixtures/specs/failing_spec.lua:3
              failures reports a table difference
              Expected objects to be the same.
              expected (-) / actual (+):
                  {
                    "a",
                -   "b",
                    "c",
                +   "b",
                  }
            """))
        #expect(text.contains("""
            FAIL Tests/ReorderCLITests/Fixtures/specs/failing_spec.lua:7
              failures reports a number
              Expected objects to be equal.
              expected: 1.0
              actual:   0.5
            """))
        #expect(text.contains("""
            ERROR Tests/ReorderCLITests/Fixtures/specs/failing_spec.lua:16
              failures reports a runtime error
              Tests/ReorderCLITests/Fixtures/specs/failing_spec.lua:16: attempt to index a nil value (local 't')
            """))
        #expect(text.hasSuffix("1 passed, 3 failed\n"))
    }

    @Test func aBrokenFileIsAFailureNotACrash() {
        let (status, text) = run(["Tests/ReorderCLITests/Fixtures/specs/broken_spec.lua"])
        #expect(status == 1)
        #expect(text.contains("ERROR Tests/ReorderCLITests/Fixtures/specs/broken_spec.lua:4\n  (loading the file)\n  cannot load: "))
        #expect(text.hasSuffix("0 passed, 1 failed\n"))
    }

    @Test func passingSpecsExitZero() {
        let (status, text) = run(["Tests/ReorderCLITests/Fixtures/specs/passing_spec.lua"])
        #expect(status == 0)
        #expect(text == "Tests/ReorderCLITests/Fixtures/specs/passing_spec.lua .....\n5 passed, 0 failed\n")
    }

    @Test func filterSelectsByFullName() {
        let (status, text) = run(["Tests/ReorderCLITests/Fixtures/specs"], filter: "nested drives")
        #expect(status == 1)   // the broken file still counts
        #expect(text.hasSuffix("1 passed, 1 failed\n"))
        let (status2, text2) = run(["Tests/ReorderCLITests/Fixtures/specs/passing_spec.lua"], filter: "checks truth")
        #expect(status2 == 0)
        #expect(text2.hasSuffix("1 passed, 0 failed\n"))
    }

    @Test func tapOutput() {
        let (_, text) = run(["Tests/ReorderCLITests/Fixtures/specs/nested"], tap: true)
        #expect(text == """
            TAP version 13
            ok 1 - later grid layouts # SKIP pending
            ok 2 - later stops half way # SKIP waiting for the board layout
            ok 3 - later passes
            1..3
            # 1 passed, 0 failed, 2 pending

            """)
    }

    @Test func junitReport() throws {
        let dir = try temporaryDirectory()
        let path = dir.appendingPathComponent("report.xml").path
        _ = run(["Tests/ReorderCLITests/Fixtures/specs"], junit: path)
        let xml = try String(contentsOfFile: path, encoding: .utf8)
        #expect(xml.contains("<testsuites name=\"reorder\" tests=\"13\" failures=\"2\" errors=\"2\" skipped=\"2\">"))
        #expect(xml.contains("<testcase classname=\"Tests/ReorderCLITests/Fixtures/specs/failing_spec.lua\" name=\"failures reports a number\" file=\"Tests/ReorderCLITests/Fixtures/specs/failing_spec.lua\" line=\"7\">"))
        #expect(xml.contains("<skipped message=\"waiting for the board layout\"/>"))
        #expect(xml.contains("near &lt;eof&gt;"))
        // One XML escaper (ReorderPlot's XMLEscape): in an attribute the apostrophes of Lua's
        // message are references; in the element's text they stay as they are.
        #expect(xml.contains("<error message=\"Tests/ReorderCLITests/Fixtures/specs/failing_spec.lua:16: attempt to index a nil value (local &apos;t&apos;)\">"))
        #expect(xml.contains("attempt to index a nil value (local 't')</error>"))
    }

    /// A spec stuck in a loop is stopped after --timeout seconds and reported; the file's other
    /// tests still run.
    @Test func aLoopingSpecIsStopped() {
        let out = OutputBuffer()
        let status = SpecRunner(paths: ["Tests/ReorderCLITests/Fixtures/slow"], timeout: 1)
            .run(console: .buffered(output: out, currentDirectory: packageRoot.path))
        #expect(status == 1)
        #expect(out.text == """
            Tests/ReorderCLITests/Fixtures/slow/loop_spec.lua .E.

            ERROR Tests/ReorderCLITests/Fixtures/slow/loop_spec.lua:4
              slow never ends
              stopped: the spec file ran longer than 1 s (reorder test --timeout)

            2 passed, 1 failed

            """)
    }

    /// A test that catches the watchdog's stop in a loop (`pcall` around `while true do end`)
    /// is stopped for good one --timeout later: the run ends with a message, it never hangs.
    @Test func aLoopThatCatchesTheStopIsStoppedForGood() throws {
        let dir = try temporaryDirectory()
        try """
            describe("x", function()
              it("catches", function() while true do pcall(function() while true do end end) end end)
            end)

            """.write(to: dir.appendingPathComponent("catch_spec.lua"), atomically: true, encoding: .utf8)
        let out = OutputBuffer(), errors = OutputBuffer()
        let start = Date()
        let status = SpecRunner(paths: ["."], timeout: 0.5)
            .run(console: .buffered(output: out, errors: errors, currentDirectory: dir.path))
        #expect(status == 1)
        #expect(errors.text == "reorder test: ./catch_spec.lua: stopped: the spec file ran longer than 0.5 s (reorder test --timeout) and went on running after its test was stopped\n")
        #expect(Date().timeIntervalSince(start) < 30)   // a hang bound, not a timing: 2 x 0.5 s expected
    }

    @Test func osExitInASpecIsAnErrorNotTheEndOfTheRun() throws {
        let dir = try temporaryDirectory()
        try "describe(\"x\", function() it(\"exits\", function() os.exit(0) end) it(\"after\", function() end) end)\n"
            .write(to: dir.appendingPathComponent("exit_spec.lua"), atomically: true, encoding: .utf8)
        let out = OutputBuffer()
        let status = SpecRunner(paths: ["."]).run(console: .buffered(output: out, currentDirectory: dir.path))
        #expect(status == 1)
        #expect(out.text.contains("exit_spec.lua:1: os.exit() called from a spec (the runner keeps going)"))
        #expect(out.text.hasSuffix("1 passed, 1 failed\n"))
    }

    @Test func missingPathFails() {
        let out = OutputBuffer(), errors = OutputBuffer()
        let console = Console.buffered(output: out, errors: errors, currentDirectory: packageRoot.path)
        let status = SpecRunner(paths: ["no/such/dir"]).run(console: console)
        #expect(status == 1)
        // One error line and no tally (a tally of `0 passed, 0 failed` under an error that ran nothing would read as a run).
        #expect(errors.text == "reorder test: no such file or directory: no/such/dir\n")
        #expect(out.text == "")
    }

    // MARK: busted

    /// The fixture folder that uses each busted/luassert feature once, through `reorder test`
    /// and through Debian's /usr/bin/busted: the same counts. Expected counts from the file's
    /// header (worked per test: 11 pass; the custom assertion, the plain assert and the
    /// matcher fail; one runtime error; one pending), and busted 2.1.1 prints the same.
    /// The spec VM's busted.getTrace builds the traceback text when it is first read (spec.lua,
    /// install_lazy_traces): the text must be busted's own. compare.lua runs busted on plain
    /// lua5.4 with both getTraces called at the same depth for every trace (170: the
    /// registrations, failures and errors of the two fixture files, at stack depths 0-30 and
    /// after a tail call) and counts those that differ.
    @Test func lazyTracebackIsBustedsText() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/lua5.4"),
              FileManager.default.fileExists(atPath: "/usr/share/lua/5.4/busted/core.lua") else {
            print("skipped: /usr/bin/lua5.4 or Debian's lua-busted is not installed")
            return
        }
        let dir = "Tests/ReorderCLITests/Fixtures/lazy-trace/"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/lua5.4")
        p.arguments = [dir + "compare.lua", "Sources/ReorderScripting/Preludes/spec.lua",
                       dir + "deep_traces.lua", dir + "mixed_traces.lua"]
        p.currentDirectoryURL = packageRoot
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        // deep_traces.lua: 31 depths x (1 describe + 2 `it` registrations + 2 failing tests'
        // traces) = 155; mixed_traces.lua: 10 registrations (2 describes, 7 `it`s, 1 pending)
        // + 5 failing tests' traces = 15; 170 in all, every one through the lazy path.
        #expect(String(decoding: data, as: UTF8.self) == "checked 170 differing 0 lazy 170\n")
    }

    @Test func bustedFeaturesCountAsRealBustedCountsThem() throws {
        let fixture = "Tests/ReorderCLITests/Fixtures/busted-features"
        let cases: [([String], String, String)] = [
            ([], "11 passed, 4 failed, 1 pending", "11 successes / 3 failures / 1 error / 1 pending"),
            (["--tags=slow"], "1 passed, 0 failed", "1 success / 0 failures / 0 errors / 0 pending"),
            (["--exclude-tags=slow"], "10 passed, 4 failed, 1 pending", "10 successes / 3 failures / 1 error / 1 pending"),
        ]
        for (extra, ours, theirs) in cases {
            var runner = SpecRunner(paths: [fixture])
            runner.tags = extra.first == "--tags=slow" ? ["slow"] : []
            runner.excludeTags = extra.first == "--exclude-tags=slow" ? ["slow"] : []
            let out = OutputBuffer()
            let status = runner.run(console: .buffered(output: out, currentDirectory: packageRoot.path))
            #expect(status == (ours.contains(" 0 failed") ? 0 : 1))
            #expect(out.text.hasSuffix("\n" + ours + "\n"), "\(out.text)")
            // busted's own terminal handler through reorder test: busted's own summary line.
            runner.output = "plainTerminal"
            let plain = OutputBuffer()
            _ = runner.run(console: .buffered(output: plain, currentDirectory: packageRoot.path))
            #expect(plain.text.contains(theirs + " : "), "\(plain.text)")
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/busted"),
                  FileManager.default.isExecutableFile(atPath: "/usr/bin/lua5.4") else {
                // Not a failure: the counts above are pinned; only the cross-check is skipped.
                print("skipped the comparison with real busted: /usr/bin/busted or /usr/bin/lua5.4 is not installed (apt-get install lua-busted lua5.4)")
                continue
            }
            // /usr/bin/busted starts `lua`, which Debian may point at Lua 5.1: run it on 5.4.
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/lua5.4")
            p.arguments = ["/usr/bin/busted", "-o", "plainTerminal"] + extra + [fixture]
            p.currentDirectoryURL = packageRoot
            let pipe = Pipe()
            p.standardOutput = pipe
            try p.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            #expect(String(decoding: data, as: UTF8.self).contains(theirs + " : "))
        }
    }

    /// Failures point at the spec's line (a plain `assert(cond, msg)` included, which the
    /// clone reported inside itself), with luassert's message.
    @Test func bustedFeatureFailuresPointAtTheSpec() {
        let out = OutputBuffer()
        _ = SpecRunner(paths: ["Tests/ReorderCLITests/Fixtures/busted-features"])
            .run(console: .buffered(output: out, currentDirectory: packageRoot.path))
        let file = "Tests/ReorderCLITests/Fixtures/busted-features/features_spec.lua"
        #expect(out.text.hasPrefix(file + " .FFFE......P....\n"), "\(out.text)")
        #expect(out.text.contains("FAIL \(file):25\n  features fails a custom assertion\n  Expected 3 to be even\n"))
        #expect(out.text.contains("FAIL \(file):29\n  features fails a plain assert\n  one is not two\n"))
        #expect(out.text.contains("ERROR \(file):40\n  features raises a runtime error\n"))
        #expect(!out.text.contains("reorder.spec"))
    }

    /// The runner's fast paths (Preludes/spec.lua: busted's rejectAll without the context walk,
    /// luassert's equals/same building the short-call message only when the call is short)
    /// keep busted's results: real busted 2.1.1 on lua5.4 gives this fixture
    /// "3 successes / 4 failures / 4 errors / 0 pending" (run 2026-11-24; the errors are
    /// `it`/`describe`/`before_each` rejected inside a test, the failures two failed and two
    /// short equals/same calls), and with luassert's messages.
    @Test func fastPathsKeepBustedsResults() throws {
        let fixture = "Tests/ReorderCLITests/Fixtures/busted-fastpaths"
        let file = fixture + "/fastpaths_spec.lua"
        let out = OutputBuffer()
        let status = SpecRunner(paths: [fixture])
            .run(console: .buffered(output: out, currentDirectory: packageRoot.path))
        #expect(status == 1)
        #expect(out.text.hasPrefix(file + " EEE..FFFFE.\n"), "\(out.text)")
        #expect(out.text.hasSuffix("\n3 passed, 8 failed\n"), "\(out.text)")
        // Lua shortens the chunk name in the message ("...derCLITests/...", over 60 characters).
        #expect(out.text.contains("ERROR \(file):10\n  fast paths rejects `it` inside a test\n  ...derCLITests/Fixtures/busted-fastpaths/fastpaths_spec.lua:10: 'it' not supported inside current context block\n"), "\(out.text)")
        #expect(out.text.contains("ERROR \(file):18\n  fast paths rejects `before_each` inside a test\n  ...derCLITests/Fixtures/busted-fastpaths/fastpaths_spec.lua:18: 'before_each' not supported inside current context block\n"))
        #expect(out.text.contains("the 'equals' function requires a minimum of 2 arguments, got: 1"))
        #expect(out.text.contains("the 'same' function requires a minimum of 2 arguments, got: 1"))
        #expect(out.text.contains("FAIL \(file):37\n  fast paths fails equal with a message\n  one is not two\n  Expected objects to be equal.\n"), "\(out.text)")
        #expect(!out.text.contains("reorder.spec"))
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/busted"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/lua5.4") else {
            print("skipped the comparison with real busted: /usr/bin/busted or /usr/bin/lua5.4 is not installed (apt-get install lua-busted lua5.4)")
            return
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/lua5.4")
        p.arguments = ["/usr/bin/busted", "-o", "plainTerminal", fixture]
        p.currentDirectoryURL = packageRoot
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(String(decoding: data, as: UTF8.self).contains("3 successes / 4 failures / 4 errors / 0 pending : "))
    }

    /// --shuffle with a seed runs the same tests in another order: the same tally (on files
    /// whose tests do not depend on their order; passing_spec.lua counts before_each calls).
    @Test func shuffleWithASeedKeepsTheCounts() {
        var runner = SpecRunner(paths: ["Tests/ReorderCLITests/Fixtures/specs/failing_spec.lua",
                                        "Tests/ReorderCLITests/Fixtures/specs/nested"])
        runner.shuffle = true
        runner.seed = 7
        let out = OutputBuffer()
        _ = runner.run(console: .buffered(output: out, currentDirectory: packageRoot.path))
        #expect(out.text.hasSuffix("\n2 passed, 3 failed, 2 pending\n"))
    }

    /// Without busted (Lua's search path pointed at an empty folder) the run says which Debian
    /// package to install and fails.
    @Test func missingBustedNamesThePackage() throws {
        let dir = try temporaryDirectory()
        var runner = SpecRunner(paths: ["Tests/ReorderCLITests/Fixtures/specs/passing_spec.lua"])
        runner.packagePath = dir.path + "/?.lua"
        runner.packageCPath = dir.path + "/?.so"
        let out = OutputBuffer(), errors = OutputBuffer()
        let status = runner.run(console: .buffered(output: out, errors: errors, currentDirectory: packageRoot.path))
        #expect(status == 1)
        #expect(out.text == "")
        #expect(errors.text == """
            reorder test: the specs run on busted, and Lua cannot load it (module 'busted.runner' not found).
            Install Debian's package: apt-get install lua-busted

            """)
    }

    /// A policy's runtime diagnostics (a hook that errors) follow the test that was running,
    /// as TAP comments after its line, never before the TAP header.
    @Test func policyDiagnosticsFollowTheirTestInTAP() throws {
        let dir = try temporaryDirectory()
        try "return { name = \"bad\", can_move = function() error(\"no moves today\") end }\n"
            .write(to: dir.appendingPathComponent("bad.lua"), atomically: true, encoding: .utf8)
        try """
            describe("a policy", function()
              it("whose hook errors", function()
                local s = reorder.session{ rows = 3, policy = "bad.lua" }
                s:drag(1, 1, 1, 3)
              end)
              it("comes after", function() print("hello") end)
            end)

            """.write(to: dir.appendingPathComponent("diag_spec.lua"), atomically: true, encoding: .utf8)
        let out = OutputBuffer()
        let status = SpecRunner(paths: ["."], tap: true).run(console: .buffered(output: out, currentDirectory: dir.path))
        #expect(status == 0)
        #expect(out.text == """
            TAP version 13
            ok 1 - a policy whose hook errors
            # [policy bad] error: bad.lua:1: can_move: no moves today
            ok 2 - a policy comes after
            # hello
            1..2
            # 2 passed, 0 failed

            """)
    }

    /// `-o json` is busted's JSON handler: one JSON object with busted's lists. (On a pending
    /// test that raised, busted's own handler writes nothing: /usr/bin/busted does the same.)
    @Test func bustedsJSONHandler() throws {
        var runner = SpecRunner(paths: ["Tests/ReorderCLITests/Fixtures/specs/passing_spec.lua"])
        runner.output = "json"
        let out = OutputBuffer()
        let status = runner.run(console: .buffered(output: out, currentDirectory: packageRoot.path))
        #expect(status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(out.text.utf8)) as? [String: Any]
        #expect((object?["successes"] as? [Any])?.count == 5)
        #expect((object?["pendings"] as? [Any])?.count == 0)
        #expect((object?["failures"] as? [Any])?.count == 0)
    }

    /// `-o utfTerminal` is busted's own terminal handler, with its own summary line (busted's
    /// format: "5 successes / 0 failures / 0 errors / 0 pending : SECONDS seconds").
    @Test func bustedsTerminalHandler() {
        var runner = SpecRunner(paths: ["Tests/ReorderCLITests/Fixtures/specs/passing_spec.lua"])
        runner.output = "utfTerminal"
        let out = OutputBuffer()
        let status = runner.run(console: .buffered(output: out, currentDirectory: packageRoot.path))
        #expect(status == 0)
        #expect(out.text.contains("5 successes / 0 failures / 0 errors / 0 pending : "), "\(out.text)")
        #expect(!out.text.contains("passed,"))
    }

    /// --junit is written from the `reorder` handler's records: with another -o it is refused.
    @Test func junitNeedsTheReorderHandler() {
        var runner = SpecRunner(paths: ["Tests/ReorderCLITests/Fixtures/specs/passing_spec.lua"], junitPath: "x.xml")
        runner.output = "json"
        let out = OutputBuffer(), errors = OutputBuffer()
        let status = runner.run(console: .buffered(output: out, errors: errors, currentDirectory: packageRoot.path))
        #expect(status == 1)
        #expect(out.text == "")
        #expect(errors.text == "reorder test: --junit needs the default output (or --tap), not -o json; busted's own -o junit writes JUnit XML\n")
    }

    // MARK: --watch

    /// Which spec files a change reruns (SpecWatcher.affected): a spec itself; a policy's specs
    /// by file name or by naming the policy; everything for a change no spec is tied to.
    @Test func watchRerunsTheAffectedSpecs() {
        let specs = ["P/spec/kanban_spec.lua", "P/spec/uikit_spec.lua", "P/spec/mix_spec.lua"]
        let sources = [
            "P/spec/kanban_spec.lua": "local s = reorder.session{ policy = 'kanban' }",
            "P/spec/uikit_spec.lua": "local s = reorder.session{ policy = \"uikit\" }",
            "P/spec/mix_spec.lua": "reorder.session{ policy = \"P/grid_home.lua\" } reorder.session{ policy = 'uikit' }",
        ]
        func affected(_ changed: [String]) -> [String] {
            SpecWatcher.affected(by: changed, specs: specs) { sources[$0] }
        }
        #expect(affected(["P/spec/uikit_spec.lua"]) == ["P/spec/uikit_spec.lua"])
        #expect(affected(["P/kanban.lua"]) == ["P/spec/kanban_spec.lua"])          // by its spec's name
        #expect(affected(["P/uikit.lua"]) == ["P/spec/uikit_spec.lua", "P/spec/mix_spec.lua"])   // named in two
        #expect(affected(["P/grid_home.lua"]) == ["P/spec/mix_spec.lua"])          // by path
        #expect(affected(["P/helpers.lua"]) == specs)                              // tied to none: all
        #expect(affected(["P/kanban.lua", "P/spec/uikit_spec.lua"]) == ["P/spec/kanban_spec.lua", "P/spec/uikit_spec.lua"])
        #expect(affected(["notes.txt"]) == [])
    }
}
