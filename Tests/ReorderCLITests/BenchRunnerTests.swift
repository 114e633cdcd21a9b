import CAllocationCounter
import Foundation
import ReorderCore
import Testing
import ReorderLua
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
    static let small: BenchOptions = {
        var o = BenchOptions(rows: 200, frameRate: 60, drags: 2, policyBenchmark: .quick)
        o.keyboardRows = 1_000   // the keyboard lane's move_to_end list (1,000,000 in a real run)
        return o
    }()

    func frames(_ policy: any DragPolicy, native: (any DragPolicy)?) -> (lua: FrameStatistics, native: FrameStatistics?) {
        let clock = SteppingClock(step: 100)
        return BenchRunner(policy: policy, native: native, options: Self.small, clock: clock.read).run()
    }

    @Test func framesAreTimedOneByOneAndPercentilesComeFromThem() throws {
        let r = frames(try LuaPolicy(named: "jx_movable"), native: JXMovablePolicy())
        // Two clock reads per frame, 100 ns apart.
        #expect(r.lua.p50 == 100)
        #expect(r.lua.p99 == 100)
        #expect(r.native?.p50 == 100)
        #expect(r.native?.p99 == 100)
    }

    @Test func theStandardDragScrollsBothWaysAndMovesRows() throws {
        let r = frames(try LuaPolicy(named: "jx_movable"), native: JXMovablePolicy())
        // jx_movable: 1 s press + 0.25 s lift (15 dragging frames), three 0.5 s glides and two
        // 2 s stays (30 + 120 + 30 + 120 + 30 frames): 345 dragging frames per drag, two drags.
        #expect(r.lua.frames == 2 * 345)
        #expect(r.native?.frames == 2 * 345)
        // jx_movable in Lua and in Swift behave alike, so both lanes apply the same steps.
        #expect(r.lua.steps == r.native?.steps)
        #expect(r.lua.steps > 40)
    }

    /// `--row-heights 44,200,20`: rows of three sizes, given as the items' own heights. The
    /// standard drag has as many dragging frames (it is timed, not placed by rows), both lanes
    /// still apply the same steps, and the steps differ from the equal-row run's (the same
    /// scrolling passes fewer rows of 88 pt on average than of 44 pt).
    @Test func rowHeightsMakeAVariableHeightTable() throws {
        var options = Self.small
        options.rowHeights = [44, 200, 20]
        let clock = SteppingClock(step: 100)
        let r = BenchRunner(policy: try LuaPolicy(named: "jx_movable"), native: JXMovablePolicy(), options: options,
                            clock: clock.read).run()
        let equal = frames(try LuaPolicy(named: "jx_movable"), native: JXMovablePolicy())
        #expect(r.lua.frames == 2 * 345)
        #expect(r.lua.steps == r.native?.steps)
        #expect(r.lua.steps > 0 && r.lua.steps != equal.lua.steps, "\(r.lua.steps) vs \(equal.lua.steps)")
    }

    @Test func badRowHeightsAreRefused() throws {
        for (arg, bad) in [("44,x", "x"), ("44,0", "0"), ("44,,20", ""), ("1e9", "1e9")] {
            #expect(throws: (any Error).self, "\(arg)") { try Reorder.Bench.parse(["--row-heights", arg]) }
            do {
                _ = try Reorder.Bench.parse(["--row-heights", arg])
            } catch {
                #expect(Reorder.Bench.message(for: error)
                        == "--row-heights: expected numbers in (0, 100000] separated by commas, got '\(bad)'")
            }
        }
        #expect(try Reorder.Bench.parse(["--row-heights", "44, 200,20"]).heights() == [44, 200, 20])
    }

    /// With the AllocationCounter trait (on glibc): counted, not asserted to be 0 (a debug
    /// build allocates where a release build does not; the goal is measured with
    /// `reorder bench` in release). Without it (the default build): not measured, nil.
    @Test func allocationsAreCountedPerSteadyStateFrame() throws {
        let r = frames(JXMovablePolicy(), native: nil)
        #if AllocationCounter && os(Linux)
        let perFrame = try #require(r.lua.allocationsPerFrame)
        let allocating = try #require(r.lua.allocatingFrames)
        #expect(perFrame >= 0 && perFrame.isFinite)
        #expect(allocating <= r.lua.frames)
        #else
        #expect(r.lua.allocationsPerFrame == nil)
        #expect(r.lua.allocatingFrames == nil)
        #endif
        #expect(r.native == nil)
    }

    /// The default build links no malloc interposer: the report says how to get the count.
    @Test func withoutTheTraitAllocationsAreNotMeasured() throws {
        #if AllocationCounter
        #expect(AllocationCounter.isLinked)
        #else
        #expect(!AllocationCounter.isLinked)
        #expect(!AllocationCounter.isAvailable)
        let out = OutputBuffer()
        let status = BenchCommand.run(policy: "default", options: Self.small, json: false,
                                      console: .buffered(output: out), clock: SteppingClock(step: 100).read)
        #expect(status == 0)
        #expect(out.text.contains("\n  heap allocations      not measured (build with --traits AllocationCounter)\n"))
        let (_, object) = try report(policy: "default")
        #expect(object["allocs_per_frame"] is NSNull)
        #endif
    }

    func report(policy: String) throws -> (text: String, json: [String: Any]) {
        let out = OutputBuffer(), err = OutputBuffer()
        let status = BenchCommand.run(policy: policy, options: Self.small, json: true,
                                      console: .buffered(output: out, errors: err), clock: SteppingClock(step: 100).read)
        #expect(status == 0)
        #expect(err.text == "")
        #expect(out.text.hasSuffix("}\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(out.text.utf8)) as? [String: Any])
        return (out.text, object)
    }

    @Test func jsonHasTheKeysOfIssue6() throws {
        let (text, object) = try report(policy: "jx_movable")
        #expect(text.hasPrefix("{\"policy\":\"jx_movable\",\"rows\":200,\"frame_rate\":60,"))
        for key in ["rows", "frame_rate", "lua", "native", "ratio_p50", "budget_fraction_p50", "allocs_per_frame",
                    "hook_ns", "load_ms", "reload_ms", "vm_bytes"] {
            #expect(object.keys.contains(key), "missing \(key)")
        }
        let lua = try #require(object["lua"] as? [String: Any])
        #expect(lua["frame_ns_p50"] as? Int == 100)
        #expect(lua["frame_ns_p99"] as? Int == 100)
        let native = try #require(object["native"] as? [String: Any])
        #expect(native["frame_ns_p50"] as? Int == 100)
        #expect(object["ratio_p50"] as? Int == 1)
        // 100 ns of a 16.67 ms frame.
        let fraction = try #require(object["budget_fraction_p50"] as? Double)
        #expect(abs(fraction - 6e-6) < 1e-12)
        let hooks = try #require(object["hook_ns"] as? [String: Double])
        #expect(hooks.keys.sorted() == ["can_move", "on_move", "semantics", "speed", "target", "zone"])
        #expect(hooks.values.allSatisfy { $0 > 0 })
        #expect(try #require(object["load_ms"] as? Double) > 0)
        #expect(try #require(object["reload_ms"] as? Double) > 0)
        // A loaded jx_movable VM: more than a bare state, far less than the 8 MiB cap.
        let bytes = try #require(object["vm_bytes"] as? Int)
        #expect(bytes > 10_000 && bytes < 8 << 20)
        #if AllocationCounter && os(Linux)
        #expect(object["allocs_per_frame"] is NSNumber)
        #endif
    }

    @Test func aPolicyFileHasNoNativeTwinAndReportsNulls() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("slow_edges.lua")
        try #"return { name = "slow_edges", extends = "jx_movable", edge_scroll = { speed = function(ctx, depth, zone) return depth end } }"#
            .write(to: file, atomically: true, encoding: .utf8)
        let (text, object) = try report(policy: file.path)
        #expect(text.hasPrefix("{\"policy\":\"slow_edges\","))
        #expect(object["native"] is NSNull)
        #expect(object["ratio_p50"] is NSNull)
        let lua = try #require(object["lua"] as? [String: Any])
        #expect(try #require(lua["frames"] as? Int) > 0)
    }

    /// The keyboard lanes: 200 measured drags of 10 steps down and 10 up = 4,000
    /// timed keys, each a step; 10 measured move_to_end / move_to_start pairs = 20 jumps. The
    /// stepping clock advances 100 ns per read, so each sample is 100 ns.
    @Test func keyboardLanesAreReported() throws {
        let (_, object) = try report(policy: "default")
        // The pointer frames that made a step, to compare with: 100 ns each on this clock.
        let pointer = try #require(object["lua"] as? [String: Any])
        #expect(pointer["step_frame_ns_p50"] as? Int == 100)
        let keyboard = try #require(object["keyboard"] as? [String: Any])
        let step = try #require(keyboard["step"] as? [String: Any])
        for side in ["lua", "native"] {
            let lane = try #require(step[side] as? [String: Any])
            #expect(lane["samples"] as? Int == 4_000)
            #expect(lane["steps"] as? Int == 4_000)
            #expect(lane["ns_p50"] as? Int == 100)
        }
        let jump = try #require(keyboard["move_to_end"] as? [String: Any])
        #expect(jump["rows"] as? Int == 1_000)
        let lua = try #require(jump["lua"] as? [String: Any])
        #expect(lua["samples"] as? Int == 20)
        #expect(lua["steps"] as? Int == 20)
        let out = OutputBuffer()
        BenchCommand.run(policy: "default", options: Self.small, json: false, console: .buffered(output: out),
                         clock: SteppingClock(step: 100).read)
        for part in ["keyboard step, Lua", "keyboard step, native", "move_to_end, Lua", "move_to_end, native",
                     "move_to_end: on 1000 rows, lift to drop, the scroll included"] {
            #expect(out.text.contains(part), "missing \(part)")
        }
    }

    @Test func textNamesEveryFigure() throws {
        let out = OutputBuffer()
        let status = BenchCommand.run(policy: "default", options: Self.small, json: false,
                                      console: .buffered(output: out), clock: SteppingClock(step: 100).read)
        #expect(status == 0)
        for part in ["policy default, 200 rows, 60 Hz", "frame, Lua", "frame, native Swift", "Lua / native (p50)",
                     "1.00×", "frame budget (p50)", "hook call", "speed", "load", "reload", "VM after load"] {
            #expect(out.text.contains(part), "missing \(part)")
        }
    }

    @Test func aMissingPolicyFailsClearly() {
        let out = OutputBuffer(), err = OutputBuffer()
        let failed = BenchCommand.run(policy: "no_such_policy", options: Self.small, json: true,
                                      console: .buffered(output: out, errors: err), clock: SteppingClock(step: 100).read)
        #expect(failed == 1)
        #expect(out.text == "")
        #expect(err.text.contains("no built-in policy named 'no_such_policy'"))
    }

    @Test func percentilesUseTheNearestRank() {
        let samples: [UInt64] = (1...200).map(UInt64.init)
        #expect(BenchRunner.percentile(samples, 0.5) == 100)
        #expect(BenchRunner.percentile(samples, 0.99) == 198)
        #expect(BenchRunner.percentile([7], 0.99) == 7)
        #expect(BenchRunner.percentile([], 0.5) == 0)
    }

    @Test func fixedFormatsWithoutLocale() {
        // 1.005 is stored as 1.00499999999999989341858963598497211933135986328125: "1.00".
        #expect(NumberText.fixed(1.005, 2) == "1.00")
        #expect(NumberText.fixed(612.4, 0) == "612")
        #expect(NumberText.fixed(0.00006, 4) == "0.0001")
        #expect(NumberText.fixed(-2.5, 1) == "-2.5")
    }
}

/// The counter itself: this test target links CAllocationCounter directly, so it is tested
/// in every build, with or without the trait.
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
