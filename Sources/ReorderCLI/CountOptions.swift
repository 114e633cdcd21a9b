import ArgumentParser
import ReorderCore
import ReorderPlayground
import ReorderScripting

/// A whole-number option with a declared range (`--rows` of `play` and `bench`): argument-parser
/// reads it and refuses a value outside the range, and the option's help names the range, all
/// from the one ``range``.
///
/// ```swift
/// PlayRows(argument: "30")?.value   // 30
/// PlayRows(argument: "0")           // nil: argument-parser says the value is invalid and shows the help
/// PlayRows.rangeText                // "1...2000000"
/// ```
protocol CountOption: ExpressibleByArgument, CustomStringConvertible, Sendable {
    /// The values allowed.
    static var range: ClosedRange<Int> { get }
    var value: Int { get }
    init(unchecked value: Int)
}

extension CountOption {
    init?(argument: String) {
        guard let n = Int(argument), Self.range.contains(n) else { return nil }
        self.init(unchecked: n)
    }

    /// `1...2000000`, as the help writes the range.
    static var rangeText: String { "\(range.lowerBound)...\(range.upperBound)" }

    var description: String { String(value) }
}

/// `reorder play --rows N`: a table of N rows, at most ``Playground/Options/maximumRows``.
struct PlayRows: CountOption {
    static let range = 1...Playground.Options.maximumRows
    let value: Int
    init(unchecked value: Int) { self.value = value }
}

/// `reorder bench --rows N`: at most ``BenchOptions/maximumRows``.
struct BenchRows: CountOption {
    static let range = 1...BenchOptions.maximumRows
    let value: Int
    init(unchecked value: Int) { self.value = value }
}

/// `--layout` of `reorder repl` and `reorder play`: one of the demos (argument-parser lists
/// their names in the help and in its message for any other value).
extension DemoList.Demo: ExpressibleByArgument {
    /// `table (demo list), grid (home-button grid), ...`, for the option's help.
    static var choices: String { ChoiceText.list(allCases.map { "\($0.rawValue) (\($0.title))" }) }
}
