import ReorderCore

/// A ``Scene`` drawn as text: what `s:show()` prints in the REPL and `s:render()` returns.
///
/// Tables get one line per visible section header and row, the placeholder where the dragged
/// item's cell is, the floating snapshot where its centre is, edge-zone marks (`^` top zone,
/// `v` bottom zone) and the scroll position. Grids and boards are drawn as a character raster,
/// each cell's or list's text placed where its frame is (a board's neighbouring lists peek in
/// at the sides). A table marks the item a drop would land on (`<- drop onto`) and draws the drop
/// indicator's line (`----- drop here -----`, indented by its depth; `----- blocked -----` and
/// `<- blocked` when the policy refuses what a tree's hitbox asks for) where it is. A tree's rows
/// are indented two characters a level, each with its disclosure mark (`▾` expanded, `▸`
/// collapsed), and while a node is dragged a last line says where its drop would land. With `color`,
/// titles are bold, the placeholder dim, the snapshot reversed, the indicator cyan (ANSI
/// escapes).
///
/// ```swift
/// let order = Order(sections: [["a", "b", "c"].map { Item($0) }])
/// let session = DragSession(order: order, layout: TableLayout(order: order, width: 375, rowHeight: 44),
///                           viewport: Size(width: 375, height: 667))
/// let text = SceneText().render(session.scene(policy: DefaultPolicy()))
/// // default | idle | offset 0,0 (max 0,0) | t 0 s
/// //    +------------------------------------------+
/// //  ^ | 1.1  a                                   |
/// //  ...
/// ```
public struct SceneText: Sendable {
    /// Whether to paint with ANSI escapes.
    public var color: Bool
    /// Characters across the viewport of a table.
    public static let tableWidth = 40
    /// Characters across the viewport of a grid or a board.
    public static let rasterWidth = 64

    public init(color: Bool = false) { self.color = color }

    /// The scene as text, one line each, ending with a newline.
    public func render(_ scene: Scene) -> String {
        if let grid = scene.grid { return renderGrid(scene, grid) }
        if let board = scene.board { return renderBoard(scene, board) }
        return renderTable(scene)
    }

    /// `s` wrapped in the ANSI escape `code` when painting.
    func paint(_ s: String, _ code: String) -> String { color && !code.isEmpty ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }

    /// The heading line: policy, state, offset and time.
    func heading(_ scene: Scene) -> String {
        let o = scene.offset, m = scene.maximumOffset
        return paint("\(scene.policyName) | \(scene.state.rawValue) | offset \(Self.number(o.x)),\(Self.number(o.y)) (max \(Self.number(m.x)),\(Self.number(m.y))) | t \(Self.number(scene.time, digits: 3)) s", "1")
    }

    /// The last line while a snapshot floats: its title, centre, scale, alpha and phase.
    func snapshotFooter(_ scene: Scene, clipTitle: Bool) -> String? {
        guard let snap = scene.snapshot else { return nil }
        let title = clipTitle ? Self.clip(snap.title, 16) : String(snap.title.prefix(16))
        let st = snap.state
        // A tree node carries its subtree; a group is its selected items.
        let carried = snap.count <= 1 ? "" : scene.outline != nil ? " | carries \(snap.count)" : " | group of \(snap.count)"
        return "   snapshot [\(title)]\(carried) at \(Self.number(st.center.x)),\(Self.number(st.center.y)) | scale \(Self.number(st.scale)) | alpha \(Self.number(st.alpha)) | \(st.phase.rawValue)"
    }

    /// The snapshot as drawn on its line: `[title]`, with a group's stacked cards as more
    /// brackets (`[title]]]`) and its badge (`(3)`).
    static func snapshotLabel(_ snap: Scene.Snapshot, clipTitle: Bool) -> String {
        let title = clipTitle ? clip(snap.title, 16) : String(snap.title.prefix(16))
        return "[" + title + "]" + String(repeating: "]", count: max(0, snap.stack)) + (snap.badge ? " (\(snap.count))" : "")
    }

    private func renderTable(_ scene: Scene) -> String {
        let viewport = scene.viewport
        let offset = scene.offset
        let maxOffset = scene.maximumOffset
        let width = Self.tableWidth

        var out = [heading(scene)]

        // Edge zones (vertical axis), as the policy reports them now.
        var zone = 0.0
        if let vertical = scene.edgeZones.first(where: { $0.axis == .vertical }), vertical.length > 0 {
            zone = min(vertical.length, viewport.height / 2)
        }

        // What is visible, in content order (cells at their slots: text rows do not slide).
        enum Element { case header(Scene.Header), row(Scene.Cell) }
        var elements: [(Element, Rect)] = []
        var cellIndex = 0
        let cells = scene.cells
        var headerIndex = 0
        let sections = max(scene.headers.last.map { $0.section + 1 } ?? 0, cells.last.map { $0.position.section + 1 } ?? 0)
        for s in 0..<sections {
            while headerIndex < scene.headers.count && scene.headers[headerIndex].section < s { headerIndex += 1 }
            if headerIndex < scene.headers.count, scene.headers[headerIndex].section == s {
                let h = scene.headers[headerIndex]
                elements.append((.header(h), h.frame))
            }
            while cellIndex < cells.count && cells[cellIndex].position.section <= s {
                let c = cells[cellIndex]
                if c.position.section == s { elements.append((.row(c), c.slot)) }
                cellIndex += 1
            }
        }

        let snapshot = scene.snapshot?.state
        // The line the snapshot floats over: the element under its centre.
        var snapshotLine: Int?
        if let snap = snapshot {
            let y = snap.center.y
            snapshotLine = elements.firstIndex { $0.1.minY <= y && y < $0.1.maxY }
            if snapshotLine == nil, !elements.isEmpty {
                snapshotLine = y < elements[0].1.minY ? 0 : elements.count - 1
            }
        }

        // The drop indicator's line goes before the first element at or below it.
        var lineBefore: Int?
        if let indicator = scene.indicator, indicator.kind == .line {
            lineBefore = elements.firstIndex { $0.1.minY >= indicator.frame.minY - 0.5 } ?? elements.count
        }
        func indicatorLine() -> String {
            let depth = scene.indicator?.depth ?? 0
            // A blocked instruction (the tree-item hitbox's, refused by the policy) drops nothing.
            let words = scene.indicator?.blocked == true ? "blocked" : "drop here"
            let text = String(repeating: " ", count: Self.outlineIndent * depth) + "----- \(words) -----"
            return "   | " + paint(Self.pad(text, width), "36") + " |"
        }

        out.append("   +" + String(repeating: "-", count: width + 2) + "+")
        if elements.isEmpty { out.append("   | " + Self.pad("(nothing to show)", width) + " |") }
        for (i, (element, frame)) in elements.enumerated() {
            if i == lineBefore { out.append(indicatorLine()) }
            let midY = frame.midY
            var mark = " "
            if zone > 0 && midY < zone { mark = "^" } else if zone > 0 && midY > viewport.height - zone { mark = "v" }
            var text: String
            var style = ""
            switch element {
            case .header(let h):
                text = "== \(h.title) =="
                style = "1"
            case .row(let c):
                let p = c.position
                let label = "\(p.section + 1).\(p.item + 1)"
                let prefix = label + String(repeating: " ", count: max(1, 5 - label.count)) + Self.outlineMark(c.tree)
                if c.isPlaceholder, let look = scene.placeholder?.style ?? snapshot?.placeholder {
                    switch look {
                    case .hidden: text = prefix + String(repeating: ". ", count: 12); style = "2"
                    case .visible: text = prefix + c.title; style = "2"
                    case .color(let color): text = prefix + String(repeating: "#", count: 12) + " " + color.hex; style = "2"
                    }
                } else {
                    text = prefix + (c.isSelected ? "* " : "") + c.title
                    if c.isFinished { text += " (finished)" }
                    if c.isGhost { text += " (ghost)"; style = "2" }
                }
                if c.isCombineTarget {
                    text += " <- drop onto"; style = "36"
                } else if let indicator = scene.indicator, indicator.kind == .outline, indicator.position == p {
                    text += indicator.blocked ? " <- blocked" : " <- lands here"; style = "36"
                }
            }
            var line = Self.pad(text, width)
            if i == snapshotLine, let snap = scene.snapshot {
                let label = Self.snapshotLabel(snap, clipTitle: true)
                let centre = viewport.width > 0 ? snap.state.center.x / viewport.width : 0.5
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
        if lineBefore == elements.count, !elements.isEmpty { out.append(indicatorLine()) }
        out.append("   +" + String(repeating: "-", count: width + 2) + "+")

        var footer = zone > 0 ? "zones \(Self.number(zone)) pt (^ top, v bottom)" : "edge scroll off"
        footer += " | " + Self.scrollFooter(offset: offset.y, maximum: maxOffset.y)
        out.append("   " + footer)
        if let line = snapshotFooter(scene, clipTitle: true) { out.append(line) }
        if let line = Self.projectionFooter(scene) { out.append(line) }
        return out.joined(separator: "\n") + "\n"
    }

    /// Characters a tree row is drawn in per level: the indent of `tree.indent` points in a
    /// 40-character row would be 3 to 5 characters, and an outline eight levels deep would
    /// leave no room for its titles; two keep the levels apart and the titles readable.
    static let outlineIndent = 2

    /// A tree row's indent and disclosure mark: `▾ ` for an expanded node with children, `▸ `
    /// for a collapsed one, two spaces for a leaf (its title in line with its siblings');
    /// nothing outside a tree.
    static func outlineMark(_ row: Scene.TreeRow?) -> String {
        guard let row else { return "" }
        let mark = !row.hasChildren ? "  " : row.isCollapsed ? "▸ " : "▾ "
        return String(repeating: " ", count: outlineIndent * row.depth) + mark
    }

    /// While a tree node is dragged: where its drop would land (`nests under Work, depth 1`,
    /// `a root, depth 0`), or that it would go back.
    static func projectionFooter(_ scene: Scene) -> String? {
        guard let outline = scene.outline, scene.state == .dragging, let snap = scene.snapshot else { return nil }
        guard let p = outline.projection else { return "   drop: no depth allowed here (\(snap.title) goes back)" }
        let place = p.parent.map { "nests under \($0)" } ?? "a root"
        return "   drop: \(place), depth \(p.depth)"
    }

    /// `scroll 96/652 [###-------------]`, or that the content fits.
    static func scrollFooter(offset: Double, maximum: Double) -> String {
        guard maximum > 0 else { return "no scrolling (content fits)" }
        let bar = 16
        let filled = Int(clamping: (offset / maximum * Double(bar)).rounded(), to: 0...bar)
        return "scroll \(number(offset))/\(number(maximum)) [" + String(repeating: "#", count: filled)
            + String(repeating: "-", count: bar - filled) + "]"
    }

    static func pad(_ s: String, _ width: Int) -> String {
        let c = clip(s, width)
        return c + String(repeating: " ", count: max(0, width - c.count))
    }

    static func clip(_ s: String, _ width: Int) -> String {
        s.count <= width ? s : String(s.prefix(max(0, width - 1))) + "~"
    }

    /// A number as people write it: `96`, `187.5`, `0.017` (at most `digits` decimals;
    /// `nan`, `inf`, `-inf` spelled out).
    static func number(_ d: Double, digits: Int = 2) -> String {
        guard d.isFinite else { return d.isNaN ? "nan" : (d < 0 ? "-inf" : "inf") }
        return SVGNumber.format(d, decimals: digits)
    }
}
