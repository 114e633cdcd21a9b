import Foundation
import ReorderScripting
import ReorderTestSupport
import Testing
@testable import ReorderCLI
@testable import ReorderLua

/// Is `tool` on PATH?
func onPath(_ tool: String) -> Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
}

/// The editor kit (issue 17 item 5): `reorder types`, `reorder init`, `reorder check --lint`.
@Suite struct EditorKitTests {
    /// The lines of the `---@class NAME` block of the definitions.
    static func classBlock(_ name: String, in text: String) -> [String] {
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "---@class \(name)") else { return [] }
        return Array(lines[(start + 1)...].prefix { $0.hasPrefix("---@field") })
    }

    @Test func everyPolicyFieldAppearsWithItsType() throws {
        let text = EditorKit.definitions
        for field in PolicyField.all {
            let parts = field.path.split(separator: ".").map(String.init)
            let owner = PolicyTypes.className(parts.dropLast().joined(separator: "."))
            let line = "---@field \(parts.last ?? "")? \(PolicyTypes.luaType(field)) # "
            #expect(Self.classBlock(owner, in: text).contains { $0.hasPrefix(line) }, "\(field.path): no `\(line)` in \(owner)")
        }
        // The types, worked out from docs/POLICIES.md's "takes" column:
        // follow: `"y"`, `"xy"`, `"translation"` or `"main"`; api: integer; snapshot.shadow.offset:
        // `{ x = X, y = Y }` or `{ X, Y }`; a curve: the four names or `{ x1, y1, x2, y2 }`;
        // edge_scroll.speed: a number or `function(ctx, depth, zone, elapsed, axis)` returning
        // one; target: `function(ctx, from_s, from_r, to_s, to_r)` returning `section, row` or nil;
        // on_cancel: `"revert"` or `"commit"`, or `function(ctx)` returning one of them.
        #expect(PolicyTypes.luaType(of: "follow") == #""y"|"xy"|"translation"|"main""#)
        #expect(PolicyTypes.luaType(of: "api") == "integer")
        #expect(PolicyTypes.luaType(of: "snapshot.shadow.offset") == "{ x: number, y: number }|number[]")
        #expect(PolicyTypes.luaType(of: "snapshot.lift.curve") == #""linear"|"ease_in"|"ease_out"|"ease_in_out"|number[]"#)
        #expect(PolicyTypes.luaType(of: "snapshot.shadow.color") == "string")
        #expect(PolicyTypes.luaType(of: "edge_scroll.speed")
                == "number|fun(ctx: reorder.Ctx, depth: number, zone: number, elapsed: number, axis: reorder.Axis, dt: number): number")
        #expect(PolicyTypes.luaType(of: "target")
                == "fun(ctx: reorder.Ctx, from_s: integer, from_r: integer, to_s: integer, to_r: integer): integer?, integer?")
        #expect(PolicyTypes.luaType(of: "on_cancel") == #""revert"|"commit"|fun(ctx: reorder.Ctx): reorder.CancelResolution"#)
        // Nested tables are classes of their own, reachable from the policy.
        #expect(Self.classBlock("reorder.Policy", in: text).contains("---@field snapshot? reorder.Policy.snapshot"))
        #expect(Self.classBlock("reorder.Policy.snapshot", in: text).contains("---@field shadow? reorder.Policy.snapshot.shadow"))
        // A hook's description gives its parameters and result with units.
        let speed = try #require(Self.classBlock("reorder.Policy.edge_scroll", in: text).first { $0.hasPrefix("---@field speed?") })
        #expect(speed.contains("depth: how far the reference point is inside the zone, points"))
        #expect(speed.contains("elapsed: seconds since the reference point entered the zone"))
        #expect(speed.contains("Returns: points per second."))
    }

    /// `from_*` and `to_*` mean what the hooks table of docs/POLICIES.md says for each hook:
    /// a proposed step for `target`, the step taken for `on_move`, the whole drag for `on_end`.
    @Test func positionParametersSayWhatEachHookGets() throws {
        let text = EditorKit.definitions
        func field(_ key: String) throws -> String {
            try #require(Self.classBlock("reorder.Policy", in: text).first { $0.hasPrefix("---@field \(key)?") })
        }
        let target = try field("target")
        #expect(target.contains("from_s: section of where the dragged item is now, 1-based"))
        #expect(target.contains("to_s: section of the proposed position, 1-based; to_r: row of the proposed position, 1-based."))
        let onMove = try field("on_move")
        #expect(onMove.contains("from_r: row of where the step took the item from, 1-based"))
        #expect(onMove.contains("to_s: section of where the step put it, 1-based"))
        let onEnd = try field("on_end")
        #expect(onEnd.contains("from_s: section of where the drag began, 1-based"))
        #expect(onEnd.contains("to_r: row of where the item is dropped, 1-based"))
        // Only `target` gets a proposal.
        for hook in [onMove, onEnd, try field("semantics")] { #expect(!hook.contains("proposed")) }
    }

    @Test func ctxSessionAndSpecGlobalsAreDeclared() throws {
        let text = EditorKit.definitions
        #expect(text.hasPrefix("---@meta\n"))
        // ctx: the fields docs/POLICIES.md lists ("ctx" table).
        let ctx = Self.classBlock("reorder.Ctx", in: text).compactMap { $0.split(separator: " ").dropFirst().first.map(String.init) }
        #expect(ctx == ["item", "count", "sections", "viewport", "content", "item_size", "offset", "frame_rate", "time",
                        "drag_time", "dt", "over_since", "outside", "state"])
        // Every session method the host registers (ScriptSession.methods), with `self`.
        let session = Self.classBlock("reorder.Session", in: text)
        #expect(EditorKit.sessionMethods.count >= 34)
        for name in EditorKit.sessionMethods {
            #expect(session.contains { $0.hasPrefix("---@field \(name) fun(self: reorder.Session") }, "s:\(name)")
        }
        #expect(session.contains("---@field drag fun(self: reorder.Session, from_s: integer, from_r: integer, to_s: integer, to_r: integer, seconds?: number): boolean # a whole drag; true if the item ended at the target"))
        for global in ["function reorder.session(options)", "function describe(name, fn)", "function it(name, fn)",
                       "function before_each(fn)", "function pending(name, fn)", "---@class reorder.Assert"] {
            #expect(text.contains(global), "\(global)")
        }
    }

    @Test func theDefinitionsAreValidLua() throws {
        // luaL_loadbuffer, as luaL_loadstring, compiles without running.
        let vm = try LuaVM(options: .trusted)
        try vm.load(EditorKit.definitions, chunkName: "reorder.d.lua")
        #expect(vm.typeName(at: -1) == "function")
    }

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
