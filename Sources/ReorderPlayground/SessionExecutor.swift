import Foundation

/// The thread a playground session runs on: a serial executor of its own for the
/// ``PlaygroundHub`` actor, so that the session's work (the policy's Lua hooks, building the
/// scene) never runs on the server's event loop or on Swift's cooperative thread pool.
///
/// The pool has one thread per core (two on a two-core machine), and it runs the server's
/// request handlers, every connection's reads and writes and every other hub. A hub on the
/// default executor would hold a pool thread for as long as a policy hook runs, and a few of
/// them (slow policies, REPL entries holding a shared session's lock) all of it: no page would
/// be answered, not even its files. On a thread of its own, a slow session holds that thread
/// only: its own answers wait, nothing else does. The thread's stack is 8 MiB, as the threads
/// the hostile suite runs policies on (a Lua VM recurses on the C stack).
///
/// It is also a task executor: a connection's loop runs with it as its preference
/// (``PlaygroundHub/onSessionThread(_:)``), so that handing a message to the hub is a call on
/// the same thread, not a wake-up of another one each way.
///
/// ```swift
/// actor Worker {
///     let executor = SessionExecutor(name: "worker")
///     nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
///     deinit { executor.stop() }
/// }
/// ```
final class SessionExecutor: SerialExecutor, @unchecked Sendable {   // every field is guarded by `condition`
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopped = false

    /// Starts the thread; it runs until ``stop()`` (the executor lives as long as its thread).
    init(name: String) {
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.stackSize = 8 << 20
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Ends the thread once the jobs queued have run.
    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    /// Runs the jobs in the order they came, a batch at a time (one lock per batch).
    private func run() {
        var batch: [UnownedJob] = []
        while true {
            condition.lock()
            while jobs.isEmpty && !stopped { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            swap(&batch, &jobs)
            condition.unlock()
            for job in batch { run(job) }
            batch.removeAll(keepingCapacity: true)
        }
    }

    /// A job of the actor's or of a task preferring this executor: either runs here.
    private func run(_ job: UnownedJob) {
        if #available(macOS 15.0, *) {
            job.runSynchronously(isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
        } else {
            job.runSynchronously(on: asUnownedSerialExecutor())
        }
    }
}

@available(macOS 15.0, *)
extension SessionExecutor: TaskExecutor {}
