/// Lift and drop animations of the snapshot.
extension DragSession {
    @inline(__always) static func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
    @inline(__always) static func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
        Point(x: lerp(a.x, b.x, t), y: lerp(a.y, b.y, t))
    }

    /// Linear time fraction of an animation that began at `start` and lasts `duration`.
    static func progress(from start: Double, now: Double, duration: Double) -> Double {
        guard duration.isFinite, duration > 0 else { return 1 }
        let p = (now - start) / duration
        return p.isFinite ? min(max(p, 0), 1) : 1
    }

    /// Where the snapshot centre would be (viewport coordinates) if fully lifted.
    ///
    /// - `y`: x stays at the cell's centre, y is the finger's (JXMovableCellTableView).
    /// - `main`: as `y` on a layout that scrolls vertically; on a horizontal grid (a strip) y
    ///   stays at the cell's centre and x is the finger's.
    /// - `xy`: the centre is the finger.
    /// - `translation`: the cell centre at press plus the finger's travel since the press.
    ///
    /// A keyboard drag has no press: the centre is its virtual finger, on the item's cell.
    func followCenter() -> Point {
        let f = phase.drag.finger
        guard case .touch(let press) = phase.drag.lift else { return f }
        switch configuration.follow {
        // The followed axis is known in each case (`FollowMode.singleAxis`): `clamped` need
        // not switch over the mode again.
        case .y: return clamped(Point(x: press.cellCenter.x - offset.x, y: f.y), single: .vertical)
        case .main:
            // Along the layout's scroll axis: on vertical layouts exactly `.y`. The axis was
            // read at the lift (`Drag.scrollAxis`).
            let axis = phase.drag.scrollAxis
            if axis == .horizontal {
                return clamped(Point(x: f.x, y: press.cellCenter.y - offset.y), single: axis)
            }
            return clamped(Point(x: press.cellCenter.x - offset.x, y: f.y), single: axis)
        case .xy: return clamped(f, single: nil)
        case .translation: return clamped((press.cellCenter - press.offset) + (f - press.point), single: nil)
        }
    }

    /// `p` (viewport coordinates) kept inside the viewport as `snapshot.clamp` says, on the axes
    /// the snapshot follows (y only for `follow = "y"`, the scroll axis only for `"main"`). JXMovableCellTableView's
    /// `limitSnapshotCenterY` keeps the centre within [h/2, height − h/2], h the row's height.
    /// Only while dragging (the follow position, the target rule's point).
    @inline(__always) func clamped(_ p: Point) -> Point {
        // `FollowMode.singleAxis(scrollAxis:)`, with the scroll axis read only for `"main"`
        // (the other modes do not depend on it).
        let single: Axis?
        switch configuration.follow {
        case .y: single = .vertical
        case .main: single = phase.drag.scrollAxis
        case .xy, .translation: single = nil
        }
        return clamped(p, single: single)
    }

    /// ``clamped(_:_:)`` with the followed axis already known (`configuration.follow`'s
    /// `singleAxis(scrollAxis:)` on this layout).
    @inline(__always) func clamped(_ p: Point, single: Axis?) -> Point {
        let inset: Size
        switch configuration.snapshot.clamp {
        case .none: return p
        case .center: inset = .zero
        case .half:
            let size = phase.drag.snapshot.size
            inset = Size(width: size.width / 2, height: size.height / 2)
        }
        func keep(_ v: Double, _ lo: Double, _ length: Double) -> Double {
            let hi = max(lo, length - lo)
            return min(max(v, lo), hi)
        }
        var q = p
        if single != .horizontal { q.y = keep(p.y, inset.height, viewport.height) }
        if single != .vertical { q.x = keep(p.x, inset.width, viewport.width) }
        return q
    }

    /// Brings the snapshot up to date while dragging, unless it already is: it depends only
    /// on the time, the finger and the offset (the rest is fixed for the drag), and updating it
    /// again from the same numbers gives the same snapshot. A dragging frame that follows a
    /// touch move at the same time, and does not scroll, updates it once instead of three times.
    @inline(__always) mutating func refreshSnapshot() {
        if let basis = phase.drag.snapshotBasis,
           basis.isIdentical(to: SnapshotBasis(time: time, finger: phase.drag.finger, offset: offset)) { return }
        updateSnapshot()
    }

    /// Recomputes the snapshot of a drag: lift progress, eased look, follow position. In place
    /// (it is a few hundred bytes).
    mutating func updateSnapshot() {
        phase.drag.snapshotBasis = SnapshotBasis(time: time, finger: phase.drag.finger, offset: offset)
        let lift = configuration.snapshot.lift
        let p = Self.progress(from: phase.drag.beganAt, now: time, duration: lift.duration)
        let e = lift.curve.value(at: p)
        let center = Self.lerp(phase.drag.liftFrom, followCenter(), e)
        let from = configuration.snapshot.liftFrom
        let scale = Self.lerp(from.scale, configuration.snapshot.scale, e)
        let alpha = Self.lerp(from.alpha, configuration.snapshot.alpha, e)
        let rotation = Self.lerp(0, configuration.snapshot.rotation, e)
        phase.drag.snapshot.lift(progress: p, center: center, offset: offset, scale: scale, alpha: alpha, rotation: rotation)
    }

    /// A snapshot with every number finite (a misbehaving style never leaks NaN): a non-finite
    /// centre falls back to `fallback`'s, anything else to its neutral value.
    static func sanitized(_ s: SnapshotState, fallback: SnapshotState?) -> SnapshotState {
        if s.isFinite { return s }
        var f = s
        f.replaceNonFinite(center: fallback?.center ?? .zero, contentCenter: fallback?.contentCenter ?? .zero)
        return f
    }

    /// Starts the drop animation towards the dragged item's cell.
    mutating func beginDrop() {
        guard phase.state == .dragging else { return }
        // A paged layout settles on a page: the offset glides there with the drop (same
        // duration and curve), and is exactly there when the drop ends.
        phase.toDropping(Drop(start: time, from: phase.drag.snapshot, offsetFrom: offset,
                              offsetTo: layout.snappedOffset(offset, viewport: viewport).map(clampedOffset)))
        updateDrop()
    }

    /// Advances the drop; at its end the session goes idle.
    mutating func updateDrop() {
        guard phase.state == .dropping else { return }
        let spec = configuration.snapshot.drop
        let p = Self.progress(from: phase.drop.start, now: time, duration: spec.duration)
        if p >= 1 { finishDrop(); return }
        let e = spec.curve.value(at: p)
        if let to = phase.drop.offsetTo { offset = clampedOffset(Self.lerp(phase.drop.offsetFrom, to, e)) }
        let from = phase.drop.from
        let target = layout.frame(of: phase.drag.current).map { $0.center - offset } ?? from.center
        let to = configuration.snapshot.dropTo
        // The snapshot as it began the drop, moved and faded in place.
        var snapshot = from
        snapshot.phase = .dropping
        snapshot.dropProgress = p
        let center = Self.lerp(from.center, target, e)
        snapshot.center = center
        snapshot.contentCenter = center + offset
        snapshot.scale = Self.lerp(from.scale, to.scale, e)
        snapshot.alpha = Self.lerp(from.alpha, to.alpha, e)
        snapshot.rotation = Self.lerp(from.rotation, 0, e)
        phase.drag.snapshot = snapshot.isFinite ? snapshot : Self.sanitized(snapshot, fallback: from)
    }

    /// The drop is over: the cell shows again, the session is idle.
    mutating func finishDrop() {
        guard phase.state == .dropping else { return }
        if let to = phase.drop.offsetTo { offset = clampedOffset(to) }
        phase.toIdle()
    }
}
