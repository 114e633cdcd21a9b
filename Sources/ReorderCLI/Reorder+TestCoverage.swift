import ArgumentParser
import Foundation
import ReorderLua

/// `reorder test --coverage [FILE]`: the option's optional value and the report.

/// The coverage of `reorder test`'s runs (one, or each run of `--watch`): asked by `--coverage
/// FILE`, or by the project's `.busted` (`coverage = true`, which busted gives to LuaCov) when
/// the run reads it, and then written where `--coverage` alone writes it. Each run counts from
/// zero and reports the policies it loaded.
///
/// ```swift
/// let counting = CoverageRun(file: "lcov.info", tap: false)
/// runner.onCoverage = counting.request
/// let status = counting.around(console: console) { runner.run(console: console) }
/// ```
final class CoverageRun {
    /// `--coverage FILE`, nil without it.
    let file: String?
    let tap: Bool
    /// Whether this run's `.busted` asked for coverage (set from the spec VM's thread, read after
    /// the run).
    private var requested = false
    /// Whether the last run's report could not be written (the message is printed).
    private(set) var failed = false

    init(file: String?, tap: Bool) {
        self.file = file
        self.tap = tap
    }

    /// The run's `.busted` asks for coverage: count from now on.
    func request() {
        guard !requested else { return }
        requested = true
        PolicyCoverage.enableEverywhere(true)
    }

    /// Runs `run` with coverage counted from zero when asked, then writes the report.
    func around(console: Console, _ run: () -> Int32) -> Int32 {
        requested = false
        failed = false
        PolicyCoverage.reset()
        if file != nil { PolicyCoverage.enableEverywhere(true) }
        let status = run()
        if let to = file ?? (requested ? Reorder.Test.defaultCoverageFile : nil) {
            do { try Reorder.Test.writeCoverage(to: to, tap: tap, console: console) } catch { failed = true }
        }
        return status
    }
}

extension Reorder.Test {
    /// Where `--coverage` alone, and a `.busted` file's `coverage = true`, write the LCOV file.
    static let defaultCoverageFile = "lcov.info"

    /// Writes the LCOV file and prints the summary (as TAP comments under `--tap`).
    static func writeCoverage(to file: String, tap: Bool, console: Console) throws {
        PolicyCoverage.enableEverywhere(false)
        let files = PolicyCoverage.files()
        if let problem = console.writeFile(PolicyCoverage.lcov(files), to: file) {
            console.writeError("reorder test: \(problem)\n")
            throw ExitCode(1)
        }
        let lines = ("coverage of policy lines (\(file)):\n" + PolicyCoverage.summary(files))
            .split(separator: "\n").map { (tap ? "# " : "") + $0 + "\n" }
        console.write(lines.joined())
    }

    /// `--coverage` takes an optional value: a bare `--coverage` (last, or before another
    /// option or an argument not ending in `.info`) becomes `--coverage=lcov.info`.
    ///
    /// ```swift
    /// Test.normalizingCoverage(["test", "--coverage", "Policies/"])   // ["test", "--coverage=lcov.info", "Policies/"]
    /// ```
    static func normalizingCoverage(_ arguments: [String]) -> [String] {
        guard arguments.first == "test" else { return arguments }
        var out: [String] = []
        for (i, a) in arguments.enumerated() {
            if a == "--" { out += arguments[i...]; break }
            let next = i + 1 < arguments.count ? arguments[i + 1] : nil
            if a == "--coverage", next.map({ !$0.hasSuffix(".info") || $0.hasPrefix("-") }) ?? true {
                out.append("--coverage=" + defaultCoverageFile)
            } else {
                out.append(a)
            }
        }
        return out
    }
}
