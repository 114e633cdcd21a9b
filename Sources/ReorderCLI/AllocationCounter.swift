#if AllocationCounter
import CAllocationCounter
#endif

/// The heap allocation counter of `reorder bench`: the `CAllocationCounter` malloc interposer
/// when the package is built with the `AllocationCounter` trait
/// (`swift build -c release --traits AllocationCounter`), and nothing at all otherwise, so the
/// default `reorder` binary does not replace `malloc`.
///
/// ```swift
/// if AllocationCounter.isAvailable {
///     AllocationCounter.start()
///     work()
///     let n = AllocationCounter.stop()   // allocations of this thread during work()
/// }
/// ```
enum AllocationCounter {
    /// True when this binary was built with the `AllocationCounter` trait.
    static var isLinked: Bool {
        #if AllocationCounter
        return true
        #else
        return false
        #endif
    }

    /// True when allocations are really counted (linked, and on a platform it interposes: glibc).
    static var isAvailable: Bool {
        #if AllocationCounter
        return rac_is_available() != 0
        #else
        return false
        #endif
    }

    /// What a report says when there is no count: how to get one.
    static var unavailableReason: String {
        isLinked ? "not countable on this platform" : "not measured (build with --traits AllocationCounter)"
    }

    /// Zeroes this thread's count and starts counting.
    @inline(__always)
    static func start() {
        #if AllocationCounter
        rac_reset(); rac_enable(1)
        #endif
    }

    /// Stops counting; the allocations of this thread since ``start()``.
    @inline(__always)
    static func stop() -> UInt64 {
        #if AllocationCounter
        rac_enable(0)
        return rac_count()
        #else
        return 0
        #endif
    }
}
