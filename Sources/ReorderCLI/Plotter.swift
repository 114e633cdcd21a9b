import Foundation
import ReorderCore
import ReorderLua
import ReorderScripting
import ReorderTrace
import ReorderPlot

/// `reorder plot` and `reorder render`: pictures as SVG files, text on the terminal.
///
/// ```swift
/// let out = OutputBuffer()
/// Plotter.plot(["jx_movable", "default"], out: "curves.svg", console: .buffered(output: out))
/// out.text   // "wrote curves.svg: 2 curves (jx_movable, default), speed over time panel\n"
/// ```
public enum Plotter {
    /// Draws the edge-scroll curves of `specs` (built-in names or `.lua` files) into `out`, or
    /// prints them as a table when `out` is nil. Returns the exit status: 64 (``ExitStatus/usage``)
    /// when an option is bad; 1 when a policy cannot be loaded, `out` cannot be written, or a hook failed while
    /// sampling (the chart is still written, its legend says which curve shows fallbacks).
    @discardableResult
    public static func plot(_ specs: [String], out: String?, viewport: String? = nil, frameRate: Double? = nil,
                            console: Console) -> Int32 {
        func fail(_ message: String, status: Int32 = 1) -> Int32 {
            console.writeError("reorder plot: \(message)\n")
            return status
        }
        guard !specs.isEmpty else { return fail("give at least one policy, e.g. reorder plot jx_movable default", status: ExitStatus.usage) }
        var options = SpeedPlot.Options()
        if let viewport {
            guard let size = parseViewport(viewport) else {
                return fail("--viewport: expected WIDTHxHEIGHT in points, e.g. 375x667, got '\(viewport)'",
                            status: ExitStatus.usage)
            }
            // The sessions' range (ReorderCore's Validator), so a plot samples what a session can run.
            let range = SessionGeometry.Limits.viewport
            guard range.contains(size.width), range.contains(size.height) else {
                return fail("--viewport: each side must be \(range.describe("side")) points, got '\(viewport)'")
            }
            options.viewport = size
        }
        if let frameRate {
            guard frameRate.isFinite, frameRate > 0, frameRate <= 1000 else {
                return fail("--frame-rate: expected frames per second between 0 and 1000, e.g. 60 or 120, got \(frameRate)",
                            status: ExitStatus.usage)
            }
            options.frameRate = frameRate
        }
        if let out, let problem = console.unwritable(out) { return fail(problem) }

        var policies: [(name: String, policy: any DragPolicy)] = []
        var failed = false
        for spec in specs {
            do {
                let policy = try LuaPolicy(console.policy(spec))
                policies.append((name: policy.configuration.name, policy: policy))
            } catch {
                console.writeError("reorder plot: cannot load \(spec): \(error)\n")
                failed = true
            }
        }
        if failed { return 1 }
        // A name given twice (a file that keeps its built-in's name) is told apart by its spec.
        for i in policies.indices where policies.filter({ $0.name == policies[i].name }).count > 1 {
            policies[i].name += " (\(specs[i]))"
        }

        let plot = SpeedPlot(policies: policies, options: options)
        for curve in plot.curves {
            for d in curve.diagnostics { console.writeError(d.line(policy: curve.name) + "\n") }
        }
        // A curve drawn with fallback speeds is not the policy's: say so, and fail.
        let failing = plot.curves.filter(\.hasHookFailures).map(\.name)
        let status: Int32 = failing.isEmpty ? 0 : 1
        func reportFailing() {
            guard !failing.isEmpty else { return }
            console.writeError("reorder plot: hooks failed in \(failing.joined(separator: ", ")): "
                               + "the curve shows the fallback speeds, not the policy's\n")
        }
        guard let out else {
            console.write(table(plot))
            reportFailing()
            return status
        }
        if let problem = console.writeFile(plot.render(), to: out) { return fail(problem) }
        let names = plot.curves.map(\.name).joined(separator: ", ")
        console.write("wrote \(out): \(plot.curves.count) curve\(plot.curves.count == 1 ? "" : "s") (\(names))"
                      + (plot.hasTimePanel ? ", speed over time panel" : "") + "\n")
        reportFailing()
        return status
    }

    /// Replays a trace with `policy` (nil: the trace's own) and draws its timeline into `out`.
    /// Returns the exit status.
    @discardableResult
    public static func render(tracePath: String, policy: String?, out: String, console: Console) -> Int32 {
        func fail(_ message: String) -> Int32 {
            console.writeError("reorder render: \(message)\n")
            return 1
        }
        if let problem = console.unwritable(out) { return fail(problem) }
        guard let trace = Replayer.loadTrace(tracePath, command: "render", console: console) else { return 1 }
        guard DragTimeline.lastPress(in: trace.inputs) != nil else {
            return fail("\(tracePath) has no touch down: there is no drag to draw")
        }
        let timeline: DragTimeline
        let session: ScriptSession
        let host: ScriptingHost
        do {
            host = try Replayer.diagnosticsHost(console)
            session = try Replayer.makeSession(for: trace, policy: policy, tracePath: console.resolve(tracePath),
                                               host: host, console: console)
            timeline = DragTimeline.record(trace.inputs, on: session.simulator, policyName: session.policyName)
        } catch {
            // The policy came from the command line or the trace, not from a Lua call.
            return fail(error.outsideLua.message)
        }
        withExtendedLifetime(host) { session.collect() }
        if let problem = console.writeFile(TimelinePlot(timeline: timeline).render(), to: out) { return fail(problem) }
        console.write("wrote \(out): \(summary(timeline))\n")
        // A drawing with fallback answers in it is not the policy's drag: fail, as `replay` does.
        return session.diagnostics.contains(where: \.isFailure) ? 1 : 0
    }

    /// `3 moves over 1.75 s, policy jx_movable`; with several drags `2 drags, 5 moves over ...`.
    static func summary(_ t: DragTimeline) -> String {
        let moves = t.moves.count, drags = t.drags.count
        let span = t.timeRange.upperBound - t.timeRange.lowerBound
        return (drags > 1 ? "\(drags) drags, " : "")
            + "\(moves) move\(moves == 1 ? "" : "s") over \(SVGNumber.format(span, decimals: 3)) s, policy \(t.policyName)"
    }

    /// The curves as text: zone, speed at the edge, top speed, time ramp.
    static func table(_ plot: SpeedPlot) -> String {
        let header = ["policy", "zone (pt)", "at the edge (pt/s)", "max (pt/s)", "time ramp"]
        var rows = [header]
        for c in plot.curves {
            guard c.isEnabled else { rows.append([c.name, "-", "-", "-", "no edge scroll"]); continue }
            let name = c.hasHookFailures ? c.name + " (hook failed)" : c.name
            rows.append([name, SVGNumber.format(c.zone, decimals: 1), SVGNumber.format(c.speedAtEdge, decimals: 0),
                         SVGNumber.format(c.speeds.max() ?? 0, decimals: 0), c.isTimeDependent ? "yes" : "no"])
        }
        let widths = header.indices.map { i in rows.map { $0[i].count }.max() ?? 0 }
        var text = ""
        for row in rows {
            let cells = row.enumerated().map { i, cell in
                i == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - cell.count)
            }
            text += cells.joined(separator: "  ") + "\n"
        }
        for c in plot.curves {
            if let note = c.clampNote { text += "\(c.name): \(note) (snapshot.clamp)\n" }
        }
        let o = plot.options
        text += "viewport \(SVGNumber.format(o.viewport.width))x\(SVGNumber.format(o.viewport.height)) pt, "
            + "\(SVGNumber.format(o.frameRate, decimals: 3)) Hz, speeds after \(SVGNumber.format(o.steadyElapsed)) s in the zone; "
            + "draw the curves with --out FILE.svg\n"
        return text
    }

    /// `375x667` (or `375×667`, `375X667`) as a size with positive finite sides.
    static func parseViewport(_ text: String) -> Size? {
        let parts = text.split(whereSeparator: { $0 == "x" || $0 == "X" || $0 == "×" })
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
              w.isFinite, h.isFinite, w > 0, h > 0 else { return nil }
        return Size(width: w, height: h)
    }

}
