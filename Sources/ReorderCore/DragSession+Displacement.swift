/// A cell a step moved, sliding from where it was drawn to its new slot.
struct Slide: Hashable, Sendable {
    /// Where the slide starts (content coordinates): where the cell was drawn when the step came.
    var from: Rect
    /// The time of the step.
    var start: Double
}

/// The slides under way, by item handle. Kept small: finished ones are dropped as new ones come.
/// The two buffers are reused from step to step, so a step allocates nothing once they have
/// grown (a dragging frame allocates nothing: `reorder bench`).
struct Slides: Sendable {
    var byHandle: [Int32: Slide] = [:]
    /// Every slide started, oldest first (slides all last the policy's one duration, so they
    /// end in this order); `head` is the first one not yet dropped. Each step drops the ended
    /// ones from the front: a step's work does not grow with the slides under way.
    var started: [(handle: Int32, start: Double)] = []
    var head = 0
    /// The cells the step being taken displaces.
    var pending: [DisplacedCell] = []
}

/// One cell a step is about to displace: its item, its position before the step, and where it
/// is drawn then (content coordinates).
struct DisplacedCell: Sendable {
    var handle: Int32
    var position: ItemPosition
    var drawn: Rect
}

/// Displacement: when a step moves cells, each slides from its old slot to its new one under
/// the policy's `displacement` animation. An interrupted slide restarts from where the cell is
/// drawn at the moment of the new step.
extension DragSession {
    /// Most positions walked one by one for a step inside a section; a longer jump looks only at
    /// the cells near the viewport.
    static let slideScanLimit = 64

    @inline(__always) static func lerp(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
        Rect(x: lerp(a.minX, b.minX, t), y: lerp(a.minY, b.minY, t),
             width: lerp(a.size.width, b.size.width, t), height: lerp(a.size.height, b.size.height, t))
    }

    /// Where the item with `handle` is drawn at `time` (content coordinates), its slot being
    /// `slot`; the second value is the slide's linear progress while it slides (nil at rest).
    ///
    /// The slide's curve and duration are those of the drag that started it (the policy's
    /// static fields are fixed from the press to the end of the drop).
    func drawnFrame(handle: Int32, slot: Rect, at time: Double) -> (frame: Rect, progress: Double?) {
        guard let slide = slides.byHandle[handle] else { return (slot, nil) }
        let spec = configuration.displacement
        let p = Self.progress(from: slide.start, now: time, duration: spec.duration)
        guard p < 1 else { return (slot, nil) }
        return (Self.lerp(slide.from, slot, spec.curve.value(at: p)), p)
    }

    /// Collects into `slides.pending` the cells the step from `current` to `target` will move,
    /// drawn where they are now. None when the policy's displacement has no duration.
    mutating func collectDisplaced(from current: ItemPosition, to target: ItemPosition, semantics: Semantics) {
        slides.pending.removeAll(keepingCapacity: true)
        let spec = configuration.displacement
        guard spec.duration.isFinite, spec.duration > 0 else { return }
        // Cells within a viewport of the visible area: others are not seen sliding.
        let near = Rect(x: offset.x - viewport.width, y: offset.y - viewport.height,
                        width: viewport.width * 3, height: viewport.height * 3)
        switch semantics {
        case .exchange:
            addDisplaced(current, near: near)
            addDisplaced(target, near: near)
        case .move where current.section == target.section:
            let lo = min(current.item, target.item), hi = max(current.item, target.item)
            if hi - lo <= Self.slideScanLimit {
                for item in lo...hi { addDisplaced(ItemPosition(section: current.section, item: item), near: near) }
            } else {
                for p in layout.positions(in: near) where p.section == current.section && p.item >= lo && p.item <= hi {
                    addDisplaced(p, near: near)
                }
            }
        case .move:
            for p in layout.positions(in: near)
            where (p.section == current.section && p.item >= current.item)
                || (p.section == target.section && p.item >= target.item) {
                addDisplaced(p, near: near)
            }
        }
    }

    /// Adds `p` to `slides.pending` when it holds an item whose slot is near the visible area.
    private mutating func addDisplaced(_ p: ItemPosition, near: Rect) {
        guard order.isValid(p), let slot = layout.frame(of: p), slot.maxX >= near.minX, slot.minX <= near.maxX,
              slot.maxY >= near.minY, slot.minY <= near.maxY else { return }
        let handle = order.handle(at: p)
        let cell = DisplacedCell(handle: handle, position: p, drawn: drawnFrame(handle: handle, slot: slot, at: time).frame)
        slides.pending.append(cell)
    }

    /// Where `p` is after the step (as ``Order/move(from:to:)`` and ``Order/exchange(_:_:)``
    /// rearrange).
    static func position(_ p: ItemPosition, after semantics: Semantics, from current: ItemPosition,
                         to target: ItemPosition) -> ItemPosition {
        if p == current { return target }
        switch semantics {
        case .exchange:
            return p == target ? current : p
        case .move where current.section == target.section:
            guard p.section == current.section else { return p }
            if current.item < target.item, p.item > current.item, p.item <= target.item {
                return ItemPosition(section: p.section, item: p.item - 1)
            }
            if target.item < current.item, p.item >= target.item, p.item < current.item {
                return ItemPosition(section: p.section, item: p.item + 1)
            }
            return p
        case .move:
            if p.section == current.section, p.item > current.item {
                return ItemPosition(section: p.section, item: p.item - 1)
            }
            if p.section == target.section, p.item >= target.item {
                return ItemPosition(section: p.section, item: p.item + 1)
            }
            return p
        }
    }

    /// Starts a slide for every cell of `slides.pending` whose slot changed (after the step was
    /// applied).
    mutating func startSlides(from current: ItemPosition, to target: ItemPosition, semantics: Semantics) {
        guard !slides.pending.isEmpty else { return }
        // Drop the slides that have ended, oldest first (an entry whose cell has restarted its
        // slide since is stale: the newer entry comes later).
        let duration = configuration.displacement.duration
        while slides.head < slides.started.count, slides.started[slides.head].start + duration <= time {
            let (handle, start) = slides.started[slides.head]
            if slides.byHandle[handle]?.start == start { slides.byHandle.removeValue(forKey: handle) }
            slides.head += 1
        }
        if slides.head >= 64, slides.head * 2 >= slides.started.count {
            slides.started.removeFirst(slides.head)   // in place: the capacity stays
            slides.head = 0
        }
        let displaced = slides.pending
        for cell in displaced {
            let p = Self.position(cell.position, after: semantics, from: current, to: target)
            guard let slot = layout.frame(of: p), slot != cell.drawn else { continue }
            slides.byHandle[cell.handle] = Slide(from: cell.drawn, start: time)
            slides.started.append((handle: cell.handle, start: time))
        }
    }
}
