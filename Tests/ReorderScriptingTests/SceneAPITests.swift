import Foundation
import ReorderCore
import ReorderTestSupport
import Testing
@testable import ReorderScripting

/// `s:scene()` as a spec sees it.
@Suite struct SceneAPITests {

    /// Row 1 lifted at t = 0.5 (instant lift), the finger moved onto row 2 at 0.5: one step.
    /// Displacement 0.25 s linear: at t = 0.625 (s:advance(0.125)) row "2" is half-way from
    /// y 44 to y 0, at 22, and so is the placeholder going down; the snapshot is "1" at scale
    /// 1.05. Zones off (edge_scroll disabled): no zones.
    @Test func sceneShowsASlideHalfWay() {
        let out = lua("""
            local s = reorder.session{ rows = 20, policy = { min_press_duration = 0.5, semantics = 'move',
              edge_scroll = { enabled = false }, snapshot = { lift = { duration = 0 } },
              displacement = { duration = 0.25, curve = 'linear' } } }
            s:press(100, 22) s:hold(0.5) s:move(100, 66)
            s:advance(0.125)
            local sc = s:scene()
            print(sc.state, sc.time, #sc.cells, sc.cells[1].id, sc.cells[1].frame.y, sc.cells[1].sliding)
            print(sc.placeholder.at[2], sc.placeholder.frame.y, sc.placeholder.style)
            print(sc.snapshot.id, sc.snapshot.scale, sc.snapshot.frame.width, next(sc.zones))
            print(sc.content.height, sc.offset.y, sc.cells[3].id, sc.cells[3].sliding)
            """)
        // The simulator ticks at 60 Hz: 0.125 s is 7.5 frames, so time advances to the frame
        // times; s:advance ends at exactly 0.625 (the simulator's time, not a frame).
        #expect(out == """
            dragging\t0.625\t16\t2\t22.0\ttrue
            2\t22.0\tvisible
            1\t1.05\t393.75\tnil
            880.0\t0.0\t3\tfalse

            """)
    }

    /// A press 0.2 s into `default`'s 0.5 s hold (docs/POLICIES.md: `min_press_duration` 0.5,
    /// `allowable_movement` 10): progress 0.2 / 0.5 = 0.4, the item and the point pressed;
    /// no `press` once the drag has begun.
    @Test func sceneShowsAPressWaitingForItsHold() {
        let out = lua("""
            local s = reorder.session{ rows = 20 }
            s:press(120, 66) s:advance(0.2)
            local p = s:scene().press
            print(s:state(), p.at[1], p.at[2], p.point.x, p.point.y, p.progress, p.duration, p.allowable_movement)
            s:hold(0.4)
            print(s:state(), s:scene().press)
            """)
        #expect(out == """
            pressing\t1\t2\t120.0\t66.0\t0.4\t0.5\t10.0
            dragging\tnil

            """)
    }
}
