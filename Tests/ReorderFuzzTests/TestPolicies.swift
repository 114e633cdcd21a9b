import ReorderCore

// Native policies the fuzz tests share: correct locking policies, a planted lock bug, and a
// policy that vetoes drops (rollbacks).

/// A JXMovableCellTableView policy that locks items (`finished`, `locked`, `movable = false`);
/// its target hook skips locked rows, so locked items never move at all.
final class LockingJXPolicy: JXMovablePolicy, @unchecked Sendable {
    override func canMove(_ ctx: PolicyContext, at position: ItemPosition) -> Bool {
        Self.movable(ctx.item(at: position))
    }
    static func movable(_ item: Item) -> Bool {
        !item.flag("finished") && !item.flag("locked") && item.fields["movable"] != .bool(false)
    }
    /// An exchange with no item (an append to another section, an empty section) is a move:
    /// the rows after the dragged one shift up, so with a locked one among them it is refused.
    /// (Keyboard steps reach such appends often: the fuzzer found this with them.)
    override func target(_ ctx: PolicyContext, from: ItemPosition, proposed: ItemPosition) -> ItemPosition? {
        guard let t = super.target(ctx, from: from, proposed: proposed) else { return nil }
        if !ctx.order.isValid(t) {
            for i in (from.item + 1)..<max(from.item + 1, ctx.count(from.section))
            where !Self.movable(ctx.item(at: ItemPosition(section: from.section, item: i))) { return nil }
        }
        return t
    }
}

/// UIKit's policy with locks: locked items cannot be lifted (they may still shift by one
/// when another item moves past them, as in UIKit).
final class LockingUIKitPolicy: UIKitPolicy, @unchecked Sendable {
    override func canMove(_ ctx: PolicyContext, at position: ItemPosition) -> Bool {
        LockingJXPolicy.movable(ctx.item(at: position))
    }
}

/// A planted bug: it locks items but lets exchanges displace them (its target hook does not
/// skip locked rows), so "locked items never move" fails and the fuzzer must find it.
final class LeakyLockPolicy: JXMovablePolicy, @unchecked Sendable {
    override func canMove(_ ctx: PolicyContext, at position: ItemPosition) -> Bool {
        LockingJXPolicy.movable(ctx.item(at: position))
    }
    override func target(_ ctx: PolicyContext, from: ItemPosition, proposed: ItemPosition) -> ItemPosition? { proposed }
}

/// UIKit's policy whose `onEnd` vetoes every other drop: rollbacks must restore exactly.
final class VetoingPolicy: UIKitPolicy, @unchecked Sendable {
    var drops = 0
    override func onEnd(_ ctx: PolicyContext, from: ItemPosition, to: ItemPosition) -> Bool {
        drops += 1
        return drops % 2 == 0
    }
}
