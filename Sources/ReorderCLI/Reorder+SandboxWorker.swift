import ArgumentParser
import ReorderLua

extension Reorder {
    /// `reorder sandbox-worker` (hidden): the process the sandbox fuzzer (`reorder fuzz
    /// --sandbox`) makes its calls in, started by it with its requests on standard input and
    /// its answers on standard output (``SandboxFuzzer/serveWorker()``).
    struct SandboxWorker: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sandbox-worker",
            abstract: "Make the sandbox fuzzer's calls (started by reorder fuzz --sandbox).",
            shouldDisplay: false)

        func run() throws {
            let status = SandboxFuzzer.serveWorker()
            if status != 0 { throw ExitCode(status) }
        }
    }
}
