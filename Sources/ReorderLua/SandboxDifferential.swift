import CLua
import CLuaShim
import Foundation
import ReorderCore

/// One case of the sandbox's differential test: a little Lua run both in a policy VM (the
/// sandbox's own library, `LuaVM.Options.policy`) and in a trusted VM (Lua's own library,
/// `LuaVM.Options.trusted`), whose outcomes must be the same.
///
/// ```swift
/// let c = DifferentialCase(setup: ["local s = \"key = value\""], "s:match(\"^(%w+)%s*=%s*(%w+)$\")")
/// c.source   // local s = "key = value"; return s:match("^(%w+)%s*=%s*(%w+)$")
/// ```
public struct DifferentialCase: Hashable, Sendable, CustomStringConvertible {
    /// Statements run first (`local s = "a\0b"`), each on one line, so that the case stays one
    /// line of Lua.
    public var setup: [String]
    /// The expression list whose values are compared (`s:find("%z", 2)`).
    public var expression: String

    public init(setup: [String] = [], _ expression: String) {
        self.setup = setup
        self.expression = expression
    }

    /// The case as one line of Lua: the setup, then `return` and the expression.
    public var source: String { (setup + ["return \(expression)"]).joined(separator: "; ") }

    public var description: String { source }
}

/// A source of differential cases. The runner draws case `i` of a campaign from
/// `SplitMix64.forRun(i, seed:)`, so one case can be replayed alone:
///
/// ```swift
/// struct Fixed: DifferentialGenerator {
///     let name = "fixed"
///     mutating func next(_ rng: inout SplitMix64) -> DifferentialCase {
///         DifferentialCase("(\"abc\"):find(\"b\", \(rng.next() % 4))")
///     }
/// }
/// ```
public protocol DifferentialGenerator {
    /// A short name shown in reports (`patterns`).
    var name: String { get }
    /// The next case, drawn from `rng`.
    mutating func next(_ rng: inout SplitMix64) -> DifferentialCase
}

/// The differential test of the sandbox's library (docs/SANDBOX.md, "The differential test"):
/// generated cases run in a policy VM and in a trusted VM, and their outcomes must match.
///
/// An outcome is serialised the same way in both VMs: each value with its type (`nil`, `true`,
/// an integer as `5`, a float as `5.0` from `%.17g` with the dot kept, a string as a quoted
/// literal, byte for byte, with `\ddd` for every byte outside printable ASCII, a table as its
/// entries sorted by their serialised key, a function, userdata or thread by its type name), or
/// the error the case raised (`error: "case:1: malformed pattern (ends with '%')"`). Both VMs
/// name the chunk `case`, so an error's position must match too. A case the policy VM stops on
/// its budget (a generous ``budget``) is counted, not compared: the trusted VM has no budget and
/// is not run then, so a case that would not end in it cannot hang the run.
///
/// ```swift
/// let report = try SandboxDifferential.run(generators: [PatternCaseGenerator()], seed: 7, cases: 1000)
/// print(report.summary)
/// // 1,000 cases (seed 7): 1,000 compared (230 raising an error), 0 stopped by the budget; no mismatch
/// for mismatch in report.mismatches { print(mismatch) }   // the case as one line of Lua, both outcomes
/// ```
public enum SandboxDifferential {
    /// Instructions the policy VM may spend on one case (the trusted VM has no budget).
    public static let budget = 2_000_000
    /// The policy VM's memory cap (a case needs far less; the policy default is 8 MiB).
    public static let memoryLimit = 64 << 20

    /// A case whose outcomes differ.
    public struct Mismatch: Hashable, Sendable, CustomStringConvertible {
        /// The case's index in its campaign (`SplitMix64.forRun(index, seed:)` drew it).
        public var index: Int
        public var generator: String
        public var testCase: DifferentialCase
        /// The serialised outcome in the policy VM (the sandbox's library).
        public var sandbox: String
        /// The serialised outcome in the trusted VM (Lua's own library).
        public var lua: String

        public init(index: Int, generator: String, testCase: DifferentialCase, sandbox: String, lua: String) {
            self.index = index; self.generator = generator; self.testCase = testCase
            self.sandbox = sandbox; self.lua = lua
        }

        /// The case as one line of Lua, then both outcomes.
        public var description: String {
            "case \(index) (\(generator)): \(testCase.source)\n    sandbox: \(sandbox)\n    lua:     \(lua)"
        }
    }

    /// What a campaign found.
    public struct Report: Sendable {
        public var seed: UInt64
        /// Cases run.
        public var cases: Int
        /// Cases whose outcomes were compared.
        public var compared: Int
        /// Cases the policy VM stopped on its budget (not compared).
        public var stoppedByBudget: Int
        /// Compared cases that raised an error (in both VMs, alike).
        public var errors: Int
        /// Every mismatch found (the first ``keep`` of them are in ``mismatches``).
        public var mismatchCount: Int
        public var mismatches: [Mismatch]
        /// The error messages of the compared cases, without their position, each with how
        /// often it was seen (at most ``keep`` * 10 distinct messages): what the sample covered.
        public var errorMessages: [String: Int]

        /// One line: cases, compared, stopped, mismatches.
        public var summary: String {
            var s = "\(grouped(cases)) cases (seed \(seed)): \(grouped(compared)) compared (\(grouped(errors)) raising an error), "
                + "\(grouped(stoppedByBudget)) stopped by the budget"
            s += mismatchCount == 0 ? "; no mismatch" : "; \(grouped(mismatchCount)) mismatch\(mismatchCount == 1 ? "" : "es")"
            return s
        }
    }

    /// Mismatches kept in a report.
    public static let keep = 20

    /// The generators of the whole campaign (`reorder fuzz --sandbox`): one for each part of
    /// the library the sandbox re-implements, drawn in turn.
    ///
    /// ```swift
    /// let report = try SandboxDifferential.run(generators: SandboxDifferential.generators, seed: 7, cases: 100)
    /// // cases 0, 2, 4, ... are patterns, 1, 3, 5, ... tables
    /// ```
    public static var generators: [any DifferentialGenerator] { [PatternCaseGenerator(), TableCaseGenerator()] }

    /// Runs `cases` cases, drawn in turn from each generator (case `i` from generator
    /// `i % generators.count`, with `SplitMix64.forRun(i, seed:)`). `progress` gets the number of
    /// cases done, every 1000.
    public static func run(generators: [any DifferentialGenerator], seed: UInt64, cases: Int,
                           progress: ((Int) -> Void)? = nil) throws(LuaError) -> Report {
        var generators = generators
        var report = Report(seed: seed, cases: 0, compared: 0, stoppedByBudget: 0, errors: 0, mismatchCount: 0,
                            mismatches: [], errorMessages: [:])
        guard !generators.isEmpty else { return report }
        var pair = try VMPair()
        for index in 0..<max(0, cases) {
            let g = index % generators.count
            var rng = SplitMix64.forRun(index, seed: seed)
            let testCase = generators[g].next(&rng)
            report.cases += 1
            let sandbox = outcome(of: testCase, in: pair.sandbox)
            if case .budget = sandbox {
                report.stoppedByBudget += 1
            } else {
                let lua = outcome(of: testCase, in: pair.lua)
                report.compared += 1
                if case .error(let text) = lua {
                    report.errors += 1
                    let message = withoutPosition(text)
                    if report.errorMessages[message] != nil || report.errorMessages.count < keep * 10 {
                        report.errorMessages[message, default: 0] += 1
                    }
                }
                if sandbox != lua {
                    report.mismatchCount += 1
                    if report.mismatches.count < keep {
                        report.mismatches.append(Mismatch(index: index, generator: generators[g].name, testCase: testCase,
                                                          sandbox: sandbox.text, lua: lua.text))
                    }
                }
            }
            if (index + 1) % 1000 == 0 {
                progress?(index + 1)
                // Fresh VMs now and then: what cases leave behind (garbage, interned strings)
                // does not pile up over a million cases.
                if (index + 1) % 100_000 == 0 { pair = try VMPair() }
            }
        }
        return report
    }

    /// The two VMs a campaign runs its cases in.
    struct VMPair {
        let sandbox: LuaVM
        let lua: LuaVM
        init() throws(LuaError) {
            sandbox = try LuaVM(options: LuaVM.Options(sandboxed: true, instructionBudget: SandboxDifferential.budget,
                                                       memoryLimit: SandboxDifferential.memoryLimit))
            lua = try LuaVM(options: .trusted)
            sandbox.output = { _ in }
            lua.output = { _ in }
        }
    }

    /// What a case did in one VM.
    public enum Outcome: Hashable, Sendable {
        /// It returned these values (serialised, separated by `, `).
        case values(String)
        /// It raised this error (serialised).
        case error(String)
        /// The VM's budget stopped it.
        case budget(String)

        /// The outcome as shown in a report: `5, "x"`, `error: "case:1: boom"`, `budget: ...`.
        public var text: String {
            switch self {
            case .values(let v): return v.isEmpty ? "(no values)" : v
            case .error(let e): return "error: \(e)"
            case .budget(let e): return "budget: \(e)"
            }
        }
    }

    /// Runs `testCase` in `vm` (its chunk named `case`, called through the VM's own `pcall`, so
    /// that an error comes back as a value, without a traceback) and serialises the outcome.
    public static func outcome(of testCase: DifferentialCase, in vm: LuaVM) -> Outcome {
        let base = vm.top
        defer { vm.setTop(base) }
        _ = vm.getGlobal("pcall")
        do {
            try vm.load(testCase.source, chunkName: "case")
            try vm.pcall(nargs: 1, nresults: LUA_MULTRET, budget: vm.options.sandboxed ? budget : nil)
        } catch {
            // A load error (the same parser in both), or the sandbox's pcall re-raising a spent budget.
            return error.kind == .budget ? .budget(error.description) : .error(quoted(Array(error.description.utf8)))
        }
        guard vm.top > base, vm.boolean(at: base + 1) else {
            return .error(vm.top > base + 1 ? serialise(vm, at: base + 2) : "nil")
        }
        var parts: [String] = []
        if vm.top >= base + 2 {
            for i in (base + 2)...vm.top { parts.append(serialise(vm, at: i)) }
        }
        return .values(parts.joined(separator: ", "))
    }

    /// The value at `index`, serialised (see ``SandboxDifferential``). Tables are read raw, to a
    /// depth of 8, and a table met again inside itself is written `<cycle>`.
    public static func serialise(_ vm: LuaVM, at index: Int32) -> String {
        var open: [UnsafeRawPointer] = []
        return serialise(vm, at: lua_absindex(vm.L, index), depth: 8, open: &open)
    }

    private static func serialise(_ vm: LuaVM, at index: Int32, depth: Int, open: inout [UnsafeRawPointer]) -> String {
        let L = vm.L
        switch lua_type(L, index) {
        case LUA_TNIL, LUA_TNONE:
            return "nil"
        case LUA_TBOOLEAN:
            return vm.boolean(at: index) ? "true" : "false"
        case LUA_TNUMBER:
            if vm.isInteger(at: index) { return String(lua_tointegerx(L, index, nil)) }
            return float(lua_tonumberx(L, index, nil))
        case LUA_TSTRING:
            var len = 0
            guard let p = rs_tostring(L, index, &len) else { return "\"\"" }
            return quoted(Array(UnsafeRawBufferPointer(start: p, count: len)))
        case LUA_TTABLE:
            guard let identity = lua_topointer(L, index) else { return "table" }
            if open.contains(identity) { return "<cycle>" }
            guard depth > 0, lua_checkstack(L, 3) != 0 else { return "{...}" }
            open.append(identity)
            defer { open.removeLast() }
            var entries: [(String, String)] = []
            lua_pushnil(L)
            while lua_next(L, index) != 0 {
                let key = serialise(vm, at: vm.top - 1, depth: depth - 1, open: &open)
                let value = serialise(vm, at: vm.top, depth: depth - 1, open: &open)
                entries.append((key, value))
                vm.pop(1)
            }
            entries.sort { $0.0 < $1.0 }
            return "{" + entries.map { "[\($0.0)] = \($0.1)" }.joined(separator: ", ") + "}"
        default:
            return vm.typeName(at: index)
        }
    }

    /// A float as `%.17g` (exact: two floats print alike only when they are equal, or both NaN),
    /// with `.0` added when that reads as an integer, so `1.0` and `1` differ.
    static func float(_ d: Double) -> String {
        let s = String(format: "%.17g", d)
        if s.contains(where: { $0 == "." || $0 == "e" || $0 == "n" || $0 == "i" }) { return s }
        return s + ".0"
    }

    /// Bytes as a Lua string literal: printable ASCII as it is (`"` and `\` escaped), every other
    /// byte as `\ddd` (three digits, so a digit after it cannot join it).
    public static func quoted(_ bytes: [UInt8]) -> String {
        var out = "\""
        for b in bytes {
            switch b {
            case UInt8(ascii: "\""): out += "\\\""
            case UInt8(ascii: "\\"): out += "\\\\"
            case 0x20...0x7E: out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                let d = String(b)
                out += "\\" + String(repeating: "0", count: 3 - d.count) + d
            }
        }
        return out + "\""
    }

    /// An error message without the `case:LINE: ` in front (for ``Report/errorMessages``).
    static func withoutPosition(_ quotedMessage: String) -> String {
        let prefix = "\"case:"
        guard quotedMessage.hasPrefix(prefix) else { return quotedMessage }
        let rest = quotedMessage.dropFirst(prefix.count).drop(while: \.isNumber)
        guard rest.hasPrefix(": ") else { return quotedMessage }
        return "\"" + rest.dropFirst(2)
    }
}

private func grouped(_ n: Int) -> String { LuaPolicy.grouped(Int64(n)) }
