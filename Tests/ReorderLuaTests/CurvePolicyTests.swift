import Foundation
import Testing
import ReorderCore
@testable import ReorderLua

/// Each curve policy's speeds equal its peer's formula, transcribed here from the peer's source.
@Suite struct CurvePolicyTests {
    let depths: [Double] = [0.5, 1, 2, 5, 10, 15, 22, 29.9, 30, 33.35, 41.6875, 50, 60, 83.375, 100, 120, 133.4, 150, 166.75, 200]
    let times: [Double] = [0, 0.1, 0.2, 0.36, 0.4, 0.5, 0.78, 1, 1.2, 1.6, 2, 2.5]

    @Test func defaultMatchesTheNativeDefaultPolicy() throws {
        let lua = try LuaPolicy(named: "default")
        let native = DefaultPolicy()
        for rate in [60.0, 120.0] {
            let ctx = makeContext(frameRate: rate)
            for length in [400.0, 667.0, 1000.0] {
                let z = lua.edgeZone(ctx, axis: .vertical, viewportLength: length)
                #expect(z == native.edgeZone(ctx, axis: .vertical, viewportLength: length))
                for d in depths { for t in times {
                    #expect(lua.scrollSpeed(ctx, axis: .vertical, depth: d, zone: z, elapsed: t) ==
                            native.scrollSpeed(ctx, axis: .vertical, depth: d, zone: z, elapsed: t))
                } }
            }
        }
        let ctx = makeContext()
        #expect(lua.edgeZone(ctx, axis: .vertical, viewportLength: 667) == 120)
        #expect(lua.scrollSpeed(ctx, axis: .vertical, depth: 60, zone: 120, elapsed: 0.2) == 187.5)
        #expect(lua.scrollSpeed(ctx, axis: .vertical, depth: 240, zone: 120, elapsed: 1) == 1500)
    }

    @Test func jxMatchesTheNativeJXMovablePolicy() throws {
        let lua = try LuaPolicy(named: "jx_movable")
        let native = JXMovablePolicy()
        let ctx = makeContext()
        #expect(lua.edgeZone(ctx, axis: .vertical, viewportLength: 667) == 150)
        #expect(lua.scrollSpeed(ctx, axis: .vertical, depth: 130, zone: 150, elapsed: 0) == 1040)
        for d in depths {
            #expect(lua.scrollSpeed(ctx, axis: .vertical, depth: d, zone: 150, elapsed: 0) ==
                    native.scrollSpeed(ctx, axis: .vertical, depth: d, zone: 150, elapsed: 0))
        }
    }

    /// SwiftReorder: mapValue(distance, 30 -> 0, 60 -> 280) pt/s.
    @Test func swiftReorder() throws {
        let p = try LuaPolicy(named: "swift_reorder")
        let ctx = makeContext()
        #expect(p.configuration.minPressDuration == 0.3)
        #expect(p.configuration.edgeScroll.reference == .leadingEdge)
        #expect(p.edgeZone(ctx, axis: .vertical, viewportLength: 667) == 30)
        func peer(_ depth: Double) -> Double {
            let distance = max(30 - depth, 0)
            guard distance < 30 else { return 0 }
            return (distance - 30) * (280 - 60) / (0 - 30) + 60
        }
        for d in depths {
            #expect(p.scrollSpeed(ctx, axis: .vertical, depth: d, zone: 30, elapsed: 0) == peer(d))
        }
        #expect(p.scrollSpeed(ctx, axis: .vertical, depth: 15, zone: 30, elapsed: 0) == 170)
        #expect(p.scrollSpeed(ctx, axis: .vertical, depth: 30, zone: 30, elapsed: 0) == 280)
        #expect(p.scrollSpeed(ctx, axis: .vertical, depth: 45, zone: 30, elapsed: 0) == 280)
        #expect(p.scrollSpeed(ctx, axis: .vertical, depth: 3, zone: 30, elapsed: 0) == 82)
    }

    /// react-beautiful-dnd: zone 25 %, 28 px/frame at or beyond 5 %, x^2, damped 360 -> 1200 ms
    /// from the drag start when the drag began in a zone the list can scroll towards.
    @Test func reactBeautifulDnd() throws {
        let height = 667.0
        let zone = 0.25 * height, maxAt = 0.05 * height
        func distanceValue(_ d: Double) -> Double {
            if d > zone { return 0 }
            if d <= maxAt { return 28 }
            if d == zone { return 1 }
            let p = (d - maxAt) / (zone - maxAt)
            return ceil(28 * pow(1 - p, 2))
        }
        func dampened(_ scroll: Double, _ ms: Double) -> Double {
            if ms >= 1200 { return scroll }
            if ms < 360 { return 1 }
            return ceil(scroll * pow((ms - 360) / (1200 - 360), 2))
        }
        // Not started in a zone: no time dampening.
        let p = try LuaPolicy(named: "rbd_autoscroll")
        let late = makeContext(viewport: Size(width: 375, height: height), dragTime: 2)
        #expect(p.edgeZone(late, axis: .vertical, viewportLength: height) == zone)
        p.onBegin(late, at: ItemPosition(section: 0, item: 0))
        for depth in depths where depth <= zone {
            #expect(p.scrollSpeed(late, axis: .vertical, depth: depth, zone: zone, elapsed: 0) == distanceValue(zone - depth) * 60)
        }
        #expect(p.scrollSpeed(late, axis: .vertical, depth: zone - maxAt, zone: zone, elapsed: 0) == 1680)   // 28 px/frame
        #expect(p.scrollSpeed(late, axis: .vertical, depth: 50, zone: zone, elapsed: 0) == 240)
        #expect(p.scrollSpeed(late, axis: .vertical, depth: 1e-9, zone: zone, elapsed: 0) == 60)
        _ = p.onEnd(late, from: ItemPosition(section: 0, item: 0), to: ItemPosition(section: 0, item: 0))

        // Started in a zone where the list can scroll: dampened by time since the drag began.
        // fluid-scroller/index.ts:50-78 (@hello-pangea/dnd 28c47a7) dampens only when a scroll
        // is needed at drag start (can-scroll.ts:53-92). makeContext's offset 100 of 0...1333
        // (content 2000, viewport 667) can scroll either way.
        func at(offset y: Double, _ ctx: PolicyContext) -> PolicyContext { var c = ctx; c.offset.y = y; return c }
        p.onBegin(makeContext(dragTime: 0), at: ItemPosition(section: 0, item: 0))
        #expect(p.scrollSpeed(makeContext(dragTime: 1.0 / 60), axis: .vertical, depth: 140, zone: zone, elapsed: 0) == 60)
        for t in times {
            let ctx = makeContext(viewport: Size(width: 375, height: height), dragTime: t)
            for depth in [10.0, 50, 100, 140, 200] {
                let raw = distanceValue(zone - depth)
                let expected = raw == 0 ? 0 : max(dampened(raw, (t * 1000).rounded()), 1) * 60
                #expect(p.scrollSpeed(ctx, axis: .vertical, depth: depth, zone: zone, elapsed: t) == expected, "t=\(t) depth=\(depth)")
            }
        }
        let dampedAt = { (t: Double) in p.scrollSpeed(makeContext(dragTime: t), axis: .vertical, depth: 140, zone: zone, elapsed: t) }
        #expect(dampedAt(0.2) == 60)     // minScroll before 360 ms
        #expect(dampedAt(0.78) == 420)   // 28 * 0.5^2 = 7 px/frame
        #expect(dampedAt(1.2) == 1680)   // undamped from 1200 ms
        _ = p.onEnd(late, from: ItemPosition(section: 0, item: 0), to: ItemPosition(section: 0, item: 0))

        // At offset 0 the policy probes: the first frame gives the dampened 1 px, and the next
        // call dampens only if that moved the offset. Not moved (the centre was in the top zone,
        // no scroll up possible): rbd's wasScrollNeeded is false, no dampening.
        p.onBegin(makeContext(dragTime: 0), at: ItemPosition(section: 0, item: 0))
        #expect(p.scrollSpeed(at(offset: 0, makeContext(dragTime: 1.0 / 60)), axis: .vertical, depth: 140, zone: zone, elapsed: 0) == 60)
        // 0.2 s, undamped: depth 140 is d = 166.75 - 140 = 26.75 <= maxScrollValueAt 33.35: 28 px
        // (get-value-from-distance.ts:40-42), where the dampened value would be 1 px
        #expect(p.scrollSpeed(at(offset: 0, makeContext(dragTime: 0.2)), axis: .vertical, depth: 140, zone: zone, elapsed: 0.2) == 1680)
        _ = p.onEnd(late, from: ItemPosition(section: 0, item: 0), to: ItemPosition(section: 0, item: 0))

        // Moved (the centre was in the bottom zone, the list scrolled down by 1 px): dampened.
        p.onBegin(makeContext(dragTime: 0), at: ItemPosition(section: 0, item: 0))
        #expect(p.scrollSpeed(at(offset: 0, makeContext(dragTime: 1.0 / 60)), axis: .vertical, depth: 140, zone: zone, elapsed: 0) == 60)
        #expect(p.scrollSpeed(at(offset: 1, makeContext(dragTime: 0.78)), axis: .vertical, depth: 140, zone: zone, elapsed: 0.78) == 420)
        // A list no longer than its viewport cannot scroll: no dampening.
        p.onBegin(makeContext(dragTime: 0), at: ItemPosition(section: 0, item: 0))
        let short = { (t: Double) in
            var c = makeContext(dragTime: t); c.content = Size(width: 375, height: 600); return at(offset: 0, c)
        }
        #expect(p.scrollSpeed(short(1.0 / 60), axis: .vertical, depth: 140, zone: zone, elapsed: 0) == 1680)
    }

    /// pragmatic-drag-and-drop: zone min(25 %, 180), full speed at half the zone, 400 ms linear
    /// ramp, 900 px/s standard with the per-frame ceil/cap, at least 1 px per frame.
    @Test func pragmaticDragAndDrop() throws {
        let p = try LuaPolicy(named: "pragmatic_autoscroll")
        for rate in [60.0, 120.0] {
            let ctx = makeContext(frameRate: rate)
            for length in [400.0, 667.0, 1000.0] {
                let zone = min(0.25 * length, 180)
                #expect(p.edgeZone(ctx, axis: .vertical, viewportLength: length) == zone)
                let maxChange = min(ceil(900.0 / 1000 * (1000 / rate)), 900.0 / 60)
                for d in depths { for t in times {
                    let r = min(max(d / (zone - zone * 0.5), 0), 1)
                    // Date.now() in whole ms at the start of the frame (elapsed is mid-frame)
                    let ms = (max(0, t - 0.5 / rate) * 1000 + 1e-6).rounded(.down)
                    let time = min(max(ms / 400, 0), 1)
                    // on or past the edge the container is no longer under the pointer
                    let expected = d >= zone ? 0 : max(maxChange * r * time, 1) / (1 / rate)
                    let got = p.scrollSpeed(ctx, axis: .vertical, depth: d, zone: zone, elapsed: t)
                    #expect(abs(got - expected) <= 1e-9 * max(1, expected), "d=\(d) t=\(t) rate=\(rate)")
                } }
            }
        }
        let ctx = makeContext()
        #expect(p.scrollSpeed(ctx, axis: .vertical, depth: 83.375, zone: 166.75, elapsed: 0.4 + 1.0 / 120) == 900)
        #expect(p.scrollSpeed(ctx, axis: .vertical, depth: 41.6875, zone: 166.75, elapsed: 0.2 + 1.0 / 120) == 225)
        #expect(p.scrollSpeed(ctx, axis: .vertical, depth: 10, zone: 166.75, elapsed: 0) == 60)
        #expect(p.scrollSpeed(makeContext(frameRate: 120), axis: .vertical, depth: 100, zone: 166.75, elapsed: 1) == 960)
    }

    /// Android ItemTouchHelper: M * ((r - 1)^5 + 1), r = min(1, overshoot / item size), tau^5 over
    /// 2 s, 20 dp per frame, at least 1. ItemTouchHelper.scrollIfNecessary truncates the view's
    /// position to whole px (`int curY = (int) (mSelectedStartY + mDy)`) and reads
    /// `System.currentTimeMillis()` at the start of the frame: ms = floor((elapsed - dt/2) x 1000).
    @Test func androidItemTouchHelper() throws {
        let p = try LuaPolicy(named: "android_touch_helper")
        let ctx = makeContext(itemSize: Size(width: 375, height: 44))
        #expect(p.configuration.allowableMovement == 8)
        #expect(p.edgeZone(ctx, axis: .vertical, viewportLength: 667) == 1)
        func peer(_ overshoot: Double, _ seconds: Double) -> Double {
            let whole = (overshoot + 1e-9).rounded(.down)
            guard whole >= 1 else { return 0 }
            let r = min(1, whole / 44)
            let t = r - 1
            let capped = (20 * (t * t * t * t * t + 1)).rounded(.towardZero)
            let ms = (max(0, seconds - 1.0 / 120) * 1000 + 1e-6).rounded(.down)
            let tau = ms > 2000 ? 1 : ms / 2000
            var value = (capped * (tau * tau * tau * tau * tau)).rounded(.towardZero)
            if value == 0 { value = 1 }
            return value * 60
        }
        for d in depths { for t in times {
            #expect(p.scrollSpeed(ctx, axis: .vertical, depth: d, zone: 1, elapsed: t) == peer(d - 1, t), "d=\(d) t=\(t)")
        } }
        #expect(p.scrollSpeed(ctx, axis: .vertical, depth: 23, zone: 1, elapsed: 2.5) == 1140)
        #expect(p.scrollSpeed(ctx, axis: .vertical, depth: 23, zone: 1, elapsed: 1) == 60)
        #expect(p.scrollSpeed(ctx, axis: .vertical, depth: 50, zone: 1, elapsed: 2 + 1.0 / 120) == 1200)   // 2000 ms
        #expect(p.scrollSpeed(ctx, axis: .vertical, depth: 50, zone: 1, elapsed: 2) == 1140)   // 1991 ms: (int)(20 x 0.9777)
        #expect(p.scrollSpeed(ctx, axis: .vertical, depth: 1.99, zone: 1, elapsed: 3) == 0)    // 0.99 px out: (int) 0
        #expect(p.scrollSpeed(ctx, axis: .vertical, depth: 50, zone: 1, elapsed: 1.6) == 360)
        #expect(p.scrollSpeed(ctx, axis: .vertical, depth: 0.5, zone: 1, elapsed: 3) == 0)
    }
}
