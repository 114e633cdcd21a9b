import ReorderCore
import ReorderLua
import Testing

/// The sandbox's table library against Lua's own on generated cases (TableCaseGenerator;
/// docs/SANDBOX.md, "The differential test"): a fixed-seed sample of the campaign that
/// `reorder fuzz --sandbox` runs with a random seed.
@Suite struct TableDifferentialTests {
    @Test func aFixedSampleMatchesLua() throws {
        let report = try SandboxDifferential.run(generators: [TableCaseGenerator()], seed: 20_261_127, cases: 4000)
        #expect(report.mismatchCount == 0, "\(report.summary)\n\(report.mismatches.map(\.description).joined(separator: "\n"))")
        // Nearly every case is compared (a few ask for more work than the budget allows).
        #expect(report.compared > report.cases * 95 / 100, "\(report.summary)")
        // The sample reaches every error the library raises (messages without their position).
        let seen = Set(report.errorMessages.keys)
        for message in [
            "\"bad argument #2 to 'insert' (position out of bounds)\"",
            "\"wrong number of arguments to 'insert'\"",
            "\"bad argument #1 to 'remove' (position out of bounds)\"",
            "\"bad argument #3 to 'move' (too many elements to move)\"",
            "\"bad argument #4 to 'move' (destination wrap around)\"",
            "\"too many results to unpack\"",
            "\"bad argument #1 to 'sort' (array too big)\"",
            "\"object length is not an integer\"",
            "\"comparator fails\"",
        ] {
            #expect(seen.contains(message), "never raised: \(message)")
        }
        #expect(seen.contains { $0.hasPrefix("\"invalid value (") && $0.hasSuffix("in table for 'concat'\"") })
        #expect(seen.contains { $0.contains("table expected, got") })
    }
}
