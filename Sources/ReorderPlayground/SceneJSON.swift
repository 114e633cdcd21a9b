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
    /// The UTF-8 bytes written so far.
    public private(set) var bytes: [UInt8] = []
    private var needsComma = false

    public init() { bytes.reserveCapacity(4096) }

    /// The JSON as a string.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    public mutating func object(_ body: (inout JSONText) -> Void) {
        comma(); bytes.append(UInt8(ascii: "{")); needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "}")); needsComma = true
    }

    public mutating func array(_ body: (inout JSONText) -> Void) {
        comma(); bytes.append(UInt8(ascii: "[")); needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "]")); needsComma = true
    }

    public mutating func field(_ key: String, _ body: (inout JSONText) -> Void) {
        comma()
        appendString(key)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
        body(&self)
        needsComma = true
    }

    public mutating func number(_ d: Double) {
        comma()
        if !d.isFinite {
            appendASCII("null")
        } else if d == d.rounded(), abs(d) < 1e15 {
            appendInteger(Int64(d))
        } else {
            appendASCII(d.description)
        }
        needsComma = true
    }

    public mutating func string(_ s: String) {
        comma(); appendString(s); needsComma = true
    }

    public mutating func bool(_ b: Bool) {
        comma(); appendASCII(b ? "true" : "false"); needsComma = true
    }

    public mutating func null() {
        comma(); appendASCII("null"); needsComma = true
    }

    /// Inserts already-encoded JSON.
    public mutating func raw(_ json: String) {
        comma(); appendUTF8(json); needsComma = true
    }

    // Shorthands for fields.
    public mutating func field(_ key: String, _ d: Double) { field(key) { $0.number(d) } }
    public mutating func field(_ key: String, _ s: String) { field(key) { $0.string(s) } }
    public mutating func field(_ key: String, _ b: Bool) { field(key) { $0.bool(b) } }

    private mutating func comma() { if needsComma { bytes.append(UInt8(ascii: ",")) } }

    /// Appends the UTF-8 of `s`: a native string's bytes in one copy (appending a
    /// `String.UTF8View` goes byte by byte: with the scan below, 47 % of the host's time per
    /// message before this).
    private mutating func appendUTF8(_ s: String) {
        var s = s
        s.withUTF8 { bytes.append(contentsOf: $0) }
    }

    private mutating func appendASCII(_ s: String) { appendUTF8(s) }

    private mutating func appendInteger(_ v: Int64) {
        if v == 0 { bytes.append(UInt8(ascii: "0")); return }
        var n = v.magnitude
        if v < 0 { bytes.append(UInt8(ascii: "-")) }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while n > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8(n % 10)
                n /= 10
                count += 1
            }
            for i in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[i]) }
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped (and U+2028,
    /// U+2029, which some JavaScript parsers take for line breaks).
    private mutating func appendString(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        var s = s
        let simple = s.withUTF8 { utf8 in
            for b in utf8 where b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b == 0xE2 {
                return false
            }
            bytes.append(contentsOf: utf8)
            return true
        }
        if !simple {
            for u in s.unicodeScalars {
                switch u {
                case "\"": appendASCII("\\\"")
                case "\\": appendASCII("\\\\")
                case "\n": appendASCII("\\n")
                case "\r": appendASCII("\\r")
                case "\t": appendASCII("\\t")
                case let c where c.value < 0x20 || c.value == 0x2028 || c.value == 0x2029:
                    let hex = String(c.value, radix: 16)
                    appendASCII("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
                default: bytes.append(contentsOf: String(u).utf8)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
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
            func header(_ w: inout JSONText, _ h: Header) {
                w.object { w in
                    w.field("section", Double(h.section))
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
                            if c.isSelected { w.field("selected", true) }   // issue 19
                            if c.isGhost { w.field("ghost", true) }
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
                        if s.count > 1 {   // issue 19: a group's snapshot
                            w.field("count", Double(s.count))
                            w.field("badge", s.badge)
                            w.field("stack", Double(s.stack))
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
