/// What a policy hook may read about the session at the moment it is called.
///
/// One context value is built per frame by the session; reading it never allocates.
///
/// ```swift
/// func canMove(_ ctx: PolicyContext, at p: ItemPosition) -> Bool {
///     !ctx.item(at: p).flag("finished")
/// }
/// ```
public struct PolicyContext: Sendable {
    /// The current order (sections of items).
    public var order: Order
    /// The visible size.
    @inlinable public var viewport: Size {
        get { shared.viewport }
        set { shared = Shared(viewport: newValue, frameRate: shared.frameRate, tree: shared.tree) }
    }
    public var content: Size
    /// The content offset (top-left of the viewport in content coordinates).
    public var offset: Point
    /// Size of the dragged item's cell (zero before a drag).
    public var itemSize: Size
    /// The frame rate the host ticks at, frames per second.
    @inlinable public var frameRate: Double {
        get { shared.frameRate }
        set { shared = Shared(viewport: shared.viewport, frameRate: newValue, tree: shared.tree) }
    }
    /// Simulated time, seconds.
    public var time: Double
    /// Seconds since the drag began (0 before).
    public var dragTime: Double
    /// This frame's interval, seconds (`ctx.dt`): the time since the previous frame while the
    /// session scrolls; `1 / frameRate` outside a frame (0 when the rate is not positive).
    ///
    /// A peer that scrolls a fixed amount per display frame converts with `pixels / dt`, so a
    /// 120 Hz display scrolls twice as far per second, as the peer does; `elapsed - dt / 2` is
    /// the episode's time at the start of the frame.
    ///
    /// ```swift
    /// let ctx = PolicyContext(order: Order(sections: [[]]), viewport: Size(width: 375, height: 667),
    ///                         content: .zero, offset: .zero, itemSize: .zero,
    ///                         frameRate: 120, time: 0, dragTime: 0)
    /// ctx.dt   // 1 / 120
    /// ```
    public var dt: Double
    /// Where the finger is against the viewport during a drag, in one number rather than an
    /// optional, so that the context stays small (see ``shared``): the drag time it came over
    /// the viewport (>= 0), -1 while it is outside, NaN otherwise. Read it as ``overSince`` and
    /// ``outside`` (the Lua bridge copies it as it is).
    ///
    /// ```swift
    /// ctx.engagement   // 0.25: over the viewport since drag time 0.25; -1: outside
    /// ```
    public internal(set) var engagement: Double
    /// A tree session's tree and the projection of the node being dragged (`ctx.node`,
    /// `ctx.projection`); nil outside a tree session.
    @inlinable public var tree: TreeContext? {
        get { shared.tree }
        set { shared = Shared(viewport: shared.viewport, frameRate: shared.frameRate, tree: newValue) }
    }
    /// What stays the same from frame to frame (the viewport, the frame rate, the tree), in one
    /// object the session keeps and every context shares. Held apart so that the context stays
    /// within 128 bytes: past that Swift passes it to each hook through a `memcpy`; and not the
    /// tree alone as an optional, with which the compiler copied and destroyed the whole
    /// context through its value witness when it built one (callgrind, both). Inlinable, as the
    /// properties that read it: the Lua bridge reads them at every hook call.
    @usableFromInline var shared: Shared

    /// What ``PolicyContext/shared`` holds.
    @usableFromInline final class Shared: Sendable {
        @usableFromInline let viewport: Size
        @usableFromInline let frameRate: Double
        @usableFromInline let tree: TreeContext?
        @usableFromInline init(viewport: Size, frameRate: Double, tree: TreeContext?) {
            self.viewport = viewport; self.frameRate = frameRate; self.tree = tree
        }
    }
    /// The drag time (seconds, as ``dragTime``) at the start of the dragging frame in which the
    /// finger last came over the viewport (`ctx.over_since`): 0 when it was over it on the
    /// drag's first frame; nil while it is outside (``outside``), before the drag's first frame
    /// and outside a drag. pragmatic-drag-and-drop times its ramp from when the pointer came
    /// over the scroll container (shared/engagement-history.ts), so its clock is
    /// `dragTime - dt - overSince` at a frame's start.
    ///
    /// ```swift
    /// let clock = ctx.overSince.map { ctx.dragTime - ctx.dt - $0 }   // nil: not over the container
    /// ```
    public var overSince: Double? {
        get { engagement >= 0 ? engagement : nil }
        set { engagement = newValue.map { max(0, $0) } ?? (engagement < 0 ? engagement : .nan) }
    }

    /// Whether the finger is outside the viewport during a drag (`ctx.outside`): before its
    /// left or top edge, or on or past its right or bottom edge (half-open, as a browser's hit
    /// test: the container is not under the pointer). False outside a drag.
    ///
    /// ```swift
    /// if ctx.outside { return 0 }   // pragmatic-drag-and-drop: nothing under the pointer scrolls
    /// ```
    public var outside: Bool {
        get { engagement < 0 }
        set { engagement = newValue ? -1 : (engagement < 0 ? .nan : engagement) }
    }

    public init(order: Order, viewport: Size, content: Size, offset: Point, itemSize: Size,
                frameRate: Double, time: Double, dragTime: Double, dt: Double? = nil,
                overSince: Double? = nil, outside: Bool = false) {
        self.order = order; self.shared = Shared(viewport: viewport, frameRate: frameRate, tree: nil)
        self.content = content; self.offset = offset
        self.itemSize = itemSize; self.time = time; self.dragTime = dragTime
        self.dt = dt ?? (frameRate > 0 && frameRate.isFinite ? 1 / frameRate : 0)
        self.engagement = outside ? -1 : overSince.map { max(0, $0) } ?? .nan
    }

    /// A context whose `dt` and `engagement` are given as stored (the session's own, computed
    /// once): ``DragSession/context(time:)`` passes `1 / frameRate` (0 when the rate is not
    /// positive), a dragging frame its own interval, which saves it the division.
    @inline(__always) init(order: Order, shared: Shared, content: Size, offset: Point, itemSize: Size,
                           time: Double, dragTime: Double, dt: Double, engagement: Double) {
        self.order = order; self.shared = shared; self.content = content; self.offset = offset
        self.itemSize = itemSize; self.time = time; self.dragTime = dragTime
        self.dt = dt
        self.engagement = engagement
    }

    /// The tree node at a row of a tree session (section 0), nil elsewhere.
    ///
    /// ```swift
    /// ctx.node(at: ItemPosition(section: 0, item: 2))?.depth   // 1: a child of a root
    /// ```
    public func node(at p: ItemPosition) -> Int32? {
        guard let tree, p.section == 0, order.isValid(p) else { return nil }
        let h = order.handle(at: p)
        return tree.tree.contains(h) ? h : nil
    }

    /// The item at a valid position.
    @inlinable public func item(at p: ItemPosition) -> Item { order.item(at: p) }
    /// Number of items in a section (0 for a section that does not exist).
    @inlinable public func count(_ section: Int) -> Int { order.count(section) }
    @inlinable public var sections: Int { order.sectionCount }
}

/// The rules of a drag: the hooks a Lua policy defines (docs/REFERENCE.md), in Swift.
///
/// A Swift policy subclasses ``NativePolicy``, which answers every requirement as UIKit does
/// (the one place those answers are written), and overrides what it changes; ``LuaPolicy``
/// conforms directly. Positions are 0-based here; the Lua bridge converts to Lua's 1-based
/// `section, row`. A policy must not assume it is called a fixed number of times; hooks may be
/// called every frame.
///
/// ```swift
/// final class LockedFirstRow: NativePolicy {
///     convenience init() { self.init(configuration: PolicyConfiguration(name: "locked_first_row")) }
///     override func canMove(_ ctx: PolicyContext, at p: ItemPosition) -> Bool { p.item != 0 }
/// }
/// ```
public protocol DragPolicy: AnyObject {
    /// Static fields, read once.
    var configuration: PolicyConfiguration { get }
    /// May the item at `position` be lifted? (Also asked of targets by some policies.)
    func canMove(_ ctx: PolicyContext, at position: ItemPosition) -> Bool
    /// Where a proposed drop really goes; `nil` means no move now.
    func target(_ ctx: PolicyContext, from: ItemPosition, proposed: ItemPosition) -> ItemPosition?
    /// Move or exchange for this step.
    func semantics(_ ctx: PolicyContext, from: ItemPosition, to: ItemPosition) -> Semantics
    /// Depth of the edge zone on `axis`, points.
    func edgeZone(_ ctx: PolicyContext, axis: Axis, viewportLength: Double) -> Double
    /// Scroll speed in points per second for a reference point `depth` points inside a zone of
    /// `zone` points, `elapsed` seconds after this scroll episode began.
    func scrollSpeed(_ ctx: PolicyContext, axis: Axis, depth: Double, zone: Double, elapsed: Double) -> Double
    func onBegin(_ ctx: PolicyContext, at position: ItemPosition)
    func onMove(_ ctx: PolicyContext, from: ItemPosition, to: ItemPosition)
    /// `false` vetoes the drop: the order rolls back to the press-begin state.
    func onEnd(_ ctx: PolicyContext, from: ItemPosition, to: ItemPosition) -> Bool
    func onCancel(_ ctx: PolicyContext) -> CancelResolution
    /// Diagnostics produced since the last call (errors, fallbacks, prints); drained by the host.
    func drainDiagnostics() -> [PolicyDiagnostic]
    /// How many hook calls so far read the clock (`ctx.time`, `ctx.dragTime`, `ctx.frameRate`).
    ///
    /// A still hold (``DragSimulator/hold(_:)``: the lift over, no step proposed, no scroll
    /// that moves anything) skips the frames in which nothing can change, on the premise that
    /// a hook called with the same arguments and the same `ctx` answers the same; a hook that
    /// reads the clock breaks it, so the simulator ticks every frame while this count grows.
    /// ``NativePolicy`` answers 0: the native policies' hooks never read the clock. A Swift
    /// policy whose `edgeZone` or `scrollSpeed` depends on `ctx.time` counts its reads:
    ///
    /// ```swift
    /// final class GrowingZone: NativePolicy {
    ///     private var reads = 0
    ///     override var clockReads: Int { reads }
    ///     override func edgeZone(_ ctx: PolicyContext, axis: Axis, viewportLength: Double) -> Double {
    ///         reads += 1
    ///         return min(40 + 20 * ctx.dragTime, 120)
    ///     }
    /// }
    /// ```
    var clockReads: Int { get }
    /// What to say for a keyboard drag's event: the built-in text, one of its own, or nothing
    /// (`announce`).
    func announce(_ ctx: PolicyContext, event: KeyboardAnnouncement) -> KeyboardSpeech
    /// The one-shot actions offered for the item at `position`; `offered` are those the
    /// policy's `can_move` and `target` allow (`actions`).
    func actions(_ ctx: PolicyContext, at position: ItemPosition, offered: [KeyboardAction]) -> [KeyboardAction]
    /// What a screen reader reads when the item at `position` is focused (`instructions`).
    func instructions(_ ctx: PolicyContext, at position: ItemPosition) -> String
    /// May the item at `position` be selected (`can_select`)? Asked by
    /// ``DragSession/select(_:policy:)``.
    func canSelect(_ ctx: PolicyContext, at position: ItemPosition) -> Bool
    /// May the item at `position` join the drag under way (`can_add`, as UIKit's
    /// `itemsForAddingTo`)? Asked by ``DragSession/tap(_:policy:)``, a second touch.
    func canAdd(_ ctx: PolicyContext, at position: ItemPosition) -> Bool
    /// May the tree node `item` go under `parent` (ids; `can_nest`)? Asked of a tree drag's
    /// projected parent; a refusal makes the node one level shallower.
    func canNest(_ ctx: PolicyContext, item: String, parent: String) -> Bool
    /// May the dragged item, at `from`, be dropped onto the item at `onto` (`combine`)? Asked
    /// each frame the policy's `combine_rule` finds `onto`; `false` leaves the pair to reorder
    /// as if combining were off.
    func combine(_ ctx: PolicyContext, from: ItemPosition, onto: ItemPosition) -> Bool
}

/// A message from a policy to the user: a hook failure, a fallback, a `print`.
public struct PolicyDiagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        /// A hook failed; the documented fallback was used.
        case hookError = "error"
        /// The policy was switched off for this session in favour of `default`.
        case disabled
        /// Output of the policy's `print`.
        case print
        case warning
    }
    public var kind: Kind
    /// e.g. `kanban.lua:12: can_move: attempt to index a nil value`
    public var message: String
    /// The policy file (as Lua names its chunk, e.g. `kanban.lua`), when known.
    public var file: String?
    /// 1-based line in `file`, when known.
    public var line: Int?
    /// The hook concerned (`can_move`, `speed`, ...), when there is one.
    public var hook: String?
    /// Lua's stack traceback, when there is one.
    public var traceback: String?
    public init(kind: Kind, message: String, file: String? = nil, line: Int? = nil,
                hook: String? = nil, traceback: String? = nil) {
        self.kind = kind; self.message = message
        self.file = file; self.line = line; self.hook = hook; self.traceback = traceback
    }
    public var description: String { "\(kind.rawValue): \(message)" }
}
