import Testing
@testable import ReorderCore

/// Seeded random inputs against misbehaving policies: the invariants hold after every step.
@Suite struct RandomInputTests {
    /// A policy whose every answer is random, including nonsense.
    final class Chaos: NativePolicy {
        var rng: SplitMix64
        init(seed: UInt64) {
            rng = SplitMix64(seed: seed)
            var c = PolicyConfiguration(name: "chaos")
            c.minPressDuration = 0.2
            c.edgeScroll.axes = .both
            c.targetRule = seed % 2 == 0 ? .underFinger : .centerDistance
            c.follow = [FollowMode.y, .xy, .translation][Int(seed % 3)]
            c.snapshot.scale = seed % 5 == 0 ? .nan : 1.1
            super.init(configuration: c)
        }
        override func canMove(_ ctx: PolicyContext, at position: ItemPosition) -> Bool { rng.int(in: 0...4) != 0 }
        override func target(_ ctx: PolicyContext, from: ItemPosition, proposed: ItemPosition) -> ItemPosition? {
            switch rng.int(in: 0...3) {
            case 0: return nil
            case 1: return ItemPosition(section: rng.int(in: 0...4) - 1, item: rng.int(in: 0...39) - 5)
            default: return proposed
            }
        }
        override func semantics(_ ctx: PolicyContext, from: ItemPosition, to: ItemPosition) -> Semantics {
            rng.int(in: 0...1) == 0 ? .move : .exchange
        }
        override func edgeZone(_ ctx: PolicyContext, axis: Axis, viewportLength: Double) -> Double {
            rng.pick([Double.nan, -10, 80, .infinity, 200])
        }
        override func scrollSpeed(_ ctx: PolicyContext, axis: Axis, depth: Double, zone: Double, elapsed: Double) -> Double {
            rng.pick([Double.nan, -100, 900, .infinity, 1e300])
        }
        override func onEnd(_ ctx: PolicyContext, from: ItemPosition, to: ItemPosition) -> Bool { rng.int(in: 0...1) == 0 }
        override func onCancel(_ ctx: PolicyContext) -> CancelResolution { rng.int(in: 0...1) == 0 ? .revert : .commit }
    }

    @Test(arguments: 0..<12)
    func invariantsHoldUnderChaos(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &* 7919)
        let policy = Chaos(seed: UInt64(seed))
        let sections = [rowItems(30), rowItems(0, prefix: "e"), rowItems(12, prefix: "s")]
        let sim = tableSimulator(sections, policy: policy, headerHeight: 25,
                                 viewport: Size(width: 320, height: 400))
        var pressBegin = sim.order
        var seen: Set<String> = []
        for _ in 0..<400 {
            let x = rng.double(in: -50...400), y = rng.double(in: -50...450)
            switch rng.int(in: 0...8) {
            case 0: sim.press(at: Point(x: x, y: y))
            case 1: sim.move(to: Point(x: x, y: y), over: rng.double(in: 0...0.3))
            case 2: sim.release()
            case 3: sim.cancel()
            case 4: sim.tick(rng.int(in: 0...19))
            case 5: sim.hold(rng.double(in: 0...0.5))
            case 6: sim.apply(.frame(sim.time + rng.double(in: -0.1...0.1)))
            case 7: sim.apply(.move(sim.time, Point(x: .nan, y: y)))
            default: sim.drag(from: pos(0, rng.int(in: 0...29)), to: pos(rng.int(in: 0...1) * 2, rng.int(in: 0...11)), over: 0.2)
            }
            expectInvariants(sim)
            seen.formUnion(sim.takeEvents().map(\.typeName))
            if sim.state == .idle || sim.state == .pressing { pressBegin = sim.order }
            // Whatever happened, the items are the ones we began with.
            #expect(sim.order.storage == pressBegin.storage)
        }
        // The run exercised real drags, not just ignored inputs.
        #expect(seen.isSuperset(of: ["begin", "move"]), "\(seen)")
        #expect(seen.contains("end") || seen.contains("rollback"))
    }
}
