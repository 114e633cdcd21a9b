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
        if let cp = latest, Self.pressed(since: cp, in: sim.inputs) { beforeLastDrag = cp }
        latest = Checkpoint(session: id, order: sim.order, layout: sim.layout, viewport: sim.viewport,
                            offset: sim.offset, frameRate: sim.frameRate, inputCount: sim.inputs.count)
    }

    /// Whether a touch down came after the checkpoint.
    private static func pressed(since cp: Checkpoint, in inputs: [TraceInput]) -> Bool {
        cp.inputCount <= inputs.count && DragTimeline.lastPress(in: Array(inputs[cp.inputCount...])) != nil
    }

    /// Draws the last drag of `s` into `path`; returns a message for the user (what was
    /// written, or what went wrong) and whether it succeeded.
    func render(_ s: ScriptSession, host: ScriptingHost, to path: String, console: Console) -> (ok: Bool, message: String) {
        let all = s.simulator.inputs
        let candidates = [latest, beforeLastDrag].compactMap { $0 }.filter { $0.session == ObjectIdentifier(s) }
        guard let cp = candidates.first(where: { Self.pressed(since: $0, in: all) }),
              case let inputs = Array(all[cp.inputCount...]), let start = DragTimeline.lastPress(in: inputs) else {
            return (false, ":render: no drag of `s` to draw yet (press an item first, e.g. s:drag(1, 2, 1, 5))")
        }
        if let problem = Plotter.unwritable(path, console: console) { return (false, ":render: \(problem)") }
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
        if let problem = Plotter.write(TimelinePlot(timeline: timeline).render(), to: path, console: console) {
            return (false, ":render: \(problem)")
        }
        var message = "wrote \(path): \(Plotter.summary(timeline))"
        if replayed.order.ids != s.simulator.order.ids || replayed.offset != s.simulator.offset {
            message += "\nnote: the redrawn drag ends differently from `s` (was `s` changed outside its inputs, e.g. by s:scroll, during the drag's entry?)"
        }
        return (true, message)
    }
}
