#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CPU time (user and system) the calling thread has used (`CLOCK_THREAD_CPUTIME_ID`): unlike
/// the wall time, not stretched by other processes on the machine. It is the clock the
/// sandbox's time limit of a call reads (CLuaShim's clock.c), so benchmarks and bounds that
/// read it measure what that limit measures.
///
/// ```swift
/// let start = ThreadCPUClock.seconds()
/// _ = try LuaPolicy(path: "pinned.lua")
/// let spent = ThreadCPUClock.seconds() - start   // seconds of this thread's CPU
/// ```
public enum ThreadCPUClock {
    /// Nanoseconds of CPU time the calling thread has used.
    public static func nanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    /// Seconds of CPU time the calling thread has used.
    public static func seconds() -> Double {
        Double(nanoseconds()) / 1e9
    }
}
