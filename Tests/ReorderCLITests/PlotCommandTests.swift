import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import ReorderTestSupport
import Testing
import ReorderCore
import ReorderLua
import ReorderPlot
@testable import ReorderCLI
@testable import ReorderTrace

/// Elements of an SVG file with their attributes and text, in document order.
private func svgElements(_ url: URL) throws -> [(name: String, attributes: [String: String], text: String)] {
    final class Collector: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String], text: String)] = []
        var open: [Int] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            open.append(elements.count)
            elements.append((name, attributes, ""))
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            open.removeLast()
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let i = open.last { elements[i].text += string }
        }
    }
    let parser = XMLParser(data: try Data(contentsOf: url))
    let collector = Collector()
    parser.delegate = collector
    guard parser.parse() else { throw CocoaError(.fileReadCorruptFile) }
    return collector.elements
}

private func numbers(_ s: String?) -> [Double] { (s ?? "").split(separator: " ").compactMap { Double(String($0)) } }

@Suite struct PlotCommandTests {
    static let curvePolicies = ["jx_movable", "default", "swift_reorder", "rbd_autoscroll", "pragmatic_autoscroll",
                                "android_touch_helper"]

    @Test func plotDrawsEveryBuiltInCurveWithThePolicysOwnSpeeds() throws {
        let dir = try temporaryDirectory()
        let out = OutputBuffer(), errors = OutputBuffer()
        let status = Plotter.plot(Self.curvePolicies, out: "curves.svg",
                                  console: .buffered(output: out, errors: errors, currentDirectory: dir.path))
        #expect(status == 0)
        #expect(errors.text == "")
        #expect(out.text == "wrote curves.svg: 6 curves (jx_movable, default, swift_reorder, rbd_autoscroll, "
                + "pragmatic_autoscroll, android_touch_helper), speed over time panel\n")

        let elements = try svgElements(dir.appendingPathComponent("curves.svg"))
        #expect(elements.first?.name == "svg")
        let series = elements.filter { $0.name == "polyline" && $0.attributes["class"] == "series" && $0.attributes["data-elapsed"] != nil }
        #expect(series.map { $0.attributes["data-name"] } == Self.curvePolicies)
        let legend = elements.filter { $0.attributes["class"] == "legend-name" }.map(\.text)
        #expect(legend == Self.curvePolicies)
        let axisLabels = elements.filter { $0.attributes["class"] == "axis-label" }.map(\.text)
        #expect(axisLabels.first == "distance of the reference point from the edge (pt)")
        #expect(axisLabels.contains("scroll speed (pt/s)"))

        let options = SpeedPlot.Options()
        let ctx = SpeedCurve.sampleContext(options: options, elapsed: 5)
        for s in series {
            let name = try #require(s.attributes["data-name"])
            let policy = try LuaPolicy(named: name)   // fresh: no state from the plot's drags
            let zone = try #require(Double(s.attributes["data-zone"] ?? ""))
            #expect(zone == policy.edgeZone(ctx, axis: .vertical, viewportLength: 667))
            let depths = numbers(s.attributes["data-depth"]), speeds = numbers(s.attributes["data-speed"])
            policy.onBegin(ctx, at: ItemPosition(section: 0, item: 0))
            // snapshot.clamp (jx_movable) holds the reference at clampDepth: deeper samples take its speed.
            let deepest = SpeedCurve.clampDepth(policy.configuration, axis: .vertical, zone: zone, options: options) ?? .infinity
            for i in [0, depths.count - 1] {
                #expect(speeds[i] == policy.scrollSpeed(ctx, axis: .vertical, depth: min(depths[i], deepest), zone: zone, elapsed: 5),
                        "\(name) at depth \(depths[i])")
            }
        }
        // the reference figures at the edge (the policies' header comments): jx_movable's
        // limitSnapshotCenterY (JXMovableCellTableView.m:290-295) keeps the snapshot's centre,
        // its edge-scroll reference, half a 44 pt row inside: depth at most 150 - 22 = 128, so
        // 128 / 150 x 20 pt per frame x 60 = 1024 pt/s at the edge and past it.
        let jx = try #require(series.first)
        let edge = try #require(numbers(jx.attributes["data-depth"]).firstIndex(of: 150))
        #expect(numbers(jx.attributes["data-speed"])[edge] == 1024)
        #expect(numbers(jx.attributes["data-speed"]).max() == 1024)
    }

    @Test func plotWithoutOutPrintsATable() {
        let out = OutputBuffer()
        let status = Plotter.plot(["jx_movable", "cookbook"], out: nil, console: .buffered(output: out))
        #expect(status == 0)
        #expect(out.text == """
            policy      zone (pt)  at the edge (pt/s)  max (pt/s)  time ramp
            jx_movable  150        1024                1024        no
            cookbook    -          -                   -           no edge scroll
            jx_movable: snapshot clamped 22 pt inside, max 1024 pt/s (snapshot.clamp)
            viewport 375x667 pt, 60 Hz, speeds after 5 s in the zone; draw the curves with --out FILE.svg

            """)
    }

    /// jx_movable's clamp at 120 Hz: JX scrolls 20 pt per display frame at most
    /// (maxMoveDistance, JXMovableCellTableView.m:339), the centre at most 128 of 150 pt deep:
    /// 128 / 150 x 20 x 120 = 2048 pt/s (1,024 pt/s at 60 Hz).
    @Test func plotCapsJXAtItsClampAt120Hz() {
        let out = OutputBuffer()
        let status = Plotter.plot(["jx_movable"], out: nil, frameRate: 120, console: .buffered(output: out))
        #expect(status == 0)
        #expect(out.text == """
            policy      zone (pt)  at the edge (pt/s)  max (pt/s)  time ramp
            jx_movable  150        2048                2048        no
            jx_movable: snapshot clamped 22 pt inside, max 2048 pt/s (snapshot.clamp)
            viewport 375x667 pt, 120 Hz, speeds after 5 s in the zone; draw the curves with --out FILE.svg

            """)
    }

    /// The charts of docs/PEERS.md are what its commands draw today: `reorder plot <the six
    /// curve policies> --out docs/curves.svg`, and the same with `--frame-rate 120` into
    /// docs/curves-120.svg (regenerate them with those commands when a curve changes).
    @Test func thePeersChartsAreGenerated() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let peers = try String(contentsOf: root.appendingPathComponent("docs/PEERS.md"), encoding: .utf8)
        for (file, rate) in [("curves.svg", nil), ("curves-120.svg", 120.0)] as [(String, Double?)] {
            let command = "reorder plot \(Self.curvePolicies.joined(separator: " "))"
                + (rate.map { " --frame-rate \(Int($0))" } ?? "") + " --out docs/\(file)"
            #expect(peers.contains(command), "docs/PEERS.md names \(command)")
            let dir = try temporaryDirectory()
            let status = Plotter.plot(Self.curvePolicies, out: file, frameRate: rate,
                                      console: .buffered(output: OutputBuffer(), currentDirectory: dir.path))
            #expect(status == 0)
            let drawn = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
            let committed = try String(contentsOf: root.appendingPathComponent("docs/\(file)"), encoding: .utf8)
            #expect(drawn == committed, "docs/\(file) is stale: run the command docs/PEERS.md gives")
        }
    }

    @Test func plotMixesBuiltInsAndFiles() throws {
        let dir = try temporaryDirectory()
        try """
            return { name = "slow", extends = "default",
                     edge_scroll = { zone = 60, speed = function(ctx, depth, zone) return depth / zone * 100 end } }
            """.write(to: dir.appendingPathComponent("slow.lua"), atomically: true, encoding: .utf8)
        let out = OutputBuffer()
        let status = Plotter.plot(["jx_movable", "slow.lua"], out: "mix.svg", viewport: "320x480", frameRate: 120,
                                  console: .buffered(output: out, currentDirectory: dir.path))
        #expect(status == 0)
        let series = try svgElements(dir.appendingPathComponent("mix.svg"))
            .filter { $0.attributes["class"] == "series" && $0.attributes["data-elapsed"] != nil }
        #expect(series.map { $0.attributes["data-name"] } == ["jx_movable", "slow"])
        #expect(numbers(series[1].attributes["data-speed"]).last == 0)
        #expect(numbers(series[1].attributes["data-speed"]).first == 104.0 / 60 * 100)   // 44 pt past a 60 pt zone
    }

    @Test func plotErrorsAreClear() throws {
        let dir = try temporaryDirectory()
        func run(_ specs: [String], out: String?, viewport: String? = nil, frameRate: Double? = nil) -> (Int32, String) {
            let errors = OutputBuffer()
            let status = Plotter.plot(specs, out: out, viewport: viewport, frameRate: frameRate,
                                      console: .buffered(output: OutputBuffer(), errors: errors, currentDirectory: dir.path))
            return (status, errors.text)
        }
        let unknown = run(["jx_movabel"], out: "x.svg")
        #expect(unknown.0 == 1)
        // The nearest built-in name (two letters swapped: edit distance 2).
        #expect(unknown.1 == "reorder plot: cannot load jx_movabel: no built-in policy named 'jx_movabel' (did you mean 'jx_movable'?)\n")
        let moveable = run(["jx_moveable"], out: "x.svg")
        #expect(moveable.1 == "reorder plot: cannot load jx_moveable: no built-in policy named 'jx_moveable' (did you mean 'jx_movable'?)\n")
        let missing = run(["nothere.lua"], out: "x.svg")
        #expect(missing.1 == "reorder plot: cannot load nothere.lua: cannot read policy file '\(dir.path)/nothere.lua': no such file\n")
        let noDir = run(["jx_movable"], out: "no/such/dir/x.svg")
        #expect(noDir.0 == 1)
        // The first folder on the way that is missing, as the path names it (OutputFile).
        #expect(noDir.1 == "reorder plot: cannot write no/such/dir/x.svg: the folder no does not exist\n")
        let isDir = run(["jx_movable"], out: ".")
        #expect(isDir.1 == "reorder plot: cannot write .: is a directory, not a file\n")
        let viewport = run(["jx_movable"], out: "x.svg", viewport: "375 by 667")
        #expect(viewport.1 == "reorder plot: --viewport: expected WIDTHxHEIGHT in points, e.g. 375x667, got '375 by 667'\n")
        // A bad option is a usage error, 64 as in every other subcommand.
        #expect(viewport.0 == ExitStatus.usage)
        let rate = run(["jx_movable"], out: "x.svg", frameRate: 0)
        #expect(rate.0 == ExitStatus.usage)
        #expect(rate.1.hasPrefix("reorder plot: --frame-rate: expected frames per second"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.svg").path))
    }

    @Test func aFailingSpeedHookIsReportedAndMarked() throws {
        let dir = try temporaryDirectory()
        try """
            return { name = "bad", extends = "default",
                     edge_scroll = { zone = 100, speed = function(ctx, depth) error("too deep") end } }
            """.write(to: dir.appendingPathComponent("bad.lua"), atomically: true, encoding: .utf8)
        let out = OutputBuffer(), errors = OutputBuffer()
        let status = Plotter.plot(["bad.lua", "jx_movable"], out: "bad.svg",
                                  console: .buffered(output: out, errors: errors, currentDirectory: dir.path))
        #expect(status == 1)
        // As every command shows a policy's diagnostics (PolicyDiagnostic.line(policy:)).
        #expect(errors.text.hasPrefix("[policy bad] error: bad.lua:2: speed: too deep\n"))
        #expect(errors.text.hasSuffix("reorder plot: hooks failed in bad: the curve shows the fallback speeds, not the policy's\n"))
        let details = try svgElements(dir.appendingPathComponent("bad.svg")).filter { $0.attributes["class"] == "legend-detail" }
        #expect(details.first?.text.hasPrefix("hook failed, fallback speeds, zone 100 pt") == true)
        #expect(details.last?.text.hasPrefix("zone 150 pt") == true)
    }

    /// Records a drag in the REPL, draws it with `:render` and with `reorder render`.
    @Test func renderDrawsAMarkerForEveryMoveOfTheTrace() throws {
        let dir = try temporaryDirectory()
        let (status, text) = repl(":record drag.jsonl\ns:drag(1, 2, 1, 6)\n:stop\n:render repl.svg\n", directory: dir.path)
        #expect(status == 0, "\(text)")
        let trace = try TraceCodec.decode(String(contentsOf: dir.appendingPathComponent("drag.jsonl"), encoding: .utf8))
        let first = try #require(trace.inputs.first?.time), last = try #require(trace.inputs.last?.time)
        let span = SVGNumber.format(last - first, decimals: 3)
        #expect(text.hasSuffix("wrote repl.svg: 4 moves over \(span) s, policy default\n"))

        let out = OutputBuffer(), errors = OutputBuffer()
        let console = Console.buffered(output: out, errors: errors, currentDirectory: dir.path)
        #expect(Plotter.render(tracePath: "drag.jsonl", policy: nil, out: "trace.svg", console: console) == 0)
        #expect(errors.text == "")
        #expect(out.text == "wrote trace.svg: 4 moves over \(span) s, policy default\n")

        // The moves the trace makes, by the replay command's own account.
        let moves = try Replayer.replay(trace, policy: nil, console: .buffered(output: OutputBuffer())).events.compactMap { e -> String? in
            if case let .move(from, to, _, _) = e { return "\(from.section + 1),\(from.item + 1)>\(to.section + 1),\(to.item + 1)" }
            return nil
        }
        #expect(moves == ["1,2>1,3", "1,3>1,4", "1,4>1,5", "1,5>1,6"])
        let elements = try svgElements(dir.appendingPathComponent("trace.svg"))
        let markers = elements.filter { $0.attributes["class"] == "move-marker" }
        #expect(markers.map { "\($0.attributes["data-from"] ?? "")>\($0.attributes["data-to"] ?? "")" } == moves)
        #expect(elements.filter { $0.attributes["class"] == "list-snapshot" }.count == moves.count + 2)

        // The REPL drew the same drag.
        #expect(try Data(contentsOf: dir.appendingPathComponent("repl.svg")) == Data(contentsOf: dir.appendingPathComponent("trace.svg")))
    }

    @Test func replRenderDrawsOnlyTheLastDrag() throws {
        let dir = try temporaryDirectory()
        // Entries after the drag (with `s` idle) do not hide it.
        let (status, text) = repl("s:drag(1, 1, 1, 3)\ns:drag(1, 5, 1, 4)\n#s:events()\ns:state()\n:render last.svg\n",
                                  directory: dir.path)
        #expect(status == 0, "\(text)")
        #expect(text.hasPrefix("true\ntrue\n"))
        #expect(text.contains("\"idle\"\nwrote last.svg: 1 move over "))
        #expect(text.hasSuffix(" s, policy default\n"))
        let markers = try svgElements(dir.appendingPathComponent("last.svg")).filter { $0.attributes["class"] == "move-marker" }
        #expect(markers.map { $0.attributes["data-to"] } == ["1,4"])
    }

    @Test func replRenderDrawsADragMadeOverSeveralEntries() throws {
        let dir = try temporaryDirectory()
        let input = "s:press_item(1, 2)\ns:hold(0.8)\ns:move_to_item(1, 4, 0.3)\ns:release()\ns:advance(0.5)\n:render steps.svg\n"
        let (status, text) = repl(input, directory: dir.path)
        #expect(status == 0, "\(text)")
        #expect(text.hasPrefix("wrote steps.svg: 2 moves over "))
        let elements = try svgElements(dir.appendingPathComponent("steps.svg"))
        #expect(elements.filter { $0.attributes["class"] == "move-marker" }.map { $0.attributes["data-to"] } == ["1,3", "1,4"])
        #expect(elements.filter { $0.attributes["class"] == "list-snapshot" }.map { $0.attributes["data-kind"] }
                == ["begin", "move", "move", "end"])
    }

    @Test func renderErrors() throws {
        let dir = try temporaryDirectory()
        let (status, text) = repl(":render x.svg\n", directory: dir.path)
        #expect(status == 1)
        #expect(text == ":render: no drag of `s` to draw yet (press an item first, e.g. s:drag(1, 2, 1, 5))\n")

        try "{\"t\":0,\"type\":\"frame\"}\n".write(to: dir.appendingPathComponent("empty.jsonl"), atomically: true, encoding: .utf8)
        let errors = OutputBuffer()
        let console = Console.buffered(output: OutputBuffer(), errors: errors, currentDirectory: dir.path)
        #expect(Plotter.render(tracePath: "empty.jsonl", policy: nil, out: "x.svg", console: console) == 1)
        #expect(Plotter.render(tracePath: "absent.jsonl", policy: nil, out: "x.svg", console: console) == 1)
        let lines = errors.text.split(separator: "\n").map(String.init)
        #expect(lines.first == "reorder render: empty.jsonl has no touch down: there is no drag to draw")
        #expect(lines.last?.hasPrefix("reorder render: cannot read absent.jsonl: ") == true)
    }

    /// `reorder plot --viewport` takes the sessions' viewport range.
    @Test func plotViewportOutOfRange() {
        let out = OutputBuffer()
        let status = Plotter.plot(["jx_movable"], out: nil, viewport: "1e300x667",
                                  console: .buffered(output: out, currentDirectory: "/tmp"))
        #expect(status == 1)
        #expect(out.text == "reorder plot: --viewport: each side must be 0 < side <= 100000 points, got '1e300x667'\n")
    }
}
