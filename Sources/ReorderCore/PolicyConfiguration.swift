/// How an applied step changes the order.
public enum Semantics: String, Hashable, Sendable, CaseIterable {
    /// Remove the dragged item and insert it at the target; everything between shifts by one.
    case move
    /// Swap the dragged item with the target item (across sections a true swap).
    case exchange
}

/// How the proposed target is found from the finger or snapshot.
public enum TargetRule: String, Hashable, Sendable {
    /// The item under the finger (`"under_finger"` in Lua).
    case underFinger = "under_finger"
    /// The nearest visible item whose centre is within half the snapshot width of the
    /// snapshot centre (`"center_distance"` in Lua). The width is the snapshot's bounds width,
    /// unscaled: the collection-view reference compares with `bounds.size.width / 2`, which a
    /// scale transform does not change.
    case centerDistance = "center_distance"
}

/// How the snapshot follows the finger.
public enum FollowMode: String, Hashable, Sendable {
    /// Only vertically; x stays at the cell's centre.
    case y
    /// In both axes: the snapshot centre is the finger (plus the grab offset).
    case xy
    /// By the finger's translation since the press (the grab offset is kept).
    case translation
    /// Along the layout's scroll axis only (``Layout/scrollAxis``): as ``y`` on tables, boards
    /// and vertical grids (bit for bit), along x on a horizontal grid or strip, where y stays
    /// at the cell's centre. `default` follows `"main"`.
    case main

    /// The axis followed along (`.y` and `.main` only; nil for the modes that follow both).
    ///
    /// ```swift
    /// FollowMode.main.singleAxis(scrollAxis: .horizontal)   // .horizontal
    /// FollowMode.y.singleAxis(scrollAxis: .horizontal)      // .vertical
    /// ```
    public func singleAxis(scrollAxis: Axis) -> Axis? {
        switch self {
        case .y: return .vertical
        case .main: return scrollAxis
        case .xy, .translation: return nil
        }
    }
}

/// The point whose position in the viewport drives edge scrolling.
public enum EdgeReference: String, Hashable, Sendable {
    case finger
    case center
    /// The snapshot's edge nearest to the edge being approached (`"leading_edge"` in Lua).
    case leadingEdge = "leading_edge"
}

/// Which axes edge-scroll.
public struct ScrollAxes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let horizontal = ScrollAxes(rawValue: 1)
    public static let vertical = ScrollAxes(rawValue: 2)
    public static let both: ScrollAxes = [.horizontal, .vertical]
    /// The layout's scroll axis (``Layout/scrollAxis``, `"main"` in Lua): vertical on tables,
    /// boards and vertical grids, horizontal on a horizontal grid or strip. Resolve it with
    /// ``resolved(scrollAxis:)`` before asking ``contains(axis:)``.
    public static let main = ScrollAxes(rawValue: 4)

    /// The axes a policy may set (`edge_scroll.axes`) by their names.
    private static let named = NamedValues<ScrollAxes>(
        [("vertical", .vertical), ("horizontal", .horizontal), ("both", .both), ("main", .main)])
    /// `["vertical", "horizontal", "both", "main"]`.
    public static let names = named.names
    /// Parses `"vertical"`, `"horizontal"`, `"both"` or `"main"`.
    public init?(name: String) { guard let axes = Self.named[name] else { return nil }; self = axes }
    /// `"vertical"`, `"horizontal"`, `"both"`, `"main"` or `"none"`.
    public var name: String { Self.named.name(of: self) ?? "none" }
    /// The axes on a layout that scrolls along `scrollAxis`: ``main`` becomes that axis.
    ///
    /// ```swift
    /// ScrollAxes.main.resolved(scrollAxis: .horizontal)       // .horizontal
    /// ScrollAxes.vertical.resolved(scrollAxis: .horizontal)   // .vertical
    /// ```
    public func resolved(scrollAxis: Axis) -> ScrollAxes {
        guard contains(.main) else { return self }
        var r = subtracting(.main)
        r.insert(scrollAxis == .horizontal ? .horizontal : .vertical)
        return r
    }
    public func contains(axis: Axis) -> Bool {
        contains(axis == .horizontal ? .horizontal : .vertical)
    }
}

/// Timing curves for the lift, drop and displacement animations: the named ones, or a CSS
/// `cubic-bezier(x1, y1, x2, y2)` (`curve = { 0.2, 0, 0, 1 }` in a policy).
///
/// ```swift
/// AnimationCurve.easeInOut.value(at: 0.5)   // 0.5
/// AnimationCurve.cubicBezier(x1: 0.2, y1: 0, x2: 0, y2: 1).value(at: 0.2)   // 0.5
/// ```
public enum AnimationCurve: Hashable, Sendable {
    case linear
    case easeIn
    case easeOut
    case easeInOut
    /// A cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2), as CSS's
    /// `cubic-bezier()`; `x1` and `x2` are in `0...1` (``init(x1:y1:x2:y2:)`` checks it).
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)

    /// The named curves by their policy names.
    private static let named = NamedValues<AnimationCurve>(
        [("linear", .linear), ("ease_in", .easeIn), ("ease_out", .easeOut), ("ease_in_out", .easeInOut)])
    /// The named curves' policy names.
    public static let names = named.names
    /// A named curve: `"linear"`, `"ease_in"`, `"ease_out"` or `"ease_in_out"`.
    public init?(rawValue: String) { guard let curve = Self.named[rawValue] else { return nil }; self = curve }

    /// A cubic Bézier curve, or nil unless every number is finite and `x1`, `x2` are in `0...1`
    /// (otherwise the curve would not be a function of time).
    ///
    /// ```swift
    /// AnimationCurve(x1: 0.2, y1: 0, x2: 0, y2: 1)   // react-beautiful-dnd's displacement curve
    /// AnimationCurve(x1: 1.5, y1: 0, x2: 0, y2: 1)   // nil
    /// ```
    public init?(x1: Double, y1: Double, x2: Double, y2: Double) {
        guard x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite, (0...1).contains(x1), (0...1).contains(x2)
        else { return nil }
        self = .cubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
    }

    /// The policy name of a named curve; `cubic_bezier(x1, y1, x2, y2)` for a Bézier.
    public var rawValue: String {
        if case let .cubicBezier(x1, y1, x2, y2) = self { return "cubic_bezier(\(x1), \(y1), \(x2), \(y2))" }
        return Self.named.name(of: self) ?? ""
    }

    /// The control points of a Bézier curve (nil for a named one).
    public var controlPoints: [Double]? {
        if case let .cubicBezier(x1, y1, x2, y2) = self { return [x1, y1, x2, y2] }
        return nil
    }

    /// Progress for linear time `t` in `0...1` (clamped). The named curves are cubics; a
    /// Bézier is solved for the parameter whose x is `t` (Newton's method, bisection when it
    /// stalls), to 1e-12.
    @inlinable public func value(at t: Double) -> Double {
        let t = t.isNaN ? 1 : min(max(t, 0), 1)
        switch self {
        case .linear: return t
        case .easeIn: return t * t * t
        case .easeOut: let u = 1 - t; return 1 - u * u * u
        case .easeInOut:
            if t < 0.5 { return 4 * t * t * t }
            let u = -2 * t + 2
            return 1 - u * u * u / 2
        case let .cubicBezier(x1, y1, x2, y2):
            return Self.bezier(t, x1, y1, x2, y2)
        }
    }

    /// `y(s)` where `x(s) = x`, for the Bézier (0,0), (x1,y1), (x2,y2), (1,1).
    @usableFromInline static func bezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        // B(s) = 3(1-s)^2 s p1 + 3(1-s) s^2 p2 + s^3 = ((a s + b) s + c) s.
        let cx = 3 * x1, bx = 3 * (x2 - x1) - cx, ax = 1 - cx - bx
        let cy = 3 * y1, by = 3 * (y2 - y1) - cy, ay = 1 - cy - by
        func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
        func slopeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }
        var s = x
        var solved = false
        for _ in 0..<8 {
            let err = sampleX(s) - x
            if abs(err) < 1e-12 { solved = true; break }
            let d = slopeX(s)
            if abs(d) < 1e-9 { break }
            s -= err / d
            if s < 0 || s > 1 { break }
        }
        if !solved {
            // x(s) is non-decreasing on 0...1 when x1, x2 are in 0...1: bisect.
            var lo = 0.0, hi = 1.0
            s = x
            for _ in 0..<100 {
                let v = sampleX(s)
                if abs(v - x) < 1e-12 { break }
                if v < x { lo = s } else { hi = s }
                s = (lo + hi) / 2
            }
        }
        return ((ay * s + by) * s + cy) * s
    }
}

/// An RGBA colour, parsed from `"#rrggbb"` or `"#rrggbbaa"`.
///
/// ```swift
/// Color(hex: "#808080")   // grey, alpha 1
/// ```
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: Double, green: Double, blue: Double, alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    public init?(hex: String) {
        var s = Substring(hex)
        guard s.first == "#" else { return nil }
        s = s.dropFirst()
        guard s.count == 6 || s.count == 8, let v = UInt32(s, radix: 16) else { return nil }
        let full = s.count == 6 ? (v << 8) | 0xFF : v
        red = Double((full >> 24) & 0xFF) / 255
        green = Double((full >> 16) & 0xFF) / 255
        blue = Double((full >> 8) & 0xFF) / 255
        alpha = Double(full & 0xFF) / 255
    }
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// `a` to `b` at fraction `e` (0: `a`, 1: `b`), each channel linearly.
    ///
    /// ```swift
    /// Color.lerp(.black, Color(red: 1, green: 1, blue: 1), 0.25).hex   // "#404040"
    /// ```
    public static func lerp(_ a: Color, _ b: Color, _ e: Double) -> Color {
        Color(red: a.red + (b.red - a.red) * e, green: a.green + (b.green - a.green) * e,
              blue: a.blue + (b.blue - a.blue) * e, alpha: a.alpha + (b.alpha - a.alpha) * e)
    }
    public static let gray = Color(red: 128.0 / 255, green: 128.0 / 255, blue: 128.0 / 255)
    /// `#rrggbb` (or `#rrggbbaa` when not opaque).
    public var hex: String {
        func byte(_ d: Double) -> String {
            let v = Int(clamping: (d * 255).rounded(), to: 0...255)
            let h = String(v, radix: 16)
            return h.count == 1 ? "0" + h : h
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }
    public var description: String { hex }
}

/// The lifted snapshot's shadow.
public struct Shadow: Hashable, Sendable {
    public var color: Color
    public var offset: Size
    public var opacity: Double
    public var radius: Double
    public init(color: Color = .black, offset: Size = Size(width: 0, height: -3), opacity: Double = 0, radius: Double = 3) {
        self.color = color; self.offset = offset; self.opacity = opacity; self.radius = radius
    }
    /// No visible shadow (UIKit's layer defaults, opacity 0).
    public static let none = Shadow()
    /// The soft shadow of a lifted row, `default`'s: black, offset (0, 3), opacity 0.3, radius
    /// 10, SwiftReorder's defaults (ReorderController.swift's `shadowColor`, `shadowOpacity`,
    /// `shadowRadius`, `shadowOffset`), a table row lifted as iOS lifts one.
    public static let soft = Shadow(color: .black, offset: Size(width: 0, height: 3), opacity: 0.3, radius: 10)
}

/// How the origin cell looks while its item is lifted.
public enum PlaceholderStyle: Hashable, Sendable {
    /// The origin cell is hidden (JXMovableCellTableView).
    case hidden
    /// The origin cell stays visible as it was.
    case visible
    /// The origin cell is shown filled with a colour (the cookbook's black background).
    case color(Color)
}

/// Duration and curve of an animation.
public struct AnimationSpec: Hashable, Sendable {
    public var duration: Double
    public var curve: AnimationCurve
    public init(duration: Double, curve: AnimationCurve = .easeInOut) {
        self.duration = duration; self.curve = curve
    }
}

/// How the lifted snapshot looks once fully lifted, and how it lifts and drops.
/// How the snapshot's centre is kept inside the viewport (`snapshot.clamp` in Lua), on the
/// axes the snapshot follows the finger (``FollowMode``).
///
/// ```swift
/// var c = PolicyConfiguration(name: "jx")
/// c.snapshot.clamp = .half   // JXMovableCellTableView's limitSnapshotCenterY
/// ```
public enum SnapshotClamp: String, Hashable, Sendable {
    /// Not kept in: the centre follows the finger past the edges.
    case none
    /// The centre stays within the viewport (SwiftReorder clamps it to the table's safe area).
    case center
    /// The centre stays half the snapshot's unscaled size inside the viewport, so the snapshot
    /// stays in view (JXMovableCellTableView's `limitSnapshotCenterY`, half a row).
    case half
}

/// The snapshot's look at one end of an animation: where the lift starts from
/// (`snapshot.lift.from`) or where the drop ends (`snapshot.drop.to`).
///
/// `placeholder` is the origin cell's colour at that end (nil: none). With a colour here and a
/// colour as ``SnapshotStyle/placeholder``, the origin cell's fill animates between the two
/// with the lift's (or the drop's) curve, as the cookbook's `cell.backgroundColor` does.
///
/// ```swift
/// var c = PolicyConfiguration(name: "cookbook")
/// c.snapshot.liftFrom = SnapshotLook(scale: 1, alpha: 0, placeholder: Color(hex: "#ffffff"))   // fades in
/// ```
public struct SnapshotLook: Hashable, Sendable {
    public var scale: Double
    public var alpha: Double
    /// The origin cell's colour at this end of the animation (nil: no colour animation).
    public var placeholder: Color?
    public init(scale: Double = 1, alpha: Double = 1, placeholder: Color? = nil) {
        self.scale = scale; self.alpha = alpha; self.placeholder = placeholder
    }
}

public struct SnapshotStyle: Hashable, Sendable {
    public var scale: Double = 1.05
    public var alpha: Double = 0.98
    public var rotation: Double = 0
    public var cornerRadius: Double = 0
    public var shadow: Shadow = .soft
    public var placeholder: PlaceholderStyle = .visible
    /// How the centre is kept inside the viewport; the edge-scroll reference and the target
    /// under the finger use the clamped point.
    public var clamp: SnapshotClamp = .none
    public var lift = AnimationSpec(duration: 0.25)
    public var drop = AnimationSpec(duration: 0.25)
    /// The snapshot's scale and alpha when the lift begins (it animates to `scale`, `alpha`).
    public var liftFrom = SnapshotLook()
    /// The snapshot's scale and alpha when the drop ends (it animates there from the lifted look).
    public var dropTo = SnapshotLook()

    /// How the origin cell looks in the snapshot state `snap` (drawn in the scene): the
    /// ``placeholder`` style, except that while a colour one animates from
    /// `liftFrom.placeholder` over the lift (eased with the lift's curve at
    /// `snap.liftProgress`) and to `dropTo.placeholder` over the drop (from the colour the lift
    /// had reached, eased with the drop's curve at `snap.dropProgress`), each channel of
    /// `#rrggbbaa` linearly, as Core Animation interpolates a `backgroundColor`.
    ///
    /// ```swift
    /// var s = SnapshotStyle()
    /// s.placeholder = .color(.black)
    /// s.liftFrom.placeholder = Color(hex: "#ffffff")
    /// // halfway through an ease-in-out lift: (1 - 0.5) * 255 = 127.5 per channel
    /// s.placeholder(at: snap)   // .color(#808080) when snap.liftProgress == 0.5
    /// ```
    public func placeholder(at snap: SnapshotState) -> PlaceholderStyle {
        guard case .color(let during) = placeholder, liftFrom.placeholder != nil || dropTo.placeholder != nil else {
            return snap.placeholder
        }
        var c = during
        if let from = liftFrom.placeholder, snap.liftProgress < 1 {
            c = Color.lerp(from, during, lift.curve.value(at: max(0, snap.liftProgress)))
        }
        if snap.phase == .dropping, let to = dropTo.placeholder {
            c = Color.lerp(c, to, drop.curve.value(at: min(max(0, snap.dropProgress), 1)))
        }
        return .color(c)
    }
    /// Group drags: whether a count badge is drawn on a group's snapshot, and how
    /// many cards are stacked under it.
    public var badge: Bool = true
    public var stack: Double = 2
    public init() {}
}

/// The static part of edge scrolling (the zone and speed are policy hooks).
public struct EdgeScrollConfiguration: Hashable, Sendable {
    public var enabled: Bool = true
    /// Default `.main`, `default`'s: the layout's scroll axis (vertical but on a strip).
    public var axes: ScrollAxes = .main
    public var reference: EdgeReference = .finger
    /// Whether the zone's inner border belongs to the zone (`edge_scroll.inclusive`): the speed
    /// hook is then asked at depth 0 exactly, where react-beautiful-dnd gives 1 px
    /// (`distance === startScrollingFrom`) and pragmatic-drag-and-drop's `isWithin` is
    /// inclusive. Off by default: nothing scrolls on the border.
    public var inclusive: Bool = false
    public init() {}
}

/// How a drop onto an item (a combine) is found (`combine_rule` in Lua).
public enum CombineRule: String, Hashable, Sendable, CaseIterable {
    /// Never: every drop lands between items.
    case none
    /// react-beautiful-dnd's band (``CombineBand``): the dragged item's edge strictly inside a
    /// sibling's middle band, `(start + size/4, end − size/4)` of where the sibling is drawn now;
    /// checked before reordering, and no step is taken while it holds.
    case band
    /// pragmatic-drag-and-drop's list-item hitbox (``ListItemHitbox``): the finger in the first
    /// quarter of a row is before it, in the last quarter after it, in the middle half on it; a
    /// side the `target` hook refuses becomes combine too.
    case hitbox
}

/// How the place a drop will land is shown while dragging (`drop_preview` in Lua).
public enum DropPreview: String, Hashable, Sendable, CaseIterable {
    /// The order changes as the drag goes: the item takes its new slot and the others slide
    /// (UIKit, react-beautiful-dnd, dnd-kit).
    case slide
    /// Nothing moves until the drop: a line shows where the item will land, an outline the item
    /// it will combine with (pragmatic-drag-and-drop's drop indicator). The drop takes the one
    /// step.
    case indicator
}

/// Dropping onto an item: the rule that finds the target and how long it must hold.
///
/// ```swift
/// var c = PolicyConfiguration(name: "rbd_combine")
/// c.combine.rule = .band
/// c.combine.delay = 0.6
/// ```
public struct CombineConfiguration: Hashable, Sendable {
    public var rule: CombineRule = .none
    /// Seconds the same target must stay under the rule before the combine takes (0: at once).
    public var delay: Double = 0
    public init() {}
}

/// What a cancelled drag does to the order.
public enum CancelResolution: String, Hashable, Sendable, CaseIterable {
    /// Back to the order at press begin (UIKit).
    case revert
    /// Keep the order as it is now (JXMovableCellTableView).
    case commit
}

/// A policy's static fields, read and validated once at load. Each field's default is the
/// value of the recommended policy, `default` (``DefaultPolicy/standardConfiguration`` is
/// `PolicyConfiguration(name: "default")`; Policies/default.lua gives the sources).
///
/// ```swift
/// var c = PolicyConfiguration(name: "mine")
/// c.minPressDuration = 0.3
/// c.snapshot.rotation = .pi / 36
/// ```
public struct PolicyConfiguration: Hashable, Sendable {
    public var name: String
    /// Seconds the finger must stay down before a drag begins.
    public var minPressDuration: Double = 0.5
    /// Points the finger may wander during the press.
    public var allowableMovement: Double = 10
    public var targetRule: TargetRule = .underFinger
    /// The share of a proposed target's length, centred on it, in which the reference point
    /// makes the step (SortableJS's `swapThreshold`): the point must pass
    /// `length × (1 − swapThreshold) / 2` into the target from the side it comes from. 1 (the
    /// default): as soon as the target proposes itself. Going back starts from the other side
    /// of the passed item, so a threshold below 1 is a hysteresis band of that width.
    public var swapThreshold: Double = 1
    /// Default `.main`, `default`'s: along the layout's scroll axis (exactly `.y` but on a
    /// horizontal grid or strip).
    public var follow: FollowMode = .main
    public var snapshot = SnapshotStyle()
    public var edgeScroll = EdgeScrollConfiguration()
    /// How cells the drag moves slide from their old slot to the new one (`displacement` in
    /// Lua). Default 0.25 s of cubic-bezier(0.25, 1, 0.5, 1), dnd-kit's sortable transition
    /// (`defaultSortableTransition`), which moves at once and settles softly; duration 0: they
    /// jump.
    public var displacement = AnimationSpec(duration: 0.25, curve: .cubicBezier(x1: 0.25, y1: 1, x2: 0.5, y2: 1))
    /// Whether touches are ignored while the drop animation runs (the home grid does).
    public var ignoresTouchesWhileDropping: Bool = true
    /// How a keyboard drag keeps the moved item visible (`keyboard.reveal`, `keyboard.animate`).
    public var keyboard = KeyboardConfiguration()
    /// Group drags: how the others behave, the landing order, the size limit.
    public var group = GroupConfiguration()
    /// Tree sessions: the indent per level and the deepest depth a drop may give.
    public var tree = TreeConfiguration()
    /// Dropping onto an item (`combine_rule`, `combine_delay`): off by default.
    public var combine = CombineConfiguration()
    /// Whether rows slide as the drag goes or an indicator shows where it will land
    /// (`drop_preview`).
    public var dropPreview: DropPreview = .slide
    public init(name: String) { self.name = name }
}
