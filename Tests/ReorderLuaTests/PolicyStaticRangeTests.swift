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

    @Test func everyBuiltInIsWithinRange() throws {
        for name in PolicyProgram.builtinNames {
            let c = try LuaPolicy(named: name).configuration
            #expect(throws: Never.self, "\(name)") { try c.validate() }
        }
    }
}
