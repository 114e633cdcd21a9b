import Foundation
import ReorderScripting
import ReorderTestSupport
import Testing

/// Is `tool` on PATH?
func onPath(_ tool: String) -> Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
}

/// The editor kit's commands, run as the built binary: `reorder types`, `reorder init`,
/// `reorder check --lint`. (The definitions they write are tested in ReorderScriptingTests.)
@Suite struct EditorCommandTests {
    @Test func typesWritesTheFile() throws {
        let dir = try temporaryDirectory()
        let (status, out, err) = try runReorder(["types", "--out", "defs"], directory: dir)
        #expect(status == 0, "\(err)")
        #expect(out == "wrote defs/reorder.d.lua\n")
        let written = try String(contentsOf: dir.appendingPathComponent("defs/reorder.d.lua"), encoding: .utf8)
        #expect(written == EditorKit.definitions)
    }

    @Test func initThenTestPasses() throws {
        let dir = try temporaryDirectory()
        let (status, out, err) = try runReorder(["init", "x"], directory: dir)
        #expect(status == 0, "\(err)")
        #expect(out == """
            created x/x.lua
            created x/x_spec.lua
            created x/.luarc.json
            created x/.luacheckrc
            created x/types/reorder.d.lua

            next:
              cd x
              reorder test .
              reorder check --lint x.lua

            """)
        // The spec file's two specs pass, from the parent folder and from inside.
        let (s1, o1, e1) = try runReorder(["test", "x"], directory: dir)
        #expect(s1 == 0, "\(o1)\(e1)")
        #expect(o1 == "x/x_spec.lua ..\n2 passed, 0 failed\n")
        let (s2, o2, _) = try runReorder(["test", "."], directory: dir.appendingPathComponent("x"))
        #expect(s2 == 0)
        #expect(o2.hasSuffix("2 passed, 0 failed\n"))
        // The policy is a valid policy.
        let (s3, o3, _) = try runReorder(["check", "x.lua"], directory: dir.appendingPathComponent("x"))
        #expect(s3 == 0)
        #expect(o3 == "ok x.lua (x)\n")
        // .luarc.json is JSON naming the definitions folder.
        let luarc = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("x/.luarc.json"))) as? [String: Any]
        #expect(luarc?["workspace.library"] as? [String] == ["types"])
        #expect(luarc?["runtime.version"] as? String == "Lua 5.4")
    }

    @Test func initRefusesToOverwrite() throws {
        let dir = try temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("y"), withIntermediateDirectories: true)
        try "mine\n".write(to: dir.appendingPathComponent("y/y.lua"), atomically: true, encoding: .utf8)
        let (status, out, err) = try runReorder(["init", "y"], directory: dir)
        #expect(status == 1)
        #expect(out == "")
        #expect(err == "reorder init: will not overwrite y/y.lua; nothing written\n")
        #expect(try String(contentsOf: dir.appendingPathComponent("y/y.lua"), encoding: .utf8) == "mine\n")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("y/y_spec.lua").path))
        let (bad, _, badErr) = try runReorder(["init", "2x"], directory: dir)
        #expect(bad == 64)
        #expect(badErr.contains("'2x' is not a policy name"))
    }

    @Test(.enabled(if: onPath("luacheck"), "luacheck is not installed (Debian package lua-check): the lint is not run"))
    func lintReportsGlobalsUnusedAndShadowing() throws {
        let (status, out, err) = try runReorder(["check", "--lint", "Tests/ReorderCLITests/Fixtures/lint/sloppy.lua"])
        #expect(status == 1, "\(err)")
        // sloppy.lua: line 6 `local unused = 0`; line 13 `count = ...` (a global by accident)
        // and line 15 reads it; line 14 `local ZONE` shadows line 3's. Columns: where the name starts.
        #expect(out == """
            Tests/ReorderCLITests/Fixtures/lint/sloppy.lua:6:9: (W211) unused variable 'unused'
            Tests/ReorderCLITests/Fixtures/lint/sloppy.lua:13:5: (W111) setting non-standard global variable 'count'
            Tests/ReorderCLITests/Fixtures/lint/sloppy.lua:14:11: (W431) shadowing upvalue 'ZONE' on line 3
            Tests/ReorderCLITests/Fixtures/lint/sloppy.lua:15:19: (W113) accessing undefined variable 'count'
            lint: 4 warnings in 1 file

            """)
    }

    @Test(.enabled(if: onPath("luacheck"), "luacheck is not installed (Debian package lua-check): the lint is not run"))
    func builtInPoliciesLintClean() throws {
        let (status, out, err) = try runReorder(["check", "--lint", "Policies/"])
        #expect(status == 0, "\(out)\(err)")
        #expect(out.hasPrefix("lint: no warnings in "))
    }

    @Test(.enabled(if: onPath("luacheck"), "luacheck is not installed (Debian package lua-check): the lint is not run"))
    func lintFlagsWhatTheSandboxLacks() throws {
        // The `reorder` std is the sandbox's globals: io and require are not there.
        let dir = try temporaryDirectory(prefix: "lint", files: ["p.lua": "local f = io.open\nreturn { name = require }\n"])
        let (status, out, _) = try runReorder(["check", "--lint", "p.lua"], directory: dir)
        #expect(status == 1)
        // luacheck lists warnings by line, then column.
        #expect(out == """
            p.lua:1:7: (W211) unused variable 'f'
            p.lua:1:11: (W113) accessing undefined variable 'io'
            p.lua:2:17: (W113) accessing undefined variable 'require'
            lint: 3 warnings in 1 file

            """)
    }

    @Test func lintWithoutLuacheckSaysWhatToInstall() throws {
        let (status, out, err) = try runReorder(["check", "--lint", "Policies/"], environment: ["PATH": "/nonexistent"])
        #expect(status == 1)
        #expect(out == "")
        #expect(err == "reorder check --lint: luacheck not found: install lua-check (Debian: apt-get install lua-check)\n")
    }
}
