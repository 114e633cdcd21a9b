#if canImport(Glibc)
import Glibc
#endif
import CLua
import CLuaShim
import ReorderCore

/// The sandbox fuzzer: calls every library function a policy can reach with
/// extreme arguments and checks that each call returns or raises within a margin (10 ms) of
/// the time the instruction budget allows.
///
/// The functions are found by walking the sandbox's globals (functions, and functions in
/// global tables), so a function added to the sandbox is covered without a change here. Each
/// call is made by policy code in a real policy VM (`LuaVM.Options.policy`): a tiny chunk
/// builds the arguments (huge and negative integers, NaN and infinities, empty and huge
/// strings, tables with Lua and C metamethods, lengths that change between reads, C functions
/// as comparators, wrong types) and returns a closure that makes the call. Both run in a worker
/// process (`reorder sandbox-worker`, see ``SandboxWorker``; ``Options/worker`` names the
/// executable), in a fresh VM for each try, with a kill timer, so a call that crashes or never
/// returns is reported instead of taking the host down.
///
/// The budget's own time is calibrated by timing `while true do end` to budget exhaustion on
/// the same kind of VM in the same worker (median of 5). A call's time past it is its CPU time
/// (its thread's, which is what the sandbox's limits count) minus that, so other work on the
/// machine does not count against the call; a call that never returns is still caught by the
/// wall-clock `timeout`. A call over the margin is tried again (up to `retries` times, the
/// shortest counts).
///
/// ```swift
/// let report = try SandboxFuzzer.run(SandboxFuzzer.Options(seed: 7, runs: 10))
/// print(report.summary)
/// // 1,212 calls to 84 functions (seed 7), budget 4.1 ms: longest call past its budget
/// // +0.9 ms, string.rep("a", 1 << 19); no failure
/// ```
public enum SandboxFuzzer {
    /// How a campaign runs.
    public struct Options: Hashable, Sendable {
        /// Seed of the random calls (the fixed hostile cases do not depend on it).
        public var seed: UInt64
        /// Random calls per function, besides the fixed hostile cases.
        public var runs: Int
        /// How far past the budget's time a call may run, seconds: 10 ms, or 300 ms in a
        /// sanitizer build (``SandboxFuzzer/isSanitized``).
        public var margin: Double = SandboxFuzzer.isSanitized ? 0.300 : 0.010
        /// Seconds after which a call is killed and reported as a hang (1 s; 3 s in a
        /// sanitizer build).
        public var timeout: Double = SandboxFuzzer.isSanitized ? 3.0 : 1.0
        /// Extra tries of a call that ran over the margin (the shortest counts).
        public var retries: Int = 3
        /// Failures of one function after which its other calls are skipped.
        public var failuresPerFunction: Int = 2
        /// Functions whose failures are known and being fixed (reported as such).
        public var knownOpen: Set<String> = SandboxFuzzer.knownOpen
        /// Only these functions (names as `string.rep`); nil: every reachable function.
        public var only: Set<String>?
        /// The `reorder` executable whose hidden `sandbox-worker` command makes the calls: by
        /// default the running program when it is `reorder` (``currentExecutable``), else nil, and
        /// then ``SandboxFuzzer/run(_:progress:)`` throws (a test sets the built binary).
        public var worker: String? = SandboxFuzzer.currentExecutable

        public init(seed: UInt64, runs: Int) {
            self.seed = seed; self.runs = runs
        }
    }

    /// Functions known to overrun their budget, hang or crash, whose failures are reported but
    /// tolerated (``Failure/isKnownOpen``). Empty: every function the sandbox reaches is bounded
    /// (docs/SANDBOX.md), so any failure fails the run.
    public static let knownOpen: Set<String> = []

    /// One call: a function and the Lua expressions of its arguments.
    public struct Call: Hashable, Sendable, CustomStringConvertible {
        public var function: String
        public var arguments: [String]
        /// The call's result is called too (an iterator or a wrapped coroutine, whose work
        /// happens then): `string.gmatch(s, p)()`.
        public var callsResult: Bool
        public init(_ function: String, _ arguments: [String], callsResult: Bool = false) {
            self.function = function; self.arguments = arguments; self.callsResult = callsResult
        }
        /// `string.rep("", math.maxinteger)`: Lua that makes the same call.
        public var description: String {
            "\(function)(\(arguments.joined(separator: ", ")))" + (callsResult ? "()" : "")
        }
    }

    /// The fuzzer runs in a build with ASan, TSan or UBSan, where memory-heavy C work (a 1 MiB
    /// `string.rep`) slows down far more than the interpreter the budget's time is measured
    /// on (a call returning a 1 MiB string from a wrapped coroutine ran 81 ms past a 29 ms
    /// budget under ASan, against under 1 ms in a plain build): the default margin is then
    /// 300 ms.
    public static var isSanitized: Bool { sanitizerSlowdown > 1 }

    /// How many times longer this build's CPU-time limits are than a plain build's: 5 with
    /// ASan, TSan or UBSan, else 1 (shim.h RS_SANITIZER_SLOWDOWN, the one place the factor is
    /// written).
    ///
    /// ```swift
    /// let limitMs = 100 * SandboxFuzzer.sanitizerSlowdown   // a call's CPU-time limit: 100 ms, 500 ms sanitized
    /// ```
    public static var sanitizerSlowdown: Int { Int(rs_sanitizer_slowdown()) }

    /// The running program when it is the `reorder` executable (its path, from `/proc/self/exe`),
    /// else nil (a test process).
    public static var currentExecutable: String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let path = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return path.split(separator: "/").last == "reorder" ? path : nil
    }

    /// Serves the calls of a campaign run elsewhere (the hidden `reorder sandbox-worker`): reads
    /// requests on standard input and answers on standard output (see ``SandboxWorker``) until
    /// the input ends. Returns the exit status.
    ///
    /// ```swift
    /// exit(SandboxFuzzer.serveWorker())
    /// ```
    public static func serveWorker() -> Int32 { SandboxWorker.serve() }

    /// Functions that return a function doing the work (their random calls call it too).
    static let resultCalled: Set<String> = ["string.gmatch", "coroutine.wrap"]

    /// A call that broke the rule.
    public struct Failure: Hashable, Sendable, CustomStringConvertible {
        public enum Reason: Hashable, Sendable {
            /// It finished after `seconds`, `past` seconds past the budget's time (the shortest try).
            case overran(seconds: Double, past: Double)
            /// No answer within the timeout: the worker was killed.
            case hung(timeout: Double)
            /// The worker process died (the signal; 0 when it exited without an answer).
            case crashed(signal: Int32)
        }
        public var call: Call
        public var reason: Reason
        /// The function is in ``Options/knownOpen``.
        public var isKnownOpen: Bool

        public init(call: Call, reason: Reason, isKnownOpen: Bool) {
            self.call = call; self.reason = reason; self.isKnownOpen = isKnownOpen
        }

        public var description: String {
            let what: String
            switch reason {
            case .overran(let s, let past):
                what = "took \(ms(s)) ms, \(ms(past)) ms past its budget"
            case .hung(let t):
                what = "did not return within \(ms(t)) ms (killed)"
            case .crashed(let signal):
                what = signal == 0 ? "ended the process without an answer" : "crashed the process (signal \(signal))"
            }
            return "\(call): \(what)" + (isKnownOpen ? " [known open]" : "")
        }
    }

    /// What a campaign found.
    public struct Report: Sendable {
        public var seed: UInt64
        /// The reachable functions, sorted (`assert`, ..., `utf8.len`).
        public var functions: [String]
        /// Calls made (tries of one call count once).
        public var calls: Int
        /// Calls whose arguments could not be built (e.g. over the memory cap): not made.
        public var unbuilt: Int
        /// Calls skipped after a function's failures.
        public var skipped: Int
        /// Wall time of `while true do end` to budget exhaustion, seconds.
        public var budgetSeconds: Double
        /// The margin the calls were held to, seconds.
        public var margin: Double
        /// The call that ran longest past the budget's time, and by how much (seconds; negative
        /// when every call finished before the budget's time).
        public var longest: (call: Call, past: Double)?
        /// The same among the calls that did not fail.
        public var longestPassing: (call: Call, past: Double)?
        public var failures: [Failure]

        /// Failures that are not known open.
        public var newFailures: [Failure] { failures.filter { !$0.isKnownOpen } }

        /// One line: calls, functions, the longest call past its budget, failures.
        public var summary: String {
            var s = "\(grouped(calls)) calls to \(functions.count) functions (seed \(seed)), budget \(ms(budgetSeconds)) ms"
            if margin != 0.010 { s += ", margin \(ms(margin)) ms" }
            if let l = longest {
                s += ": longest call past its budget \(l.past >= 0 ? "+" : "")\(ms(l.past)) ms, \(l.call)"
            }
            let known = failures.filter(\.isKnownOpen).count
            if failures.isEmpty {
                s += "; no failure"
            } else {
                if let l = longestPassing {
                    s += " (of the calls that passed: \(l.past >= 0 ? "+" : "")\(ms(l.past)) ms, \(l.call))"
                }
                s += "; \(failures.count) failure\(failures.count == 1 ? "" : "s")"
                if known > 0 { s += " (\(known) known open)" }
            }
            if skipped > 0 { s += "; \(skipped) calls skipped after failures" }
            return s
        }
    }

    /// The library functions a policy can reach: every function among the sandbox's globals
    /// and in its global tables, as `print` or `string.rep`, sorted.
    public static func functions() throws(LuaError) -> [String] {
        let vm = try LuaVM(options: .policy)
        let values = try vm.run("""
            local names = {}
            for k, v in pairs(_G) do
              if type(v) == "function" then names[#names + 1] = k
              elseif type(v) == "table" and v ~= _G then
                for k2, v2 in pairs(v) do
                  if type(v2) == "function" then names[#names + 1] = k .. "." .. k2 end
                end
              end
            end
            table.sort(names)
            return table.concat(names, "\\n")
            """, chunkName: "fuzz-walk")
        guard case .string(let s)? = values.first else { return [] }
        return s.split(separator: "\n").map(String.init)
    }

    /// Runs a campaign. `progress` gets the calls made so far and the number of functions done.
    /// - Throws: ``LuaError`` when the functions cannot be listed, no worker executable is set,
    ///   or the calibration loop is not stopped by the budget.
    public static func run(_ options: Options, progress: ((Int, Int) -> Void)? = nil) throws(LuaError) -> Report {
        var names = try functions()
        if let only = options.only { names = names.filter { only.contains($0) } }
        guard let executable = options.worker else {
            throw LuaError(kind: .runtime, message: "sandbox fuzzer: no worker: the calls run in `reorder sandbox-worker`, and this program is not reorder (set Options.worker)")
        }
        let worker = SandboxWorker(executable: executable)
        defer { worker.stop() }
        let budget = try calibrate(worker, timeout: options.timeout)
        var report = Report(seed: options.seed, functions: names, calls: 0, unbuilt: 0, skipped: 0,
                            budgetSeconds: budget, margin: options.margin, longest: nil, longestPassing: nil, failures: [])
        var rng = Generator(seed: options.seed)
        for (index, name) in names.enumerated() {
            var calls = hostileCases.filter { $0.function == name }
            for _ in 0..<max(0, options.runs) { calls.append(rng.call(name)) }
            var failed = 0
            for call in calls {
                if failed >= options.failuresPerFunction { report.skipped += 1; continue }
                switch try runCase(call, worker: worker, options: options, budget: budget) {
                case .unbuilt:
                    report.unbuilt += 1
                case .finished(let past):
                    report.calls += 1
                    if report.longest.map({ past > $0.past }) ?? true { report.longest = (call, past) }
                    if report.longestPassing.map({ past > $0.past }) ?? true { report.longestPassing = (call, past) }
                case .failed(let reason):
                    report.calls += 1
                    failed += 1
                    if case .overran(_, let past) = reason, report.longest.map({ past > $0.past }) ?? true {
                        report.longest = (call, past)
                    }
                    report.failures.append(Failure(call: call, reason: reason, isKnownOpen: options.knownOpen.contains(name)))
                }
            }
            progress?(report.calls, index + 1)
        }
        return report
    }

    // MARK: - One call

    enum CaseOutcome {
        case unbuilt
        case finished(past: Double)
        case failed(Failure.Reason)
    }

    /// Makes the call in the worker (a fresh policy VM builds its arguments each try).
    static func runCase(_ call: Call, worker: SandboxWorker, options: Options, budget: Double) throws(LuaError) -> CaseOutcome {
        let chunk = source(of: call)
        var best = Double.infinity, bestSeconds = 0.0
        for _ in 0...max(0, options.retries) {
            switch worker.call(chunk, timeout: options.timeout) {
            case .unbuilt:
                return .unbuilt
            case .finished(_, _, _, let cpu, _):
                let past = cpu - budget
                if past < best { best = past; bestSeconds = cpu }
                if best <= options.margin { return .finished(past: best) }
            case .hung:
                return .failed(.hung(timeout: options.timeout))
            case .crashed(let signal):
                return .failed(.crashed(signal: signal))
            case .notStarted(let errno):
                throw LuaError(kind: .runtime, message: "sandbox fuzzer: cannot start \(worker.executable) sandbox-worker: \(String(cString: strerror(errno)))")
            }
        }
        return .failed(.overran(seconds: bestSeconds, past: best))
    }

    /// Median CPU time of `while true do end` to budget exhaustion in a policy VM of the worker.
    static func calibrate(_ worker: SandboxWorker, timeout: Double) throws(LuaError) -> Double {
        var times: [Double] = []
        for _ in 0..<5 {
            let answer = worker.call("return function() while true do end end", timeout: timeout)
            guard case .finished(true, true, _, let cpu, _) = answer else {
                throw LuaError(kind: .runtime, message: "sandbox fuzzer: the calibration loop was not stopped by the budget (\(answer))")
            }
            times.append(cpu)
        }
        times.sort()
        return times[times.count / 2]
    }

    /// The chunk that builds a call's arguments and returns the closure making it.
    static func source(of call: Call) -> String {
        let args = call.arguments.indices.map { "a\($0 + 1)" }
        var s = prelude
        s += "local f = \(call.function)\n"
        if !args.isEmpty {
            s += "local \(args.joined(separator: ", ")) = \(call.arguments.joined(separator: ", "))\n"
        }
        s += "return function() return f(\(args.joined(separator: ", ")))\(call.callsResult ? "()" : "") end\n"
        return s
    }

    /// Helpers the argument expressions use.
    static let prelude = """
        local function range(n) local t = {} for i = 1, n do t[i] = i end return t end
        local function changing()
          local reads = 0
          return setmetatable({3, 1, 2}, {__len = function()
            reads = reads + 1
            if reads % 2 == 1 then return 3 end
            return 1 << 30
          end, __index = function(t, k) return k end})
        end
        local function dead()
          local co = coroutine.create(function() end)
          coroutine.resume(co)
          return co
        end

        """

    // MARK: - Arguments

    /// Argument expressions the random calls draw from.
    static let pool: [String] = [
        // integers
        "0", "1", "-1", "2", "3", "7", "255", "1 << 20", "1 << 31", "-(1 << 31)", "1 << 53",
        "math.maxinteger", "math.mininteger", "math.maxinteger - 1", "math.mininteger + 1",
        // floats
        "0.5", "-0.0", "0/0", "1/0", "-1/0", "1e308", "-1e308", "2^63",
        // strings
        "\"\"", "\"a\"", "\"abc\"", "\"%\"", "\"%a+\"", "\"%b()\"", "\"(.-)$\"", "\"[\"", "\"%f[%w]\"", "\"\\0\"",
        "\"\\xff\\xfe\"", "\"%d\"", "\"%s%s%s\"", "\"%99d\"", "\"i4\"", "\"n\"", "\"return 1\"", "\"while true do end\"",
        "string.rep(\"a\", 1 << 19)", "string.rep(\"(\", 1 << 16)", "\"[\" .. string.rep(\"a\", 1 << 18) .. \"]\"",
        "string.rep(\"%b()\", 1 << 12)", "string.rep(\"a*\", 1 << 12)",
        // nil, booleans
        "nil", "true", "false",
        // tables
        "{}", "{3, 1, 2}", "{\"b\", \"a\", \"c\"}", "range(1000)", "range(100000)",
        "setmetatable({}, {__len = function() return math.maxinteger end})",
        "setmetatable({}, {__len = function() return 1 << 40 end, __index = function(t, k) return \"x\" end})",
        "changing()",
        "setmetatable({}, {__len = rawlen, __index = rawlen})",
        "setmetatable({1, 2, 3}, {__len = string.len, __index = string.rep})",
        "setmetatable({}, {__index = rawlen, __len = math.max, __newindex = rawequal})",
        "setmetatable({}, {__lt = math.max, __le = math.max, __concat = rawequal, __eq = rawequal, "
            + "__tostring = tostring, __call = select, __newindex = rawset, __unm = math.abs})",
        "setmetatable({3, 2, 1}, {__lt = function(a, b) return true end})",
        "setmetatable({}, {__index = function(t, k) return t[k + 1] end})",
        "setmetatable({}, {__len = function() return 0/0 end})",
        "setmetatable({}, {__len = function() return -1 end})",
        "setmetatable({}, {__tostring = function() return {} end, __name = \"x\"})",
        "setmetatable({}, {__tostring = function() error(\"boom\") end})",
        // functions
        "print", "function() end", "function() while true do end end", "function(...) return ... end",
        "math.max", "rawlen", "string.len", "error", "select", "coroutine.yield", "string.rep", "tostring", "next",
        "rawequal", "function(a, b) return true end", "function(a, b) return a > b end",
        "function() return string.rep(\"-\", 1 << 20) end",
        "function() for i = 1, 1 << 20 do coroutine.wrap(function() for j = 1, 400 do end end)() end end",
        // threads
        "coroutine.create(function() while true do end end)", "coroutine.running()", "dead()",
    ]

    /// Hostile calls, made whatever the seed: library functions whose work or memory grows with
    /// their arguments rather than with the instructions counted (repetition, backtracking
    /// patterns, lengths from `__len`, many fresh coroutines, `print`'s separator beside a long
    /// argument on the stack), each at a size that outruns the budget or the memory cap unless
    /// the function is bounded (docs/SANDBOX.md).
    static let hostileCases: [Call] = [
        Call("print", ["\"a\"", "\"b\"", "string.rep(\"(\", 1 << 16)", "1"]),
        Call("string.rep", ["\"\"", "math.maxinteger"]),
        Call("string.rep", ["\"\"", "math.maxinteger", "\"\""]),
        Call("table.concat", ["setmetatable({}, {__len = function() return 1 << 40 end, __index = function() return \"x\" end})"]),
        Call("table.concat", ["setmetatable({}, {__index = rawlen})", "\"\"", "1", "math.maxinteger"]),
        Call("table.insert", ["setmetatable({}, {__len = function() return math.maxinteger end})", "1", "\"x\""]),
        Call("table.insert", ["changing()", "\"x\""]),
        Call("table.remove", ["setmetatable({}, {__len = function() return math.maxinteger end})", "1"]),
        Call("table.sort", ["changing()"]),
        Call("table.sort", ["range(100000)", "math.max"]),
        Call("table.sort", ["setmetatable({}, {__len = function() return 1 << 40 end, __index = rawlen})"]),
        Call("table.move", ["setmetatable({}, {__index = rawlen})", "1", "(1 << 20) - 1", "1",
                            "setmetatable({}, {__newindex = rawequal})"]),
        Call("string.find", ["string.rep(\"a\", 1 << 19)", "string.rep(\"a\", 1 << 18) .. \"b\""]),
        Call("string.find", ["string.rep(\"a\", 1 << 19)", "string.rep(\"a\", 1 << 18) .. \"b\"", "1", "true"]),
        Call("string.find", ["string.rep(\"(\", 1 << 19)", "\"%b()\""]),
        Call("string.find", ["string.rep(\"a\", 1 << 19)", "\"[\" .. string.rep(\"b\", 1 << 19) .. \"]\""]),
        Call("string.match", ["string.rep(\"a\", 1 << 19)", "string.rep(\"a\", 1 << 18) .. \"b\""]),
        Call("string.gsub", ["string.rep(\"(\", 1 << 19)", "\"%b()\"", "\"\""]),
        Call("string.gmatch", ["string.rep(\"a\", 1 << 19)", "string.rep(\"a\", 1 << 18) .. \"b\""], callsResult: true),
        Call("load", ["function() return string.rep(\"-\", 1 << 20) end"]),
        Call("load", ["\"if x then \" .. string.rep(\"elseif x then \", 60000) .. \"end\""]),
        Call("pcall", ["function() for i = 1, 1 << 20 do coroutine.wrap(function() for j = 1, 400 do end end)() end end"]),
        Call("xpcall", ["function() for i = 1, 1 << 20 do coroutine.wrap(function() for j = 1, 400 do end end)() end end",
                        "print"]),
        Call("coroutine.resume", ["coroutine.create(function() for i = 1, 1 << 20 do "
                                  + "coroutine.wrap(function() for j = 1, 400 do end end)() end end)"]),
    ]

    /// The random calls of a seed: ReorderCore's ``SplitMix64``.
    struct Generator {
        var rng: SplitMix64
        init(seed: UInt64) { rng = SplitMix64(seed: seed) }
        mutating func next() -> UInt64 { rng.next() }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        /// A call of `function` with 0 to 4 arguments from the pool.
        mutating func call(_ function: String) -> Call {
            let count = below(5)
            return Call(function, (0..<count).map { _ in SandboxFuzzer.pool[below(SandboxFuzzer.pool.count)] },
                        callsResult: SandboxFuzzer.resultCalled.contains(function))
        }
    }
}

private func ms(_ seconds: Double) -> String {
    let v = (seconds * 10_000).rounded() / 10
    return String(v)
}

private func grouped(_ n: Int) -> String { LuaPolicy.grouped(Int64(n)) }
