import Foundation
import ReorderCore
import ReorderTestSupport
import Testing
@testable import ReorderLua

/// Policy files that are not Lua source a policy can be made of: each refused with the file
/// and what is wrong, and a did-you-mean whose work is bounded.
@Suite struct PolicyInputTests {
    func error(_ path: String) -> LuaError? { loadError { _ = try LuaPolicy(path: path) } }

    /// A missing policy says so, and a byte-order mark is skipped as `lua`
    /// skips it (it was a syntax error "near '<\\239>'").
    @Test func aMissingPolicySaysSoAndABOMIsSkipped() throws {
        let files = try PolicyFiles()
        let missing = files.directory.appendingPathComponent("nope.lua").path
        #expect(error(missing)?.description == "cannot read policy file '\(missing)': no such file")
        let bom = try files.write("bom.lua", "\u{FEFF}return { name = \"bom\", min_press_duration = 0.3 }\n")
        let p = try LuaPolicy(path: bom)
        #expect(p.configuration.name == "bom")
        #expect(p.configuration.minPressDuration == 0.3)
    }

    @Test func notARegularFile() throws {
        let files = try PolicyFiles()
        let dir = files.directory.appendingPathComponent("sub.lua").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: false)
        #expect(error(dir)?.description == "cannot read policy file '\(dir)': is a directory, not a file")
        let fifo = files.directory.appendingPathComponent("pipe.lua").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let start = Date()
        #expect(error(fifo)?.description == "cannot read policy file '\(fifo)': is a FIFO (named pipe), not a regular file")
        #expect(Date().timeIntervalSince(start) < hostileTimeBound)  // not blocked waiting for a writer
        let null = files.directory.appendingPathComponent("null.lua").path
        try FileManager.default.createSymbolicLink(atPath: null, withDestinationPath: "/dev/null")
        #expect(error(null)?.description
                == "cannot read policy file '\(null)': is a character device (a symbolic link to /dev/null), not a regular file")
        // Through `extends`, the referring file is named.
        let child = try files.write("child.lua", "return { extends = 'sub.lua' }")
        #expect(error(child)?.description == "child.lua: extends: cannot read policy file 'sub.lua': is a directory, not a file")
    }

    @Test func invalidUTF8NamesTheLineAndColumn() throws {
        let files = try PolicyFiles()
        let url = files.directory.appendingPathComponent("latin1.lua")
        // "caf\xE9" (Latin-1 é) on line 2: column 14 after the 13 characters `  name = "caf`.
        try Data(Array("return {\n  name = \"caf".utf8) + [0xE9] + Array("\",\n}\n".utf8)).write(to: url)
        let e = error(url.path)
        #expect(e?.description == "latin1.lua:2: column 14: not UTF-8 text (invalid byte 0xE9)")
        #expect(e?.kind == .file)
    }

    @Test func binaryChunksAreNamed() throws {
        let files = try PolicyFiles()
        let url = files.directory.appendingPathComponent("compiled.lua")
        // The header of a Lua 5.4 binary chunk: LUA_SIGNATURE "\x1bLua", version 0x54, format 0.
        try Data([0x1B, 0x4C, 0x75, 0x61, 0x54, 0x00, 0x19, 0x93, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: url)
        #expect(error(url.path)?.description
                == "compiled.lua: a precompiled (binary) Lua chunk; binary chunks are not accepted, give the Lua source")
        // Through `extends` too: the binary file is the one named.
        let child = try files.write("child.lua", "return { extends = 'compiled.lua' }")
        #expect(error(child)?.file == "compiled.lua")
    }

    @Test func oversizedAndOutOfMemoryPoliciesAreNamed() throws {
        let files = try PolicyFiles()
        let big = files.directory.appendingPathComponent("big.lua").path
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        #expect(truncate(big, 5_000_000) == 0)  // a hole: no disk space
        // PolicyProgram.maximumFileSize = 4 << 20 = 4194304.
        #expect(error(big)?.description == "big.lua: file is 5000000 bytes, over the limit of 4194304 bytes (4 MiB) for a policy")
        // 1.9 MB of distinct string constants: the parser alone needs more than the VM's 8 MiB.
        var source = "return { name = 'oom', "
        var i = 0
        while source.utf8.count < 1_900_000 { source += "\"constant\(i)\","; i += 1 }
        let oom = try files.write("oom.lua", source + "}\n")
        // CPU time of this thread, which parses the file: the parse's limit is CPU time, and a
        // loaded machine stretches the wall time (17.1 s seen under TSan).
        let cpuStart = ThreadCPUClock.seconds()
        let e = error(oom)
        let cpu = ThreadCPUClock.seconds() - cpuStart
        #expect(e?.kind == .memory)
        #expect(e?.description == "oom.lua: not enough memory to load the policy (the limit is 8 MiB per policy VM)")
        #expect(cpu < hostileTimeBound)
    }

    @Test func manyLongUnknownKeysCostOneBoundedWarningList() throws {
        let files = try PolicyFiles()
        // 3,000 keys of 1,000+ characters (did-you-mean's work and the warnings printed must stay bounded).
        let path = try files.write("keys.lua", """
            local t, k = { name = "keys" }, string.rep("k", 1000)
            for i = 1, 3000 do t[k .. i] = i end
            return t
            """)
        let start = Date()
        let p = try LuaPolicy(path: path)
        #expect(Date().timeIntervalSince(start) < hostileTimeBound)
        let messages = p.drainDiagnostics().map(\.message)
        // PolicyReader.maximumUnknownFieldWarnings = 10, then one line for the other 2,990; each
        // key cut to 64 characters (PolicyReader.maximumEchoLength) and "…".
        #expect(messages.count == 11)
        let clipped = "keys.lua: unknown field '" + String(repeating: "k", count: 64) + "…'"
        #expect(messages.prefix(10).allSatisfy { $0 == clipped })
        #expect(messages.last == "keys.lua: and 2990 more unknown fields")
        #expect(messages.joined().utf8.count < 2000)
    }

    @Test func didYouMeanStillSuggestsAndStopsEarly() {
        // Levenshtein distances worked by hand: one deletion, one substitution, three edits.
        #expect(PolicyReader.editDistance("min_press_duraton", "min_press_duration") == 1)
        #expect(PolicyReader.editDistance("shadw", "shadow") == 1)
        #expect(PolicyReader.editDistance("kitten", "sitting") == 3)
        #expect(PolicyReader.editDistance("", "abc") == 3)
        // Bounded: past the limit it answers nil, whatever the lengths.
        #expect(PolicyReader.editDistance(Array("kitten".utf8), Array("sitting".utf8), atMost: 2) == nil)
        #expect(PolicyReader.editDistance(Array("kitten".utf8), Array("sitting".utf8), atMost: 3) == 3)
        #expect(PolicyReader.editDistance(Array(repeating: 1, count: 100_000), Array("alpha".utf8), atMost: 2) == nil)
        #expect(PolicyReader.suggestion(for: "snapshott", among: PolicyReader.topKeys) == "snapshot")
        #expect(PolicyReader.suggestion(for: String(repeating: "snapshot", count: 9), among: PolicyReader.topKeys) == nil)
        #expect(PolicyReader.clip("short") == "short")
        #expect(PolicyReader.clip(String(repeating: "é", count: 65)) == String(repeating: "é", count: 64) + "…")
    }
}
