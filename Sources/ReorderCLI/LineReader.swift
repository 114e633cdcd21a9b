import CEditLine
import Foundation

/// Where the REPL gets its lines: libedit on a terminal, plain reads otherwise.
protocol LineReader: AnyObject {
    /// The next line without its newline, or nil at end of input.
    func readLine(prompt: String) -> String?
    /// Remembers a complete entry for history.
    func remember(_ entry: String)
    /// Saves history, if any.
    func close()
}

/// Reads lines from the console without prompts (piped input, tests).
final class PlainLineReader: LineReader {
    let console: Console
    init(console: Console) { self.console = console }
    func readLine(prompt: String) -> String? { console.readLine() }
    func remember(_ entry: String) {}
    func close() {}
}

/// Line editing and history with libedit's readline interface (terminal only).
final class EditLineReader: LineReader {
    let historyPath: String?
    static let historyLimit: Int32 = 1000

    init(historyPath: String?) {
        self.historyPath = historyPath
        using_history()
        stifle_history(EditLineReader.historyLimit)
        if let path = historyPath { _ = read_history(path) }
    }

    func readLine(prompt: String) -> String? {
        guard let raw = CEditLine.readline(prompt) else { return nil }
        defer { free(raw) }
        return String(cString: raw)
    }

    func remember(_ entry: String) {
        let trimmed = entry.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return }
        _ = add_history(entry)
        // Saved at once, so a session ended by Ctrl-C at the prompt keeps its history.
        if let path = historyPath { _ = write_history(path) }
    }

    func close() {
        if let path = historyPath { _ = write_history(path) }
    }
}
