import ReorderCore

/// A small JSON writer for the host's replies (the scene is written for every input, so it is
/// built directly as text, without an intermediate tree).
///
/// ```swift
/// var w = JSONText()
/// w.object { w.field("v") { w.number(1) } }
/// w.text   // {"v":1}
/// ```
public struct JSONText {
    public private(set) var text = ""
    private var needsComma = false

    public init() { text.reserveCapacity(4096) }

    public mutating func object(_ body: (inout JSONText) -> Void) {
        comma(); text += "{"; needsComma = false
        body(&self)
        text += "}"; needsComma = true
    }

    public mutating func array(_ body: (inout JSONText) -> Void) {
        comma(); text += "["; needsComma = false
        body(&self)
        text += "]"; needsComma = true
    }

    public mutating func field(_ key: String, _ body: (inout JSONText) -> Void) {
        comma()
        Self.append(string: key, to: &text)
        text += ":"
        needsComma = false
        body(&self)
        needsComma = true
    }

    public mutating func number(_ d: Double) {
        comma()
        if !d.isFinite { text += "null" } else if d == d.rounded(), abs(d) < 1e15 { text += String(Int64(d)) } else { text += String(d) }
        needsComma = true
    }

    public mutating func string(_ s: String) {
        comma(); Self.append(string: s, to: &text); needsComma = true
    }

    public mutating func bool(_ b: Bool) {
        comma(); text += b ? "true" : "false"; needsComma = true
    }

    public mutating func null() {
        comma(); text += "null"; needsComma = true
    }

    /// Inserts already-encoded JSON.
    public mutating func raw(_ json: String) {
        comma(); text += json; needsComma = true
    }

    // Shorthands for fields.
    public mutating func field(_ key: String, _ d: Double) { field(key) { $0.number(d) } }
    public mutating func field(_ key: String, _ s: String) { field(key) { $0.string(s) } }
    public mutating func field(_ key: String, _ b: Bool) { field(key) { $0.bool(b) } }

    private mutating func comma() { if needsComma { text += "," } }

    static func append(string s: String, to out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20 || c.value == 0x2028 || c.value == 0x2029:
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(u)
            }
        }
        out += "\""
    }
}

extension Scene {
    /// The scene as the protocol's `scene` object (docs/PLAYGROUND.md): frames as
    /// `[x, y, width, height]` in viewport points, positions 0-based `[section, item]`.
    public func write(to w: inout JSONText) {
        func rect(_ w: inout JSONText, _ r: Rect) {
            w.array { $0.number(r.minX); $0.number(r.minY); $0.number(r.size.width); $0.number(r.size.height) }
        }
        func position(_ w: inout JSONText, _ p: ItemPosition) {
            w.array { $0.number(Double(p.section)); $0.number(Double(p.item)) }
        }
        w.object { w in
            w.field("t", time)
            w.field("state", state.rawValue)
            w.field("policy", policyName)
            w.field("viewport") { $0.array { $0.number(viewport.width); $0.number(viewport.height) } }
            w.field("content") { $0.array { $0.number(contentSize.width); $0.number(contentSize.height) } }
            w.field("offset") { $0.array { $0.number(offset.x); $0.number(offset.y) } }
            w.field("max_offset") { $0.array { $0.number(maximumOffset.x); $0.number(maximumOffset.y) } }
            w.field("headers") { w in
                w.array { w in
                    for h in headers {
                        w.object { w in
                            w.field("section", Double(h.section))
                            w.field("title", h.title)
                            w.field("frame") { rect(&$0, h.frame) }
                        }
                    }
                }
            }
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
            if let s = snapshot {
                let st = s.state
                w.field("snapshot") { w in
                    w.object { w in
                        w.field("id", s.id)
                        w.field("title", s.title)
                        w.field("phase", st.phase.rawValue)
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
            w.field("zones") { w in
                w.array { w in
                    for z in edgeZones {
                        w.object { w in
                            w.field("axis", z.axis.rawValue)
                            w.field("zone", z.length)
                            w.field("direction", z.direction)
                            w.field("depth", z.depth)
                            w.field("speed", z.speed)
                        }
                    }
                }
            }
        }
    }
}
