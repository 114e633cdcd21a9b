import ReorderCore
@testable import ReorderPlot

/// JXMovableCellTableView's curve: 150 pt zone, depth/150 × 20 pt per frame.
final class LinearTestPolicy: NativePolicy {
    convenience init() { self.init(configuration: PolicyConfiguration(name: "linear")) }
    override func edgeZone(_ ctx: PolicyContext, axis: Axis, viewportLength: Double) -> Double { 150 }
    override func scrollSpeed(_ ctx: PolicyContext, axis: Axis, depth: Double, zone: Double, elapsed: Double) -> Double {
        depth / zone * 20 * ctx.frameRate
    }
}

/// pragmatic-drag-and-drop's shape: zone min(25 %, 180), full speed at half the zone,
/// 400 ms linear time ramp, 900 pt/s.
final class RampTestPolicy: NativePolicy {
    convenience init() { self.init(configuration: PolicyConfiguration(name: "ramp")) }
    override func edgeZone(_ ctx: PolicyContext, axis: Axis, viewportLength: Double) -> Double {
        min(viewportLength * 0.25, 180)
    }
    override func scrollSpeed(_ ctx: PolicyContext, axis: Axis, depth: Double, zone: Double, elapsed: Double) -> Double {
        min(1, depth / (zone / 2)) * 900 * min(1, elapsed / 0.4)
    }
}

/// Edge scrolling switched off (the cookbook).
final class OffTestPolicy: NativePolicy {
    convenience init() {
        var c = PolicyConfiguration(name: "off")
        c.edgeScroll.enabled = false
        self.init(configuration: c)
    }
    override func edgeZone(_ ctx: PolicyContext, axis: Axis, viewportLength: Double) -> Double { 100 }
}

/// A misbehaving curve: NaN at the edge, negative inside.
final class BrokenTestPolicy: NativePolicy {
    convenience init() { self.init(configuration: PolicyConfiguration(name: "broken")) }
    override func edgeZone(_ ctx: PolicyContext, axis: Axis, viewportLength: Double) -> Double { 40 }
    override func scrollSpeed(_ ctx: PolicyContext, axis: Axis, depth: Double, zone: Double, elapsed: Double) -> Double {
        depth == zone ? .nan : -depth
    }
}

/// Speed of `policy` as the plot asks for it (same context, same clamp).
func speed(of policy: any DragPolicy, depth: Double, zone: Double, elapsed: Double,
           options: SpeedPlot.Options = SpeedPlot.Options()) -> Double {
    let ctx = SpeedCurve.context(options: options, order: SpeedCurve.sampleOrder(options), elapsed: elapsed)
    return SpeedCurve.clamp(policy.scrollSpeed(ctx, axis: .vertical, depth: depth, zone: zone, elapsed: elapsed))
}

/// Counts its calls within a drag: speed = calls since `onBegin`.
final class DragCountingPolicy: NativePolicy {
    convenience init() { self.init(configuration: PolicyConfiguration(name: "counting")) }
    var begins = 0, ends = 0, calls = 0
    override func edgeZone(_ ctx: PolicyContext, axis: Axis, viewportLength: Double) -> Double { 10 }
    override func onBegin(_ ctx: PolicyContext, at position: ItemPosition) { begins += 1; calls = 0 }
    override func onEnd(_ ctx: PolicyContext, from: ItemPosition, to: ItemPosition) -> Bool { ends += 1; return true }
    override func scrollSpeed(_ ctx: PolicyContext, axis: Axis, depth: Double, zone: Double, elapsed: Double) -> Double {
        calls += 1
        return Double(calls)
    }
}
