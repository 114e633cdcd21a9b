import ReorderCore
import ReorderLua

extension ScriptSession {
    /// The scene now: what `s:show()`, `s:scene()` and the playground draw.
    ///
    /// ```swift
    /// let scene = session.scene()
    /// scene.cells.first?.frame   // [0.0, 0.0, 375.0, 44.0]
    /// ```
    public func scene() -> Scene {
        let sim = simulator
        return sim.session.scene(at: sim.time, policy: sim.policy)
    }

    /// A curve as a policy spells it: its name, or the four control points of a Bézier.
    static func curveValue(_ c: AnimationCurve) -> LuaValue {
        if let points = c.controlPoints { return .array(points.map { .number($0) }) }
        return .string(c.rawValue)
    }

    static func rectValue(_ r: Rect) -> LuaValue {
        .record(["x": .number(r.minX), "y": .number(r.minY), "width": .number(r.size.width), "height": .number(r.size.height)])
    }

    /// A header as `s:scene()` gives it: its 1-based section, title and frame.
    static func headerValue(_ h: Scene.Header) -> LuaValue {
        .record(["section": .integer(h.section + 1), "title": .string(h.title), "frame": rectValue(h.frame)])
    }

    /// `s:scene()`: positions 1-based, frames `{x, y, width, height}` in viewport coordinates.
    ///
    /// ```lua
    /// local sc = s:scene()
    /// sc.cells[1].frame.y, sc.snapshot.scale, sc.zones.vertical.speed
    /// ```
    func sceneValue(_ scene: Scene) -> LuaValue {
        let cells: [LuaValue] = scene.cells.map { c in
            var r: [String: LuaValue] = [
                "at": ScriptSession.positionValue(c.position), "id": .string(c.id), "title": .string(c.title),
                "frame": ScriptSession.rectValue(c.frame), "slot": ScriptSession.rectValue(c.slot),
                "placeholder": .boolean(c.isPlaceholder), "sliding": .boolean(c.slideProgress != nil),
            ]
            if let p = c.slideProgress { r["slide"] = .number(p) }
            if c.isCombineTarget { r["combine_target"] = .boolean(true) }
            if let t = c.tree {
                r["depth"] = .integer(t.depth)
                if t.hasChildren { r["children"] = .boolean(true) }
                if t.isCollapsed { r["collapsed"] = .boolean(true) }
            }
            return .record(r)
        }
        var zones: [String: LuaValue] = [:]
        for z in scene.edgeZones {
            zones[z.axis.rawValue] = .record(["zone": .number(z.length), "direction": .number(z.direction),
                                              "depth": .number(z.depth), "speed": .number(z.speed),
                                              "scrolled": .number(z.scrolled)])
        }
        var out: [String: LuaValue] = [
            "time": .number(scene.time), "state": .string(scene.state.rawValue), "policy": .string(scene.policyName),
            "viewport": .record(["width": .number(scene.viewport.width), "height": .number(scene.viewport.height)]),
            "content": .record(["width": .number(scene.contentSize.width), "height": .number(scene.contentSize.height)]),
            "offset": .record(["x": .number(scene.offset.x), "y": .number(scene.offset.y)]),
            "headers": .array(scene.headers.map(ScriptSession.headerValue)),
            "cells": .array(cells),
            "zones": .record(zones),
        ]
        if let h = scene.pinnedHeader { out["pinned_header"] = ScriptSession.headerValue(h) }
        if let p = scene.combineTarget { out["combine_target"] = ScriptSession.positionValue(p) }
        if let i = scene.indicator {
            var fields: [String: LuaValue] = ["kind": .string(i.kind.rawValue), "at": ScriptSession.positionValue(i.position),
                                              "frame": ScriptSession.rectValue(i.frame), "depth": .integer(i.depth)]
            if i.blocked { fields["blocked"] = .boolean(true) }
            out["indicator"] = .record(fields)
        }
        if let o = scene.outline {
            var fields: [String: LuaValue] = ["indent": .number(o.indent)]
            if let p = o.projection {
                var projection: [String: LuaValue] = ["depth": .integer(p.depth)]
                if let parent = p.parent { projection["parent"] = .string(parent) }
                fields["projection"] = .record(projection)
            }
            out["outline"] = .record(fields)
        }
        if let p = scene.press {
            // The page's `press` (docs/PLAYGROUND.md, "The scene"), with Lua's positions and points.
            out["press"] = .record(["at": ScriptSession.positionValue(p.position),
                                    "point": .record(["x": .number(p.point.x), "y": .number(p.point.y)]),
                                    "progress": .number(p.progress), "duration": .number(p.duration),
                                    "allowable_movement": .number(p.allowableMovement)])
        }
        if let p = scene.placeholder {
            out["placeholder"] = .record(["at": ScriptSession.positionValue(p.position), "frame": ScriptSession.rectValue(p.frame),
                                          "style": ScriptSession.placeholderValue(p.style)])
        }
        if let s = scene.snapshot {
            guard case .table(var fields) = ScriptSession.snapshotValue(s.state) else { return .record(out) }
            fields[.string("id")] = .string(s.id)
            fields[.string("title")] = .string(s.title)
            fields[.string("frame")] = ScriptSession.rectValue(s.frame)
            if s.count > 1 {
                fields[.string("count")] = .integer(s.count)
                fields[.string("badge")] = .boolean(s.badge)
            }
            out["snapshot"] = .table(fields)
        }
        return .record(out)
    }
}
