import Testing
@testable import ReorderCore

@Suite struct DragSimulatorTests {
    @Test func framesComeOnTheGrid() {
        let sim = tableSimulator([rowItems(20)], policy: PlainPolicy(), frameRate: 120)
        sim.pressItem(pos(0, 2))
        sim.hold(0.5)
        #expect(sim.time == 0.5)
        #expect(sim.state == .dragging)
        #expect(sim.inputs.first == .down(0, Point(x: 187.5, y: 110)))
        #expect(sim.inputs.count == 61)
        #expect(sim.inputs.last == .frame(0.5))
        sim.move(to: Point(x: 187.5, y: 200), over: 0.1)
        #expect(sim.inputs.count == 61 + 24)
        #expect(sim.inputs.last == .frame(0.6))
        #expect(sim.inputs[sim.inputs.count - 2] == .move(0.6, Point(x: 187.5, y: 200)))
        sim.move(to: Point(x: 187.5, y: 210))
        #expect(sim.inputs.suffix(2) == [.move(0.6, Point(x: 187.5, y: 210)), .frame(0.6)])
        sim.tick(3)
        #expect(abs(sim.time - 0.625) < 1e-12)
    }

    @Test func idleFramesAreNotRecorded() {
        let sim = tableSimulator([rowItems(20)], policy: PlainPolicy())
        sim.advance(2)
        sim.move(to: Point(x: 3, y: 3), over: 1)
        #expect(sim.inputs == [])
        #expect(sim.time == 3)
        #expect(sim.release() == .ignored)
    }

    @Test func replayReproducesTheRunBitForBit() {
        let sim = tableSimulator([rowItems(60), rowItems(5, prefix: "s")], policy: DefaultPolicy(), headerHeight: 24)
        sim.pressItem(pos(0, 1))
        sim.hold(0.6)
        sim.move(to: Point(x: 120, y: 650), over: 0.7)
        sim.hold(1.3)
        sim.move(to: Point(x: 90, y: 15), over: 0.33)
        sim.hold(0.5)
        sim.release()
        sim.settle()
        let replay = tableSimulator([rowItems(60), rowItems(5, prefix: "s")], policy: DefaultPolicy(), headerHeight: 24)
        for input in sim.inputs {
            replay.apply(input)
            expectInvariants(replay)
        }
        #expect(replay.order == sim.order)
        #expect(replay.offset == sim.offset)
        #expect(replay.events == sim.events)
        #expect(replay.inputs == sim.inputs)
        #expect(replay.state == .idle)
        #expect(sim.events.filter { $0.typeName == "move" }.count > 10)
    }

    @Test func dragToAVisibleRow() {
        let sim = tableSimulator([rowItems(10)], policy: DefaultPolicy())
        #expect(sim.drag(from: pos(0, 1), to: pos(0, 6)))
        #expect(sim.order.ids == [["r0", "r2", "r3", "r4", "r5", "r6", "r1", "r7", "r8", "r9"]])
        #expect(sim.state == .idle)
        let events = sim.takeEvents()
        #expect(events.first == .begin(position: pos(0, 1), time: 0.5))
        #expect(events.last.map { if case .end(pos(0, 1), pos(0, 6), _) = $0 { true } else { false } } == true)
        expectInvariants(sim)
    }

    @Test(arguments: ["default", "jx_movable", "uikit"])
    func dragToAnOffscreenRowScrolls(policyName: String) throws {
        let policy = try #require(NativePolicies.named(policyName))
        let sim = tableSimulator([rowItems(100)], policy: policy)
        #expect(sim.drag(from: pos(0, 2), to: pos(0, 60)))
        #expect(sim.order.item(at: pos(0, 60)).id == "r2")
        #expect(sim.offset.y > 0)
        #expect(sim.order.invariantViolations() == [])
        #expect(sim.state == .idle)
        // And back up.
        #expect(sim.drag(from: pos(0, 60), to: pos(0, 0)))
        #expect(sim.order.item(at: pos(0, 0)).id == "r2")
        expectInvariants(sim)
    }

    @Test func dragReportsRefusalAndVeto() {
        let locked = tableSimulator([[Item("locked"), Item("b")]], policy: LockedPolicy())
        #expect(locked.drag(from: pos(0, 0), to: pos(0, 1)) == false)
        #expect(locked.events == [.refuse(position: pos(0, 0), time: 0.5)])
        let veto = tableSimulator([rowItems(5)], policy: VetoPolicy())
        #expect(veto.drag(from: pos(0, 0), to: pos(0, 3)) == false)
        #expect(veto.order.ids == [["r0", "r1", "r2", "r3", "r4"]])
        #expect(veto.events.last.map(\.typeName) == "rollback")
    }

    @Test func contextDescribesTheSession() {
        let sim = tableSimulator([rowItems(100)], policy: JXMovablePolicy(), frameRate: 120)
        sim.pressItem(pos(0, 3))
        sim.hold(1.5)
        let ctx = sim.context
        #expect(ctx.viewport == phone)
        #expect(ctx.content == Size(width: 375, height: 4400))
        #expect(ctx.itemSize == Size(width: 375, height: 44))
        #expect(ctx.frameRate == 120)
        #expect(ctx.time == 1.5)
        #expect(ctx.dragTime == 0.5)
        #expect(ctx.count(0) == 100 && ctx.sections == 1)
    }

    @Test func nativePoliciesByName() {
        #expect(NativePolicies.named("default")?.configuration.minPressDuration == 0.5)
        #expect(NativePolicies.named("uikit")?.configuration.name == "uikit")
        let jx = NativePolicies.named("jx_movable")
        #expect(jx?.configuration.minPressDuration == 1)
        #expect(jx?.configuration.edgeScroll.reference == .center)
        #expect(NativePolicies.named("nope") == nil)
        let ctx = tableSimulator([rowItems(3)], policy: DefaultPolicy()).context
        #expect(jx?.edgeZone(ctx, axis: .vertical, viewportLength: 667) == 150)
        #expect(jx?.scrollSpeed(ctx, axis: .vertical, depth: 130, zone: 150, elapsed: 0) == 1040)
        #expect(jx?.semantics(ctx, from: pos(0, 0), to: pos(0, 1)) == .exchange)
        #expect(jx?.onCancel(ctx) == .commit)
        let d = DefaultPolicy()
        #expect(d.edgeZone(ctx, axis: .vertical, viewportLength: 667) == 120)
        #expect(d.edgeZone(ctx, axis: .vertical, viewportLength: 400) == 100)
        #expect(d.scrollSpeed(ctx, axis: .vertical, depth: 60, zone: 120, elapsed: 0.2) == 187.5)
        #expect(d.scrollSpeed(ctx, axis: .vertical, depth: 500, zone: 120, elapsed: 3) == 1500)
        #expect(d.onCancel(ctx) == .revert)
    }

    /// Policy hooks run while the simulator is handling an input, when every public entry
    /// point that touches the session traps (`checkNoInput()`): a hook must not use the
    /// simulator calling it, as the runtime's exclusivity check enforced before.
    @Test func hooksRunWhileAnInputIsUnderWay() {
        final class Watching: DefaultPolicy {
            weak var simulator: DragSimulator?
            var seen: [Bool] = []
            override func canMove(_ ctx: PolicyContext, at position: ItemPosition) -> Bool {
                seen.append(simulator?.isHandlingInput ?? false)
                return true
            }
        }
        let policy = Watching()
        let sim = tableSimulator([rowItems(5)], policy: policy)
        policy.simulator = sim
        sim.pressItem(pos(0, 1))
        #expect(!sim.isHandlingInput)
        sim.hold(1)
        #expect(policy.seen == [true])
        #expect(!sim.isHandlingInput)
        #expect(sim.state == .dragging)
    }
}
