@testable import ReorderLua
import Testing

/// The accounting behind the per-frame and per-drag budgets (``FrameMeter``), frame by frame.
@Suite("Frame meter")
struct FrameMeterTests {
    static func meter(frame: Int = 1000, strikes: Int = 3, window: Int = 10, drag: Int = 0) -> FrameMeter {
        var o = LuaVM.Options.policy
        o.frameBudget = frame; o.framesOverBudget = strikes; o.frameWindow = window; o.dragBudget = drag
        var m = FrameMeter(options: o)
        m.begin()
        return m
    }

    /// Calls at one time add up to one frame: 600 + 600 > 1000 at the second call.
    @Test func callsAtOneTimeShareAFrame() {
        var m = Self.meter(strikes: 1)
        #expect(m.record(time: 1, used: 600) == .withinBudget)
        #expect(m.record(time: 1, used: 600) == .frames(frames: 1, window: 10, used: 1200))
        #expect(m.frameUsed == 1200)
        // A new time starts a new frame.
        #expect(m.record(time: 2, used: 600) == .withinBudget)
        #expect(m.frameUsed == 600)
    }

    /// Over budget every other frame: frames 1, 3, 5 → the third strike is at frame 5, within
    /// the last 10 frames.
    @Test func threeOfTheLastTenAlternating() {
        var m = Self.meter()
        var verdicts: [FrameMeter.Verdict] = []
        for t in 1...5 { verdicts.append(m.record(time: Double(t), used: t % 2 == 1 ? 2000 : 10)) }
        #expect(verdicts == [.withinBudget, .withinBudget, .withinBudget, .withinBudget,
                             .frames(frames: 3, window: 10, used: 2000)])
    }

    /// Over budget every 5th frame: frames 1, 6, 11, 16: any 10 consecutive frames hold at most
    /// 2 of them, so it is never switched off.
    @Test func sparseHeavyFramesNeverAddUpToThree() {
        var m = Self.meter()
        for t in 1...100 {
            #expect(m.record(time: Double(t), used: t % 5 == 1 ? 2000 : 10) == .withinBudget, "frame \(t)")
        }
    }

    /// A frame over budget counts once, however many calls it has.
    @Test func aFrameStrikesOnce() {
        var m = Self.meter(strikes: 2)
        #expect(m.record(time: 1, used: 2000) == .withinBudget)
        #expect(m.record(time: 1, used: 2000) == .withinBudget)
        #expect(m.record(time: 2, used: 2000) == .frames(frames: 2, window: 10, used: 2000))
    }

    /// The drag total: 4 × 300 = 1200 > 1000 at the 4th call; a new drag starts at 0; nothing
    /// is counted outside a drag.
    @Test func theDragTotal() {
        var m = Self.meter(frame: 0, drag: 1000)
        #expect(m.record(time: 1, used: 300) == .withinBudget)
        #expect(m.record(time: 2, used: 300) == .withinBudget)
        #expect(m.record(time: 3, used: 300) == .withinBudget)
        #expect(m.record(time: 4, used: 300) == .drag(used: 1200))
        m.end()
        #expect(!m.active)
        m.begin()
        #expect(m.dragUsed == 0)
        #expect(m.record(time: 5, used: 300) == .withinBudget)
    }

    /// 0 means unlimited; the window is clamped to 1...64 and at least the strike count.
    @Test func limitsAreNormalised() {
        let m = Self.meter(frame: 0, strikes: 0, window: 1000, drag: 0)
        #expect(m.frameBudget == .max && m.dragBudget == .max)
        #expect(m.framesOverBudget == 1 && m.frameWindow == 64)
        #expect(Self.meter(strikes: 5, window: 2).frameWindow == 5)
    }
}
