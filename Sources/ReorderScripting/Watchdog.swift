import Foundation

/// Stops a ``ScriptingHost``'s Lua code if it runs past a deadline (wall clock), e.g. a spec
/// file stuck in `while true do end`.
///
/// ```swift
/// let watchdog = Watchdog(host.stopHandle, seconds: 60)
/// defer { watchdog.disarm() }        // before the host goes away
/// try host.call(...)
/// if watchdog.fired { ... }
/// ```
public final class Watchdog: @unchecked Sendable {
    // Safe to share: every field is read and written under `condition`.
    private let condition = NSCondition()
    private var armed = true
    private var didFire = false
    private let handle: ScriptingHost.StopHandle
    private let once: Bool
    private let seconds: Double

    /// With `once`, the deadline stops the running Lua code once (an error its `pcall` catches:
    /// a spec runner reports the looping test and goes on); if Lua is still running `seconds`
    /// later, the watchdog stops it for good as without `once`.
    ///
    /// ```swift
    /// let watchdog = Watchdog(host.stopHandle, seconds: 60, once: true)
    /// ```
    public init(_ handle: ScriptingHost.StopHandle, seconds: Double, once: Bool = false) {
        self.handle = handle
        self.once = once
        self.seconds = seconds
        guard seconds.isFinite, seconds > 0 else { return }
        let deadline = Date(timeIntervalSinceNow: seconds)
        // A thread of its own, not a dispatch timer: the timer's block needs a free worker of
        // the global pool, and the host (a parallel test run, say) may hold all of them, so the
        // deadline could pass with nobody to stop the loop. The thread ends at the deadline
        // or at `disarm()`, whichever comes first.
        let thread = Thread { [self] in watch(until: deadline) }
        thread.name = "reorder watchdog"
        thread.start()
    }

    private func watch(until deadline: Date) {
        condition.lock()
        defer { condition.unlock() }
        while armed {
            if !condition.wait(until: deadline) {   // the deadline passed
                if armed {
                    didFire = true
                    if once {
                        handle.stopOnce()
                        // Still running a grace period later (a loop that catches the error):
                        // stop for good.
                        let final = Date(timeIntervalSinceNow: seconds)
                        while armed {
                            if !condition.wait(until: final) {
                                if armed { handle.stop() }
                                return
                            }
                        }
                    } else {
                        handle.stop()
                    }
                }
                return
            }
        }
    }

    /// After this returns the watchdog never touches the host.
    public func disarm() {
        condition.lock()
        armed = false
        condition.broadcast()
        condition.unlock()
    }

    /// Whether the deadline passed while armed.
    public var fired: Bool {
        condition.lock()
        defer { condition.unlock() }
        return didFire
    }
}
