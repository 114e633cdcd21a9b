import ReorderCore
import ReorderLua
import Testing

/// The differential harness itself: how outcomes are serialised, that a difference between the
/// two VMs is reported and that a case stopped by the budget is not compared.
@Suite struct SandboxDifferentialTests {
    /// Hands out fixed cases in turn (the draw is not used).
    struct Fixed: DifferentialGenerator {
        let name = "fixed"
        let cases: [DifferentialCase]
        var index = 0
        mutating func next(_ rng: inout SplitMix64) -> DifferentialCase {
            defer { index += 1 }
            return cases[index % cases.count]
        }
    }

    @Test func valuesAreSerialisedWithTheirTypes() throws {
        let vm = try LuaVM(options: .trusted)
        // Integers and floats apart (`1` and `1.0`), floats by %.17g (2^63 is 9223372036854775808,
        // printed with 17 significant digits), NaN, strings byte for byte with \ddd outside
        // printable ASCII, tables sorted by their serialised keys ("\"x\"" sorts before "1":
        // '"' is 0x22, '1' 0x31), functions by their type name.
        let c = DifferentialCase(setup: ["local t = {1, x = {true}}"],
                                 "1, 1.0, -0.0, 2^63, 0/0 ~= 0/0, 'a\\0\\200\"\\\\', t, nil, print, 1e308 * 10")
        #expect(SandboxDifferential.outcome(of: c, in: vm) == .values(
            "1, 1.0, -0.0, 9.2233720368547758e+18, true, \"a\\000\\200\\\"\\\\\", {[\"x\"] = {[1] = true}, [1] = 1}, nil, function, inf"))
        // A table inside itself.
        #expect(SandboxDifferential.outcome(of: DifferentialCase(setup: ["local t = {}", "t.t = t"], "t"), in: vm)
                == .values("{[\"t\"] = <cycle>}"))
        #expect(SandboxDifferential.outcome(of: DifferentialCase(""), in: vm) == .values(""))
    }

    @Test func errorsAreValuesWithTheirPosition() throws {
        let vm = try LuaVM(options: .policy)
        #expect(SandboxDifferential.outcome(of: DifferentialCase(setup: ["local x = 1"], "error('boom')"), in: vm)
                == .error("\"case:1: boom\""))
        #expect(SandboxDifferential.outcome(of: DifferentialCase("error({code = 2})"), in: vm) == .error("{[\"code\"] = 2}"))
        #expect(SandboxDifferential.outcome(of: DifferentialCase("error()"), in: vm) == .error("nil"))
        // A chunk that does not compile: the parser's message (the same parser in both VMs).
        #expect(SandboxDifferential.outcome(of: DifferentialCase("1 +"), in: vm)
                == .error("\"case:1: unexpected symbol near <eof>\""))
        #expect(SandboxDifferential.outcome(of: DifferentialCase("(function() while true do end end)()"), in: vm)
                == .budget("case:1: instruction budget exceeded (2000000 instructions)"))
    }

    @Test func aDifferenceIsReportedAndABudgetStopIsNot() throws {
        // getmetatable("") is Lua's string metatable in the trusted VM and false in the sandbox
        // (docs/SANDBOX.md, "Not reachable"): a difference the runner must see.
        let cases = [DifferentialCase("1 + 1"), DifferentialCase("type(getmetatable(''))"),
                     DifferentialCase("(function() while true do end end)()"), DifferentialCase("#'abc'")]
        let report = try SandboxDifferential.run(generators: [Fixed(cases: cases)], seed: 3, cases: 4)
        #expect(report.cases == 4)
        #expect(report.compared == 3)
        #expect(report.stoppedByBudget == 1)
        #expect(report.mismatchCount == 1)
        #expect(report.mismatches.map(\.description) == [
            "case 1 (fixed): return type(getmetatable(''))\n    sandbox: \"boolean\"\n    lua:     \"table\"",
        ])
        #expect(report.summary == "4 cases (seed 3): 3 compared (0 raising an error), 1 stopped by the budget; 1 mismatch")
    }

    @Test func errorMessagesAreTalliedWithoutTheirPosition() throws {
        let cases = [DifferentialCase("error('one')"), DifferentialCase(setup: ["local a = 1", "local b = 2"], "error('one')"),
                     DifferentialCase("error('two', 0)")]
        let report = try SandboxDifferential.run(generators: [Fixed(cases: cases)], seed: 1, cases: 3)
        #expect(report.mismatchCount == 0)
        #expect(report.errors == 3)
        #expect(report.errorMessages == ["\"one\"": 2, "\"two\"": 1])
    }

    @Test func quotingIsALuaLiteral() throws {
        let bytes: [UInt8] = [0, 9, 10, 34, 92, 65, 127, 128, 255, 49]
        let literal = SandboxDifferential.quoted(bytes)
        #expect(literal == "\"\\000\\009\\010\\\"\\\\A\\127\\128\\2551\"")
        // Lua reads it back as the same bytes.
        let vm = try LuaVM(options: .trusted)
        #expect(try vm.run("local s = \(literal) return #s, s:byte(1, -1)")
                == [.integer(10)] + bytes.map { .integer(Int($0)) })
    }
}
