/// UIKit's own behaviour (`uikit` in Lua): 0.5 s press, 10 pt tolerance, move semantics,
/// the proposed target passed through `target` (UIKit's
/// `targetIndexPathForMoveFromRowAt:toProposedIndexPath:`), cancel reverts (collection view
/// interactive movement). The origin cell stays visible as a spacer. UIKit does not document
/// its auto-scroll curve, its lifted cell's shadow or its row animation's curve: this uses
/// `default`'s edge scroll and shadow, and UIView's default 0.25 s ease-in-out for displaced
/// cells.
///
/// ```swift
/// let policy = UIKitPolicy()
/// policy.configuration.name   // "uikit"
/// ```
open class UIKitPolicy: DefaultPolicy {
    /// The static fields of `uikit`.
    public static let uikitConfiguration: PolicyConfiguration = {
        var c = DefaultPolicy.standardConfiguration
        c.name = "uikit"
        c.snapshot.placeholder = .visible
        c.displacement = AnimationSpec(duration: 0.25, curve: .easeInOut)
        return c
    }()

    public init() { super.init(configuration: Self.uikitConfiguration) }
    public override init(configuration: PolicyConfiguration) { super.init(configuration: configuration) }
}
