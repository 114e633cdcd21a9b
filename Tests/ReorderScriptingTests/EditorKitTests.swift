import ReorderCore
import Testing
@testable import ReorderLua
@testable import ReorderScripting

/// The editor kit's definitions file (`reorder.d.lua`, what `reorder types` writes): every
/// policy field with its type, the hooks' parameters, ctx, the session methods and the spec
/// globals, as valid Lua.
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
        #expect(ctx == ["item", "count", "sections", "node", "projection", "section_title", "viewport", "content", "item_size", "offset", "frame_rate", "time",
                        "drag_time", "dt", "over_since", "outside", "state"])
        // Every session method the host registers (ScriptSession.methods), with `self`.
        let session = Self.classBlock("reorder.Session", in: text)
        #expect(EditorKit.sessionMethods.count >= 34)
        for name in EditorKit.sessionMethods {
            #expect(session.contains { $0.hasPrefix("---@field \(name) fun(self: reorder.Session") }, "s:\(name)")
        }
        #expect(session.contains("---@field drag fun(self: reorder.Session, from_s: integer, from_r: integer, to_s: integer, to_r: integer, seconds?: number): boolean # a whole drag; true if the item ended at the target"))
        // Every method is declared with its parameters and a comment, none as `...: any`;
        // s:perform's as docs/REFERENCE.md's session table gives it.
        #expect(!session.contains { $0.contains("...: any") })
        #expect(session.filter { $0.hasPrefix("---@field ") && $0.contains(" # ") }.count == EditorKit.sessionMethods.count)
        #expect(session.contains("---@field perform fun(self: reorder.Session, section: integer, row: integer, name: string, arg?: string|integer): boolean # a one-shot action: lift, steps and drop in one input; true if the item moved"))
        #expect(session.contains("---@field release fun(self: reorder.Session) # touch up"))
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
}
