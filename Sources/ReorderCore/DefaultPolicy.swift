/// The recommended policy (`default` in Lua): UIKit's activation and semantics with an edge
/// scroll curve chosen for phones.
///
/// - Activation: 0.5 s press, 10 pt tolerance (UILongPressGestureRecognizer's defaults).
/// - Move semantics, target = the item under the finger, cancel reverts (UIKit's interactive
///   movement).
/// - Edge scroll (vertical, reference = finger):
///   - zone = min(25 % of the viewport, 120 pt). 25 % is react-beautiful-dnd's and
///     pragmatic-drag-and-drop's zone; pragmatic caps it (180 px on desktops); on a 667 pt phone
///     120 pt is about 2.7 rows of 44 pt: an easy thumb target that leaves most of the list as a
///     drop area.
///   - speed = 1500 pt/s × r² × ramp, r = min(depth / zone, 1): the quadratic ease
///     (react-beautiful-dnd's x²) gives fine control near the zone's inner border and full
///     speed at the edge or past it; 1500 pt/s is pragmatic-drag-and-drop's "fast" speed
///     (about 34 rows of 44 pt per second).
///   - ramp = min(elapsed / 0.4 s, 1): pragmatic's 400 ms linear time dampening, so a drag that
///     begins inside the zone does not shoot away. Speeds are per second and linear in time,
///     so 60 Hz and 120 Hz scroll the same distance.
/// - The snapshot and the slides are ``PolicyConfiguration``'s defaults: the lifted row casts
///   ``Shadow/soft``, and displaced cells slide over 0.25 s with dnd-kit's sortable curve,
///   cubic-bezier(0.25, 1, 0.5, 1), which moves at once (Policies/default.lua gives the sources).
///
/// Subclass it to change one hook:
/// ```swift
/// final class Vetoing: DefaultPolicy {
///     override func onEnd(_ ctx: PolicyContext, from: ItemPosition, to: ItemPosition) -> Bool { false }
/// }
/// ```
open class DefaultPolicy: NativePolicy {
    /// The static fields of `default`: ``PolicyConfiguration``'s defaults, which are written
    /// to be `default`'s (0.5 s press, 10 pt tolerance, the item under the finger, following
    /// the layout's scroll axis, edge scroll on the main axis from the finger).
    public static let standardConfiguration = PolicyConfiguration(name: "default")
    /// Zone cap, points.
    public static let maximumZone = 120.0
    /// Zone as a fraction of the viewport length.
    public static let zoneFraction = 0.25
    /// Full speed, points per second.
    public static let maximumSpeed = 1500.0
    /// Seconds of the linear time ramp.
    public static let rampDuration = 0.4

    public override init(configuration: PolicyConfiguration = DefaultPolicy.standardConfiguration) {
        super.init(configuration: configuration)
    }

    open override func edgeZone(_ ctx: PolicyContext, axis: Axis, viewportLength: Double) -> Double {
        min(Self.zoneFraction * viewportLength, Self.maximumZone)
    }
    open override func scrollSpeed(_ ctx: PolicyContext, axis: Axis, depth: Double, zone: Double, elapsed: Double) -> Double {
        guard zone > 0, depth > 0 else { return 0 }
        let r = min(depth / zone, 1)
        let ramp = min(max(elapsed, 0) / Self.rampDuration, 1)
        return Self.maximumSpeed * r * r * ramp
    }
}
