import ReorderCore
import ReorderLua
import ReorderScripting

/// `reorder check`: loads each policy as a session would and reports problems.
public enum PolicyChecker {
    /// Checks every policy; prints `ok NAME (its name)` or the messages. Returns 1 if any has a
    /// problem (a load error, a warning such as an unknown field, a hook failing on the demo list).
    ///
    /// ```text
    /// ok jx_movable (jx_movable)
    /// problems in mine.lua (mine):
    ///   mine.lua:4: unknown field 'min_pres_duration' (did you mean 'min_press_duration'?)
    /// ```
    public static func run(_ policies: [String], console: Console) -> Int32 {
        var failures = 0
        for spec in policies {
            do {
                let host = try ScriptingHost(output: console.write)
                host.baseDirectory = console.currentDirectory
                let report = try host.checkPolicy(console.policy(spec))
                if report.problems.isEmpty {
                    console.write("ok \(spec) (\(report.name))\n")
                } else {
                    failures += 1
                    console.write("problems in \(spec) (\(report.name)):\n")
                    // A problem's second line (the question a hook failed on) is indented under it.
                    for p in report.problems {
                        console.write(p.split(separator: "\n").map { "  \($0)\n" }.joined())
                    }
                }
            } catch {
                failures += 1
                // One line per problem (a policy with several bad fields), each indented.
                let lines = error.message.split(separator: "\n", omittingEmptySubsequences: false)
                console.write("cannot load \(spec):\n" + lines.map { "  \($0)\n" }.joined())
            }
        }
        return failures > 0 ? 1 : 0
    }
}
