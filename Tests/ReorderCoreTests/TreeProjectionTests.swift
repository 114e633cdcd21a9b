import Testing
@testable import ReorderCore

/// dnd-kit's projection, drop and announcements. Peers' snapshots: see TreeTestSupport.swift.
/// The story's indentation is 50 (SortableTree.tsx line 110, `indentationWidth = 50`).
@Suite struct TreeProjectionTests {
    let indent = 50.0

    /// `Math.round` (utilities.ts line 9): the nearest integer, a half toward +∞.
    @Test func roundingIsJavaScriptsMathRound() {
        #expect(Tree.roundHalfUp(0.5) == 1)
        #expect(Tree.roundHalfUp(1.5) == 2)
        #expect(Tree.roundHalfUp(2.5) == 3)
        #expect(Tree.roundHalfUp(-0.5) == 0)
        #expect(Tree.roundHalfUp(-1.5) == -1)
        #expect(Tree.roundHalfUp(-2.5) == -2)
        #expect(Tree.roundHalfUp(-2.6) == -3)
        #expect(Tree.roundHalfUp(0.49999999999999994) == 0)   // the largest double below 0.5
        #expect(Tree.roundHalfUp(-0.49999999999999994) == 0)
        #expect(Tree.roundHalfUp(4503599627370495.5) == 4503599627370496)
    }

    /// Story tree, all open. Rows: 0 Home, 1 Collections, 2 Spring, 3 Summer, 4 Fall, 5 Winter,
    /// 6 About Us, 7 My Account, 8 Addresses, 9 Order History.
    @Test func movingUpBetweenChildrenTakesTheirDepth() throws {
        var tree = try Tree(dndKitStoryTree)
        let lift = try #require(tree.lift(try node(tree, "About Us")))
        // Over Winter (row 5) from row 6: after the move Fall is above, Winter below, so
        // max = Fall.depth + 1 = 2, min = Winter.depth = 1; projected 0 + round(0) = 0 < 1 → 1.
        let p = try #require(tree.projection(of: lift, overRow: 5, dx: 0, indent: indent))
        #expect(p.depth == 1 && p.minDepth == 1 && p.maxDepth == 2)
        #expect(p.parent == (try node(tree, "Collections")))
        #expect(p.previous.map { tree.id($0) } == "Fall")
        #expect(p.next.map { tree.id($0) } == "Winter")
        #expect(tree.announcement(of: lift, projection: p) == .after(try node(tree, "Fall")))
        // The drop lands before Winter in the whole tree: Collections' fourth child.
        try tree.drop(lift, projection: p)
        #expect(shape(tree) == ["Home", "Collections(Spring, Summer, Fall, About Us, Winter)", "My Account(Addresses, Order History)"])
        #expect(tree.invariantViolations() == [])
    }

    @Test func sidewaysTravelSetsTheDepthWithinTheBounds() throws {
        let tree = try Tree(dndKitStoryTree)
        let winter = try node(tree, "Winter")
        let lift = try #require(tree.lift(winter))
        // Over itself: Fall above (max 2), About Us below (min 0), lifted at depth 1.
        func depth(_ dx: Double) -> Int? { tree.projection(of: lift, overRow: 5, dx: dx, indent: indent)?.depth }
        #expect(depth(0) == 1)
        #expect(depth(24.99) == 1)   // round(0.4998) = 0
        #expect(depth(25) == 2)      // round(0.5) = 1
        #expect(depth(-25) == 1)     // round(-0.5) = -0: a half goes toward +∞ (Swift's rounded() gives -1)
        #expect(depth(-25.01) == 0)  // round(-0.5002) = -1
        #expect(depth(75) == 2)      // round(1.5) = 2 → 3, clamped to max 2
        #expect(depth(-1000) == 0)   // clamped to min 0
        #expect(depth(.infinity) == nil)
        #expect(depth(.nan) == nil)
        #expect(tree.projection(of: lift, overRow: 5, dx: 0, indent: 0) == nil)
        #expect(tree.projection(of: lift, overRow: 10, dx: 0, indent: indent) == nil)
        // Parents: depth 2 → Fall (one deeper than the row above); 1 → Fall's parent; 0 → none.
        #expect(tree.projection(of: lift, overRow: 5, dx: 50, indent: indent)?.parent == (try node(tree, "Fall")))
        #expect(tree.projection(of: lift, overRow: 5, dx: 0, indent: indent)?.parent == (try node(tree, "Collections")))
        #expect(tree.projection(of: lift, overRow: 5, dx: -50, indent: indent)?.parent == nil)
    }

    /// Out of Collections at depth 0 (round(-26 / 50) = -1): after Collections among the roots.
    @Test func outdentingLandsAfterTheFormerParent() throws {
        var tree = try Tree(dndKitStoryTree)
        let lift = try #require(tree.lift(try node(tree, "Winter")))
        let p = try #require(tree.projection(of: lift, overRow: 5, dx: -26, indent: indent))
        #expect(p.depth == 0 && p.parent == nil)
        #expect(tree.announcement(of: lift, projection: p) == .after(try node(tree, "Collections")))
        try tree.drop(lift, projection: p)
        #expect(shape(tree) == ["Home", "Collections(Spring, Summer, Fall)", "Winter", "About Us", "My Account(Addresses, Order History)"])
    }

    /// Under a collapsed parent (SortableTree.tsx `handleDragEnd`, lines 268-287, moves within
    /// the whole flattened tree): from below the node lands last, from above first; the parent
    /// stays collapsed and the node leaves the rows.
    @Test func underACollapsedParentFromBelowLast() throws {
        var described = dndKitStoryTree
        described[1].collapsed = true
        var tree = try Tree(described)
        #expect(tree.visibleIDs == ["Home", "Collections", "About Us", "My Account", "Addresses", "Order History"])
        let lift = try #require(tree.lift(try node(tree, "About Us")))
        // Over itself (row 2), dx 50: Collections above (max 1), My Account below (min 0) → 1.
        let p = try #require(tree.projection(of: lift, overRow: 2, dx: 50, indent: indent))
        let collections = try node(tree, "Collections")
        #expect(p.depth == 1 && p.parent == collections)
        // The story announces from the whole tree: the node before is Winter (hidden), at depth 1.
        #expect(tree.announcement(of: lift, projection: p) == .after(try node(tree, "Winter")))
        try tree.drop(lift, projection: p)
        #expect(shape(tree) == ["Home", "+Collections(Spring, Summer, Fall, Winter, About Us)", "My Account(Addresses, Order History)"])
        #expect(tree.visibleIDs == ["Home", "Collections", "My Account", "Addresses", "Order History"])
        #expect(tree.invariantViolations() == [])
    }

    @Test func underACollapsedParentFromAboveFirst() throws {
        var described = dndKitStoryTree
        described[1].collapsed = true
        var tree = try Tree(described)
        let lift = try #require(tree.lift(try node(tree, "Home")))
        // Over Collections (row 1) from row 0: Collections above (max 1), About Us below (min 0).
        let p = try #require(tree.projection(of: lift, overRow: 1, dx: 50, indent: indent))
        let collections = try node(tree, "Collections")
        #expect(p.depth == 1 && p.parent == collections)
        #expect(tree.announcement(of: lift, projection: p) == .nested(under: try node(tree, "Collections")))
        try tree.drop(lift, projection: p)
        #expect(shape(tree) == ["+Collections(Home, Spring, Summer, Fall, Winter)", "About Us", "My Account(Addresses, Order History)"])
        #expect(tree.invariantViolations() == [])
    }

    /// A lifted subtree comes back whole under its new place, its rows with it.
    @Test func aLiftedSubtreeMovesWhole() throws {
        var tree = try Tree(dndKitStoryTree)
        let lift = try #require(tree.lift(try node(tree, "Collections")))
        // Lifted rows: Home, Collections, About Us, My Account, Addresses, Order History. Over
        // Order History (row 5), dx 50: Order History above (max 2), none below (min 0) → 1,
        // parent My Account; lands after Order History.
        let p = try #require(tree.projection(of: lift, overRow: 5, dx: 50, indent: indent))
        let account = try node(tree, "My Account")
        #expect(p.depth == 1 && p.parent == account && p.next == nil)
        try tree.drop(lift, projection: p)
        #expect(shape(tree) == ["Home", "About Us", "My Account(Addresses, Order History, Collections(Spring, Summer, Fall, Winter))"])
        #expect(tree.visibleIDs == ["Home", "About Us", "My Account", "Addresses", "Order History", "Collections",
                                    "Spring", "Summer", "Fall", "Winter"])
        #expect(tree.depth(try node(tree, "Winter")) == 2)
        #expect(tree.invariantViolations() == [])
    }

    /// `max_depth` lowers the upper bound by the lifted subtree's height; when it falls below
    /// the lower bound there is no projection.
    @Test func maxDepthClampsAndCanRefuse() throws {
        let tree = try Tree(dndKitStoryTree)
        let aboutUs = try #require(tree.lift(try node(tree, "About Us")))
        // Over itself, dx 100: dnd-kit's max 2 (Winter above); max_depth 1 → 1.
        let p = try #require(tree.projection(of: aboutUs, overRow: 6, dx: 100, indent: indent, maxDepth: 1))
        #expect(p.depth == 1 && p.maxDepth == 2 && p.upperDepth == 1)
        #expect(p.keyboardOffset(.right, indent: indent) == nil)
        // My Account carries a child (height 1): max_depth 1 leaves it depth 0 only.
        let account = try #require(tree.lift(try node(tree, "My Account")))
        let q = try #require(tree.projection(of: account, overRow: 7, dx: 50, indent: indent, maxDepth: 1))
        #expect(q.depth == 0 && q.upperDepth == 0)
        // Over Winter from below: Winter below needs depth >= 1; max_depth 0 allows none.
        #expect(tree.projection(of: aboutUs, overRow: 5, dx: 0, indent: indent, maxDepth: 0) == nil)
    }

    /// keyboardCoordinates.ts lines 53-68: Left moves one indent left while depth > min,
    /// Right one right while depth < max.
    @Test func leftAndRightStepOneIndentWithinTheBounds() throws {
        let tree = try Tree(dndKitStoryTree)
        let winter = try #require(tree.lift(try node(tree, "Winter")))
        let p = try #require(tree.projection(of: winter, overRow: 5, dx: 0, indent: indent))
        #expect(p.keyboardOffset(.left, indent: indent) == -50)
        #expect(p.keyboardOffset(.right, indent: indent) == 50)
        let deepest = try #require(tree.projection(of: winter, overRow: 5, dx: 100, indent: indent))
        #expect(deepest.keyboardOffset(.right, indent: indent) == nil)
        let spring = try #require(tree.lift(try node(tree, "Spring")))
        // Spring over itself: Summer below keeps it at depth 1 (min 1).
        let s = try #require(tree.projection(of: spring, overRow: 2, dx: 0, indent: indent))
        #expect(s.minDepth == 1 && s.keyboardOffset(.left, indent: indent) == nil)
    }

    /// Every forest of up to 5 nodes, every collapse, every visible node lifted over every row at
    /// sideways offsets from -2.5 to +2.5 indents: projection, drop and announcement agree with
    /// the reference model written from the story (TreeTestSupport.swift).
    @Test func everySmallDragMatchesTheStory() throws {
        let offsets: [Double] = [-125, -100, -75, -50, -26, -25, 0, 24, 25, 50, 75, 100, 125]
        try everySmallTree(1...5) { variant, tree in
            for active in variant.visible().map(\.id) {
                let h = try node(tree, active)
                let lift = try #require(tree.lift(h))
                let rows = variant.visible(lifting: active)
                #expect((0..<lift.rowCount).map { tree.id(lift.handle(atRow: $0, in: tree)) } == rows.map(\.id))
                #expect(lift.carried == variant.flattened().filter { tree.handle(of: $0.id).map { tree.isInSubtree($0, of: h) } ?? false }.count)
                for (o, over) in rows.enumerated() {
                    for dx in offsets {
                        let expected = NaiveTree.projection(rows, active: active, over: over.id, dx: dx, indent: indent)
                        let p = try #require(tree.projection(of: lift, overRow: o, dx: dx, indent: indent))
                        let context = "\(variant.descriptions.map(\.description)) lift \(active) over \(over.id) dx \(dx)"
                        #expect(p.depth == expected.depth, "\(context)")
                        #expect(p.minDepth == expected.minDepth && p.maxDepth == expected.maxDepth, "\(context)")
                        #expect(p.parent.map { tree.id($0) } == expected.parent, "\(context)")

                        var dropped = tree
                        try dropped.drop(lift, projection: p)
                        let reference = variant.dropped(active: active, over: over.id, depth: expected.depth, parent: expected.parent)
                        #expect(dropped.nested() == reference.descriptions, "\(context)")
                        #expect(dropped.invariantViolations(before: tree) == [], "\(context)")

                        // The story names the first row of the whole tree after the node
                        // when it is first (line 349); with the node over itself that is
                        // its own first child. We name the row below in the lifted rows.
                        let ownChildQuirk = o == 0 && o == lift.row && tree.hasChildren(h)
                        if !ownChildQuirk {
                            let said = tree.announcement(of: lift, projection: p).map { a -> String in
                                switch a {
                                case .nested(let u): return "\(active) was nested under \(tree.id(u))."
                                case .after(let s): return "\(active) was moved after \(tree.id(s))."
                                case .before(let b): return "\(active) was moved before \(tree.id(b))."
                                }
                            }
                            #expect(said == variant.announcement(active: active, over: over.id, depth: expected.depth), "\(context)")
                        }
                    }
                }
            }
        }
    }
}
