import ArgumentParser
import Testing
@testable import ReorderCLI

/// The help text and exit statuses a new user sees.
@Suite struct UsageTests {
    /// `--drags` has no fixed default: its help names the automatic one once, and no
    /// "(default: 0)" follows it.
    @Test func benchHelpShowsOneDefaultForDrags() {
        let help = Reorder.Bench.helpMessage(columns: 1000)
        #expect(help.contains("--drags <drags>         Measured drags per policy (default: enough for about 20,000 dragging frames).\n"))
        #expect(!help.contains("(default: 0)"))
    }

    /// The JUnit report option names what it takes.
    @Test func junitTakesAFile() {
        let help = Reorder.Test.helpMessage(columns: 1000)
        #expect(help.contains("--junit <file>"))
        #expect(!help.contains("<junit>"))
    }

    /// The REPL's banner and `--version` show one version.
    @Test func theBannerShowsTheVersion() {
        #expect(Reorder.configuration.version == "0.1.0")
        #expect(ReplDriver.banner(demo: "demo list", policy: "default")
            == "reorder 0.1.0 (Lua 5.4): `s` is a session on the demo list with policy default.\n"
            + "Try s:drag(1, 2, 1, 9) then s:show(). :help for help, :quit to leave.\n")
    }

    /// Usage errors exit with 64 whichever layer finds them: argument-parser's own checks
    /// (`fuzz --runs 0`, `bench --rows 0`) and the library's (`plot --viewport`, tested in
    /// PlotCommandTests.plotErrorsAreClear).
    @Test func usageErrorsExitWith64() {
        for arguments in [["fuzz", "--runs", "0", "default"], ["bench", "--rows", "0"], ["plot"]] {
            do {
                _ = try Reorder.parseAsRoot(arguments)
                Issue.record("\(arguments) parsed")
            } catch {
                #expect(Reorder.exitCode(for: error).rawValue == ExitStatus.usage, "\(arguments)")
            }
        }
    }
}
