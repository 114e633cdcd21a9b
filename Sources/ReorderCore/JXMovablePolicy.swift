/// JXMovableCellTableView's behaviour (`jx_movable` in Lua), with its numbers:
///
/// - long press 1.0 s (`gestureMinimumPressDuration`), 10 pt tolerance (the recogniser's default);
/// - snapshot: no scale, opaque, grey shadow (#808080) offset (-5, 0), opacity 0.4, radius 5;
///   the original cell is hidden; lift and drop animate over 0.25 s (UIView's default
///   ease-in-out); the snapshot follows the finger's y, x stays at the cell centre, and the
///   centre stays half a row inside the viewport (`limitSnapshotCenterY`, ``SnapshotClamp/half``);
/// - **exchange** semantics (one section: exchange; several sections: a true swap); target
///   rows that cannot move are skipped;
/// - edge scroll from the snapshot centre, zone 150 pt (`edgeScrollRange`), speed
///   depth / 150 × 20 pt per display frame (JX scrolls once per CADisplayLink frame), so
///   depth / 150 × 20 / `ctx.dt` pt/s: 1200 at 60 Hz, 2400 at 120 Hz;
/// - a cancelled gesture keeps the new order (JX hands the data back on end or cancel).
///
/// ```swift
/// let jx = JXMovablePolicy()
/// jx.scrollSpeed(ctx, axis: .vertical, depth: 130, zone: 150, elapsed: 0)   // 1040 when ctx.dt is 1/60
/// ```
open class JXMovablePolicy: NativePolicy {
    /// The static fields of `jx_movable`.
    public static let standardConfiguration: PolicyConfiguration = {
        var c = PolicyConfiguration(name: "jx_movable")
        c.minPressDuration = 1.0
        c.allowableMovement = 10
        c.targetRule = .underFinger
        c.follow = .y
        c.snapshot.scale = 1
        c.snapshot.alpha = 1
        c.snapshot.rotation = 0
        c.snapshot.cornerRadius = 0
        c.snapshot.shadow = Shadow(color: .gray, offset: Size(width: -5, height: 0), opacity: 0.4, radius: 5)
        c.snapshot.placeholder = .hidden
        c.snapshot.clamp = .half   // limitSnapshotCenterY (JXMovableCellTableView.m:290-295)
        c.snapshot.lift = AnimationSpec(duration: 0.25, curve: .easeInOut)
        c.snapshot.drop = AnimationSpec(duration: 0.25, curve: .easeInOut)
        // UITableView's row animation, whose curve UIKit does not publish (jx_movable.lua)
        c.displacement = AnimationSpec(duration: 0.25, curve: .easeInOut)
        c.edgeScroll.enabled = true
        c.edgeScroll.axes = .vertical
        c.edgeScroll.reference = .center
        return c
    }()
    /// `edgeScrollRange`, points.
    public static let zone = 150.0
    /// 20 pt per frame at 60 Hz, in points per second.
    public static let maximumSpeed = 1200.0
    /// `maxMoveDistance`, points per display frame.
    public static let maximumStep = 20.0

    public override init(configuration: PolicyConfiguration = JXMovablePolicy.standardConfiguration) {
        super.init(configuration: configuration)
    }

    /// Skips targets that cannot move. An empty place (an empty section's first row, an append)
    /// holds no item that could refuse, and is taken.
    open override func target(_ ctx: PolicyContext, from: ItemPosition, proposed: ItemPosition) -> ItemPosition? {
        guard ctx.order.isValid(proposed) else { return proposed }
        return canMove(ctx, at: proposed) ? proposed : nil
    }
    open override func semantics(_ ctx: PolicyContext, from: ItemPosition, to: ItemPosition) -> Semantics { .exchange }
    open override func edgeZone(_ ctx: PolicyContext, axis: Axis, viewportLength: Double) -> Double { Self.zone }
    open override func scrollSpeed(_ ctx: PolicyContext, axis: Axis, depth: Double, zone: Double, elapsed: Double) -> Double {
        guard zone > 0, depth > 0 else { return 0 }   // JXMovableCellTableView.m:337: strict
        let dt = ctx.dt > 0 && ctx.dt.isFinite ? ctx.dt : 1.0 / 60
        return depth * Self.maximumStep / dt / zone
    }
    open override func onCancel(_ ctx: PolicyContext) -> CancelResolution { .commit }
}
