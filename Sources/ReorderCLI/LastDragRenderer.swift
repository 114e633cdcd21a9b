import Foundation
import ReorderCore
import ReorderLua
import ReorderScripting
import ReorderPlot

/// The REPL's `:render FILE`: draws the last drag of `s` as an SVG timeline.
///
/// A session only keeps its raw inputs, not its past states, so the REPL calls
/// ``checkpoint(_:)`` before each entry: while `s` is idle, its list, layout, offset and
/// input count are remembered. `:render` replays the inputs since then on a copy of that
/// state with a fresh load of the same policy (the live policy's state is left alone) and
/// draws from the last touch down. If `s` was changed outside its inputs in between (e.g.
/// `s:scroll` in the same entry as the drag), the replay is checked against `s` and the user
/// is told when they differ.
final class LastDragRenderer {
    private struct Checkpoint {
        let session: ObjectIdentifier
        let order: Order
        let layout: any Layout
        let viewport: Size
        let offset: Point
        let frameRate: Double
        /// ``DragSimulator/recordedInputCount`` then: the number of the next input, which
        /// stays its number when the simulator drops older ones.
        let inputCount: Int
    }

    /// The latest checkpoint (taken before the latest entry that began with `s` idle).
    private var latest: Checkpoint?
    /// The latest checkpoint that a touch down followed: the state before the last drag
    /// once `latest` has moved past it.
    private var beforeLastDrag: Checkpoint?

    /// Remembers the state of `s` when it is idle; forgets everything when `s` is another
    /// session.
    func checkpoint(_ s: ScriptSession?) {
        guard let s else { latest = nil; beforeLastDrag = nil; return }
        let id = ObjectIdentifier(s)
        if latest?.session != id { latest = nil; beforeLastDrag = nil }
        let sim = s.simulator
        guard sim.state == .idle else { return }
        if let cp = latest, Self.inputs(since: cp, of: sim).map({ DragTimeline.lastPress(in: $0) != nil }) ?? true {
            beforeLastDrag = cp
        }
        latest = Checkpoint(session: id, order: sim.order, layout: sim.layout, viewport: sim.viewport,
                            offset: sim.offset, frameRate: sim.frameRate, inputCount: sim.recordedInputCount)
    }

    /// The inputs since the checkpoint, or nil when the simulator has dropped some of them
    /// (a session keeps its last ``DragSimulator/inputLimit`` or more).
    private static func inputs(since cp: Checkpoint, of sim: DragSimulator) -> [TraceInput]? {
        let first = cp.inputCount - sim.droppedInputs
        let kept = sim.inputs
        guard first >= 0 else { return nil }
        return first <= kept.count ? Array(kept[first...]) : []
    }

    /// Draws the last drag of `s` into `path`; returns a message for the user (what was
    /// written, or what went wrong) and whether it succeeded.
    func render(_ s: ScriptSession, host: ScriptingHost, to path: String, console: Console) -> (ok: Bool, message: String) {
        let candidates = [latest, beforeLastDrag].compactMap { $0 }.filter { $0.session == ObjectIdentifier(s) }
        var tooLong = false
        var found: (Checkpoint, [TraceInput], Int)?
        for cp in candidates {
            guard let inputs = Self.inputs(since: cp, of: s.simulator) else { tooLong = true; continue }
            if let start = DragTimeline.lastPress(in: inputs) { found = (cp, inputs, start); break }
        }
        guard let (cp, inputs, start) = found else {
            if tooLong {
                return (false, ":render: the last drag of `s` is too long to redraw: its first inputs were dropped "
                               + "(a session keeps its last \(DragSimulator.inputLimit) inputs)")
            }
            return (false, ":render: no drag of `s` to draw yet (press an item first, e.g. s:drag(1, 2, 1, 5))")
        }
        if let problem = console.unwritable(path) { return (false, ":render: \(problem)") }
        let timeline: DragTimeline
        let replayed: DragSimulator
        do {
            var options = s.options
            options.restore = nil
            let policy = try host.makeSession(options).simulator.policy
            replayed = DragSimulator(order: cp.order, layout: cp.layout, viewport: cp.viewport, policy: policy,
                                     frameRate: cp.frameRate, offset: cp.offset)
            timeline = DragTimeline.record(inputs, on: replayed, policyName: s.policyName, recordingFrom: start)
        } catch {
            return (false, ":render: \(error.outsideLua.message)")
        }
        if let problem = console.writeFile(TimelinePlot(timeline: timeline).render(), to: path) {
            return (false, ":render: \(problem)")
        }
        var message = "wrote \(path): \(Plotter.summary(timeline))"
        if replayed.order.ids != s.simulator.order.ids || replayed.offset != s.simulator.offset {
            message += "\nnote: the redrawn drag ends differently from `s` (was `s` changed outside its inputs, e.g. by s:scroll, during the drag's entry?)"
        }
        return (true, message)
    }
}
