import Testing
import ReorderCore
@testable import ReorderLua

@Suite struct PolicyLoadingTests {
    @Test func everyBuiltInLoadsWithoutWarnings() throws {
        #expect(PolicyProgram.builtinNames == ["android_touch_helper", "cookbook", "default", "dndkit_tree", "drag_drop_table",
                                               "grid_home", "jx_movable", "kanban", "pragmatic_autoscroll",
                                               "pragmatic_tree", "rbd_autoscroll", "rbd_combine", "swift_reorder", "uikit"])
        for name in PolicyProgram.builtinNames {
            let p = try LuaPolicy(named: name)
            #expect(p.configuration.name == name)
            #expect(p.drainDiagnostics() == [], "\(name)")
        }
    }

    @Test func staticFieldsOfTheReferenceDocuments() throws {
        let jx = try LuaPolicy(named: "jx_movable").configuration
        #expect(jx.minPressDuration == 1.0)
        #expect(jx.allowableMovement == 10)
        #expect(jx.snapshot.scale == 1)
        #expect(jx.snapshot.alpha == 1)
        #expect(jx.snapshot.shadow == Shadow(color: .gray, offset: Size(width: -5, height: 0), opacity: 0.4, radius: 5))
        #expect(jx.snapshot.placeholder == .hidden)
        #expect(jx.snapshot.lift == AnimationSpec(duration: 0.25, curve: .easeInOut))
        #expect(jx.edgeScroll.reference == .center)
        #expect(jx.follow == .y)

        let cookbook = try LuaPolicy(named: "cookbook").configuration
        #expect(cookbook.snapshot.scale == 1.05)
        #expect(cookbook.snapshot.alpha == 0.98)
        #expect(cookbook.snapshot.placeholder == .color(.black))
        #expect(cookbook.edgeScroll.enabled == false)

        let grid = try LuaPolicy(named: "grid_home").configuration
        #expect(grid.targetRule == .centerDistance)
        #expect(grid.follow == .xy)
        #expect(grid.ignoresTouchesWhileDropping)

        let ddt = try LuaPolicy(named: "drag_drop_table").configuration
        #expect(ddt.minPressDuration == 0.3)
        #expect(ddt.snapshot.rotation == Double.pi / 36)
        #expect(ddt.snapshot.alpha == 0.8)
        #expect(ddt.snapshot.lift.duration == 0.3)
        #expect(ddt.snapshot.drop.duration == 0.4)
        #expect(ddt.follow == .translation)

        let kanban = try LuaPolicy(named: "kanban").configuration
        #expect(kanban.minPressDuration == 0.5)
        #expect(kanban.edgeScroll.axes == .both)
        #expect(kanban.snapshot.shadow.opacity == 0.4)   // inherited from jx_movable

        let d = try LuaPolicy(named: "default").configuration
        var expected = PolicyConfiguration(name: "default")
        expected.minPressDuration = 0.5
        expected.allowableMovement = 10
        expected.edgeScroll.reference = .finger
        #expect(d == expected)
        // Along the layout's scroll axis: the engine's defaults are default's.
        #expect(d.follow == .main && d.edgeScroll.axes == .main)
    }

    @Test func validationMessagesArePrecise() throws {
        let files = try PolicyFiles()
        func message(_ source: String, file: String = "kanban.lua") throws -> String? {
            let path = try files.write(file, source)
            return loadError { _ = try LuaPolicy(path: path) }?.description
        }
        // Each source is one line: every field error is at line 1 (FieldLocator).
        #expect(try message("return { snapshot = { shadow = { opacity = 'high' } } }") ==
                "kanban.lua:1: snapshot.shadow.opacity: expected a number, got string \"high\"")
        #expect(try message("return { min_press_duration = 'slow' }") ==
                "kanban.lua:1: min_press_duration: expected a number, got string \"slow\"")
        #expect(try message("return { min_press_duration = 0/0 }") ==
                "kanban.lua:1: min_press_duration: expected a finite number, got number nan")
        #expect(try message("return { snapshot = { alpha = 1.5 } }") ==
                "kanban.lua:1: snapshot.alpha: expected a number in 0...1, got number 1.5")
        #expect(try message("return { semantics = 'swap' }") ==
                "kanban.lua:1: semantics: expected \"move\", \"exchange\" or a function, got string \"swap\"")
        #expect(try message("return { edge_scroll = { axes = 'diagonal' } }") ==
                "kanban.lua:1: edge_scroll.axes: expected \"vertical\", \"horizontal\", \"both\" or \"main\", got string \"diagonal\"")
        #expect(try message("return { snapshot = { placeholder = 'red' } }") ==
                "kanban.lua:1: snapshot.placeholder: expected \"hidden\", \"visible\" or \"#rrggbb\", got string \"red\"")
        #expect(try message("return { can_move = true }") ==
                "kanban.lua:1: can_move: expected a function, got boolean true")
        #expect(try message("return { api = 99 }") ==
                "kanban.lua:1: api: unsupported api version 99 (this host speaks api 1)")
        #expect(try message("return 'can_move = true'", file: "returns_no_table.lua") ==
                "returns_no_table.lua: a policy must return a table, got string")
        #expect(try message("return", file: "nothing.lua") == "nothing.lua: a policy must return a table, got nil")
        let syntax = try #require(loadError { _ = try LuaPolicy(path: try files.write("s.lua", "return {\n  name = \n}")) })
        #expect(syntax.kind == .syntax)
        #expect(syntax.description == "s.lua:3: unexpected symbol near '}'")
    }

    @Test func unknownKeysWarnWithDidYouMean() throws {
        let files = try PolicyFiles()
        let path = try files.write("typo.lua", """
            return { min_press_duraton = 0.2, snapshot = { shadw = {}, scale = 1.1 }, flavour = 1 }
            """)
        let p = try LuaPolicy(path: path)
        let messages = p.drainDiagnostics().map(\.message).sorted()
        #expect(messages == ["typo.lua:1: unknown field 'flavour'",
                             "typo.lua:1: unknown field 'min_press_duraton' (did you mean 'min_press_duration'?)",
                             "typo.lua:1: unknown field 'snapshot.shadw' (did you mean 'snapshot.shadow'?)"])
        #expect(p.configuration.snapshot.scale == 1.1)
        #expect(p.configuration.minPressDuration == 0.5)   // the typo did not set it
    }

    /// Unknown fields and bad values are each reported at the line that sets them, in line
    /// order (unknown fields came in the table's hash order without a line, bad values in the
    /// order of the field table). `[1] = 2` has no name to find: it comes last, without a line.
    @Test func fieldProblemsComeInLineOrderWithTheirLines() throws {
        let files = try PolicyFiles()
        let typos = try files.write("typos.lua", """
            return {
              zeta = 1,
              min_press_durration = 0.3,
              [1] = 2,
              snapshot = {
                scael = 1.1,
              },
              alpha = 2,
              edge_scroll = { zoen = 80 },
            }
            """)
        let p = try LuaPolicy(path: typos)
        #expect(p.drainDiagnostics().map(\.message) == [
            "typos.lua:2: unknown field 'zeta'",
            "typos.lua:3: unknown field 'min_press_durration' (did you mean 'min_press_duration'?)",
            "typos.lua:6: unknown field 'snapshot.scael' (did you mean 'snapshot.scale'?)",
            "typos.lua:8: unknown field 'alpha'",
            "typos.lua:9: unknown field 'edge_scroll.zoen' (did you mean 'edge_scroll.zone'?)",
            "typos.lua: unknown field [number 1] in the policy table",
        ])
        let types = try files.write("types.lua", """
            return {
              snapshot = { scale = "big" },
              min_press_duration = "slow",
              follow = 3,
              allowable_movement = -1,
            }
            """)
        let error = try #require(loadError { _ = try LuaPolicy(path: types) })
        #expect(error.description == """
            types.lua:2: snapshot.scale: expected a number, got string "big"
            types.lua:3: min_press_duration: expected a number, got string "slow"
            types.lua:4: follow: expected "y", "xy", "translation" or "main", got number 3
            types.lua:5: allowable_movement: expected a number in 0...100000, got number -1
            """)
    }

    @Test func extendsChainsMergeFieldByField() throws {
        let files = try PolicyFiles()
        try files.write("base/parent.lua", """
            return { extends = "jx_movable", snapshot = { alpha = 0.5 }, min_press_duration = 0.7 }
            """)
        let child = try files.write("child.lua", """
            return { extends = "base/parent.lua", snapshot = { shadow = { radius = 9 } } }
            """)
        let c = try LuaPolicy(path: child).configuration
        #expect(c.name == "child")
        #expect(c.minPressDuration == 0.7)                 // parent
        #expect(c.snapshot.alpha == 0.5)                    // parent
        #expect(c.snapshot.shadow.radius == 9)              // child
        #expect(c.snapshot.shadow.opacity == 0.4)           // jx_movable
        #expect(c.snapshot.placeholder == .hidden)          // jx_movable
        #expect(c.snapshot.lift.duration == 0.25)           // default
    }

    /// A file that is not a policy, pulled in by `extends`, is reported
    /// under the policy that extended it. /etc/passwd's first line ("root:x:0:0:...") does not
    /// compile: Lua's own message for it is "passwd:1: function arguments expected near ':'"
    /// (lua5.4 -e 'print(load(io.open("/etc/passwd"):read("a"), "=passwd"))').
    @Test func anExtendedFileThatIsNotAPolicyNamesThePolicyThatExtendedIt() throws {
        let files = try PolicyFiles()
        let a = try files.write("a.lua", "return { extends = '/etc/passwd' }")
        let e = loadError { _ = try LuaPolicy(path: a) }
        #expect(e?.file == "a.lua")
        #expect(e?.description == "a.lua: extends '/etc/passwd': passwd:1: function arguments expected near ':'")
        let b = try files.write("b.lua", "return { extends = 'c.lua' }")
        try files.write("c.lua", "return 42")
        #expect(loadError { _ = try LuaPolicy(path: b) }?.description == "b.lua: extends 'c.lua': c.lua: a policy must return a table, got number")
    }

    @Test func extendsCyclesAndMissingParentsAreReported() throws {
        let files = try PolicyFiles()
        let a = try files.write("a.lua", "return { extends = 'b.lua' }")
        try files.write("b.lua", "return { extends = 'a.lua' }")
        #expect(loadError { _ = try LuaPolicy(path: a) }?.description == "b.lua: extends: cycle a.lua -> b.lua -> a.lua")
        let selfish = try files.write("self.lua", "return { extends = 'self.lua' }")
        #expect(loadError { _ = try LuaPolicy(path: selfish) }?.description == "self.lua: extends: cycle self.lua -> self.lua")
        let missing = try files.write("m.lua", "return { extends = 'nope' }")
        #expect(loadError { _ = try LuaPolicy(path: missing) }?.description ==
                "m.lua: extends: no built-in policy named 'nope' (built-ins: android_touch_helper, cookbook, default, dndkit_tree, drag_drop_table, grid_home, jx_movable, kanban, pragmatic_autoscroll, pragmatic_tree, rbd_autoscroll, rbd_combine, swift_reorder, uikit)")
        let missingFile = try files.write("mf.lua", "return { extends = 'gone.lua' }")
        #expect(loadError { _ = try LuaPolicy(path: missingFile) }?.description ==
                "mf.lua: extends: cannot read policy file 'gone.lua': no such file")
        #expect(loadError { _ = try LuaPolicy(path: files.directory.path + "/absent.lua") }?.kind == .file)
    }

    @Test func loadTimeRunawaysAndBombsAreStopped() throws {
        let files = try PolicyFiles()
        let loop = try files.write("loop.lua", "while true do end")
        #expect(loadError { _ = try LuaPolicy(path: loop) }?.kind == .budget)
        let bomb = try files.write("bomb.lua", "local t = {} for i = 1, 1e9 do t[i] = i end return {}")
        let e = loadError { _ = try LuaPolicy(path: bomb) }
        #expect(e?.kind == .memory || e?.kind == .budget)
    }

    @Test func tablePolicyInATrustedVM() throws {
        let vm = try LuaVM(options: .trusted)
        try vm.load("return { extends = 'uikit', min_press_duration = 0.2, on_end = function() return false end }", chunkName: "spec.lua")
        try vm.pcall(nargs: 0, nresults: 1)
        let p = try LuaPolicy(tableAt: -1, in: vm, chunkName: "spec.lua")
        vm.pop(1)
        #expect(p.configuration.minPressDuration == 0.2)
        #expect(p.configuration.name == "inline")
        let ctx = makeContext()
        let a = ItemPosition(section: 0, item: 0)
        #expect(p.onEnd(ctx, from: a, to: a) == false)
        #expect(p.edgeZone(ctx, axis: .vertical, viewportLength: 400) == 100)   // default's zone, run in the same VM
        #expect(vm.top == 0)
    }
}
