#if canImport(Glibc)
import Glibc
#endif
import CLua
import CLuaShim
import ReorderCore

/// The process the sandbox fuzzer makes its calls in: a fresh `reorder sandbox-worker` started
/// with `posix_spawn` (a fork of the multithreaded host would have to run Lua, which calls
/// `malloc`, in a child where only async-signal-safe calls are allowed). A call that crashes
/// takes only the worker down; one that does not answer within the timeout gets the worker
/// killed. Either way the next call starts a new worker.
///
/// The worker reads requests on its standard input and answers on its standard output (a Unix
/// socket pair, so a write to a worker that died fails with `EPIPE` instead of a `SIGPIPE`):
///
/// ```text
/// request:  "C <bytes>\n" then the chunk's source
/// answer:   "R <outcome> <exhausted> <seconds> <cpu seconds> <bytes>\n" then the message
/// ```
///
/// For each request the worker makes a fresh policy VM (`LuaVM.Options.policy`), runs the chunk
/// (it builds the arguments and returns the closure making the call), collects the garbage, then
/// calls the closure under `rs_pcall`, timing it with the monotonic clock and its thread's CPU
/// clock. Outcome `returned`, `raised` (the message is the error's first 240 bytes) or `unbuilt`
/// (the chunk failed or returned no function).
///
/// ```swift
/// let worker = SandboxWorker(executable: "/usr/local/bin/reorder")
/// let answer = worker.call("return function() return math.abs(-1) end", timeout: 1)
/// ```
final class SandboxWorker {
    /// What became of one call.
    enum Answer: Equatable {
        /// The call returned or raised (`raised`), after `seconds` (`cpu` of its thread).
        case finished(raised: Bool, exhausted: Bool, seconds: Double, cpu: Double, message: String)
        /// The chunk could not build the call.
        case unbuilt
        /// No answer within the timeout: the worker was killed.
        case hung
        /// The worker died (the signal; 0 when it exited without an answer).
        case crashed(signal: Int32)
        /// The worker could not be started (errno).
        case notStarted(errno: Int32)
    }

    let executable: String
    private var pid: pid_t = 0
    private var socket: Int32 = -1
    private var buffer: [UInt8] = []

    init(executable: String) { self.executable = executable }
    deinit { stop() }

    /// Runs one call (see the type's description) in the worker, starting one when needed.
    func call(_ source: String, timeout: Double) -> Answer {
        if pid == 0, let errno = start() { return .notStarted(errno: errno) }
        var request = Array("C \(source.utf8.count)\n".utf8)
        request += Array(source.utf8)
        let deadline = Self.now() + timeout
        guard send(request) else { return ended(timedOut: false) }
        guard let header = readLine(until: deadline) else { return ended(timedOut: Self.now() >= deadline) }
        let fields = header.split(separator: " ")
        guard fields.count == 6, fields[0] == "R", let length = Int(fields[5]),
              let seconds = Double(fields[3]), let cpu = Double(fields[4]),
              let body = read(length, until: deadline) else {
            return ended(timedOut: Self.now() >= deadline)
        }
        let message = String(decoding: body, as: UTF8.self)
        switch fields[1] {
        case "unbuilt": return .unbuilt
        case "returned", "raised":
            return .finished(raised: fields[1] == "raised", exhausted: fields[2] == "1", seconds: seconds, cpu: cpu, message: message)
        default: return ended(timedOut: false)
        }
    }

    /// Ends the worker (killed when it does not leave on its own).
    func stop() {
        guard pid != 0 else { return }
        close(socket)
        socket = -1
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        pid = 0
        buffer = []
    }

    // MARK: - The parent's side

    /// The worker did not answer: killed when it timed out, then reaped; the answer says why.
    private func ended(timedOut: Bool) -> Answer {
        let child = pid
        close(socket)
        socket = -1
        if timedOut { kill(child, SIGKILL) }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        pid = 0
        buffer = []
        if timedOut { return .hung }
        // WIFSIGNALED / WTERMSIG (sys/wait.h macros Swift cannot import).
        let signal = status & 0x7f
        return .crashed(signal: signal != 0 && signal != 0x7f ? signal : 0)
    }

    /// Starts `executable sandbox-worker`; returns errno when it cannot.
    private func start() -> Int32? {
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else { return errno }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // No crash report from the worker (Swift's backtracer would take seconds over a crash the
        // fuzzer only counts).
        var environment = ["SWIFT_BACKTRACE=enable=no"]
        var e = environ
        while let entry = e.pointee {
            let text = String(cString: entry)
            if !text.hasPrefix("SWIFT_BACKTRACE=") { environment.append(text) }
            e += 1
        }
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(executable), strdup("sandbox-worker"), nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { for p in argv + envp { free(p) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, argv, envp)
        close(fds[1])
        guard status == 0 else {
            close(fds[0])
            return status
        }
        pid = child
        socket = fds[0]
        return nil
    }

    private func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }

    /// Reads more into the buffer, waiting at most until `deadline`; false at the end or timeout.
    private func fill(until deadline: Double) -> Bool {
        while true {
            let left = deadline - Self.now()
            if left <= 0 { return false }
            var p = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, Int32(min(left * 1000 + 1, 60_000)))
            if ready == 0 || (ready < 0 && errno == EINTR) { continue }   /* the loop checks the deadline */
            if ready < 0 { return false }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            buffer += chunk[0..<n]
            return true
        }
    }

    private func readLine(until deadline: Double) -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            if !fill(until: deadline) { return nil }
        }
    }

    private func read(_ count: Int, until deadline: Double) -> [UInt8]? {
        while buffer.count < count { if !fill(until: deadline) { return nil } }
        let bytes = Array(buffer[..<count])
        buffer.removeSubrange(..<count)
        return bytes
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    // MARK: - The worker's side

    /// Serves requests on standard input until it ends; returns the exit status.
    static func serve() -> Int32 {
        var input: [UInt8] = []
        func fill() -> Bool {
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = chunk.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                input += chunk[0..<n]
                return true
            }
        }
        while true {
            var newline = input.firstIndex(of: 10)
            while newline == nil {
                guard fill() else { return 0 }
                newline = input.firstIndex(of: 10)
            }
            guard let end = newline else { return 0 }
            let header = String(decoding: input[..<end], as: UTF8.self)
            input.removeSubrange(...end)
            let fields = header.split(separator: " ")
            guard fields.count == 2, fields[0] == "C", let length = Int(fields[1]), length >= 0 else { return 2 }
            while input.count < length { guard fill() else { return 0 } }
            let source = String(decoding: input[..<length], as: UTF8.self)
            input.removeSubrange(..<length)
            let answer = run(source)
            var bytes = Array(answer.header.utf8) + [10]
            bytes += answer.message
            var written = 0
            while written < bytes.count {
                let n = bytes[written...].withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return 1 }
                written += n
            }
        }
    }

    /// Builds and makes one call in a fresh policy VM.
    private static func run(_ source: String) -> (header: String, message: [UInt8]) {
        let unbuilt = (header: "R unbuilt 0 0 0 0", message: [UInt8]())
        guard let vm = try? LuaVM(options: .policy) else { return unbuilt }
        vm.output = { _ in }
        do {
            try vm.load(source, chunkName: "fuzz")
            try vm.pcall(nargs: 0, nresults: 1)
        } catch {
            return unbuilt
        }
        guard vm.type(at: -1) == LUA_TFUNCTION else { return unbuilt }
        // A full collection first: the garbage of building the arguments is not the call's.
        vm.collectGarbage()
        // Only the call is timed: reading its error (a message may be a MiB long) is not.
        let wall = now(), cpu = ThreadCPUClock.seconds()
        let status = rs_pcall(vm.L, 0, 0, 0)
        let seconds = now() - wall, cpuSeconds = ThreadCPUClock.seconds() - cpu
        var message: [UInt8] = []
        if status != LUA_OK {
            // The error without the traceback rs_pcall's handler appends.
            var length = 0
            if let p = rs_tostring(vm.L, -1, &length) {
                let text = UnsafeRawBufferPointer(start: p, count: length).prefix(240)
                let marker = Array("\nstack traceback:".utf8)
                var end = text.count
                if let i = (0..<text.count).first(where: { text[$0...].starts(with: marker) }) { end = i }
                message = Array(text[..<end])
            } else {
                message = Array("(error object is not a string)".utf8)
            }
        }
        let exhausted = vm.shim.pointee.last_exhausted != 0 ? 1 : 0
        return (header: "R \(status == LUA_OK ? "returned" : "raised") \(exhausted) \(seconds) \(cpuSeconds) \(message.count)",
                message: message)
    }
}
