import Foundation
import ReorderLua

// The tests' ceilings on time and memory, scaled in a sanitizer build by one factor.

/// A test's ceiling (seconds, milliseconds or bytes) in this build: `bound` itself in a plain
/// build, ``SandboxFuzzer/sanitizerSlowdown`` (5) times it in a build with ASan, TSan or UBSan.
///
/// One factor for every ceiling, the one the C side's own CPU-time limits use (shim.h
/// RS_SANITIZER_SLOWDOWN), so a test's bound and the limit it checks stretch together. It covers
/// memory as well: ASan keeps a shadow byte for every eight, a redzone around each block and up
/// to 256 MiB of freed blocks in quarantine (its default `quarantine_size_mb`), which took the
/// host-memory cases to 1.7 to 2.3 times their plain bounds (441 MB and 587 MB against 256 MiB,
/// 1,016 MB against 512 MiB).
///
/// ```swift
/// let bound = sanitizerScaled(3.0)         // 3 s; 15 s under a sanitizer
/// let peak = sanitizerScaled(256 << 20)    // 256 MiB; 1.25 GiB under a sanitizer
/// ```
public func sanitizerScaled(_ bound: Double) -> Double { bound * Double(SandboxFuzzer.sanitizerSlowdown) }

/// ``sanitizerScaled(_:)-(Double)`` for a whole number (milliseconds, bytes).
///
/// ```swift
/// let limitMs = sanitizerScaled(100)   // a call's CPU-time limit: 100 ms; 500 ms under a sanitizer
/// ```
public func sanitizerScaled(_ bound: Int) -> Int { bound * SandboxFuzzer.sanitizerSlowdown }

/// The hostile suite's bound on the time of one case: 3 s on a loaded machine (a generous
/// ceiling against a hang, never the measure), scaled in a sanitizer build. A case whose work
/// runs on the test's own thread holds that thread's CPU time (`ThreadCPUClock.seconds()`) to it,
/// since the machine's load stretches the wall time; the others hold their wall time to it.
public let hostileTimeBound = sanitizerScaled(3.0)

/// The hostile suite's bound on a case's peak resident memory: 1 GiB, scaled in a sanitizer
/// build.
public let hostileMemoryBound = sanitizerScaled(1 << 30)
