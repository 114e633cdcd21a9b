import Foundation
import ReorderLua
import ReorderPersistence

/// The input and output a command works with, injected so tests run commands in-process.
///
/// ```swift
/// let buffer = OutputBuffer()
/// let console = Console.buffered(input: "s:order()\n", output: buffer)
/// _ = ReplDriver(console: console).run()
/// buffer.text   // what the REPL printed
/// ```
public final class Console {
    /// Writes to standard output.
    public var write: (String) -> Void
    /// Writes to standard error.
    public var writeError: (String) -> Void
    /// Reads one line of standard input without its newline (nil at end of input).
    public var readLine: () -> String?
    /// Whether standard input is a terminal (line editing, prompts, banner).
    public var inputIsTerminal: Bool
    /// Whether standard output is a terminal (colour unless `NO_COLOR`).
    public var outputIsTerminal: Bool
    /// The environment (`NO_COLOR`, `HOME`).
    public var environment: [String: String]
    /// The directory relative paths are resolved against.
    public var currentDirectory: String

    public init(write: @escaping (String) -> Void, writeError: @escaping (String) -> Void,
                readLine: @escaping () -> String?, inputIsTerminal: Bool, outputIsTerminal: Bool,
                environment: [String: String], currentDirectory: String) {
        self.write = write; self.writeError = writeError; self.readLine = readLine
        self.inputIsTerminal = inputIsTerminal; self.outputIsTerminal = outputIsTerminal
        self.environment = environment; self.currentDirectory = currentDirectory
    }

    /// Whether to use ANSI colour: output is a terminal and `NO_COLOR` is unset or empty.
    public var useColor: Bool {
        outputIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// The process's own standard streams.
    public static func standard() -> Console {
        Console(
            write: { s in FileHandle.standardOutput.write(Data(s.utf8)) },
            writeError: { s in FileHandle.standardError.write(Data(s.utf8)) },
            readLine: { Swift.readLine(strippingNewline: true) },
            inputIsTerminal: isatty(0) == 1,
            outputIsTerminal: isatty(1) == 1,
            environment: ProcessInfo.processInfo.environment,
            currentDirectory: FileManager.default.currentDirectoryPath)
    }

    /// A console reading `input` and writing to `output` (standard error to `errors`, or to
    /// `output` as well when nil). Not a terminal.
    public static func buffered(input: String = "", output: OutputBuffer, errors: OutputBuffer? = nil,
                                environment: [String: String] = [:], currentDirectory: String? = nil) -> Console {
        var lines = input.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if input.hasSuffix("\n") { lines.removeLast() }
        var index = 0
        let err = errors ?? output
        return Console(
            write: { output.append($0) }, writeError: { err.append($0) },
            readLine: {
                guard index < lines.count else { return nil }
                defer { index += 1 }
                return lines[index]
            },
            inputIsTerminal: false, outputIsTerminal: false, environment: environment,
            currentDirectory: currentDirectory ?? FileManager.default.currentDirectoryPath)
    }

    /// `path` made absolute against ``currentDirectory`` (`~/` against `HOME`).
    public func resolve(_ path: String) -> String {
        PolicyReference.resolve(path, against: currentDirectory, home: environment["HOME"])
    }

    /// A policy named on the command line: a built-in name, or a path made absolute against
    /// ``currentDirectory``.
    ///
    /// ```swift
    /// console.policy("mine.lua")     // .file("/work/mine.lua") in /work
    /// console.policy("jx_movable")   // .builtin("jx_movable")
    /// ```
    public func policy(_ reference: String) -> PolicyReference {
        PolicyReference(reference).resolved(against: currentDirectory, home: environment["HOME"])
    }
}

/// Text collected from a ``Console`` in tests.
public final class OutputBuffer {
    public private(set) var text = ""
    public init() {}
    public func append(_ s: String) { text += s }
}

extension Console {
    /// Why the output file `path` (relative to the working directory) cannot be written
    /// (``OutputFile/check(_:displayPath:)``: a missing folder, a file in the way of a folder,
    /// a directory at the path, no permission), or nil: checked before a long run.
    ///
    /// ```swift
    /// console.unwritable("no/such/dir/x.svg")   // "cannot write no/such/dir/x.svg: the folder no/such/dir does not exist"
    /// ```
    func unwritable(_ path: String) -> String? {
        do {
            try OutputFile.check(resolve(path), displayPath: path)
            return nil
        } catch {
            return error.description
        }
    }

    /// Writes `text` to the output file `path` as every output file is written
    /// (``OutputFile``: a regular file replaced atomically); returns the problem, or nil.
    ///
    /// ```swift
    /// console.writeFile("<svg/>", to: "/dev/full")   // "cannot write /dev/full: no space left on device"
    /// ```
    func writeFile(_ text: String, to path: String) -> String? {
        do {
            try OutputFile.write(text, to: resolve(path), displayPath: path)
            return nil
        } catch {
            return error.description
        }
    }
}
