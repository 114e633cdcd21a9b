/// The default answer to every ``DragPolicy`` requirement, written once: UIKit's plain
/// behaviour (any item moves, the proposed target is taken, no edge scroll, cancel reverts,
/// the built-in keyboard texts, no clock reads). A Swift policy subclasses it and overrides
/// what it changes; ``DefaultPolicy`` and ``JXMovablePolicy`` do, and so can a subclass of any
/// of them. (The defaults live in a class, not in a protocol extension, so that a subclass's
/// `override` is what the session calls: a protocol extension's method cannot be overridden.)
///
/// ```swift
/// final class LockedFirstRow: NativePolicy {
///     override func canMove(_ ctx: PolicyContext, at p: ItemPosition) -> Bool { p.item != 0 }
/// }
/// let policy = LockedFirstRow(configuration: PolicyConfiguration(name: "locked_first_row"))
/// ```
open class NativePolicy: DragPolicy {
    public var configuration: PolicyConfiguration

    public init(configuration: PolicyConfiguration) {
        self.configuration = configuration
    }

    open func canMove(_ ctx: PolicyContext, at position: ItemPosition) -> Bool { true }
    open func target(_ ctx: PolicyContext, from: ItemPosition, proposed: ItemPosition) -> ItemPosition? { proposed }
    open func semantics(_ ctx: PolicyContext, from: ItemPosition, to: ItemPosition) -> Semantics { .move }
    open func edgeZone(_ ctx: PolicyContext, axis: Axis, viewportLength: Double) -> Double { 0 }
    open func scrollSpeed(_ ctx: PolicyContext, axis: Axis, depth: Double, zone: Double, elapsed: Double) -> Double { 0 }
    open func onBegin(_ ctx: PolicyContext, at position: ItemPosition) {}
    open func onMove(_ ctx: PolicyContext, from: ItemPosition, to: ItemPosition) {}
    open func onEnd(_ ctx: PolicyContext, from: ItemPosition, to: ItemPosition) -> Bool { true }
    open func onCancel(_ ctx: PolicyContext) -> CancelResolution { .revert }
    open func drainDiagnostics() -> [PolicyDiagnostic] { [] }
    open var clockReads: Int { 0 }
    open func announce(_ ctx: PolicyContext, event: KeyboardAnnouncement) -> KeyboardSpeech { .builtIn }
    open func actions(_ ctx: PolicyContext, at position: ItemPosition, offered: [KeyboardAction]) -> [KeyboardAction] {
        offered
    }
    open func instructions(_ ctx: PolicyContext, at position: ItemPosition) -> String { KeyboardTexts.instructions }
    open func canSelect(_ ctx: PolicyContext, at position: ItemPosition) -> Bool { true }
    open func canAdd(_ ctx: PolicyContext, at position: ItemPosition) -> Bool { true }
    open func canNest(_ ctx: PolicyContext, item: String, parent: String) -> Bool { true }
    open func combine(_ ctx: PolicyContext, from: ItemPosition, onto: ItemPosition) -> Bool { true }
}
