import Foundation
import ReorderTestSupport
import Testing
@testable import ReorderCLI

/// `reorder test` in projects laid out for busted, with a `.busted` file (busted reads it from
/// the working directory), run with the built binary in a copy of each fixture under
/// `Fixtures/busted-projects`. Real busted 2.1.1 (`lua5.4 /usr/bin/busted`) is the reference:
/// its command line wins over `.busted` (busted/modules/cli.lua merges the parsed options over
/// the file's, busted/modules/configuration_loader.lua).
@Suite struct BustedProjectTests {
    /// A fresh copy of the fixture project `name` (the run may write `lcov.info` into it).
    static func project(_ name: String) throws -> URL {
        let dir = try temporaryDirectory(prefix: "reorder-busted")
        let copy = dir.appendingPathComponent(name)
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("busted-projects/\(name)"), to: copy)
        return copy
    }

    /// `.busted` sets `output = "gtest"`: `--junit` and `--tap` still get the `reorder` handler
    /// (the JUnit report counted 0 tests), `-o TAP` gets busted's TAP, and with none of them the
    /// project's gtest output is used, as busted uses it.
    @Test func theCommandLineWinsOverTheBustedFile() throws {
        let dir = try Self.project("gtest")
        let (status, out, err) = try runReorder(["test", "spec", "--junit", "report.xml"], directory: dir)
        #expect(status == 0, "\(err)")
        #expect(out == "spec/math_spec.lua ..\n2 passed, 0 failed\n")
        let report = try String(contentsOf: dir.appendingPathComponent("report.xml"), encoding: .utf8)
        #expect(report == """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="reorder" tests="2" failures="0" errors="0" skipped="0">
              <testsuite name="spec/math_spec.lua" tests="2" failures="0" errors="0" skipped="0">
                <testcase classname="spec/math_spec.lua" name="math adds" file="spec/math_spec.lua" line="2"/>
                <testcase classname="spec/math_spec.lua" name="math multiplies" file="spec/math_spec.lua" line="3"/>
              </testsuite>
            </testsuites>

            """)
        let (_, tap, _) = try runReorder(["test", "spec", "--tap"], directory: dir)
        #expect(tap == "TAP version 13\nok 1 - math adds\nok 2 - math multiplies\n1..2\n# 2 passed, 0 failed\n")
        // busted's own TAP handler, as `busted -o TAP spec` prints it.
        let (_, busted, _) = try runReorder(["test", "spec", "-o", "TAP"], directory: dir)
        #expect(busted == "ok 1 - math adds\nok 2 - math multiplies\n1..2\n")
        let (_, gtest, _) = try runReorder(["test", "spec"], directory: dir)
        #expect(gtest.hasPrefix("[==========] Running tests from scanned files.\n"))
        #expect(gtest.hasSuffix("[  PASSED  ] 2 tests.\n"))
        let (refused, _, why) = try runReorder(["test", "spec", "--tap", "-o", "json"], directory: dir)
        #expect(refused == 1)
        #expect(why == "reorder test: --tap is the default output's TAP form, not -o json; busted's own -o TAP writes TAP\n")
    }

    /// The coverage project's run with its `.busted` file's coverage: the spec, the tally and
    /// the summary, default.lua's 31 of 36 lines as its spec asks them, then pinned.lua's and the
    /// total's (as given; the fixture's pinned.lua by default, whose line 7 is not run).
    static func coveredRun(pinned: String = "6/7 lines (85.7%)", total: String = "37/43 lines (86.0%)") -> String {
        "spec/pinned_spec.lua .\n1 passed, 0 failed\ncoverage of policy lines (lcov.info):\n"
            + "Policies/default.lua  31/36 lines (86.1%)\npinned.lua            \(pinned)\ntotal                 \(total)\n"
    }

    /// `.busted` sets `coverage = true`, which busted gives to LuaCov ("LuaCov not found on the
    /// system" without it; reorder failed so too): reorder counts the policy lines itself and
    /// writes `lcov.info`, as `--coverage` does; busted's `--no-coverage` turns it off. pinned.lua
    /// has 7 executable lines, of which line 7 (`return true`) is not run.
    @Test func coverageInTheBustedFileIsReordersOwn() throws {
        let dir = try Self.project("coverage")
        let (status, out, err) = try runReorder(["test", "spec"], directory: dir)
        #expect(status == 0, "\(err)")
        #expect(out == Self.coveredRun())
        let lcov = try String(contentsOf: dir.appendingPathComponent("lcov.info"), encoding: .utf8)
        #expect(lcov.hasSuffix("""
            SF:pinned.lua
            FN:3,can_move
            FNDA:1,can_move
            FNF:1
            FNH:1
            DA:1,1
            DA:2,1
            DA:4,1
            DA:5,1
            DA:7,0
            DA:8,1
            DA:9,1
            LF:7
            LH:6
            end_of_record

            """))
        try FileManager.default.removeItem(at: dir.appendingPathComponent("lcov.info"))
        let (status2, out2, _) = try runReorder(["test", "spec", "--no-coverage"], directory: dir)
        #expect(status2 == 0)
        #expect(out2 == "spec/pinned_spec.lua .\n1 passed, 0 failed\n")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("lcov.info").path))
        let (status3, _, err3) = try runReorder(["test", "spec", "--coverage", "--no-coverage"], directory: dir)
        #expect(status3 == 64)
        #expect(err3.hasPrefix("Error: --coverage and --no-coverage contradict each other: give one\n"))
    }

    /// `--watch` honours the same settings: the `.busted` file's coverage is counted and written
    /// after the first run and after each rerun, each run's own (a changed policy is counted as it
    /// is now: pinned.lua without its `if` has 5 executable lines, lines 1, 2, 4, 5 and 6, all
    /// run; default.lua is loaded by the rerun's session again, 31 of its 36 lines as before);
    /// `--no-coverage` turns it off there too.
    @Test func watchHonoursTheBustedFilesCoverage() throws {
        let dir = try Self.project("coverage")
        let watch = try LiveProcess(["test", "spec", "--watch"], directory: dir)
        defer { watch.stop() }
        #expect(watch.output(until: "Ctrl-C ends]\n") == Self.coveredRun() + "\n[watching 2 files; Ctrl-C ends]\n", "\(watch.errors())")
        let first = try String(contentsOf: dir.appendingPathComponent("lcov.info"), encoding: .utf8)
        #expect(first.contains("SF:pinned.lua\n") && first.contains("DA:7,0\nDA:8,1\nDA:9,1\nLF:7\nLH:6\n"))
        try """
            return {
              name = "pinned",
              can_move = function(ctx, section, row)
                return row ~= 1
              end,
            }

            """.write(to: dir.appendingPathComponent("pinned.lua"), atomically: false, encoding: .utf8)
        #expect(watch.output(until: "(87.8%)\n")
                == "\n[pinned.lua changed: 1 spec file]\n" + Self.coveredRun(pinned: "5/5 lines (100.0%)", total: "36/41 lines (87.8%)"))
        let second = try String(contentsOf: dir.appendingPathComponent("lcov.info"), encoding: .utf8)
        #expect(second.hasSuffix("SF:pinned.lua\nFN:3,can_move\nFNDA:1,can_move\nFNF:1\nFNH:1\nDA:1,1\nDA:2,1\nDA:4,1\nDA:5,1\nDA:6,1\nLF:5\nLH:5\nend_of_record\n"))
        watch.stop()

        try FileManager.default.removeItem(at: dir.appendingPathComponent("lcov.info"))
        let off = try LiveProcess(["test", "spec", "--watch", "--no-coverage"], directory: dir)
        defer { off.stop() }
        #expect(off.output(until: "Ctrl-C ends]\n") == "spec/pinned_spec.lua .\n1 passed, 0 failed\n\n[watching 2 files; Ctrl-C ends]\n")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("lcov.info").path))
    }

    /// What a test writes goes with it: a policy's diagnostic inside the failing test's block
    /// (it was printed above the file's mark line), output before a test (the file's top level,
    /// before_each) with the test that starts next, teardown's with the last; under `--tap` the
    /// closing tally is a `# ` diagnostic line (TAP version 13, "Anything else": any other line
    /// is incorrect; testanything.org/tap-version-13-specification.html).
    @Test func outputGoesWithItsTestAndTheTAPTallyIsADiagnostic() throws {
        let dir = try Self.project("diagnostics")
        let (status, out, _) = try runReorder(["test", "spec"], directory: dir)
        #expect(status == 1)
        #expect(out == """
            spec/bad_spec.lua .F.

            OUTPUT spec/bad_spec.lua:8
              bad passes first
              output:
                at load
                before each

            FAIL spec/bad_spec.lua:11
              bad lifts row 2
              Expected objects to be the same.
              expected (-) / actual (+):
                  {
                    "1",
                -   "3",
                    "2",
                +   "3",
                  }
              output:
                before each
                [policy bad] error: bad.lua:4: can_move: no lifting today

            OUTPUT spec/bad_spec.lua:13
              bad prints
              output:
                before each
                hello
                teardown

            2 passed, 1 failed

            """)
        let (_, tap, _) = try runReorder(["test", "spec", "--tap"], directory: dir)
        #expect(tap == """
            TAP version 13
            ok 1 - bad passes first
            # at load
            # before each
            not ok 2 - bad lifts row 2
            # spec/bad_spec.lua:11
            #   Expected objects to be the same.
            #   expected (-) / actual (+):
            #       {
            #         "1",
            #     -   "3",
            #         "2",
            #     +   "3",
            #       }
            # before each
            # [policy bad] error: bad.lua:4: can_move: no lifting today
            ok 3 - bad prints
            # before each
            # hello
            # teardown
            1..3
            # 2 passed, 1 failed

            """)
    }
}
