import Testing
@testable import ReorderCore

/// A still hold skips the frames that cannot change anything: the events,
/// order, offset, snapshot and state must be those of ticking through every frame.
@Suite struct StillHoldTests {
    /// What a run leaves: everything a user can read back.
    struct Outcome: Equatable {
        var events: [DragEvent]
        var ids: [[String]]
        var offset: Point
        var snapshot: SnapshotState?
        var state: DragSession.State
        var frameTime: Double
    }

    static func outcome(_ sim: DragSimulator, events: [DragEvent]) -> Outcome {
        Outcome(events: events, ids: sim.order.ids, offset: sim.offset, snapshot: sim.snapshot, state: sim.state,
                frameTime: sim.nextFrameTime)
    }

    /// 30 rows of 44 pt on a 375 × 667 phone, the default policy (120 pt zones, 0.5 s press,
    /// 0.25 s lift and drop), row 5 pressed at its centre (y = 5 × 44 + 22 = 242 pt, outside
    /// both zones) at t = 0; `setup` then brings the drag to where the hold starts.
    static func simulator(_ policy: any DragPolicy, row: Int = 5, _ setup: (DragSimulator) -> Void) -> DragSimulator {
        let sim = tableSimulator([rowItems(30)], policy: policy)
        sim.pressItem(pos(0, row))
        setup(sim)
        return sim
    }

    /// Holds `seconds` (a whole number of frames) on one simulator and ticks every frame of
    /// them on another; returns both outcomes and the frames the hold recorded.
    static func compare(_ policy: () -> any DragPolicy, row: Int = 5, seconds: Double, _ setup: (DragSimulator) -> Void)
        -> (fast: Outcome, ticked: Outcome, recorded: Int, fastSim: DragSimulator) {
        let fast = simulator(policy(), row: row, setup), ticked = simulator(policy(), row: row, setup)
        let inputsBefore = fast.inputs.count
        let start = fast.time
        #expect(fast.hold(seconds))
        ticked.tick(Int((seconds * 60).rounded()))
        #expect(abs(fast.time - (start + seconds)) < 1e-9)
        #expect(abs(ticked.time - (start + seconds)) < 1e-9)
        return (outcome(fast, events: fast.events), outcome(ticked, events: ticked.events),
                fast.inputs.count - inputsBefore, fast)
    }

    /// Where the last move took the dragged item.
    static func lastMoveTarget(_ events: [DragEvent]) -> ItemPosition? {
        for e in events.reversed() { if case .move(_, let to, _, _) = e { return to } }
        return nil
    }

    @Test func aHoldFromThePressIsTheTickedOne() {
        // From t = 0: 30 frames of press (the drag begins at the 30th, t = 0.5 s), 15 of lift
        // (at rest from the 45th, t = 0.75 s), 16 at rest, then the jump to frame 600 (10 s).
        let r = Self.compare({ DefaultPolicy() }, seconds: 10) { _ in }
        #expect(r.fast == r.ticked)
        #expect(r.fast.events == [.begin(position: pos(0, 5), time: 0.5)])
        #expect(r.fast.state == .dragging)
        // Frames 1...60 ticked (45 to come to rest + 15 more make 16 at rest: frames 45...60),
        // then frame 600: 61 frames recorded instead of 600.
        #expect(r.recorded == 61)
        #expect(r.fastSim.inputs.last == .frame(10))
    }

    @Test func aHoldFromMidLiftIsTheTickedOne() {
        // 35 frames: the drag began at frame 30, the lift is 5 of its 15 frames in.
        let r = Self.compare({ DefaultPolicy() }, seconds: 10) { $0.tick(35) }
        #expect(r.fast == r.ticked)
        #expect(r.fast.snapshot?.liftProgress == 1)
        // Frames 36...60 (10 more of lift, to frame 45, then 16 at rest to frame 60) and 600.
        #expect(r.recorded == 26)
    }

    @Test func aHoldFromMidScrollIsTheTickedOne() {
        // Lifted (45 frames), then the finger glides into the bottom zone (y = 640 of 667:
        // 93 pt deep in the 120 pt zone) and 3 frames scroll: the hold goes on scrolling to
        // the end of the list (offset 1320 − 667 = 653 pt), stepping the dragged row down as
        // the rows pass under the finger, and then rests there.
        let r = Self.compare({ DefaultPolicy() }, seconds: 10) { sim in
            sim.tick(45)
            sim.move(to: Point(x: 187.5, y: 640))
            sim.tick(3)
        }
        #expect(r.fast == r.ticked)
        #expect(r.fast.offset == Point(x: 0, y: 653))
        #expect(r.fast.events.count > 10)
        // The dragged row ends under the finger: content y 653 + 640 = 1293 is row 29 (the last).
        #expect(Self.lastMoveTarget(r.fast.events) == pos(0, 29))
        #expect(r.recorded < 300)
    }

    @Test func aHoldAtTheTopInTheZoneRests() {
        // Row 0 pressed at y = 22: inside the top zone, the offset already 0, so the scroll
        // moves nothing and the drag rests with its scroll episode under way.
        let make = { () -> DragSimulator in
            let sim = tableSimulator([rowItems(30)], policy: DefaultPolicy())
            sim.pressItem(pos(0, 0))
            return sim
        }
        let fast = make(), ticked = make()
        #expect(fast.hold(100))
        ticked.tick(6000)
        #expect(Self.outcome(fast, events: fast.events) == Self.outcome(ticked, events: ticked.events))
        #expect(fast.inputs.count == 1 + 61)
    }

    @Test func aHoldFromMidDropIsTheTickedOne() {
        // Lifted, moved onto row 8 (y = 8 × 44 + 22 = 374), one frame steps there, released:
        // the drop runs 15 frames; 5 of them have run when the hold starts.
        let r = Self.compare({ DefaultPolicy() }, seconds: 10) { sim in
            sim.tick(45)
            sim.move(to: Point(x: 187.5, y: 374))
            sim.release()
            sim.tick(5)
        }
        #expect(r.fast == r.ticked)
        #expect(r.fast.state == .idle)
        #expect(r.fast.events == [.begin(position: pos(0, 5), time: 0.5),
                                  .move(from: pos(0, 5), to: pos(0, 8), semantics: .move, time: 0.75),
                                  .end(from: pos(0, 5), to: pos(0, 8), time: 0.75)])
        // 10 drop frames run; the idle frames after are skipped and not recorded.
        #expect(r.recorded == 10)
    }

    @Test func aHoldWhereATargetIsProposedTicksEveryFrame() {
        // JX's target skips rows that cannot move; with a lock on row 6 a finger held over it
        // proposes row 6 every frame and gets nil: the target hook is asked each frame, so
        // no frame is skipped.
        final class Locked: JXMovablePolicy {
            override func canMove(_ ctx: PolicyContext, at p: ItemPosition) -> Bool { p.item != 6 }
            override func target(_ ctx: PolicyContext, from: ItemPosition, proposed: ItemPosition) -> ItemPosition? {
                proposed.item == 6 ? nil : proposed
            }
        }
        let r = Self.compare({ Locked() }, seconds: 2) { sim in
            sim.tick(60)
            sim.move(to: Point(x: 187.5, y: 6 * 44 + 22))
        }
        #expect(r.fast == r.ticked)
        #expect(r.recorded == 120)
    }

    @Test func aPolicyReadingTheClockIsTickedEveryFrame() {
        // Row 10's centre (462 pt) enters the bottom zone once 667 − 20 × d < 462, d > 10.25 s
        // of drag (t > 10.75 s); then 500 pt/s for about 3 s scrolls the 653 pt to the end.
        let r = Self.compare({ GrowingZone() }, row: 10, seconds: 14) { _ in }
        #expect(r.fast == r.ticked)
        #expect(r.recorded == 14 * 60)
        #expect(r.fast.offset == Point(x: 0, y: 653))
        #expect(r.fast.events.count > 1)
    }

    @Test func theHoldsInputsReplayToTheSameOutcome() {
        // A trace keeps only the frames run: replaying it gives the same run.
        let fast = Self.simulator(DefaultPolicy()) { sim in
            sim.tick(45)
            sim.move(to: Point(x: 187.5, y: 640))
            sim.tick(3)
        }
        fast.hold(30)
        let replay = tableSimulator([rowItems(30)], policy: DefaultPolicy())
        for input in fast.inputs { replay.apply(input) }
        #expect(Self.outcome(replay, events: replay.events) == Self.outcome(fast, events: fast.events))
    }

    @Test func aDaysHoldEndsAndAStopStopsItAtTheLastFrameRun() {
        let sim = Self.simulator(DefaultPolicy()) { _ in }
        #expect(sim.hold(86_400))
        #expect(sim.time == 86_400)
        #expect(sim.state == .dragging)
        // A stop asked at the first check (after 64 frames) leaves the clock at frame 64 (a
        // policy reading the clock: no frame is skipped).
        let stopped = Self.simulator(GrowingZone()) { _ in }
        stopped.stopRequested = { true }
        #expect(!stopped.hold(86_400))
        #expect(stopped.time == 64.0 / 60)
        #expect(stopped.inputs.last == .frame(64.0 / 60))
    }
}

/// A zone that grows with the drag time (20 pt a second, at most 300 pt), counting its clock
/// reads as ``DragPolicy/clockReads`` asks; 500 pt/s in the zone.
final class GrowingZone: NativePolicy {
    private var reads = 0
    convenience init() { self.init(configuration: DefaultPolicy.standardConfiguration) }
    override var clockReads: Int { reads }
    override func edgeZone(_ ctx: PolicyContext, axis: Axis, viewportLength: Double) -> Double {
        reads += 1
        return min(20 * ctx.dragTime, 300)
    }
    override func scrollSpeed(_ ctx: PolicyContext, axis: Axis, depth: Double, zone: Double, elapsed: Double) -> Double { 500 }
}
