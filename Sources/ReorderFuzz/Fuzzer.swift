import ReorderCore

/// What to fuzz and how long.
public struct FuzzOptions: Hashable, Sendable {
    /// Number of random traces (each on a fresh scenario, session and policy).
    public var runs: Int
    /// The campaign's seed: the same seed gives the same traces, bit for bit.
    public var seed: UInt64
    public var layout: FuzzLayout
    /// Upper bound on inputs per trace.
    public var maxInputs: Int
    /// Whether locked items must never change place (see ``InvariantChecker/strictLocks``).
    public var strictLocks: Bool
    /// Whether a failure is shrunk by delta debugging.
    public var shrink: Bool
    /// Whether a failing hook (or a policy switched off after repeated failures) is tolerated.
    /// By default it is a ``FuzzViolation/Invariant/hookError``: a run that fell back to
    /// `default` did not fuzz the policy under test.
    public var allowHookErrors: Bool

    public init(runs: Int = 200, seed: UInt64 = 1, layout: FuzzLayout = .table, maxInputs: Int = 400,
                strictLocks: Bool = false, shrink: Bool = true, allowHookErrors: Bool = false) {
        self.runs = runs; self.seed = seed; self.layout = layout; self.maxInputs = maxInputs
        self.strictLocks = strictLocks; self.shrink = shrink; self.allowHookErrors = allowHookErrors
    }
}

/// A trace that breaks an invariant, shrunk to a short one.
public struct FuzzFailure: Sendable, CustomStringConvertible {
    /// The run (0-based) of the campaign that found it.
    public var run: Int
    public var scenario: FuzzScenario
    /// The shrunk trace: replaying it on `scenario` with the policy shows `violation`.
    public var trace: [TraceInput]
    /// Length of the trace before shrinking.
    public var originalLength: Int
    public var violation: FuzzViolation

    public var description: String {
        "run \(run): \(violation) (trace of \(trace.count) inputs, shrunk from \(originalLength)) on \(scenario)"
    }
}

/// The outcome of a campaign.
public struct FuzzReport: Sendable {
    /// Runs completed (all of them unless a failure stopped the campaign).
    public var runs: Int
    /// Inputs applied to sessions, shrinking excluded.
    public var inputsExecuted: Int
    /// Moves applied (`move` events), a sign the traces reach real drags.
    public var movesApplied: Int
    /// The first failure, if any.
    public var failure: FuzzFailure?
}

/// Seeded property-based fuzzing of drag sessions.
///
/// Each run draws a scenario and a trace from a generator seeded by `(seed, run)`, applies the
/// trace input by input to a fresh ``DragSimulator`` with a fresh policy, and checks the
/// invariants after every input (``InvariantChecker``). The first violation is shrunk by delta
/// debugging to a short trace that still breaks the same invariant.
///
/// ```swift
/// let report = try Fuzzer.run(FuzzOptions(runs: 100, seed: 42)) { DefaultPolicy() }
/// report.failure == nil   // true for a correct engine
/// report.inputsExecuted   // e.g. 21_403
/// ```
public enum Fuzzer {
    /// Runs a campaign. `makePolicy` is called for every run (and for every shrinking step), so
    /// policy state never leaks between runs; `progress` gets (runs done, inputs so far).
    ///
    /// `validate` checks the policy's static fields before each run: a native policy's are not
    /// checked at load as a Lua policy's are, and a press of 1e300 s would make traces that never
    /// end. Pass ReorderLua's `PolicyConfiguration.validate()`, which checks every field of the
    /// one table of policy fields (this module does not depend on ReorderLua).
    ///
    /// - Throws: what `makePolicy` or `validate` throws (a ``ValidationError`` when a static
    ///   field is out of its documented range, ``PolicyConfiguration/Limits``).
    public static func run(_ options: FuzzOptions, validate: (PolicyConfiguration) throws -> Void = { _ in },
                           makePolicy: () throws -> any DragPolicy,
                           progress: ((Int, Int) -> Void)? = nil) throws -> FuzzReport {
        var report = FuzzReport(runs: 0, inputsExecuted: 0, movesApplied: 0, failure: nil)
        for run in 0..<max(0, options.runs) {
            var rng = SplitMix64.forRun(run, seed: options.seed)
            let scenario = FuzzScenario.random(layout: options.layout, using: &rng)
            try scenario.validate()
            let policy = try makePolicy()
            let configuration = policy.configuration
            try validate(configuration)
            var generator = TraceGenerator(scenario: scenario, minPressDuration: configuration.minPressDuration,
                                           allowableMovement: configuration.allowableMovement,
                                           maxInputs: options.maxInputs)
            // Groups land by moving the items between, which strict locks forbid.
            generator.groups = !options.strictLocks
            let trace = generator.generate(using: &rng)
            let result = try check(scenario: scenario, trace: trace, policy: policy, probe: makePolicy(),
                                   strictLocks: options.strictLocks, allowHookErrors: options.allowHookErrors)
            report.runs += 1
            report.inputsExecuted += result.executed
            report.movesApplied += result.moves
            if let violation = result.violation {
                var failure = FuzzFailure(run: run, scenario: scenario, trace: Array(trace.prefix(violation.inputIndex + 1)),
                                          originalLength: trace.count, violation: violation)
                if options.shrink {
                    failure = try shrink(failure, strictLocks: options.strictLocks, allowHookErrors: options.allowHookErrors,
                                         makePolicy: makePolicy)
                }
                report.failure = failure
                progress?(report.runs, report.inputsExecuted)
                return report
            }
            progress?(report.runs, report.inputsExecuted)
        }
        return report
    }

    /// Replays `trace` on `scenario`, checking after every input. Stops at the first violation.
    ///
    /// - Parameters:
    ///   - policy: the policy under test (fresh: its failure counters start at zero).
    ///   - probe: another instance, asked once which items are locked (so the probe's calls
    ///     do not count against the policy under test).
    ///   - allowHookErrors: unless set, the policy's first failing hook (or its switch-off) is a
    ///     ``FuzzViolation/Invariant/hookError`` carrying the policy's `file:line: hook: message`.
    public static func check(scenario: FuzzScenario, trace: [TraceInput], policy: any DragPolicy,
                             probe: any DragPolicy, strictLocks: Bool, allowHookErrors: Bool = false)
        -> (violation: FuzzViolation?, executed: Int, moves: Int) {
        let sim = scenario.makeSimulator(policy: policy)
        let locked = InvariantChecker.lockedHandles(of: sim, probe: probe)
        var checker = InvariantChecker(simulator: sim, locked: locked, strictLocks: strictLocks)
        // A tree's rows change at a lift, a drop and a toggle without a `move` event for each:
        // its own checker follows the tree instead of a shadow order.
        var treeChecker = TreeInvariantChecker(simulator: sim, locked: locked,
                                               maxDepth: policy.configuration.tree.maxDepthLevel)
        var moves = 0
        let name = policy.configuration.name
        for (i, input) in trace.enumerated() {
            sim.apply(input)
            // With hook errors allowed, a policy switched off for them (its configuration is
            // `default`'s from then on) locks nothing any more: its locks came from a failing
            // `can_move`. (Keyboard lifts of one item reach 3 failures in a row quickly.)
            if allowHookErrors, !checker.locked.isEmpty, policy.configuration.name != name {
                checker.locked = []
                treeChecker?.locked = []
            }
            moves += sim.events.reduce(0) { n, e in if case .move = e { return n + 1 }; return n }
            if treeChecker != nil {
                if let v = treeChecker?.check(sim, inputIndex: i) { return (v, i + 1, moves) }
            } else if let v = checker.check(sim, inputIndex: i) { return (v, i + 1, moves) }
            if !allowHookErrors,
               let d = policy.drainDiagnostics().first(where: { $0.kind == .hookError || $0.kind == .disabled }) {
                return (FuzzViolation(invariant: .hookError, message: d.message, inputIndex: i), i + 1, moves)
            }
        }
        return (nil, trace.count, moves)
    }

    /// Shrinks a failure by delta debugging over its inputs, keeping the same invariant broken.
    public static func shrink(_ failure: FuzzFailure, strictLocks: Bool, allowHookErrors: Bool = false,
                              makePolicy: () throws -> any DragPolicy) throws -> FuzzFailure {
        var lastViolation = failure.violation
        var thrown: (any Error)?
        let small = DeltaDebugging.minimize(failure.trace, maxTests: 5000) { candidate in
            guard thrown == nil else { return false }
            do {
                let r = check(scenario: failure.scenario, trace: candidate, policy: try makePolicy(),
                              probe: try makePolicy(), strictLocks: strictLocks, allowHookErrors: allowHookErrors)
                guard let v = r.violation, v.invariant == failure.violation.invariant else { return false }
                lastViolation = v
                return true
            } catch {
                thrown = error
                return false
            }
        }
        if let thrown { throw thrown }
        // Recompute the violation for the final trace (the last successful test may be another).
        let final = check(scenario: failure.scenario, trace: small, policy: try makePolicy(),
                          probe: try makePolicy(), strictLocks: strictLocks, allowHookErrors: allowHookErrors)
        var shrunk = failure
        shrunk.trace = final.violation.map { Array(small.prefix($0.inputIndex + 1)) } ?? small
        shrunk.violation = final.violation ?? lastViolation
        return shrunk
    }
}
