import Foundation
import ReorderCore
import Testing
@testable import ReorderLua

/// The `displacement = { duration, curve }` field and Bézier curves given as control points.
@Suite struct DisplacementFieldTests {
    func load(_ body: String) throws -> PolicyConfiguration {
        let files = try PolicyFiles()
        let path = try files.write("p.lua", "return { name = \"p\", api = 1, \(body) }")
        return try LuaPolicy(path: path).configuration
    }

    func error(_ body: String) -> String? {
        loadError { _ = try load(body) }?.message
    }

    @Test func displacementWithABezierCurve() throws {
        let c = try load("displacement = { duration = 0.2, curve = { 0.2, 0, 0, 1 } }")
        #expect(c.displacement == AnimationSpec(duration: 0.2, curve: .cubicBezier(x1: 0.2, y1: 0, x2: 0, y2: 1)))
    }

    @Test func liftAndDropTakeBezierCurvesToo() throws {
        let c = try load("snapshot = { drop = { duration = 0.33, curve = { 0.2, 1, 0.1, 1 } }, lift = { curve = \"linear\" } }")
        #expect(c.snapshot.drop == AnimationSpec(duration: 0.33, curve: .cubicBezier(x1: 0.2, y1: 1, x2: 0.1, y2: 1)))
        #expect(c.snapshot.lift.curve == .linear)
    }

    /// Not given: PolicyConfiguration's default, dnd-kit's sortable transition (250 ms,
    /// cubic-bezier(0.25, 1, 0.5, 1): defaultSortableTransition).
    @Test func defaultDisplacement() throws {
        #expect(try load("").displacement == AnimationSpec(duration: 0.25, curve: .cubicBezier(x1: 0.25, y1: 1, x2: 0.5, y2: 1)))
    }

    @Test func badCurvesAreRefusedWithThePath() {
        #expect(error("displacement = { curve = { 1.2, 0, 0, 1 } }")
                == "displacement.curve[1]: expected a number in 0...1 (x of a control point), got number 1.2")
        #expect(error("displacement = { curve = { 0.2, 0, 0 } }")
                == "displacement.curve[4]: expected a finite number, got nil")
        #expect(error("displacement = { curve = { 0.2, 0, 0, 1, 5 } }")
                == "displacement.curve: expected 4 control points {x1, y1, x2, y2}, got table")
        #expect(error("displacement = { curve = \"bouncy\" }")
                == "displacement.curve: expected \"linear\", \"ease_in\", \"ease_out\", \"ease_in_out\" or a {x1, y1, x2, y2} table, got string \"bouncy\"")
        // The same range as every other duration (docs/REFERENCE.md, static ranges: 0...10 s).
        #expect(error("displacement = { duration = -1 }") == "displacement.duration: expected a number in 0...10, got number -1")
        #expect(error("displacement = { duration = 1e300 }") == "displacement.duration: expected a number in 0...10, got number 1e+300")
        #expect(error("displacement = 3") == "displacement: expected a table, got number 3")
    }

    /// The peers' reference numbers, where a built-in reproduces the peer.
    @Test func builtInsReproduceTheirPeers() throws {
        // react-beautiful-dnd animation.js: outOfTheWay 0.2 s cubic-bezier(0.2, 0, 0, 1);
        // drop cubic-bezier(.2, 1, .1, 1), minDropTime 0.33 s.
        let rbd = try LuaPolicy(named: "rbd_autoscroll").configuration
        #expect(rbd.displacement == AnimationSpec(duration: 0.2, curve: .cubicBezier(x1: 0.2, y1: 0, x2: 0, y2: 1)))
        #expect(rbd.snapshot.drop == AnimationSpec(duration: 0.33, curve: .cubicBezier(x1: 0.2, y1: 1, x2: 0.1, y2: 1)))
        // Android DefaultItemAnimator: 250 ms moves.
        let android = try LuaPolicy(named: "android_touch_helper").configuration
        #expect(android.displacement.duration == 0.25)
        // default: dnd-kit's sortable transition, as the native DefaultPolicy.
        let def = try LuaPolicy(named: "default").configuration
        #expect(def.displacement == AnimationSpec(duration: 0.25, curve: .cubicBezier(x1: 0.25, y1: 1, x2: 0.5, y2: 1)))
        #expect(def.displacement == DefaultPolicy().configuration.displacement)
    }
}
