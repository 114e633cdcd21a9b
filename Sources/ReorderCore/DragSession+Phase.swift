/// The phases of an interaction, each with the data it alone needs.
///
/// `idle → pressing → dragging → dropping → idle`. A press (``Press``) becomes a drag
/// (``Drag``: how it began, a press or a key (``Lift``), the lifted snapshot, the edge-scroll
/// episodes, the group lifted with the item), which ends in a drop (``Drop``: the snapshot
/// settling onto the dragged item's cell).
extension DragSession {
    /// The phase and its data, together.
    ///
    /// A phase's data are reached only through this type, and only in that phase: ``press``
    /// while pressing, ``drag`` while dragging or dropping (the drop lands the drag), ``drop``
    /// while dropping; anything else stops the program (a precondition). The phase changes only
    /// by its transitions, each of which sets the data of the phase it enters, and leaving a
    /// phase resets the data it alone had (a group's buffers are let go). So no code outside
    /// this type can make a drag without its dragged item, a drop without the drag it lands, or
    /// a keyboard lift or a group outside a drag, and none can see stale data.
    ///
    /// The data are stored side by side rather than as the payloads of an enum's cases. An
    /// enum whose payload is larger than about 120 bytes is copied whole, through outlined
    /// calls, each time its case is tested or a field of the payload read (Swift 6.3; a drag is
    /// about 500 bytes); a payload behind a reference costs an allocation at every transition
    /// and a uniqueness check at every input. Stored side by side, a field is read and written
    /// in place, after one comparison of the phase, and a session stays a plain value.
    struct Phase: Sendable {
        /// Which phase.
        private(set) var state: State = .idle
        private var pressData = Press.none
        private var dragData = Drag.none
        private var dropData = Drop.none

        /// Whether there is a drag: dragging, or dropping it.
        @inline(__always) var hasDrag: Bool { state == .dragging || state == .dropping }

        /// The press, in place. Only while pressing.
        var press: Press {
            @inline(__always) get { only(state == .pressing, "a press"); return pressData }
            @inline(__always) _modify { only(state == .pressing, "a press"); yield &pressData }
        }

        /// The drag, in place. Only while dragging or dropping (the drop lands it).
        var drag: Drag {
            @inline(__always) get { only(hasDrag, "a drag"); return dragData }
            @inline(__always) _modify { only(hasDrag, "a drag"); yield &dragData }
        }

        /// The dragged item's position and the lifted snapshot, nil without a drag: the two
        /// reads a host makes every frame, straight from the stored data. Read through ``drag``
        /// from a class that holds the session (``DragSimulator``), Swift 6.3 copied the whole
        /// session (about 1.7 KB, with a retain and a release of each of its buffers) first.
        @inline(__always) var draggedPosition: ItemPosition? { hasDrag ? dragData.current : nil }
        @inline(__always) var liftedSnapshot: SnapshotState? { hasDrag ? dragData.snapshot : nil }

        /// The drop, in place. Only while dropping.
        var drop: Drop {
            @inline(__always) get { only(state == .dropping, "a drop"); return dropData }
            @inline(__always) _modify { only(state == .dropping, "a drop"); yield &dropData }
        }

        /// Stops the program when a phase's data are reached outside the phase: a bug of the
        /// session, never of its input.
        @inline(__always) private func only(_ inPhase: Bool, _ data: StaticString) {
            precondition(inPhase, "\(data) outside its phase (now \(state))")
        }

        // MARK: Transitions (the only writes of `state`)

        /// A finger went down on an item: from idle to pressing.
        @inline(__always) mutating func toPressing(_ press: consuming Press) {
            precondition(state == .idle, "a press begins only when idle")
            pressData = press
            state = .pressing
        }

        /// The drag begins: from pressing (the press goes into the drag, ``Lift/touch(_:)``) or
        /// from idle (a key lifted the focused item).
        @inline(__always) mutating func toDragging(_ drag: consuming Drag) {
            precondition(state == .idle || state == .pressing, "a drag begins from idle or a press")
            pressData = .none
            dragData = drag
            state = .dragging
        }

        /// The drag ended: its drop begins, and lands it.
        @inline(__always) mutating func toDropping(_ drop: consuming Drop) {
            precondition(state == .dragging, "a drop follows a drag")
            dropData = drop
            state = .dropping
        }

        /// Back to idle: whatever phase it was in, its data are let go.
        mutating func toIdle() {
            switch state {
            case .idle: return
            case .pressing: pressData = .none
            case .dragging: dragData = .none
            case .dropping: dragData = .none; dropData = .none
            }
            state = .idle
        }
    }

    /// A finger down on an item, the drag not begun.
    struct Press: Sendable {
        /// Where the finger went down (viewport) and when.
        var point: Point, time: Double
        /// Where the finger is now (viewport).
        var finger: Point
        /// The item under the finger.
        var position: ItemPosition
        /// The content offset at the press.
        var offset: Point
        /// Cell centre (content) at the press: the `y` follow mode keeps its x.
        var cellCenter: Point

        /// What ``Phase`` holds outside a press (never read then).
        static let none = Press(point: .zero, time: 0, finger: .zero, position: ItemPosition(section: 0, item: 0),
                                offset: .zero, cellCenter: .zero)
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
        var original, current: ItemPosition
        /// The dragged item's handle (it follows the item through every step).
        var handle: Int32
        /// The time the drag began, and the time of its last frame (the edge scroll's `dt` is
        /// the time since).
        var beganAt, lastFrameTime: Double
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
        var snapshotBasis: SnapshotBasis? = nil
        /// The edge-scroll episode on each axis, nil outside the zones.
        var verticalEpisode: ScrollEpisode? = nil, horizontalEpisode: ScrollEpisode? = nil
        /// The time at the start of the dragging frame in which the finger last came over the
        /// viewport (nil while it is outside, and before the first frame): `ctx.over_since`.
        var fingerOverAt: Double? = nil
        /// The selection lifted with the item (DragSession+Group).
        var group: GroupDrag? = nil
        /// The subtree lifted with a tree node (DragSession+Tree).
        var tree: TreeDrag? = nil
        /// What the hooks see of the tree until the landing (``DragSession/treeShared()``), with
        /// the viewport and frame rate: the tree does not change during the drag, so one serves
        /// every hook call until the projection changes, instead of a new one (allocations and a
        /// copy of the tree's references) per call. Beside ``tree``, not in it, so that the tree
        /// part stays plain.
        var treeShared: PolicyContext.Shared? = nil
        /// Where the drop lands when the policy combines or shows the indicator
        /// (DragSession+Combine).
        var landing = Landing.none

        /// What ``Phase`` holds outside a drag (never read then).
        static let none = Drag(lift: .touch(.none), original: ItemPosition(section: 0, item: 0),
                               current: ItemPosition(section: 0, item: 0), handle: -1, beganAt: 0, lastFrameTime: 0,
                               liftFrom: .zero, scrollAxis: .vertical, finger: .zero, snapshot: .none)

        /// Whether a key lifted the item.
        @inline(__always) var isKeyboard: Bool {
            if case .keyboard = lift { return true }
            return false
        }

        /// Where a keyboard drag's reveal glides to, else nil.
        var glide: KeyboardScroll? {
            @inline(__always) get {
                if case .keyboard(let keyboard) = lift { return keyboard.glide }
                return nil
            }
            @inline(__always) set {
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

        /// The time since the last dragging frame (never negative), and `t` recorded as the last.
        @inline(__always) mutating func beginFrame(at t: Double) -> Double {
            let dt = max(0, t - lastFrameTime)
            lastFrameTime = t
            return dt
        }
    }

    /// The snapshot settling onto the dragged item's cell (the drag it lands is still the
    /// phase's ``Phase/drag``: its item and its snapshot, which the drop animates).
    struct Drop: Sendable {
        /// When the drop began, and the snapshot it began with.
        var start: Double
        var from: SnapshotState
        /// The offset when the drop began, and where a paged layout snaps it (nil: no snap).
        var offsetFrom: Point
        var offsetTo: Point?

        /// What ``Phase`` holds outside a drop (never read then).
        static let none = Drop(start: 0, from: .none, offsetFrom: .zero, offsetTo: nil)
    }

    // MARK: Reading the phase

    /// The phase of the interaction.
    public var state: State { phase.state }

    /// Where the finger is (viewport coordinates) while it is down: pressing, or dragging (a
    /// keyboard drag's rests on the item's cell centre).
    public var finger: Point? {
        switch phase.state {
        case .pressing: return phase.press.finger
        case .dragging: return phase.drag.finger
        case .idle, .dropping: return nil
        }
    }

    /// The lifted snapshot while dragging or dropping, else nil.
    public var snapshot: SnapshotState? { @inline(__always) get { phase.liftedSnapshot } }

    /// Where the dragged item was when the drag began (dragging or dropping).
    public var originalPosition: ItemPosition? { @inline(__always) get { phase.hasDrag ? phase.drag.original : nil } }

    /// Where the dragged item is now (dragging or dropping).
    public var currentPosition: ItemPosition? { @inline(__always) get { phase.draggedPosition } }

    /// The time the current drag began (dragging or dropping).
    public var dragBeganAt: Double? { @inline(__always) get { phase.hasDrag ? phase.drag.beganAt : nil } }

    /// The group lifted with the dragged item, dragging or dropping.
    var group: GroupDrag? { @inline(__always) get { phase.hasDrag ? phase.drag.group : nil } }

    /// The dragged item's handle, dragging or dropping.
    var draggedHandle: Int32? { @inline(__always) get { phase.hasDrag ? phase.drag.handle : nil } }
}

extension SnapshotState {
    /// A snapshot of nothing (the phase's storage outside a drag).
    static let none = SnapshotState(phase: .lifting, center: .zero, contentCenter: .zero, size: .zero, scale: 1,
                                    alpha: 1, rotation: 0, cornerRadius: 0, shadow: .none, placeholder: .visible,
                                    liftProgress: 0, dropProgress: 0)
}
