/// The phases of an interaction, each with the data it alone needs.
///
/// `idle → pressing → dragging → dropping → idle`. A phase's data live in its case: leaving the
/// phase drops them, and a drag without a dragged item, a drop without the drag it lands, a
/// keyboard lift or a group outside a drag cannot be written down. ``DragSession/state`` is
/// the case's name.
///
/// Each case holds its data behind one reference (``PhaseStorage``). An enum whose payload is
/// larger than about 120 bytes is copied whole, through outlined calls, each time a case is
/// tested or a field read or written (Swift 6.3; a drag's data are about 500 bytes): one
/// reference keeps a test of the phase one comparison and a field one load. The storage is
/// copied on write, so a session stays a value.
extension DragSession {
    enum Phase: Sendable {
        case idle
        case pressing(PhaseStorage<Press>)
        case dragging(PhaseStorage<Drag>)
        case dropping(PhaseStorage<Drop>)

        /// The phase's name.
        var state: State {
            switch self {
            case .idle: return .idle
            case .pressing: return .pressing
            case .dragging: return .dragging
            case .dropping: return .dropping
            }
        }
    }

    /// A finger down on an item, the drag not begun.
    struct Press: Sendable {
        /// Where the finger went down (viewport) and when.
        var point: Point
        var time: Double
        /// Where the finger is now (viewport).
        var finger: Point
        /// The item under the finger.
        var position: ItemPosition
        /// The content offset at the press.
        var offset: Point
        /// Cell centre (content) at the press: the `y` follow mode keeps its x.
        var cellCenter: Point
    }

    /// How a drag began: a press, which the snapshot keeps following from, or a key on the
    /// focused item.
    enum Lift: Sendable {
        case touch(Press)
        case keyboard(KeyboardLift)
    }

    /// What a keyboard drag keeps (DragSession+Keyboard).
    struct KeyboardLift: Sendable {
        /// The layout's kind, found at the lift (a step then casts no existential).
        var shape: KeyboardShape
        /// A reveal gliding to its offsets.
        var glide: KeyboardScroll?
    }

    /// A drag under way.
    struct Drag: Sendable {
        var lift: Lift
        /// Where the dragged item was when the drag began, and where it is now.
        var original: ItemPosition
        var current: ItemPosition
        /// The dragged item's handle (it follows the item through every step).
        var handle: Int32
        /// The time the drag began.
        var beganAt: Double
        /// The time of the last dragging frame (the edge scroll's `dt`).
        var lastFrameTime: Double
        /// Cell centre (viewport) when the drag began: where the lift starts.
        var liftFrom: Point
        /// The layout's scroll axis (``Layout/scrollAxis``), read once at the lift: `follow =
        /// "main"` and `edge_scroll.axes = "main"` resolve against it every frame, and asking
        /// the layout is a witness call through its existential.
        var scrollAxis: Axis
        /// Where the finger is (viewport); a keyboard drag's rests on the item's cell centre.
        var finger: Point
        /// The lifted item as drawn.
        var snapshot: SnapshotState
        /// The time, finger and offset the snapshot was last computed for (nil: not computed
        /// yet). Nothing else it depends on changes during a drag.
        var snapshotBasis: SnapshotBasis?
        /// The edge-scroll episode on each axis, nil outside the zones.
        var verticalEpisode: ScrollEpisode?
        var horizontalEpisode: ScrollEpisode?
        /// The time at the start of the dragging frame in which the finger last came over the
        /// viewport (nil while it is outside, and before the first frame): `ctx.over_since`.
        var fingerOverAt: Double?
        /// The selection lifted with the item (DragSession+Group).
        var group: GroupDrag?

        /// The press the drag began with (nil for a keyboard lift).
        @inline(__always) var press: Press? {
            if case .touch(let press) = lift { return press }
            return nil
        }

        /// Where a keyboard drag's reveal glides to, else nil.
        var glide: KeyboardScroll? {
            get {
                if case .keyboard(let keyboard) = lift { return keyboard.glide }
                return nil
            }
            set {
                guard case .keyboard(var keyboard) = lift else { return }
                keyboard.glide = newValue
                lift = .keyboard(keyboard)
            }
        }

        /// The episode on `axis`.
        @inline(__always) func episode(_ axis: Axis) -> ScrollEpisode? {
            axis == .vertical ? verticalEpisode : horizontalEpisode
        }

        @inline(__always) mutating func setEpisode(_ e: ScrollEpisode?, _ axis: Axis) {
            if axis == .vertical { verticalEpisode = e } else { horizontalEpisode = e }
        }
    }

    /// The snapshot settling onto the dragged item's cell.
    struct Drop: Sendable {
        /// The drag that ended: its item (the cell it lands on) and its snapshot, which the
        /// drop animates.
        var drag: Drag
        /// When the drop began, and the snapshot it began with.
        var start: Double
        var from: SnapshotState
        /// The offset when the drop began, and where a paged layout snaps it (nil: no snap).
        var offsetFrom: Point
        var offsetTo: Point?
    }

    // MARK: Reading the phase

    /// The phase of the interaction.
    public var state: State { phase.state }

    /// Where the finger is (viewport coordinates) while it is down: pressing, or dragging (a
    /// keyboard drag's rests on the item's cell centre).
    public var finger: Point? {
        switch phase {
        case .pressing(let press): return press.value.finger
        case .dragging(let drag): return drag.value.finger
        case .idle, .dropping: return nil
        }
    }

    /// The lifted snapshot while dragging or dropping, else nil.
    public var snapshot: SnapshotState? {
        switch phase {
        case .dragging(let drag): return drag.value.snapshot
        case .dropping(let drop): return drop.value.drag.snapshot
        case .idle, .pressing: return nil
        }
    }

    /// Where the dragged item was when the drag began (dragging or dropping).
    public var originalPosition: ItemPosition? {
        switch phase {
        case .dragging(let drag): return drag.value.original
        case .dropping(let drop): return drop.value.drag.original
        case .idle, .pressing: return nil
        }
    }

    /// Where the dragged item is now (dragging or dropping).
    public var currentPosition: ItemPosition? {
        switch phase {
        case .dragging(let drag): return drag.value.current
        case .dropping(let drop): return drop.value.drag.current
        case .idle, .pressing: return nil
        }
    }

    /// The time the current drag began (dragging or dropping).
    public var dragBeganAt: Double? {
        switch phase {
        case .dragging(let drag): return drag.value.beganAt
        case .dropping(let drop): return drop.value.drag.beganAt
        case .idle, .pressing: return nil
        }
    }

    /// The drag's data, dragging or dropping (a copy: for reading).
    var drag: Drag? {
        switch phase {
        case .dragging(let drag): return drag.value
        case .dropping(let drop): return drop.value.drag
        case .idle, .pressing: return nil
        }
    }

    /// The group lifted with the dragged item, dragging or dropping.
    var group: GroupDrag? {
        switch phase {
        case .dragging(let drag): return drag.value.group
        case .dropping(let drop): return drop.value.drag.group
        case .idle, .pressing: return nil
        }
    }

    // MARK: Changing the phase's data

    /// Gives this session a storage of its own for the phase's data, copying it when a copy of
    /// the session shares it (copy on write). Every input does so once, before it changes
    /// anything (``accept(_:at:)``, ``acceptKeyboard(at:)``); it may then change the data in
    /// place through the storage until it returns: while it runs nothing else can copy the
    /// session, which it holds exclusively, and a storage it creates is its own.
    @inline(__always) mutating func ownPhase() {
        switch phase {
        case .idle:
            return
        case .pressing(var storage):
            phase = .idle   // the enum's reference let go: `storage` may be the only one
            if !isKnownUniquelyReferenced(&storage) { storage = PhaseStorage(storage.value) }
            phase = .pressing(storage)
        case .dragging(var storage):
            phase = .idle
            if !isKnownUniquelyReferenced(&storage) { storage = PhaseStorage(storage.value) }
            phase = .dragging(storage)
        case .dropping(var storage):
            phase = .idle
            if !isKnownUniquelyReferenced(&storage) { storage = PhaseStorage(storage.value) }
            phase = .dropping(storage)
        }
    }

    /// The drag's storage while dragging, for an input to read and change in place (after
    /// ``ownPhase()``).
    @inline(__always) var dragging: PhaseStorage<Drag>? {
        if case .dragging(let storage) = phase { return storage }
        return nil
    }

    /// Changes the drag's data in place, dragging or dropping (nothing runs otherwise). Only
    /// during an input (after ``ownPhase()``).
    mutating func updateDrag(_ body: (inout Drag) -> Void) {
        switch phase {
        case .dragging(let storage): body(&storage.value)
        case .dropping(let storage): body(&storage.value.drag)
        case .idle, .pressing: break
        }
    }
}

/// The data of one phase of a ``DragSession``, on the heap so that the phase enum stays one
/// reference wide (see ``DragSession/Phase``).
///
/// Copy on write: a session changes it only after making sure no other session value shares
/// it (``DragSession/ownPhase()`` copies a shared one first), so it is never changed while two
/// sessions can see it. That is what makes it `Sendable`, and what makes
/// the runtime exclusivity check on `value` redundant: every access is made from inside a
/// method of the one session that owns it, which holds the session exclusively (the check
/// cost about 30 instructions per access).
final class PhaseStorage<Value: Sendable>: @unchecked Sendable {
    @exclusivity(unchecked) var value: Value

    init(_ value: Value) { self.value = value }
}
