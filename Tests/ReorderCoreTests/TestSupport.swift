import Testing
import ReorderFuzz
@testable import ReorderCore

/// Items named "r0", "r1", ...
func rowItems(_ n: Int, prefix: String = "r") -> [Item] { (0..<n).map { Item("\(prefix)\($0)") } }

let phone = Size(width: 375, height: 667)

func pos(_ s: Int, _ i: Int) -> ItemPosition { ItemPosition(section: s, item: i) }

/// Checks `grid.positions(in:)` against a scan of every cell's frame for 300 random rects drawn
/// from `x`, `y`, `width` and `height` (a frame and a rect overlap when their open interiors do).
func expectPositionsInRectMatchAScan(_ grid: GridLayout, seed: UInt64, x: ClosedRange<Double>, y: ClosedRange<Double>,
                                     width: ClosedRange<Double>, height: ClosedRange<Double>,
                                     sourceLocation: SourceLocation = #_sourceLocation) {
    var rng = SplitMix64(seed: seed)
    for _ in 0..<300 {
        let rect = Rect(x: rng.double(in: x), y: rng.double(in: y), width: rng.double(in: width), height: rng.double(in: height))
        var expected: [ItemPosition] = []
        for s in 0..<grid.sectionCount {
            for i in 0..<grid.count(s) {
                guard let f = grid.frame(of: pos(s, i)) else {
                    Issue.record("no frame for \(pos(s, i))", sourceLocation: sourceLocation); continue
                }
                if f.maxX > rect.minX && f.minX < rect.maxX && f.maxY > rect.minY && f.minY < rect.maxY {
                    expected.append(pos(s, i))
                }
            }
        }
        #expect(grid.positions(in: rect) == expected, "rect \(rect)", sourceLocation: sourceLocation)
    }
}

/// A table simulator over `sections`.
func tableSimulator(_ sections: [[Item]], policy: any DragPolicy, rowHeight: Double = 44,
                    headerHeight: Double = 0, frameRate: Double = 60, viewport: Size = phone) -> DragSimulator {
    DragSimulator(sections: sections, viewport: viewport, policy: policy, rowHeight: rowHeight,
                  headerHeight: headerHeight, frameRate: frameRate)
}

/// Records a failed expectation for every broken invariant (``InvariantChecker/violations(of:)``).
func expectInvariants(_ sim: DragSimulator, sourceLocation: SourceLocation = #_sourceLocation) {
    expectInvariants(sim.session, sourceLocation: sourceLocation)
}

func expectInvariants(_ session: DragSession, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(InvariantChecker.violations(of: session) == [], sourceLocation: sourceLocation)
}

/// `DefaultPolicy` with exchange semantics.
final class ExchangePolicy: DefaultPolicy {
    override func semantics(_ ctx: PolicyContext, from: ItemPosition, to: ItemPosition) -> Semantics { .exchange }
}

/// `DefaultPolicy` whose `onEnd` vetoes.
final class VetoPolicy: DefaultPolicy {
    override func onEnd(_ ctx: PolicyContext, from: ItemPosition, to: ItemPosition) -> Bool { false }
}

/// `DefaultPolicy` refusing items whose id starts with "locked".
final class LockedPolicy: DefaultPolicy {
    override func canMove(_ ctx: PolicyContext, at position: ItemPosition) -> Bool {
        !ctx.item(at: position).id.hasPrefix("locked")
    }
}

/// A policy with no edge scrolling and instant animations: moves only.
final class PlainPolicy: DefaultPolicy {
    init(semantics: Semantics = .move) {
        self.fixedSemantics = semantics
        var c = DefaultPolicy.standardConfiguration
        c.name = "plain"
        c.edgeScroll.enabled = false
        c.snapshot.lift = AnimationSpec(duration: 0)
        c.snapshot.drop = AnimationSpec(duration: 0.125, curve: .linear)
        super.init(configuration: c)
    }
    let fixedSemantics: Semantics
    override func semantics(_ ctx: PolicyContext, from: ItemPosition, to: ItemPosition) -> Semantics { fixedSemantics }
}
