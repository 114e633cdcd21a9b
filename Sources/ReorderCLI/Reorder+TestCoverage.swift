import ArgumentParser
import Foundation
import ReorderLua

/// `reorder test --coverage [FILE]`: the option's optional value and the report.
/// Whether a run asked for coverage from its `.busted` file (set from the spec VM's thread,
/// read after the run).
final class CoverageRequest {
    var requested = false
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
