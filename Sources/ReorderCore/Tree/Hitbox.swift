/// Whether an operation is offered at a drop target (pragmatic-drag-and-drop's `Availability`,
/// `packages/hitbox/src/list-item.ts`): a blocked operation still takes its part of the
/// hitbox, and is shown as blocked.
public enum HitboxAvailability: Hashable, Sendable {
    case available, notAvailable, blocked

    /// `available` or `blocked`: the operation takes its part of the hitbox.
    var isPossible: Bool { self != .notAvailable }
}

/// What a hitbox asks for, and whether it is blocked: shown, not done (pragmatic's `blocked`
/// flag on a list-item instruction, its `instruction-blocked` wrapping the `desired` one on a
/// tree item).
///
/// ```swift
/// HitboxResult(instruction: TreeInstruction.makeChild, blocked: true)
/// ```
public struct HitboxResult<Instruction: Hashable & Sendable>: Hashable, Sendable {
    public var instruction: Instruction
    public var blocked: Bool

    public init(instruction: Instruction, blocked: Bool) {
        self.instruction = instruction
        self.blocked = blocked
    }
}

/// pragmatic-drag-and-drop's list-item hitbox (`packages/hitbox/src/attach-instruction-2.ts`,
/// `attachInstruction`): which operation a finger over a row asks for.
///
/// With combine possible: the first quarter of the row (its edge included) is before it, the
/// last quarter (its edge included) after it, the middle half combine; a side that is not
/// available becomes combine too. Without combine: the first half is before it, from the middle
/// on after it; with only one side available, that side everywhere.
///
/// ```swift
/// ListItemHitbox.instruction(at: 15, start: 0, size: 40)?.instruction   // combine: 10 < 15 < 30
/// ListItemHitbox.instruction(at: 10, start: 0, size: 40)?.instruction   // reorderBefore: on the quarter line
/// ```
public enum ListItemHitbox {
    public enum Operation: Hashable, Sendable {
        case reorderBefore, reorderAfter, combine
    }

    /// The instruction for a finger at `point` along the axis over a row from `start` of length
    /// `size`; nil when no operation is available.
    public static func instruction(at point: Double, start: Double, size: Double,
                                   before: HitboxAvailability = .available,
                                   after: HitboxAvailability = .available,
                                   combine: HitboxAvailability = .available) -> HitboxResult<Operation>? {
        let operation: Operation
        if !combine.isPossible {
            if before.isPossible && after.isPossible {
                // attach-instruction-2 via list-item.ts `reorder`: on the middle line, after.
                operation = point < start + size / 2 ? .reorderBefore : .reorderAfter
            } else if before.isPossible {
                operation = .reorderBefore
            } else if after.isPossible {
                operation = .reorderAfter
            } else {
                return nil
            }
        } else {
            let quarter = size / 4
            if point <= start + quarter {
                operation = before == .notAvailable ? .combine : .reorderBefore
            } else if point >= start + size - quarter {
                operation = after == .notAvailable ? .combine : .reorderAfter
            } else {
                operation = .combine
            }
        }
        let availability: HitboxAvailability
        switch operation {
        case .reorderBefore: availability = before
        case .reorderAfter: availability = after
        case .combine: availability = combine
        }
        return HitboxResult(instruction: operation, blocked: availability == .blocked)
    }
}

/// One instruction of pragmatic-drag-and-drop's tree-item hitbox
/// (`packages/hitbox/src/tree-item.ts`), without its indent bookkeeping.
public enum TreeInstruction: Hashable, Sendable {
    /// Before the target, among its siblings.
    case reorderAbove
    /// After the target, among its siblings.
    case reorderBelow
    /// The target's first child (the target opens).
    case makeChild
    /// After the target's ancestor at `desiredLevel` (a root has level 0), as its sibling.
    case reparent(desiredLevel: Int)

    /// The instruction's kind, as a block list names it (`"reorder-above"`, `"reparent"`, ...).
    public var kind: Kind {
        switch self {
        case .reorderAbove: return .reorderAbove
        case .reorderBelow: return .reorderBelow
        case .makeChild: return .makeChild
        case .reparent: return .reparent
        }
    }

    /// The kinds of instruction, for a block list.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case reorderAbove = "reorder-above"
        case reorderBelow = "reorder-below"
        case makeChild = "make-child"
        case reparent = "reparent"
    }
}

/// pragmatic-drag-and-drop's tree-item hitbox (`packages/hitbox/src/attach-instruction.ts`,
/// `getInstruction`), with the modes its tree example gives each row.
///
/// - standard: the top quarter (its line included) is reorder-above, the bottom quarter (its
///   line included) reorder-below, the middle make-child.
/// - expanded (an open node with children): the standard top quarter is reorder-above, the
///   rest make-child.
/// - last in group: left of `indentPerLevel × level` from the row's left edge, above the
///   centre is reorder-above and on or below it reparent to `max(floor((x − left) /
///   indentPerLevel), 0)`; on the visible item, the standard hitbox.
///
/// ```swift
/// let row = Rect(x: 0, y: 0, width: 300, height: 40)
/// TreeItemHitbox.instruction(finger: Point(x: 40, y: 30), row: row, level: 2, mode: .lastInGroup)
/// // reparent(desiredLevel: 1): 40 < 32 × 2, 30 >= 20, floor(40 / 32) = 1
/// ```
public enum TreeItemHitbox {
    /// pragmatic's tree example: `indentPerLevel = 32`
    /// (`packages/documentation/examples/pieces/tree-legacy/constants.ts` line 1).
    public static let indentPerLevel = 32.0

    /// How a row's hitbox is shaped (pragmatic's `ItemMode`).
    public enum Mode: Hashable, Sendable {
        case standard, expanded, lastInGroup
    }

    /// The instruction for a finger over a row at `level`; an instruction whose kind is in
    /// `blocked` comes back blocked.
    public static func instruction(finger: Point, row: Rect, level: Int, indentPerLevel: Double = indentPerLevel,
                                   mode: Mode, blocked: Set<TreeInstruction.Kind> = []) -> HitboxResult<TreeInstruction> {
        let instruction = desired(finger: finger, row: row, level: level, indentPerLevel: indentPerLevel, mode: mode)
        return HitboxResult(instruction: instruction, blocked: blocked.contains(instruction.kind))
    }

    static func standard(_ y: Double, _ row: Rect) -> TreeInstruction {
        let quarter = row.size.height / 4
        if y <= row.minY + quarter { return .reorderAbove }
        if y >= row.maxY - quarter { return .reorderBelow }
        return .makeChild
    }

    static func desired(finger: Point, row: Rect, level: Int, indentPerLevel: Double, mode: Mode) -> TreeInstruction {
        switch mode {
        case .standard:
            return standard(finger.y, row)
        case .expanded:
            let s = standard(finger.y, row)
            return s == .reorderAbove ? s : .makeChild
        case .lastInGroup:
            let inset = indentPerLevel * Double(level)
            guard finger.x < row.minX + inset else { return standard(finger.y, row) }
            // attach-instruction.ts getCenter: (top + bottom) / 2.
            if finger.y < (row.minY + row.maxY) / 2 { return .reorderAbove }
            let raw = ((finger.x - row.minX) / indentPerLevel).rounded(.down)
            // Math.max(.., 0) as the peer; at most `level` (x is left of the inset) so that a
            // negative or zero indent cannot make a number no Int holds.
            let desired = raw.isFinite ? Int(max(0, min(raw, Double(level)))) : 0
            return .reparent(desiredLevel: desired)
        }
    }
}

extension Tree {
    /// The hitbox mode pragmatic's tree example gives a visible node (`tree-legacy.tsx` and
    /// `tree-item.tsx`): expanded when it has children and is open, else last in group when it
    /// is its parent's last child (or the last root), else standard. `asCollapsed` gives the mode
    /// of the dragged node, which the example collapses on drag start (tree-item.tsx lines
    /// 324-329): never expanded.
    public func hitboxMode(of h: Int32, asCollapsed: Bool = false) -> TreeItemHitbox.Mode {
        if !asCollapsed && hasChildren(h) && !isCollapsed(h) { return .expanded }
        let end: Int32 = parent(h).map { positions[Int($0)] + sizes[Int($0)] } ?? Int32(order.count)
        return positions[Int(h)] + sizes[Int(h)] == end ? .lastInGroup : .standard
    }

    /// Applies a tree-item instruction the way pragmatic's tree example's reducer does
    /// (`packages/documentation/examples/data/tree-legacy.ts`, `dataReducer`):
    /// reorder-above puts `h` before `target`, reorder-below after it, make-child makes it the
    /// target's *first* child and opens the target, reparent puts it after the target's
    /// ancestor at the desired level. Returns whether the tree changed: an instruction other
    /// than reparent onto the node itself changes nothing, as in the reducer.
    ///
    /// Throws a ``ValidationError`` (field `tree`) when the target lies in `h`'s subtree, or a
    /// reparent names a level the target has no ancestor at (the reducer would lose the node).
    ///
    /// ```swift
    /// var tree = try Tree(["a", "b"])
    /// if let a = tree.handle(of: "a"), let b = tree.handle(of: "b") {
    ///     try tree.apply(.makeChild, moving: a, target: b)   // true
    /// }
    /// tree.nested().map(\.description)   // ["b(a)"]
    /// ```
    @discardableResult
    public mutating func apply(_ instruction: TreeInstruction, moving h: Int32, target: Int32) throws(ValidationError) -> Bool {
        guard contains(h), contains(target) else {
            throw ValidationError(field: "tree", message: "unknown node \(contains(h) ? target : h)")
        }
        let destination: TreeDestination
        if case .reparent(let level) = instruction {
            guard level >= 0, level < depth(target), let anchor = ancestor(of: target, atDepth: level) else {
                let levels = depth(target) == 0 ? "none (it is a root)" : "0 to \(depth(target) - 1)"
                throw ValidationError(field: "tree", message:
                    "reparent to level \(level): the levels of \"\(id(target))\"'s ancestors are \(levels)")
            }
            // The reducer removes the node, then inserts it after the anchor; the node itself as
            // anchor leaves it where it is.
            if anchor == h { return false }
            if isInSubtree(anchor, of: h) {
                throw ValidationError(field: "tree", message:
                    "\"\(id(h))\" cannot go after \"\(id(anchor))\": a node cannot go into its own subtree")
            }
            destination = self.destination(after: anchor, moving: h)
        } else {
            if target == h { return false }
            if isInSubtree(target, of: h) {
                throw ValidationError(field: "tree", message:
                    "\"\(id(h))\" cannot go next to or under \"\(id(target))\": a node cannot go into its own subtree")
            }
            switch instruction {
            case .reorderAbove: destination = self.destination(before: target, moving: h)
            case .reorderBelow: destination = self.destination(after: target, moving: h)
            default: destination = TreeDestination(parent: target, index: 0)
            }
        }
        try move(h, to: destination)
        if instruction == .makeChild { setCollapsed(target, false) }
        return true
    }

    /// Combines `h` onto `target` in a tree: `h` becomes the target's first child and the target
    /// opens, the rule of make-child (one rule for both: dropping onto a node nests it there).
    ///
    /// ```swift
    /// var tree = try Tree(["a", TreeNodeDescription(id: "folder", collapsed: true)])
    /// if let a = tree.handle(of: "a"), let folder = tree.handle(of: "folder") {
    ///     try tree.combine(a, onto: folder)
    /// }
    /// tree.nested().map(\.description)   // ["folder(a)"]
    /// ```
    @discardableResult
    public mutating func combine(_ h: Int32, onto target: Int32) throws(ValidationError) -> Bool {
        try apply(.makeChild, moving: h, target: target)
    }
}
