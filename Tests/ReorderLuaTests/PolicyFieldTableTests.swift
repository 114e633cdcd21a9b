import Foundation
import Testing
import ReorderCore
@testable import ReorderLua

/// One table of policy fields, and every error, each with its line (did-you-mean for
/// built-in names).
@Suite struct PolicyFieldTableTests {
    /// The load error of `source` saved as `file`.
    func loadFailure(_ source: String, file: String = "bad.lua") throws -> LuaError? {
        let files = try PolicyFiles()
        let path = try files.write(file, source)
        return loadError { _ = try LuaPolicy(path: path) }
    }

    /// A bad `reference` and a bad `axes` are both reported, each at the line that sets it.
    /// Before, loading stopped at the first (`axes`) and the message had no line.
    @Test func everyBadFieldIsReportedWithItsLine() throws {
        let source = """
            -- edge_scroll = { axes = "no" }   (a comment: not where the field is set)
            return {
              name = "two_bad",
              edge_scroll = {
                reference = "thumb",
                axes = "diagonal",
              },
              snapshot = { alpha = 2 },
            }
            """
        let e = try #require(try loadFailure(source))
        // Lines: reference is on line 5, axes on 6, alpha on 8 (the source above), in line
        // order (the field table reads snapshot before edge_scroll, axes before reference).
        #expect(e.description == """
            bad.lua:5: edge_scroll.reference: expected "finger", "center" or "leading_edge", got string "thumb"
            bad.lua:6: edge_scroll.axes: expected "vertical", "horizontal", "both" or "main", got string "diagonal"
            bad.lua:8: snapshot.alpha: expected a number in 0...1, got number 2
            """)
        #expect(e.others.count == 2)
        #expect(e.line == 5 && e.file == "bad.lua")
    }

    /// A sub-table that is not a table is one error; its siblings are still read.
    @Test func aBadSubTableAndABadHookAreBothReported() throws {
        let source = "return {\n  snapshot = 3,\n  can_move = 'yes',\n}\n"
        let e = try #require(try loadFailure(source))
        #expect(e.description == """
            bad.lua:2: snapshot: expected a table, got number 3
            bad.lua:3: can_move: expected a function, got string "yes"
            """)
    }

    /// The line finder: comments and strings do not count, `==` is not a field, a key must be
    /// inside the table of the previous component, and the policy table is the chunk's last
    /// top-level `return {`.
    @Test func theLocatorFindsTheLineThatSetsAField() {
        let text = """
            local scale = 3            -- line 1: a local, before the policy table
            local s = "scale = 4"      -- line 2: in a string
            --[[ snapshot = { scale = 5 } ]]
            local function f(ctx) return ctx.scale == 2 end
            return {
              name = "x",
              edge_scroll = { zone = 40 },
              snapshot = {
                shadow = { opacity = 1 },
                scale =
                  0,
              },
            }
            """
        let locator = FieldLocator(text)
        #expect(locator.line(of: "snapshot.scale") == 10)
        #expect(locator.line(of: "snapshot.shadow.opacity") == 9)
        #expect(locator.line(of: "edge_scroll.zone") == 7)
        #expect(locator.line(of: "name") == 6)
        // Not set in the file: the line of the deepest component found, or nil.
        #expect(locator.line(of: "snapshot.lift.duration") == 8)
        #expect(locator.line(of: "follow") == nil)
        // `scale` is not a key of `edge_scroll`'s table, nor of a value that is not a table.
        #expect(locator.line(of: "edge_scroll.scale") == 7)
        #expect(FieldLocator("return {\n  snapshot = 3,\n  x = { scale = 1 },\n}").line(of: "snapshot.scale") == 2)
        // A long string with a level, and a key after it.
        #expect(FieldLocator("return {\n  name = [==[\n a = 1 ]] \n]==],\n  a = 2,\n}").line(of: "a") == 5)
    }

    /// Every corpus file refused for a bad static field names the line of its `-- FAULT` marker.
    @Test func corpusFieldErrorsNameTheFaultLine() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("ReorderHostileTests/Corpus")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            .filter { $0.hasPrefix("static_") && $0.hasSuffix(".lua") }.sorted()
        #expect(names.count >= 9)
        for name in names {
            let source = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
            let fault = try #require(lines.firstIndex { $0.hasSuffix("-- FAULT") }) + 1
            let e = try #require(loadError { _ = try LuaPolicy(path: dir.appendingPathComponent(name).path) }, "\(name)")
            #expect(e.line == fault, "\(name): \(e)")
            #expect(e.file == name)
        }
    }

    /// `s:config()`'s table spells every field as a policy file does (it used to say
    /// `ignores_touches_while_dropping`), and it is complete: writing it back as a policy file
    /// and loading that gives the same configuration, for every built-in.
    @Test func theConfigurationWrittenAsAPolicyLoadsBackTheSame() throws {
        let files = try PolicyFiles()
        for name in PolicyProgram.builtinNames {
            let c = try LuaPolicy(named: name).configuration
            let table = PolicyField.luaValue(of: c)
            guard case .table(let t) = table else { Issue.record("\(name): not a table"); continue }
            #expect(t[.string("ignore_touches_while_dropping")] == .boolean(c.ignoresTouchesWhileDropping))
            #expect(t[.string("ignores_touches_while_dropping")] == nil)
            let path = try files.write("\(name)_copy.lua", "return " + PolicyField.literal(table))
            let copy = try LuaPolicy(path: path).configuration
            #expect(copy == c, "\(name)")
        }
        // The engine's defaults, spelled out (PolicyConfiguration: Shadow.soft, offset (0, 3)).
        let d = PolicyField.luaValue(of: PolicyConfiguration(name: "d"))
        #expect(PolicyField.literal(d).hasPrefix("{ allowable_movement = 10, combine_delay = 0, combine_rule = \"none\", displacement = { curve = { 0.25, 1, 0.5, 1 }, duration = 0.25 }, "))
        guard case .table(let t) = d, case .table(let snap)? = t[.string("snapshot")],
              case .table(let shadow)? = snap[.string("shadow")] else { Issue.record("no snapshot.shadow"); return }
        #expect(shadow[.string("offset")] == .table([.string("x"): .number(0), .string("y"): .number(3)]))
    }

    /// Each descriptor is read from its path: a table setting every value field to a value
    /// other than its default changes exactly that field (so no field is read from another's
    /// key or dropped on the way to the configuration).
    @Test func everyValueFieldReachesItsConfigurationField() throws {
        let files = try PolicyFiles()
        // One non-default value per field (each within its documented range).
        let other: [String: String] = [
            "min_press_duration": "1", "allowable_movement": "20", "target_rule": "'center_distance'",
            "swap_threshold": "0.5",
            "follow": "'xy'", "ignore_touches_while_dropping": "false", "snapshot.scale": "2",
            "snapshot.alpha": "0.5", "snapshot.rotation": "0.1", "snapshot.corner_radius": "4",
            "snapshot.shadow.color": "'#ff0000'", "snapshot.shadow.offset": "{ 1, 2 }",
            "snapshot.shadow.opacity": "0.5", "snapshot.shadow.radius": "6", "snapshot.placeholder": "'hidden'",
            "snapshot.lift.duration": "0.5", "snapshot.lift.curve": "'linear'", "snapshot.drop.duration": "0.6",
            "snapshot.drop.curve": "{ 0.2, 0, 0, 1 }", "edge_scroll.enabled": "false", "edge_scroll.axes": "'both'",
            "edge_scroll.reference": "'center'", "edge_scroll.inclusive": "true",
            "snapshot.clamp": "'half'", "snapshot.lift.from.scale": "0.5", "snapshot.lift.from.alpha": "0",
            "snapshot.drop.to.scale": "0.8", "snapshot.drop.to.alpha": "0.2",
            "snapshot.lift.from.placeholder": "'#ffffff'", "snapshot.drop.to.placeholder": "'#ffffff80'",
            "displacement.duration": "0", "displacement.curve": "'ease_in'",
            "keyboard.reveal": "'center'", "keyboard.animate": "false",
            // Selection and group drags.
            "group.mode": "'stay'", "group.order": "'active_first'", "group.max": "3", "group.keep_selection": "true",
            "snapshot.badge": "false", "snapshot.stack": "0",
            "tree.indent": "50", "tree.max_depth": "3", "tree.expand_after": "1",
            "combine_rule": "'band'", "combine_delay": "0.6", "drop_preview": "'indicator'",
        ]
        let valueFields = PolicyField.all.filter { $0.apply != nil }
        #expect(Set(valueFields.map(\.path)) == Set(other.keys))
        let base = PolicyConfiguration(name: "p")
        for field in valueFields {
            var lua = try #require(other[field.path])
            for part in field.path.split(separator: ".").reversed() { lua = "{ \(part) = \(lua) }" }
            // "snapshot.scale" and "2" give `return { snapshot = { scale = 2 } }`.
            let path = try files.write("p.lua", "return " + lua)
            let c = try LuaPolicy(path: path).configuration
            #expect(c != base, "\(field.path) did not reach the configuration")
            // Exactly that field: s:config() of the loaded policy differs from the default's at
            // that path only (or inside it: the offset's x and y).
            let diff = Self.differences(PolicyField.luaValue(of: c), PolicyField.luaValue(of: base))
            #expect(!diff.isEmpty && diff.allSatisfy { $0 == field.path || $0.hasPrefix(field.path + ".") },
                    "\(field.path): \(diff)")
        }
    }

    /// The paths where two `s:config()` tables differ.
    static func differences(_ a: LuaValue, _ b: LuaValue, _ prefix: String = "") -> [String] {
        guard case .table(let x) = a, case .table(let y) = b, x.keys.allSatisfy({ if case .string = $0 { true } else { false } })
        else { return a == b ? [] : [prefix] }
        var out: [String] = []
        for key in Set(x.keys).union(y.keys) {
            guard case .string(let k) = key else { continue }
            let path = prefix.isEmpty ? k : prefix + "." + k
            out += differences(x[key] ?? .nil, y[key] ?? .nil, path)
        }
        return out.sorted()
    }

    /// Did-you-mean for built-in names (edit distance), and for a `NAME.lua` file in the folder.
    @Test func unknownBuiltInNamesGetASuggestion() throws {
        // jx_moveable -> jx_movable: one deletion (PolicyReader.editDistance).
        #expect(loadError { _ = try LuaPolicy(named: "jx_moveable") }?.description
                == "no built-in policy named 'jx_moveable' (did you mean 'jx_movable'?)")
        let files = try PolicyFiles()
        try files.write("pinned.lua", "return { name = 'pinned' }")
        #expect(PolicyProgram.unknownNameHint("pinned", directory: files.directory.path) == "(did you mean the file 'pinned.lua'?)")
        // An extends that names a file without `.lua`: relative to the extending file.
        let child = try files.write("child.lua", "return { extends = 'pinned' }")
        #expect(loadError { _ = try LuaPolicy(path: child) }?.description
                == "child.lua: extends: no built-in policy named 'pinned' (did you mean the file 'pinned.lua'?)")
        // Far from every name: the list.
        #expect(PolicyProgram.unknownNameHint("zzz", directory: files.directory.path) == "(built-ins: "
                + PolicyProgram.builtinNames.joined(separator: ", ") + ")")
    }

    /// The field table of docs/POLICIES.md is the generated one (`reorder fields --markdown`).
    @Test func thePolicyGuideTableIsGenerated() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let guide = try String(contentsOf: root.appendingPathComponent("docs/POLICIES.md"), encoding: .utf8)
        let begin = "<!-- fields: generated by `reorder fields --markdown`; do not edit -->\n"
        let start = try #require(guide.range(of: begin))
        let end = try #require(guide.range(of: "<!-- end of fields -->", range: start.upperBound..<guide.endIndex))
        #expect(String(guide[start.upperBound..<end.lowerBound]) == PolicyGuide.fieldTable)
        // Every field of the table has a row (the row starts with its path).
        for f in PolicyField.all { #expect(guide.contains("| `\(f.path)` |"), "\(f.path)") }
    }

    /// The hooks table of docs/POLICIES.md is generated too (`reorder fields --hooks
    /// --markdown`), from the hook descriptors of the same table: one row per field that may be
    /// a function, its signature from the descriptor's.
    @Test func thePolicyGuideHooksTableIsGenerated() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let guide = try String(contentsOf: root.appendingPathComponent("docs/POLICIES.md"), encoding: .utf8)
        let begin = "<!-- hooks: generated by `reorder fields --hooks --markdown`; do not edit -->\n"
        let start = try #require(guide.range(of: begin))
        let end = try #require(guide.range(of: "<!-- end of hooks -->", range: start.upperBound..<guide.endIndex))
        #expect(String(guide[start.upperBound..<end.lowerBound]) == PolicyGuide.hookTable)
        // Every hook of the engine (DragPolicy's Lua hooks) has its row, once.
        let hooks = PolicyField.all.filter { $0.hook != nil }
        #expect(hooks.map(\.path) == PolicyGuide.hookNames)
        // can_move, target, semantics, edge_scroll.zone, edge_scroll.speed, on_begin, on_move,
        // on_end, on_cancel, the keyboard's announce, actions and instructions, the
        // selection's can_select and can_add, can_nest of tree sessions, and combine.
        #expect(hooks.count == 16)
        #expect(PolicyGuide.hookTable.contains("| `can_move(ctx, section, row)` | when the press has lasted `min_press_duration` |"))
        #expect(PolicyGuide.hookTable.contains("| `edge_scroll.speed(ctx, depth, zone, elapsed, axis, dt)` |"))
    }

    /// docs/POLICIES.md gives each hook one row in all, the generated one: no hand-written row
    /// repeats a hook after the generated table.
    @Test func everyHookHasOneRowInThePolicyGuide() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let guide = try String(contentsOf: root.appendingPathComponent("docs/POLICIES.md"), encoding: .utf8)
        let rows = guide.components(separatedBy: "\n").filter { $0.hasPrefix("| `") }
        for path in PolicyGuide.hookNames {
            let hookRows = rows.filter { $0.hasPrefix("| `\(path)(") }
            #expect(hookRows.count == 1, "\(path): \(hookRows.count) rows")
        }
    }
}
