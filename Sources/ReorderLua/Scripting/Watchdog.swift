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
    // Safe to share: every field is read and written under `lock`.
    private let lock = NSLock()
    private var armed = true
    private var didFire = false
    private let handle: ScriptingHost.StopHandle

    public init(_ handle: ScriptingHost.StopHandle, seconds: Double) {
        self.handle = handle
        guard seconds.isFinite, seconds > 0 else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in fire() }
    }

    private func fire() {
        lock.lock()
        defer { lock.unlock() }
        guard armed else { return }
        didFire = true
        handle.stop()
    }

    /// After this returns the watchdog never touches the host.
    public func disarm() {
        lock.lock()
        armed = false
        lock.unlock()
    }

    /// Whether the deadline passed while armed.
    public var fired: Bool {
        lock.lock()
        defer { lock.unlock() }
        return didFire
    }
}
