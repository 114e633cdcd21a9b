import CAllocationCounter
import Foundation
import ReorderCore
import Testing
@testable import ReorderCLI

/// A clock that advances a fixed step per read: every timed region of one call's length
/// measures exactly `step` nanoseconds, so the figures are exact and no timing is asserted.
final class SteppingClock {
    var now: UInt64 = 0
    let step: UInt64
    init(step: UInt64) { self.step = step }
    func read() -> UInt64 { now += step; return now }
}

@Suite struct BenchRunnerTests {
    static let small = BenchOptions(rows: 200, frameRate: 60, drags: 2, loads: 3, hookCalls: 10)

    func report(_ subject: BenchSubject, options: BenchOptions = small) throws -> BenchReport {
        let clock = SteppingClock(step: 100)
        return try BenchRunner(subject: subject, options: options, clock: clock.read).run()
    }

    @Test func framesAreTimedOneByOneAndPercentilesComeFromThem() throws {
        let r = try report(.lua("jx_movable"))
        // Two clock reads per frame, 100 ns apart.
        #expect(r.lua.p50 == 100)
        #expect(r.lua.p99 == 100)
        #expect(r.native?.p50 == 100)
        #expect(r.ratioP50 == 1)
        // 100 ns of a 16.67 ms frame.
        #expect(abs(r.budgetFractionP50 - 100 / (1e9 / 60)) < 1e-15)
        // A batch of 10 calls between two reads: 10 ns per call.
        #expect(r.hookNanoseconds.keys.sorted() == BenchReport.hookNames.sorted())
        #expect(r.hookNanoseconds["speed"] == 10)
        #expect(r.loadMilliseconds == 100 / 1e6)
    }

    @Test func theStandardDragScrollsBothWaysAndMovesRows() throws {
        let r = try report(.lua("jx_movable"))
        // jx_movable: 1 s press + 0.25 s lift (15 dragging frames), three 0.5 s glides and two
        // 2 s stays (30 + 120 + 30 + 120 + 30 frames): 345 dragging frames per drag, two drags.
        #expect(r.lua.frames == 2 * 345)
        #expect(r.native?.frames == 2 * 345)
        // jx_movable in Lua and in Swift behave alike, so both lanes apply the same steps.
        #expect(r.lua.steps == r.native?.steps)
        #expect(r.lua.steps > 40)
    }

    @Test func aPolicyWithoutNativeTwinReportsNullsNotZeros() throws {
        var subject = BenchSubject.native("jx_movable")
        subject.nativeName = nil
        let r = try report(subject)
        #expect(r.native == nil)
        #expect(r.ratioP50 == nil)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.json.utf8)) as? [String: Any])
        #expect(object["native"] is NSNull)
        #expect(object["ratio_p50"] is NSNull)
    }

    @Test func jsonHasTheKeysOfIssue6() throws {
        let r = try report(.lua("jx_movable"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.json.utf8)) as? [String: Any])
        for key in ["rows", "frame_rate", "lua", "native", "ratio_p50", "budget_fraction_p50", "allocs_per_frame",
                    "hook_ns", "load_ms", "reload_ms", "vm_bytes"] {
            #expect(object.keys.contains(key), "missing \(key)")
        }
        #expect(object["rows"] as? Int == 200)
        #expect(object["frame_rate"] as? Int == 60)
        let lua = try #require(object["lua"] as? [String: Any])
        #expect(lua["frame_ns_p50"] as? Int == 100)
        #expect(lua["frame_ns_p99"] as? Int == 100)
        let native = try #require(object["native"] as? [String: Any])
        #expect(native["frame_ns_p50"] as? Int == 100)
        let hooks = try #require(object["hook_ns"] as? [String: Any])
        #expect(hooks["target"] as? Int == 10)
        #expect(object["ratio_p50"] as? Int == 1)
        #expect(object["load_ms"] as? Double == 0.0001)
        #expect(object["reload_ms"] as? Double == 0.0001)
        // A loaded jx_movable VM: more than a bare state, far less than the 8 MiB cap.
        let bytes = try #require(object["vm_bytes"] as? Int)
        #expect(bytes > 5_000 && bytes < 8 << 20)
    }

    @Test func aPolicyFileHasNoNativeTwin() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("slow_edges.lua")
        try #"return { name = "slow_edges", extends = "jx_movable", edge_scroll = { speed = function(ctx, depth, zone) return depth end } }"#
            .write(to: file, atomically: true, encoding: .utf8)
        let r = try report(.lua(file.path))
        #expect(r.policy == "slow_edges")
        #expect(r.native == nil)
        #expect(r.lua.frames > 0)
    }

    @Test func commandPrintsOneJSONObjectAndFailsClearlyOnAMissingPolicy() throws {
        let out = OutputBuffer(), err = OutputBuffer()
        let clock = SteppingClock(step: 100)
        let ok = BenchCommand.run(policy: "default", options: Self.small, json: true,
                                  console: .buffered(output: out, errors: err), clock: clock.read)
        #expect(ok == 0)
        #expect(out.text.hasPrefix("{\"policy\":\"default\",\"rows\":200,"))
        #expect(out.text.hasSuffix("}\n"))
        #expect(err.text == "")
        let out2 = OutputBuffer(), err2 = OutputBuffer()
        let failed = BenchCommand.run(policy: "no_such_policy", options: Self.small, json: true,
                                      console: .buffered(output: out2, errors: err2), clock: clock.read)
        #expect(failed == 1)
        #expect(out2.text == "")
        #expect(err2.text.contains("no built-in policy named 'no_such_policy'"))
    }

    @Test func textNamesEveryFigure() throws {
        let text = try report(.lua("jx_movable")).text
        for part in ["policy jx_movable, 200 rows, 60 Hz", "frame, Lua", "frame, native Swift", "Lua / native (p50)",
                     "1.00×", "frame budget (p50)", "hook call (Lua)", "speed 10 ns", "load"] {
            #expect(text.contains(part), "missing \(part)")
        }
    }

    @Test func percentilesUseTheNearestRank() {
        let samples: [UInt64] = (1...200).map(UInt64.init)
        #expect(BenchRunner.percentile(samples, 0.5) == 100)
        #expect(BenchRunner.percentile(samples, 0.99) == 198)
        #expect(BenchRunner.percentile([7], 0.99) == 7)
        #expect(BenchRunner.percentile([], 0.5) == 0)
    }

    @Test func fixedFormatsWithoutLocale() {
        #expect(fixed(1.005, 2) == "1.00" || fixed(1.005, 2) == "1.01")
        #expect(fixed(612.4, 0) == "612")
        #expect(fixed(0.00006, 4) == "0.0001")
        #expect(fixed(-2.5, 1) == "-2.5")
    }
}

@Suite struct AllocationCounterTests {
    #if os(Linux)
    @Test func countsSwiftHeapAllocationsAndNothingElse() {
        #expect(rac_is_available() == 1)
        rac_reset(); rac_enable(1)
        let a = [Int](repeating: 7, count: 1_000)
        rac_enable(0)
        #expect(a.count == 1_000)
        #expect(rac_count() == 1)
        rac_reset(); rac_enable(1)
        var sum = 0
        for i in 0..<1_000 { sum &+= i }
        rac_enable(0)
        #expect(sum == 499_500)
        #expect(rac_count() == 0)
    }
    #endif
}

extension BenchSubject {
    /// The native built-in on both lanes (no Lua): figures whose equality tests can check.
    static func native(_ name: String) -> BenchSubject {
        BenchSubject(name: name, nativeName: name,
                     load: { NativePolicies.named(name) ?? DefaultPolicy() },
                     reload: nil, vmBytes: { _ in nil })
    }
}
