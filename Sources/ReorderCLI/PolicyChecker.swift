import ReorderCore
import ReorderLua

/// `reorder check`: loads each policy as a session would and reports problems.
public enum PolicyChecker {
    /// Checks every policy; prints `ok NAME` or the messages. Returns 1 if any has a problem.
    public static func run(_ policies: [String], console: Console) -> Int32 {
        var failures = 0
        for spec in policies {
            do {
                let host = try ScriptingHost(output: console.write)
                host.baseDirectory = console.currentDirectory
                let source: SessionOptions.PolicySource = spec.contains("/") || spec.hasSuffix(".lua")
                    ? .file(console.resolve(spec)) : .builtin(spec)
                let report = try host.checkPolicy(source)
                if report.problems.isEmpty {
                    console.write("ok \(spec) (\(report.name))\n")
                } else {
                    failures += 1
                    for p in report.problems { console.write("\(spec): \(p)\n") }
                }
            } catch {
                failures += 1
                console.write("\(spec): \(error.message)\n")
            }
        }
        return failures > 0 ? 1 : 0
    }
}
