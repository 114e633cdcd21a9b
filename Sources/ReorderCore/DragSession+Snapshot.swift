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
    var followCenter: Point {
        // Not inlined: inlined into the mutating `updateSnapshot()`, the optimiser copied the
        // whole session (retaining every buffer) to read these few fields.
        @inline(never) get {
            // No `??` over self (its autoclosure captures the session).
            let f: Point
            if let finger { f = finger } else if hasDrag { f = dragData.liftFrom } else { f = .zero }
            guard let press else { return f }
            switch configuration.follow {
            // The followed axis is known in each case (`FollowMode.singleAxis`): `clamped` need
            // not switch over the mode again.
            case .y: return clamped(Point(x: press.cellCenter.x - offset.x, y: f.y), single: .vertical)
            case .main:
                // Along the layout's scroll axis: on vertical layouts exactly `.y`. The axis was
                // read at the lift (`Drag.scrollAxis`).
                let axis = scrollAxisOfDrag
                if axis == .horizontal {
                    return clamped(Point(x: f.x, y: press.cellCenter.y - offset.y), single: axis)
                }
                return clamped(Point(x: press.cellCenter.x - offset.x, y: f.y), single: axis)
            case .xy: return clamped(f, single: nil)
            case .translation: return clamped((press.cellCenter - press.offset) + (f - press.point), single: nil)
            }
        }
    }

    /// `p` (viewport coordinates) kept inside the viewport as `snapshot.clamp` says, on the axes
    /// the snapshot follows (y only for `follow = "y"`, the scroll axis only for `"main"`). JXMovableCellTableView's
    /// `limitSnapshotCenterY` keeps the centre within [h/2, height − h/2], h the row's height.
    /// Called only while dragging (the follow position, the target rule's point).
    @inline(__always) func clamped(_ p: Point) -> Point {
        // `FollowMode.singleAxis(scrollAxis:)`, with the scroll axis read only for `"main"`
        // (the other modes do not depend on it).
        let single: Axis?
        switch configuration.follow {
        case .y: single = .vertical
        case .main: single = scrollAxisOfDrag
        case .xy, .translation: single = nil
        }
        return clamped(p, single: single)
    }

    /// The layout's scroll axis as the drag read it at the lift (``Drag/scrollAxis``); the
    /// layout's own answer outside a drag.
    @inline(__always) var scrollAxisOfDrag: Axis {
        hasDrag ? dragData.scrollAxis : layout.scrollAxis
    }

    /// ``clamped(_:)`` with the followed axis already known (`configuration.follow`'s
    /// `singleAxis(scrollAxis:)` on this layout).
    @inline(__always) func clamped(_ p: Point, single: Axis?) -> Point {
        let inset: Size
        switch configuration.snapshot.clamp {
        case .none: return p
        case .center: inset = .zero
        case .half:
            // The snapshot's size, cached for the drag (``clampSize``): three calls a frame
            // under jx_movable, and the outlined lookup keeps this path free of calls.
            let size: Size
            if let s = clampSize { size = s } else { size = uncachedClampSize() }
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

    /// The size `snapshot.clamp = "half"` keeps inside the viewport when ``clampSize`` is not
    /// set: the snapshot's, else the dragged item's.
    @inline(never) func uncachedClampSize() -> Size {
        // No `??` over self (its autoclosure made the compiler copy the session's layout
        // existential on every call).
        if let s = snapshot?.size { return s }
        return draggedItemSize
    }

    /// Brings the snapshot up to date while dragging, unless it already is: it depends only
    /// on the time, the finger and the offset (the rest is fixed for the drag), and updating it
    /// again from the same numbers gives the same snapshot. A dragging frame that follows a
    /// touch move at the same time, and does not scroll, updates it once instead of three times.
    mutating func refreshSnapshot() {
        if hasDrag && dragData.isComputed(for: SnapshotBasis(time: time, finger: finger, offset: offset)) { return }
        updateSnapshot()
    }

    /// Recomputes the snapshot while dragging: lift progress, eased look, follow position.
    ///
    /// The snapshot is updated in place (it is a few hundred bytes; copying it out of the
    /// optional and back cost more than the arithmetic).
    mutating func updateSnapshot() {
        guard state == .dragging, hasDrag else { return }
        // The drag's data in place (``dragData``), one access for the three fields.
        let basis = SnapshotBasis(time: time, finger: finger, offset: offset)
        let (began, liftFrom, first) = dragData.record(basis)
        // The drag's first snapshot: its size is final only after the lift step below.
        if first { clampSize = nil }
        let lift = configuration.snapshot.lift
        let p = Self.progress(from: began, now: time, duration: lift.duration)
        let e = lift.curve.value(at: p)
        let center = Self.lerp(liftFrom, followCenter, e)
        let from = configuration.snapshot.liftFrom
        let scale = Self.lerp(from.scale, configuration.snapshot.scale, e)
        let alpha = Self.lerp(from.alpha, configuration.snapshot.alpha, e)
        let rotation = Self.lerp(0, configuration.snapshot.rotation, e)
        snapshot?.lift(progress: p, center: center, offset: offset, scale: scale, alpha: alpha, rotation: rotation)
        // The first lift step sanitised the size (a non-finite one becomes 0); nothing changes
        // it after that until the interaction resets (the drop keeps the snapshot's size).
        if first { clampSize = snapshot?.size }
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
        finger = nil
        verticalEpisode = nil
        horizontalEpisode = nil
        fingerOverAt = nil
        // A paged layout settles on a page: the offset glides there with the drop (same
        // duration and curve), and is exactly there when the drop ends.
        drop = Drop(start: time, from: snapshot, offsetFrom: offset,
                    offsetTo: layout.snappedOffset(offset, viewport: viewport).map(clampedOffset))
        beginPhase(.dropping)
        updateDrop()
    }

    /// Advances the drop; at its end the session goes idle.
    mutating func updateDrop() {
        guard let drop, let from = drop.from else { finishDrop(); return }
        let spec = configuration.snapshot.drop
        let p = Self.progress(from: drop.start, now: time, duration: spec.duration)
        if p >= 1 { finishDrop(); return }
        let e = spec.curve.value(at: p)
        if let to = drop.offsetTo { offset = clampedOffset(Self.lerp(drop.offsetFrom, to, e)) }
        let cell = drag.flatMap { layout.frame(of: $0.current) }
        let target = cell.map { $0.center - offset } ?? from.center
        var snap = from
        snap.phase = .dropping
        snap.dropProgress = p
        snap.center = Self.lerp(from.center, target, e)
        snap.contentCenter = snap.center + offset
        let to = configuration.snapshot.dropTo
        snap.scale = Self.lerp(from.scale, to.scale, e)
        snap.alpha = Self.lerp(from.alpha, to.alpha, e)
        snap.rotation = Self.lerp(from.rotation, 0, e)
        snapshot = Self.sanitized(snap, fallback: from)
    }

    /// The drop is over: the cell shows again, the session is idle.
    mutating func finishDrop() {
        if let to = drop?.offsetTo { offset = clampedOffset(to) }
        resetInteraction()
    }
}

extension DragSession.Drag {
    /// Records the basis a snapshot is computed for; returns when the drag began, where the lift
    /// starts, and whether this is the drag's first snapshot.
    @inline(__always) mutating func record(_ basis: DragSession.SnapshotBasis)
        -> (beganAt: Double, liftFrom: Point, first: Bool) {
        let first = snapshotBasis == nil
        snapshotBasis = basis
        return (beganAt, liftFrom, first)
    }

    /// Whether the snapshot was last computed for `basis`.
    @inline(__always) func isComputed(for basis: DragSession.SnapshotBasis) -> Bool {
        guard let b = snapshotBasis else { return false }
        return b.isIdentical(to: basis)
    }

    /// The time since the last dragging frame (never negative), and `t` recorded as the last.
    @inline(__always) mutating func beginFrame(at t: Double) -> Double {
        let dt = max(0, t - lastFrameTime)
        lastFrameTime = t
        return dt
    }
}
