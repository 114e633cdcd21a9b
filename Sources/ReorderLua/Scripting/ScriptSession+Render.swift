import ReorderCore

extension ScriptSession {
    /// The viewport as text (what `s:show()` prints; grids and boards: see `renderGrid` and
    /// `renderBoard`): one line per visible section header and
    /// row, the placeholder where the dragged item's cell is, the floating snapshot where its
    /// centre is, edge-zone marks (`^` top zone, `v` bottom zone) and the scroll position.
    ///
    /// ```text
    /// jx_movable | dragging | offset 0,96 (max 0,652) | t 2.033 s
    ///    +----------------------------------------+
    ///  ^ | 1.3  c                                 |
    ///    | 1.4  . . . . . . . . . . . .           |
    ///    | 1.5  e              [b]                |
    ///    +----------------------------------------+
    ///    zones 150 pt (^ top, v bottom) | scroll 96/652 [###-------------]
    ///    snapshot [b] at 187.5,270 | scale 1.05 | alpha 0.98 | lifted
    /// ```
    func render(color: Bool) -> String {
        if let grid = simulator.layout as? GridLayout { return renderGrid(grid, color: color) }
        if let board = simulator.layout as? BoardLayout { return renderBoard(board, color: color) }
        let sim = simulator
        let session = sim.session
        let layout = sim.layout
        let viewport = sim.viewport
        let offset = sim.offset
        let maxOffset = session.maximumOffset
        let order = sim.order
        let width = 40

        func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }

        var out: [String] = []
        out.append(paint("\(policyName) | \(sim.state.rawValue) | offset \(fmt(offset.x)),\(fmt(offset.y)) (max \(fmt(maxOffset.x)),\(fmt(maxOffset.y))) | t \(fmt(sim.time, digits: 3)) s", "1"))

        // Everything below is drawn from the scene (the cells at their slots: text rows do not
        // slide).
        let scene = session.scene(at: sim.time, policy: sim.policy)

        // Edge zones (vertical axis), as the policy reports them now.
        var zone = 0.0
        if let vertical = scene.edgeZones.first(where: { $0.axis == .vertical }), vertical.length > 0 {
            zone = min(vertical.length, viewport.height / 2)
        }

        // What is visible, in content order (frames in viewport coordinates).
        enum Element { case header(Int), row(ItemPosition) }
        var elements: [(Element, Rect)] = []
        var cellIndex = 0
        let cells = scene.cells
        for s in 0..<layout.sectionCount {
            if let h = scene.headers.first(where: { $0.section == s }) { elements.append((.header(s), h.frame)) }
            while cellIndex < cells.count && cells[cellIndex].position.section <= s {
                let c = cells[cellIndex]
                if c.position.section == s { elements.append((.row(c.position), c.slot)) }
                cellIndex += 1
            }
        }

        let snapshot = scene.snapshot?.state
        let placeholderPosition = scene.placeholder?.position
        // The line the snapshot floats over: the element under its centre.
        var snapshotLine: Int?
        if let snap = snapshot {
            let y = snap.center.y
            snapshotLine = elements.firstIndex { $0.1.minY <= y && y < $0.1.maxY }
            if snapshotLine == nil, !elements.isEmpty {
                snapshotLine = y < elements[0].1.minY ? 0 : elements.count - 1
            }
        }

        out.append("   +" + String(repeating: "-", count: width + 2) + "+")
        if elements.isEmpty { out.append("   | " + pad("(nothing to show)", width) + " |") }
        for (i, (element, frame)) in elements.enumerated() {
            let midY = frame.midY
            var mark = " "
            if zone > 0 && midY < zone { mark = "^" } else if zone > 0 && midY > viewport.height - zone { mark = "v" }
            var text: String
            var style = ""
            switch element {
            case .header(let s):
                let title = s < order.sectionTitles.count ? order.sectionTitles[s] : "section \(s + 1)"
                text = "== \(title) =="
                style = "1"
            case .row(let p):
                let item = order.item(at: p)
                let label = "\(p.section + 1).\(p.item + 1)"
                let prefix = label + String(repeating: " ", count: max(1, 5 - label.count))
                if p == placeholderPosition, let snap = snapshot {
                    switch snap.placeholder {
                    case .hidden: text = prefix + String(repeating: ". ", count: 12); style = "2"
                    case .visible: text = prefix + item.title; style = "2"
                    case .color(let c): text = prefix + String(repeating: "#", count: 12) + " " + c.hex; style = "2"
                    }
                } else {
                    text = prefix + item.title
                    if item.flag("finished") { text += " (finished)" }
                }
            }
            var line = pad(text, width)
            if i == snapshotLine, let snap = snapshot, let p = sim.currentPosition {
                let label = "[" + clip(order.item(at: p).title, 16) + "]"
                let centre = viewport.width > 0 ? snap.center.x / viewport.width : 0.5
                var col = Int(clamping: (centre * Double(width)).rounded(), to: -1_000_000...1_000_000) - label.count / 2
                col = min(max(col, 0), max(width - label.count, 0))
                var chars = Array(line)
                for (j, ch) in label.enumerated() where col + j < chars.count { chars[col + j] = ch }
                let before = String(chars[0..<col])
                let after = String(chars[min(col + label.count, chars.count)...])
                line = (style.isEmpty ? before : paint(before, style)) + paint(label, "7") + after
                style = ""
            } else if !style.isEmpty {
                line = paint(line, style)
            }
            let markText = mark == " " ? " " : paint(mark, "33")
            out.append(" \(markText) | \(line) |")
        }
        out.append("   +" + String(repeating: "-", count: width + 2) + "+")

        var footer = zone > 0 ? "zones \(fmt(zone)) pt (^ top, v bottom)" : "edge scroll off"
        if maxOffset.y > 0 {
            let bar = 16
            let filled = Int(clamping: (offset.y / maxOffset.y * Double(bar)).rounded(), to: 0...bar)
            footer += " | scroll \(fmt(offset.y))/\(fmt(maxOffset.y)) [" + String(repeating: "#", count: filled)
                + String(repeating: "-", count: bar - filled) + "]"
        } else {
            footer += " | no scrolling (content fits)"
        }
        out.append("   " + footer)
        if let snap = snapshot, let p = sim.currentPosition {
            out.append("   snapshot [\(clip(order.item(at: p).title, 16))] at \(fmt(snap.center.x)),\(fmt(snap.center.y)) | scale \(fmt(snap.scale)) | alpha \(fmt(snap.alpha)) | \(snap.phase.rawValue)")
        }
        return out.joined(separator: "\n") + "\n"
    }

    private func pad(_ s: String, _ width: Int) -> String {
        let c = clip(s, width)
        return c + String(repeating: " ", count: max(0, width - c.count))
    }

    private func clip(_ s: String, _ width: Int) -> String {
        s.count <= width ? s : String(s.prefix(max(0, width - 1))) + "~"
    }
}

/// A number as people write it: `96`, `187.5`, `0.017` (at most `digits` decimals).
func fmt(_ d: Double, digits: Int = 2) -> String {
    guard d.isFinite else { return d.isNaN ? "nan" : (d < 0 ? "-inf" : "inf") }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let r = (d * scale).rounded() / scale
    if r == r.rounded() && abs(r) < 1e15 { return String(Int64(r)) }
    var s = String(r)
    if s.contains("e") { return s }
    while s.hasSuffix("0") { s.removeLast() }
    if s.hasSuffix(".") { s.removeLast() }
    return s
}
