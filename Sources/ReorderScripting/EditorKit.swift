import Foundation
import ReorderCore
import ReorderLua
import ReorderPersistence

/// What a policy author's editor and linter need: a lua-language-server
/// definition file (`reorder types`), and the files `reorder init` writes.
///
/// ```swift
/// try EditorKit.definitions.write(toFile: "types/reorder.d.lua", atomically: true, encoding: .utf8)
/// EditorKit.policyTemplate(name: "mine")   // "-- mine: a drag-to-reorder policy ..."
/// ```
public enum EditorKit {
    /// The definition file's name.
    public static let definitionsFile = "reorder.d.lua"
    /// The folder `reorder init` writes the definitions to (`.luarc.json` points there).
    public static let typesFolder = "types"

    /// Lua 5.4's reserved words (the reference manual, §3.1 "Lexical Conventions"): a policy
    /// name is a Lua identifier, so it is none of them.
    static let luaKeywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
        "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    /// The longest policy name `reorder init` takes, in bytes: its longest file name,
    /// `NAME_spec.lua`, must fit the file system's limit for one name (255 bytes).
    public static let maximumNameLength = FileProblem.maximumNameLength - "_spec.lua".utf8.count

    /// What is wrong with `name` as the name of a new policy (nil: nothing): it names the
    /// folder, `NAME.lua`, `NAME_spec.lua` and a Lua identifier.
    ///
    /// ```swift
    /// EditorKit.nameProblem("mine")   // nil
    /// EditorKit.nameProblem("end")    // "'end' is a Lua keyword, not a policy name: ..."
    /// ```
    public static func nameProblem(_ name: String) -> String? {
        let shown = EchoText.clip(name)
        let identifier = name.first.map { $0.isLetter || $0 == "_" } == true
            && name.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "_" }
        guard identifier else {
            return "'\(shown)' is not a policy name: use letters, digits and underscores, not starting with a digit (it names NAME.lua and a Lua identifier)"
        }
        if luaKeywords.contains(name) {
            return "'\(shown)' is a Lua keyword, reserved by Lua, so it cannot be a policy name (a policy's name is a Lua identifier); choose another, e.g. '\(name)_policy'"
        }
        if name.utf8.count > maximumNameLength {
            return "'\(shown)' is \(name.utf8.count) characters long; a policy name has at most \(maximumNameLength) (its spec file NAME_spec.lua must fit the file system's limit of \(FileProblem.maximumNameLength) bytes for a file name)"
        }
        return nil
    }

    /// The session methods: parameters (LuaLS) and results. A method of
    /// ``ScriptSession/methods`` missing here is still declared, taking and returning `any`.
    static let sessionSignatures: [String: (params: String, returns: String?, doc: String)] = [
        "press": ("x: number, y: number", nil, "touch down at a viewport point (points)"),
        "press_item": ("section: integer, row: integer", nil, "touch down at the centre of the item's cell (1-based)"),
        "hold": ("seconds: number", nil, "time passes with the finger still"),
        "move": ("x: number, y: number, seconds?: number", nil, "the finger glides to (x, y) (points) over `seconds` (default 0)"),
        "move_to_item": ("section: integer, row: integer, seconds?: number", nil, "glides to the item's cell centre"),
        "release": ("", nil, "touch up"),
        "cancel": ("", nil, "the system cancels the touch"),
        "advance": ("seconds: number", nil, "time passes; due frames run"),
        "tick": ("frames?: integer", nil, "runs frames (default 1)"),
        "drag": ("from_s: integer, from_r: integer, to_s: integer, to_r: integer, seconds?: number", "boolean",
                 "a whole drag; true if the item ended at the target"),
        "scroll": ("x: number, y: number", nil, "sets the content offset (points) while idle"),
        "items": ("", "table[]", "the items of each section, as given"),
        "order": ("", "table", "all items, sections concatenated"),
        "ids": ("", "string[][]", "each section's item ids, in order"),
        "offset": ("", "number, number", "the content offset x, y (points)"),
        "snapshot": ("", "table?", "the lifted snapshot, or nil"),
        "state": ("", "\"idle\"|\"pressing\"|\"dragging\"|\"dropping\"", "the drag's state"),
        "events": ("", "table[]", "the events since the session began, the newest (a first { type = \"dropped\", count = N } when older ones went)"),
        "clear_events": ("", nil, "forgets the events so far"),
        "close": ("", nil, "releases the session at once (its policy's VM, items and logs); later calls raise an error"),
        "time": ("", "number", "simulated seconds"),
        "policy": ("", "string", "the policy's name"),
        "inputs": ("", "table[]", "the raw inputs so far, the newest (a first { type = \"dropped\", count = N } when older ones went)"),
        "page": ("", "integer, integer", "a board's page nearest the offset (1-based) and the number of pages"),
        "list_offset": ("list: integer", "number", "how far a board's list is scrolled down, points"),
        "scene": ("", "table", "what an adapter draws now"),
        "show": ("", nil, "prints the viewport as text"),
        "render": ("", "string", "the viewport as text"),
        "id": ("", "integer", "identifies the session in its VM"),
        "config": ("", "reorder.Policy", "the policy's static fields"),
        "zone": ("axis?: reorder.Axis", "number", "the policy's edge zone now, points"),
        "speed": ("depth: number, zone: number, elapsed: number, axis?: reorder.Axis", "number",
                  "the policy's scroll speed, points per second"),
        "can_move": ("section: integer, row: integer", "boolean", "asks the policy"),
        "target": ("from_s: integer, from_r: integer, to_s: integer, to_r: integer", "integer?, integer?",
                   "asks the policy where a proposed drop goes"),
        "semantics": ("from_s: integer, from_r: integer, to_s: integer, to_r: integer", "reorder.Semantics", "asks the policy"),
        "save": ("path: string, key?: string", nil, "writes the order to an order file under `key` (default \"default\")"),
    ]

    /// The names of the session methods, in the order the host registers them.
    public static var sessionMethods: [String] { ScriptSession.methods.map(\.name) }

    /// The whole `---@meta` file: the policy table and `ctx` (from the field table), the
    /// `reorder` module and the session API, and the spec globals (busted and luassert).
    public static var definitions: String {
        var out = """
            ---@meta
            -- Definitions for lua-language-server: policies, ctx, the session API and the spec
            -- globals of `reorder test`. Generated by `reorder \(typesCommand)`; do not edit
            -- (regenerate after upgrading reorder).


            """
        out += PolicyTypes.definitions
        out += """
            ---The options of `reorder.session{...}` (docs/REFERENCE.md).
            ---@class reorder.SessionOptions
            ---@field policy? string|reorder.Policy # a built-in name, a path (with `/` or ending in `.lua`), or a policy table
            ---@field sections? (string|table)[][] # a list of sections, each a list of items
            ---@field rows? integer # instead of `sections`: one section of the items "1" ... "N"
            ---@field titles? string[] # section titles
            ---@field layout? "table"|"grid"|"board"
            ---@field row_height? number # points (default 44)
            ---@field header_height? number # points (default 0)
            ---@field grid? table # { item_width, item_height, spacing, line_spacing, columns, inset, ... }, points
            ---@field board? table # { inset, spacing }, points
            ---@field viewport? reorder.Size|number[] # points (default 375 x 667)
            ---@field frame_rate? number # frames per second (default 60)
            ---@field restore? string|table # an order file, or { path, key }

            ---A simulated drag session (`reorder.session{...}`).
            ---@class reorder.Session

            """
        for name in sessionMethods {
            let sig = sessionSignatures[name] ?? (params: "...: any", returns: "any", doc: "")
            let params = sig.params.isEmpty ? "self: reorder.Session" : "self: reorder.Session, " + sig.params
            let result = sig.returns.map { ": " + $0 } ?? ""
            out += "---@field \(name) fun(\(params))\(result)\(sig.doc.isEmpty ? "" : " # " + sig.doc)\n"
        }
        out += """

            ---The `reorder` module of the REPL, scripts and specs.
            ---@class reorder
            reorder = {}

            ---A new session.
            ---@param options? reorder.SessionOptions
            ---@return reorder.Session
            function reorder.session(options) end

            ---The REPL's readable text of a value.
            ---@param value any
            ---@param options? { width?: integer, multiline?: boolean }
            ---@return string
            function reorder.inspect(value, options) end

            ---The built-in policy names.
            ---@return string[]
            function reorder.policies() end

            ---The options of the REPL's demo.
            ---@param policy? string|reorder.Policy
            ---@param layout? "table"|"grid"|"board"
            ---@return reorder.SessionOptions
            function reorder.demo(policy, layout) end

            -- Spec globals (`reorder test`: busted's vocabulary and luassert's assertions).

            ---@param name string
            ---@param fn fun()
            function describe(name, fn) end
            context = describe

            ---@param name string
            ---@param fn? fun()
            function it(name, fn) end
            spec = it
            test = it

            ---@param name string
            ---@param fn? fun()
            function pending(name, fn) end

            ---@param fn fun()
            function before_each(fn) end
            ---@param fn fun()
            function after_each(fn) end
            ---@param fn fun()
            function setup(fn) end
            ---@param fn fun()
            function teardown(fn) end
            ---@param fn fun()
            function finally(fn) end

            ---luassert's assertions; modifier words (`is`, `are`, `has`, `not`, ...) chain.
            ---@class reorder.Assert
            ---@overload fun(value: any, message?: string): any
            ---@field is reorder.Assert
            ---@field are reorder.Assert
            ---@field was reorder.Assert
            ---@field has reorder.Assert
            ---@field does reorder.Assert
            ---@field is_not reorder.Assert
            ---@field are_not reorder.Assert
            ---@field has_no reorder.Assert
            ---@field does_not reorder.Assert
            ---@field same fun(expected: any, actual: any, message?: string) # deep equality
            ---@field equal fun(expected: any, actual: any, message?: string) # expected == actual
            ---@field equals fun(expected: any, actual: any, message?: string)
            ---@field not_equal fun(expected: any, actual: any, message?: string)
            ---@field truthy fun(value: any, message?: string)
            ---@field falsy fun(value: any, message?: string)
            ---@field is_true fun(value: any, message?: string)
            ---@field is_false fun(value: any, message?: string)
            ---@field is_nil fun(value: any, message?: string)
            ---@field near fun(expected: number, actual: number, tolerance: number, message?: string)
            ---@field has_error fun(fn: function, message?: string)
            ---@field has_no_errors fun(fn: function, message?: string)
            ---@field errors fun(fn: function, message?: string)
            ---@field matches fun(pattern: string, s: string, init?: integer, plain?: boolean)
            ---@field unique fun(list: table, message?: string)
            ---@type reorder.Assert
            assert = assert

            """
        return out
    }

    /// The command that writes the definitions (named in the file's header).
    static let typesCommand = "types"

    /// `.luarc.json`: lua-language-server on Lua 5.4 with the definitions folder as a library.
    public static var luarc: String {
        """
        {
          "$schema": "https://raw.githubusercontent.com/LuaLS/vscode-lua/master/setting/schema.json",
          "runtime.version": "Lua 5.4",
          "workspace.library": ["\(typesFolder)"],
          "workspace.checkThirdParty": false,
          "diagnostics.globals": ["describe", "context", "it", "spec", "test", "pending", "before_each", "after_each", "setup", "teardown", "finally", "reorder"]
        }

        """
    }

    /// The globals a policy's sandbox gives (the base functions and the libraries with their
    /// functions), read from a real sandbox VM: the `reorder` std of `.luacheckrc`.
    public static func sandboxGlobals() throws(LuaError) -> [(name: String, fields: [String])] {
        let vm = try LuaVM(options: .policy)
        let listing = try vm.run("""
            local out = {}
            for k, v in pairs(_G) do
              if type(k) == "string" and k ~= "_G" then
                local fields = {}
                if type(v) == "table" then
                  for f in pairs(v) do if type(f) == "string" then fields[#fields + 1] = f end end
                  table.sort(fields)
                end
                out[#out + 1] = k .. "=" .. table.concat(fields, ",")
              end
            end
            table.sort(out)
            return table.concat(out, "\\n")
            """, chunkName: "=globals")
        guard case .string(let text)? = listing.first else { return [] }
        return text.split(separator: "\n").map { line in
            let kv = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let fields = kv.count > 1 ? kv[1].split(separator: ",").map(String.init) : []
            return (String(kv[0]), fields)
        }
    }

    /// `.luacheckrc`: a `reorder` std holding exactly the globals a policy's sandbox gives (so
    /// `io`, `os`, `require`, `debug` and any accidental global are flagged), and for spec files
    /// (`fileRules`: by the `files` patterns, relative to the file's folder) Lua 5.4's globals,
    /// busted's and `reorder`. Hooks have fixed signatures, so unused arguments are not
    /// reported; nor is `not (x > y)` (W581), which policies write on purpose: it is true for NaN.
    public static func luacheckrc(fileRules: Bool = true) throws(LuaError) -> String {
        var out = """
            -- luacheck configuration for reorder policies (written by `reorder init`).
            -- `reorder` std: the globals a policy's sandbox gives, no more (docs/SANDBOX.md).
            -- The fields of `ctx` (a hook's parameter, not a global) are checked by the editor
            -- through the definitions in \(typesFolder)/\(definitionsFile).
            stds.reorder = {
              read_globals = {

            """
        for g in try sandboxGlobals() {
            if g.fields.isEmpty {
                out += "    \"\(g.name)\",\n"
            } else {
                out += "    \(g.name) = { fields = { " + g.fields.map { "\"\($0)\"" }.joined(separator: ", ") + " } },\n"
            }
        }
        out += """
              },
            }
            stds.reorder_spec = { read_globals = { "reorder" } }
            std = "reorder"
            unused_args = false
            ignore = { "581" }
            max_line_length = false

            """
        if fileRules {
            out += "files[\"**/*_spec.lua\"] = { std = \"lua54+busted+reorder_spec\" }\n"
            out += "exclude_files = { \"\(typesFolder)/\" }\n"
        }
        return out
    }

    /// The policy `reorder init NAME` writes: commented, extending `default`.
    public static func policyTemplate(name: String) -> String {
        """
        -- \(name): a drag-to-reorder policy (written by `reorder init`).
        -- Every field is optional: what this table does not give comes from the policy it
        -- extends. The fields and hooks: docs/POLICIES.md, or `reorder fields`.

        -- Locals are private to the policy (the sandbox has no other globals than Lua's own).
        local PINNED = "Inbox"

        ---@type reorder.Policy
        local policy = {
          name = "\(name)",
          extends = "default",
          api = 1,

          -- Hold this long (seconds) before the item lifts.
          min_press_duration = 0.3,

          snapshot = {
            scale = 1.05,  -- the lifted snapshot grows 5 %
          },

          -- Whether the item at (section, row) may be lifted (1-based). An item is a string
          -- or a read-only table with `id` and `title`.
          can_move = function(ctx, section, row)
            local item = ctx.item(section, row)
            local title = type(item) == "table" and item.title or item
            return title ~= PINNED
          end,
        }

        return policy

        """
    }

    /// The spec `reorder init NAME` writes: two passing specs in plain busted style.
    public static func specTemplate(name: String) -> String {
        """
        -- Specs for \(name).lua: `reorder test` runs every *_spec.lua file. A relative policy
        -- path names the file next to this spec first, wherever `reorder test` runs from.
        describe("\(name)", function()
          local s

          before_each(function()
            s = reorder.session{ policy = "\(name).lua", sections = { { "Inbox", "Mail", "Notes" } } }
          end)

          it("keeps the pinned item in place", function()
            assert.are.same(false, s:can_move(1, 1))
          end)

          it("moves an item", function()
            s:drag(1, 3, 1, 2)
            assert.are.same({ "Inbox", "Notes", "Mail" }, s:order())
          end)
        end)

        """
    }
}
