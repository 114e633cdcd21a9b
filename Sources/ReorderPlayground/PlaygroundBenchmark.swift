import Foundation
import ReorderCore
import ReorderPersistence
import ReorderTrace

/// Measures the host's work for one page frame message (decode, the frame's inputs and tick,
/// the scene, encode) on a scripted drag, without sockets: `reorder play --bench-rows N`.
///
/// ```swift
/// let report = await PlaygroundBenchmark.run(rows: 1000, messages: 20000)
/// print(report.text)
/// ```
public enum PlaygroundBenchmark {
    public struct Report: Sendable {
        public var rows: Int
        public var messages: Int
        /// Nanoseconds per message, sorted.
        public var nanoseconds: [Double]
        /// Resident set size (kB) after the warm-up and at the end.
        public var rssStart: Int
        public var rssEnd: Int
        /// Nanoseconds of decoding alone (median), and of building the scene message alone.
        public var decodeMedian: Double = 0
        public var sceneMedian: Double = 0

        public func percentile(_ p: Double) -> Double {
            guard !nanoseconds.isEmpty else { return 0 }
            return nanoseconds[min(nanoseconds.count - 1, Int((Double(nanoseconds.count) * p).rounded(.down)))]
        }

        public var text: String {
            func us(_ ns: Double) -> String { NumberText.fixed(ns / 1000, 1) }
            return "rows \(rows), \(messages) messages: p50 \(us(percentile(0.5))) us, p90 \(us(percentile(0.9))) us, "
                + "p99 \(us(percentile(0.99))) us; RSS \(rssStart) kB -> \(rssEnd) kB; "
                + "of which decode p50 \(us(decodeMedian)) us, scene message p50 \(us(sceneMedian)) us\n"
        }
    }

    /// The messages of a scripted drag, as the page sends them: one `frame` message per
    /// animation frame (every 1/60 s) carrying that frame's inputs. Press row 1, frames until
    /// lifted, then a move every frame, the finger swinging between y 100 and 500 (steps every
    /// few frames, no edge scroll), released and pressed again every 600 frames.
    public static func script(count: Int) -> [String] {
        var out: [String] = []
        out.reserveCapacity(count)
        func send(_ inputs: [TraceInput], at t: Double) {
            var w = JSONWriter()
            w.object { w in
                w.field("v", PlaygroundProtocol.version)
                w.field("type", PlaygroundProtocol.PageMessage.frame.rawValue)
                w.field("seq", out.count)
                w.field(Vocabulary.time.name, t)
                w.field("inputs") { w in w.array { w in for i in inputs { Vocabulary.write(Vocabulary.Record(i), to: &w) } } }
            }
            out.append(w.text)
        }
        var t = 1.0
        var frame = 0
        while out.count < count {
            if frame % 600 == 0 {
                t += 1.0 / 60
                send([.down(t, Point(x: 100, y: 140))], at: t)
                for _ in 0..<45 {
                    t += 1.0 / 60
                    send([], at: t)
                }
            }
            t += 1.0 / 60
            let phase = Double(frame % 120) / 120
            let y = 300 + 200 * sin(phase * 2 * Double.pi)
            let move = TraceInput.move(t, Point(x: 100, y: y))
            frame += 1
            if frame % 600 == 0 {
                send([move, .up(t)], at: t)
                for _ in 0..<30 {
                    t += 1.0 / 60
                    send([], at: t)
                }
            } else {
                send([move], at: t)
            }
        }
        return Array(out.prefix(count))
    }

    /// Resident set size in kB (Linux `/proc/self/status`; 0 elsewhere).
    public static func residentKilobytes() -> Int {
        guard let s = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = s.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    public static func run(rows: Int, messages: Int, policy: String = "default") async throws -> Report {
        let hub = try PlaygroundHub(options: .init(policy: policy, rows: rows), log: { _ in })
        let script = Self.script(count: messages)
        let warm = Self.script(count: min(2000, messages))
        // Where a connection's loop calls the hub from: the session's thread.
        let (rssStart, times) = await hub.onSessionThread { () async -> (Int, [Double]) in
            for m in warm { _ = await hub.respond(to: m, from: 1) }
            let rssStart = residentKilobytes()
            var times: [Double] = []
            times.reserveCapacity(script.count)
            // A second client, so the first one's clock continues from the warm-up's session time.
            let clock = ContinuousClock()
            for m in script {
                let start = clock.now
                _ = await hub.respond(to: m, from: 2)
                let d = clock.now - start
                times.append(Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) / 1e9)
            }
            return (rssStart, times)
        }
        let clock = ContinuousClock()
        var report = Report(rows: rows, messages: script.count, nanoseconds: times.sorted(), rssStart: rssStart,
                            rssEnd: residentKilobytes())
        func ns(_ d: Duration) -> Double { Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) / 1e9 }
        var decode: [Double] = []
        for m in script.prefix(20000) {
            let start = clock.now
            _ = try? PlaygroundProtocol.decode(m)
            decode.append(ns(clock.now - start))
        }
        report.decodeMedian = decode.sorted()[decode.count / 2]
        report.sceneMedian = await hub.medianSceneNanoseconds(samples: 5000)
        return report
    }
}
