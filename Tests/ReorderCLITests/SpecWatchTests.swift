import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ReorderTestSupport
import Testing
@testable import ReorderCLI

/// `reorder test --watch` on every way of naming a folder: `.`, `./`, `..`, absolute paths,
/// trailing slashes and a symbolic link to the folder.
@Suite struct SpecWatchTests {
    /// The path arithmetic, spelt as the user spelt it. The one-character paths (`.`, `./`,
    /// `a/`) are the ones Foundation's `deletingLastPathComponent` traps on.
    @Test func pathsAreSplitAsText() {
        #expect(PathText.normalized(".") == "")
        #expect(PathText.normalized("./") == "")
        #expect(PathText.normalized("./a//b/") == "a/b")
        #expect(PathText.normalized("/x/./y/") == "/x/y")
        #expect(PathText.normalized("../a/..") == "../a/..")
        #expect(PathText.folder(of: "./pinned_spec.lua") == "")
        #expect(PathText.folder(of: "a/") == "")
        #expect(PathText.folder(of: "") == "..")
        #expect(PathText.folder(of: "..") == "../..")
        #expect(PathText.folder(of: "../x_spec.lua") == "..")
        #expect(PathText.folder(of: "/x_spec.lua") == "/")
        #expect(PathText.folder(of: "/") == "/")
        #expect(PathText.folder(of: "Policies/spec/a_spec.lua") == "Policies/spec")
        #expect(PathText.isInside("spec", ""))
        #expect(!PathText.isInside("..", ""))
        #expect(!PathText.isInside("/w", ""))
        #expect(!PathText.isInside("../..", ".."))
        #expect(PathText.isInside("../a", ".."))
        #expect(PathText.isInside("/w/p", "/w"))
        #expect(!PathText.isInside("/wp", "/w"))
        #expect(PathText.isInside("/w", "/"))
    }

    /// The folders watched: the paths given (everything under them), then each spec file's
    /// folder and the one above it that the paths do not hold (their own `.lua` files only).
    @Test func watchedRootsForEverySpelling() {
        func roots(_ paths: [String], _ specs: [String]) -> [String] {
            SpecWatcher(runner: SpecRunner(paths: paths)).roots(specs: specs)
                .map { ($0.recursive ? "R " : "F ") + ($0.path.isEmpty ? "." : $0.path) }
        }
        #expect(roots(["."], ["./pinned_spec.lua"]) == ["R .", "F .."])
        #expect(roots(["./"], ["./pinned_spec.lua", "./spec/a_spec.lua"]) == ["R .", "F .."])
        #expect(roots([".."], ["../pinned_spec.lua"]) == ["R ..", "F ../.."])
        #expect(roots(["/w/p/"], ["/w/p/pinned_spec.lua"]) == ["R /w/p", "F /w"])
        #expect(roots(["/"], ["/a_spec.lua"]) == ["R /"])
        #expect(roots(["Policies/spec"], ["Policies/spec/a_spec.lua"]) == ["R Policies/spec", "F Policies"])
        #expect(roots(["pinned_spec.lua"], ["pinned_spec.lua"]) == ["R pinned_spec.lua", "F .", "F .."])
        #expect(roots(["spec/a_spec.lua", "spec/b_spec.lua"], ["spec/a_spec.lua", "spec/b_spec.lua"])
                == ["R spec/a_spec.lua", "R spec/b_spec.lua", "F spec", "F ."])
    }

    /// A change to a policy reruns its spec (`pinned.lua` reruns `pinned_spec.lua`) whichever
    /// way the folder was named; a symbolic link to the folder finds the specs and watches them
    /// too (before, `reorder test link` found no spec under it). Each run is the real binary: it
    /// prints the first run, `[watching N files; Ctrl-C ends]`, and after the policy changes
    /// `[pinned.lua changed: 1 spec file]` and the rerun.
    @Test(arguments: [".", "./", "../tour", "ABSOLUTE/", "link"])
    func aChangeRerunsTheSpecs(path: String) throws {
        let parent = try temporaryDirectory(prefix: "reorder-watch")
        let dir = parent.appendingPathComponent("tour")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: parent.appendingPathComponent("link").path, withDestinationPath: "tour")
        try "return { name = \"pinned\" }\n".write(to: dir.appendingPathComponent("pinned.lua"), atomically: true, encoding: .utf8)
        try """
            describe("pinned", function()
              it("runs", function() assert.same({ "1", "2" }, reorder.session{ rows = 2 }:order()) end)
            end)

            """.write(to: dir.appendingPathComponent("pinned_spec.lua"), atomically: true, encoding: .utf8)
        let given = path == "ABSOLUTE/" ? dir.path + "/" : path
        let shown = path == "link" ? "link/" : given.hasSuffix("/") ? given : given + "/"
        let watch = try LiveProcess(["test", given, "--watch"], directory: path == "link" ? parent : dir)
        defer { watch.stop() }
        let first = watch.output(until: "Ctrl-C ends]\n")
        #expect(first == "\(shown)pinned_spec.lua .\n1 passed, 0 failed\n\n[watching 2 files; Ctrl-C ends]\n", "\(watch.errors())")
        try "return { name = \"pinned\", min_press_duration = 0.3 }\n"
            .write(to: dir.appendingPathComponent("pinned.lua"), atomically: false, encoding: .utf8)
        let changed = PathText.join(PathText.normalized(given), "pinned.lua")
        #expect(watch.output(until: "failed\n") == "\n[\(changed) changed: 1 spec file]\n\(shown)pinned_spec.lua .\n1 passed, 0 failed\n")
    }
}

/// A command of the built binary whose output is read as it comes (a server, `--watch`).
final class LiveProcess {
    let process = Process()
    private let out = Pipe(), err = Pipe()

    init(_ arguments: [String], directory: URL) throws {
        let exe: URL = try #require(reorderExecutable())
        process.executableURL = exe
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = out
        process.standardError = err
        try process.run()
    }

    /// What it writes up to and including `marker`, or all it wrote when it ends or 60 s pass
    /// first (a ceiling for a loaded machine, not a timing).
    func output(until marker: String) -> String {
        var text = Data()
        let deadline = Date().addingTimeInterval(60)
        let fd = out.fileHandleForReading.fileDescriptor
        var byte: UInt8 = 0
        while Date() < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { if process.isRunning { continue } else { break } }
            guard Glibc.read(fd, &byte, 1) == 1 else { break }
            text.append(byte)
            if byte == UInt8(ascii: "\n"), String(decoding: text, as: UTF8.self).hasSuffix(marker) { break }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Its standard error once it has ended ("" while it runs).
    func errors() -> String {
        process.isRunning ? "" : String(decoding: err.fileHandleForReading.availableData, as: UTF8.self)
    }

    /// Kills it (SIGKILL: a process started from a test thread inherits its blocked SIGTERM).
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
