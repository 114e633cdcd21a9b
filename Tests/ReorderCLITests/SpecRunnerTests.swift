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
        #expect(lines.dropLast().last == "7 passed, 4 failed, 3 pending")
        #expect(lines.prefix(4) == [
            "Tests/ReorderCLITests/Fixtures/specs/broken_spec.lua E",
            "Tests/ReorderCLITests/Fixtures/specs/failing_spec.lua FF.E",
            "Tests/ReorderCLITests/Fixtures/specs/nested/pending_spec.lua PPP.",
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
            ok 2 - later is not written yet # SKIP pending
            ok 3 - later stops half way # SKIP waiting for the board layout
            ok 4 - later passes
            1..4
            1 passed, 0 failed, 3 pending

            """)
    }

    @Test func junitReport() throws {
        let dir = try temporaryDirectory()
        let path = dir.appendingPathComponent("report.xml").path
        _ = run(["Tests/ReorderCLITests/Fixtures/specs"], junit: path)
        let xml = try String(contentsOfFile: path, encoding: .utf8)
        #expect(xml.contains("<testsuites name=\"reorder\" tests=\"14\" failures=\"2\" errors=\"2\" skipped=\"3\">"))
        #expect(xml.contains("<testcase classname=\"Tests/ReorderCLITests/Fixtures/specs/failing_spec.lua\" name=\"failures reports a number\" file=\"Tests/ReorderCLITests/Fixtures/specs/failing_spec.lua\" line=\"7\">"))
        #expect(xml.contains("<skipped message=\"waiting for the board layout\"/>"))
        #expect(xml.contains("near &lt;eof&gt;"))
        // One XML escaper (ReorderCore's XMLEscape): in an attribute the apostrophes of Lua's
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
        // One error line and no tally (issue 16 item 10: it printed two errors and `0 passed, 0 failed`).
        #expect(errors.text == "reorder test: no such file or directory: no/such/dir\n")
        #expect(out.text == "")
    }
}
