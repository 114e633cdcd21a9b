import Testing
import ReorderCore
@testable import ReorderLua

/// Every static number of a policy has a documented range (PolicyConfiguration.Limits,
/// docs/REFERENCE.md "Policy hooks"); out of range is a load error naming the file, the field
/// and the range. Before: `min_press_duration = 1e300` (and the lift) aborted `s:drag` after
/// 5.5 s at 2.2 GB, and `drop.duration = 1e300` left the session in `dropping` for good.
@Suite struct PolicyStaticRangeTests {
    /// The load error of a policy file `slow.lua` holding `source` (nil when it loads). Every
    /// source here is one line, so every error is at `slow.lua:1:`.
    func message(_ source: String) throws -> String? {
        let files = try PolicyFiles()
        let path = try files.write("slow.lua", source)
        return loadError { _ = try LuaPolicy(path: path) }?.description
    }

    @Test func durationsAreAtMostTenSeconds() throws {
        #expect(try message("return { min_press_duration = 1e300 }")
                == "slow.lua:1: min_press_duration: expected a number in 0...10, got number 1e+300")
        #expect(try message("return { min_press_duration = -0.5 }")
                == "slow.lua:1: min_press_duration: expected a number in 0...10, got number -0.5")
        #expect(try message("return { snapshot = { lift = { duration = 1e300 } } }")
                == "slow.lua:1: snapshot.lift.duration: expected a number in 0...10, got number 1e+300")
        #expect(try message("return { snapshot = { drop = { duration = 10.5, curve = 'linear' } } }")
                == "slow.lua:1: snapshot.drop.duration: expected a number in 0...10, got number 10.5")
        // The bounds are allowed.
        #expect(try message("return { min_press_duration = 10, snapshot = { lift = { duration = 0 }, drop = { duration = 10 } } }") == nil)
    }

    @Test func lengthsAndMovementAreAtMostOneHundredThousandPoints() throws {
        #expect(try message("return { allowable_movement = 1e9 }")
                == "slow.lua:1: allowable_movement: expected a number in 0...100000, got number 1000000000.0")
        #expect(try message("return { snapshot = { corner_radius = -1 } }")
                == "slow.lua:1: snapshot.corner_radius: expected a number in 0...100000, got number -1")
        #expect(try message("return { snapshot = { shadow = { radius = 1e300 } } }")
                == "slow.lua:1: snapshot.shadow.radius: expected a number in 0...100000, got number 1e+300")
        #expect(try message("return { snapshot = { shadow = { offset = { x = -2e5, y = 0 } } } }")
                == "slow.lua:1: snapshot.shadow.offset.x: expected a number in -100000...100000, got number -200000.0")
        #expect(try message("return { snapshot = { shadow = { offset = { 0, 1e300 } } } }")
                == "slow.lua:1: snapshot.shadow.offset[2]: expected a number in -100000...100000, got number 1e+300")
        #expect(try message("return { allowable_movement = 100000, snapshot = { shadow = { offset = { -100000, 100000 } } } }") == nil)
    }

    @Test func scaleRotationAndOpacity() throws {
        #expect(try message("return { snapshot = { scale = 0 } }")
                == "slow.lua:1: snapshot.scale: expected a number > 0 and <= 10, got number 0")
        #expect(try message("return { snapshot = { scale = 1e300 } }")
                == "slow.lua:1: snapshot.scale: expected a number > 0 and <= 10, got number 1e+300")
        #expect(try message("return { snapshot = { rotation = 1e300 } }")
                == "slow.lua:1: snapshot.rotation: expected a number in -2π...2π, got number 1e+300")
        #expect(try message("return { snapshot = { shadow = { opacity = -0.1 } } }")
                == "slow.lua:1: snapshot.shadow.opacity: expected a number in 0...1, got number -0.1")
        // drag_drop_table's pi / 36 and a full turn are fine.
        #expect(try message("return { snapshot = { rotation = -2 * math.pi, scale = 10 } }") == nil)
    }

    @Test func fixedZoneAndSpeed() throws {
        #expect(try message("return { edge_scroll = { zone = 1e300 } }")
                == "slow.lua:1: edge_scroll.zone: expected a number in 0...100000 or a function, got number 1e+300")
        #expect(try message("return { edge_scroll = { zone = -1 } }")
                == "slow.lua:1: edge_scroll.zone: expected a number in 0...100000 or a function, got number -1")
        #expect(try message("return { edge_scroll = { speed = 1e10 } }")
                == "slow.lua:1: edge_scroll.speed: expected a number in 0...1000000000 or a function, got number 10000000000.0")
        #expect(try message("return { edge_scroll = { zone = 100000, speed = 1e9 } }") == nil)
        // The speed bound is the clamp on what a speed hook returns.
        #expect(LuaPolicy.maximumSpeed == PolicyConfiguration.Limits.speed.upper)
    }

    @Test func aParentOutOfRangeNamesTheParent() throws {
        let files = try PolicyFiles()
        try files.write("base.lua", "return { snapshot = { drop = { duration = 1e300 } } }")
        let child = try files.write("child.lua", "return { extends = 'base.lua', min_press_duration = 0.2 }")
        let e = loadError { _ = try LuaPolicy(path: child) }
        #expect(e?.description == "base.lua:1: snapshot.drop.duration: expected a number in 0...10, got number 1e+300")
    }

    // MARK: Native configurations (built in Swift), checked from the same table

    func nativeMessage(_ change: (inout PolicyConfiguration) -> Void) -> String? {
        var c = PolicyConfiguration(name: "p")
        change(&c)
        do { try c.validate(); return nil } catch { return error.message }
    }

    @Test func nativeStaticsOutOfRange() {
        #expect(nativeMessage { _ in } == nil)
        #expect(nativeMessage { $0.minPressDuration = 1e300 }
                == "min_press_duration: 1e+300 is out of range (0 <= min_press_duration <= 10)")
        #expect(nativeMessage { $0.snapshot.lift.duration = 11 }
                == "snapshot.lift.duration: 11 is out of range (0 <= snapshot.lift.duration <= 10)")
        #expect(nativeMessage { $0.snapshot.drop.duration = 1e300 }
                == "snapshot.drop.duration: 1e+300 is out of range (0 <= snapshot.drop.duration <= 10)")
        #expect(nativeMessage { $0.allowableMovement = -1 }
                == "allowable_movement: -1 is out of range (0 <= allowable_movement <= 100000)")
        #expect(nativeMessage { $0.snapshot.scale = 0 } == "snapshot.scale: 0 is out of range (0 < snapshot.scale <= 10)")
        #expect(nativeMessage { $0.snapshot.rotation = -7 }
                == "snapshot.rotation: -7 is out of range (-2π <= snapshot.rotation <= 2π)")
        #expect(nativeMessage { $0.snapshot.shadow.offset = Size(width: 0, height: 1e6) }
                == "snapshot.shadow.offset.y: 1000000 is out of range (-100000 <= snapshot.shadow.offset.y <= 100000)")
        // Fields the hand-written list of ReorderCore's validator had missed (it was a second
        // list beside the table): now checked because their descriptors say so.
        #expect(nativeMessage { $0.displacement.duration = 1e300 }
                == "displacement.duration: 1e+300 is out of range (0 <= displacement.duration <= 10)")
        #expect(nativeMessage { $0.snapshot.dropTo.alpha = 2 }
                == "snapshot.drop.to.alpha: 2 is out of range (0 <= snapshot.drop.to.alpha <= 1)")
        // swap_threshold is one descriptor, with no edit of a validator.
        #expect(nativeMessage { $0.swapThreshold = 1.5 }
                == "swap_threshold: 1.5 is out of range (0 <= swap_threshold <= 1)")
        // Every built-in native configuration is within range.
        for p in [DefaultPolicy(), UIKitPolicy(), JXMovablePolicy()] as [any DragPolicy] {
            #expect(throws: Never.self, "\(p.configuration.name)") { try p.configuration.validate() }
        }
    }

    /// The native validator has no list of its own: every number field of the table (its
    /// `takes` begins with "number" and it is part of the configuration) is checked, at the
    /// range the table documents, under the path the table gives. Adding a number field is
    /// adding its descriptor; this test then covers it with no edit.
    @Test func theNativeValidatorChecksEveryNumberFieldOfTheTable() {
        let numbers = PolicyField.all.filter { $0.takes.hasPrefix("number") && $0.apply != nil }
        // min_press_duration, allowable_movement, swap_threshold, snapshot.{scale, alpha, rotation,
        // corner_radius, shadow.opacity, shadow.radius, lift.duration, lift.from.scale,
        // lift.from.alpha, drop.duration, drop.to.scale, drop.to.alpha}, displacement.duration
        // (snapshot.shadow.offset, two numbers, is checked above); group.max and
        // snapshot.stack, whole numbers; combine_delay; a tree's tree.indent, tree.max_depth
        // (whole) and tree.expand_after.
        #expect(numbers.map(\.path).count == 22, "\(numbers.map(\.path))")
        for field in numbers {
            // A value no range of the table allows: a number 1e300 (the ranges end at 1e5 or
            // below for the configuration's fields).
            var c = PolicyConfiguration(name: "p")
            field.apply?(.value(1e300), &c)
            let message = nativeMessage { $0 = c }
            // ValidationError.outOfRange's two forms: whole-number ranges (group.max,
            // snapshot.stack) say "must be a whole number from", the others "is out of range (".
            let expected = ["group.max", "snapshot.stack", "tree.max_depth"].contains(field.path)
                ? "\(field.path) must be a whole number from " : "\(field.path): 1e+300 is out of range ("
            #expect(message?.hasPrefix(expected) == true, "\(field.path): \(message ?? "nil")")
        }
        // A field whose values are all allowed (a boolean, a curve) has no check.
        #expect(PolicyField.all.first { $0.path == "edge_scroll.enabled" }?.validate == nil)
        #expect(PolicyField.all.first { $0.path == "snapshot.lift.curve" }?.validate == nil)
    }

    @Test func everyBuiltInIsWithinRange() throws {
        for name in PolicyProgram.builtinNames {
            let c = try LuaPolicy(named: name).configuration
            #expect(throws: Never.self, "\(name)") { try c.validate() }
        }
    }
}
