import ReorderCore
import ReorderPersistence
import ReorderTrace

extension Scene {
    /// The scene as the protocol's `scene` object (docs/PLAYGROUND.md): frames as
    /// `[x, y, width, height]` in viewport points, positions 1-based `[section, row]` as the
    /// ``Vocabulary`` writes an event's, the time as `time`.
    package func write(to w: inout JSONWriter) {
        func rect(_ w: inout JSONWriter, _ r: Rect) {
            w.array { $0.number(r.minX); $0.number(r.minY); $0.number(r.size.width); $0.number(r.size.height) }
        }
        func position(_ w: inout JSONWriter, _ p: ItemPosition) { Vocabulary.write(p, to: &w) }
        w.object { w in
            w.field(Vocabulary.time.name, time)
            w.field("state", state.rawValue)
            w.field("policy", policyName)
            w.field("viewport") { $0.array { $0.number(viewport.width); $0.number(viewport.height) } }
            w.field("content") { $0.array { $0.number(contentSize.width); $0.number(contentSize.height) } }
            w.field("offset") { $0.array { $0.number(offset.x); $0.number(offset.y) } }
            w.field("max_offset") { $0.array { $0.number(maximumOffset.x); $0.number(maximumOffset.y) } }
            func header(_ w: inout JSONWriter, _ h: Header) {
                w.object { w in
                    w.field("section", h.section + 1)
                    w.field("title", h.title)
                    w.field("frame") { rect(&$0, h.frame) }
                }
            }
            w.field("headers") { w in w.array { w in for h in headers { header(&w, h) } } }
            if let h = pinnedHeader { w.field("pinned_header") { header(&$0, h) } }
            w.field("cells") { w in
                w.array { w in
                    for c in cells {
                        w.object { w in
                            w.field("id", c.id)
                            w.field("title", c.title)
                            w.field("at") { position(&$0, c.position) }
                            w.field("frame") { rect(&$0, c.frame) }
                            if let p = c.slideProgress { w.field("slide", p) }
                            if c.isPlaceholder { w.field("placeholder", true) }
                            if c.isFinished { w.field("finished", true) }
                            if c.isSelected { w.field("selected", true) }
                            if c.isGhost { w.field("ghost", true) }
                            if c.isCombineTarget { w.field("combine_target", true) }
                            if let t = c.tree {
                                w.field("depth", t.depth)
                                if t.hasChildren { w.field("children", true) }
                                if t.isCollapsed { w.field("collapsed", true) }
                            }
                        }
                    }
                }
            }
            if let p = placeholder {
                w.field("placeholder") { w in
                    w.object { w in
                        w.field("at") { position(&$0, p.position) }
                        w.field("frame") { rect(&$0, p.frame) }
                        switch p.style {
                        case .hidden: w.field("style", "hidden")
                        case .visible: w.field("style", "visible")
                        case .color(let c): w.field("style", "color"); w.field("color", c.hex)
                        }
                    }
                }
            }
            if let p = combineTarget { w.field("combine_target") { position(&$0, p) } }
            if let o = outline {
                w.field("outline") { w in
                    w.object { w in
                        w.field("indent", o.indent)
                        if let p = o.projection {
                            w.field("projection") { w in
                                w.object { w in
                                    w.field("depth", p.depth)
                                    if let parent = p.parent { w.field("parent", parent) }
                                }
                            }
                        }
                    }
                }
            }
            if let i = indicator {
                w.field("indicator") { w in
                    w.object { w in
                        w.field("kind", i.kind.rawValue)
                        w.field("at") { position(&$0, i.position) }
                        w.field("frame") { rect(&$0, i.frame) }
                        w.field("depth", i.depth)
                        if i.blocked { w.field("blocked", true) }
                    }
                }
            }
            if let s = snapshot {
                let st = s.state
                w.field("snapshot") { w in
                    w.object { w in
                        w.field("id", s.id)
                        w.field("title", s.title)
                        w.field("phase", st.phase.rawValue)
                        if s.count > 1 {   // a group's snapshot, or a tree node's with descendants
                            w.field("count", s.count)
                            w.field("badge", s.badge)
                            w.field("stack", s.stack)
                        }
                        w.field("center") { $0.array { $0.number(st.center.x); $0.number(st.center.y) } }
                        w.field("size") { $0.array { $0.number(st.size.width); $0.number(st.size.height) } }
                        w.field("frame") { rect(&$0, s.frame) }
                        w.field("scale", st.scale)
                        w.field("alpha", st.alpha)
                        w.field("rotation", st.rotation)
                        w.field("corner_radius", st.cornerRadius)
                        w.field("shadow") { w in
                            w.object { w in
                                w.field("color", st.shadow.color.hex)
                                w.field("offset") { $0.array { $0.number(st.shadow.offset.width); $0.number(st.shadow.offset.height) } }
                                w.field("opacity", st.shadow.opacity)
                                w.field("radius", st.shadow.radius)
                            }
                        }
                        w.field("lift", st.liftProgress)
                        w.field("drop", st.dropProgress)
                    }
                }
            }
            if let p = press {
                w.field("press") { w in
                    w.object { w in
                        w.field("at") { position(&$0, p.position) }
                        w.field("point") { $0.array { $0.number(p.point.x); $0.number(p.point.y) } }
                        w.field("progress", p.progress)
                        w.field("duration", p.duration)
                        w.field("allowable_movement", p.allowableMovement)
                    }
                }
            }
            w.field("zones") { w in
                w.array { w in
                    for z in edgeZones {
                        w.object { w in
                            w.field("axis", z.axis.rawValue)
                            w.field("zone", z.length)
                            w.field("direction", z.direction)
                            w.field("depth", z.depth)
                            w.field("speed", z.speed)
                            w.field("scrolled", z.scrolled)
                        }
                    }
                }
            }
        }
    }
}

