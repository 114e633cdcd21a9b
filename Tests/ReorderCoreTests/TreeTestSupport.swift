import Testing
@testable import ReorderCore

// The peers' snapshots these tests read their rules and numbers at:
// - dnd-kit: github.com/clauderic/dnd-kit, branch master at e9215e820798459ae036896fce7fd9a6fe855772,
//   `stories/3 - Examples/Tree/` (utilities.ts, SortableTree.tsx, keyboardCoordinates.ts).
// - react-beautiful-dnd: github.com/hello-pangea/dnd at 28c47a7a0139a09b1bf0a77a010e7121c39246d4.
// - pragmatic-drag-and-drop: github.com/atlassian/pragmatic-drag-and-drop at
//   628603042cf655b66e6a9cbd3dda664f7618303c.

/// A reference model written straight from dnd-kit's tree story, on plain nested values and
/// linear scans, to check the flat ``Tree`` against: every step as the story describes it, no
/// shortcut of the fast model (no subtree ranges, no ancestor walks).
struct NaiveTree: Sendable {
    struct Node: Equatable, Sendable {
        var id: String
        var children: [Node] = []
        var collapsed = false
    }

    /// dnd-kit's `FlattenedItem` (types.ts lines 12-16).
    struct Flat: Equatable, Sendable {
        var id: String
        var parent: String?
        var depth: Int
        var index: Int
        var collapsed: Bool
        var hasChildren: Bool
    }

    var roots: [Node]

    /// utilities.ts `flatten` (lines 79-91): a node, then its children's flattening.
    func flattened() -> [Flat] {
        var out: [Flat] = []
        func walk(_ nodes: [Node], _ parent: String?, _ depth: Int) {
            for (i, n) in nodes.enumerated() {
                out.append(Flat(id: n.id, parent: parent, depth: depth, index: i, collapsed: n.collapsed,
                                hasChildren: !n.children.isEmpty))
                walk(n.children, n.id, depth + 1)
            }
        }
        walk(roots, nil, 0)
        return out
    }

    /// utilities.ts `removeChildrenOf` (lines 195-211): drops every item whose parent is
    /// excluded, excluding in turn those of its items that have children.
    static func removeChildren(_ items: [Flat], of ids: [String]) -> [Flat] {
        var excluded = ids
        return items.filter { item in
            if let p = item.parent, excluded.contains(p) {
                if item.hasChildren { excluded.append(item.id) }
                return false
            }
            return true
        }
    }

    /// The rows SortableTree.tsx shows (lines 122-134): collapsed items with children hide theirs.
    func visible(lifting active: String? = nil) -> [Flat] {
        let all = flattened()
        let collapsed = all.filter { $0.collapsed && $0.hasChildren }.map(\.id)
        return NaiveTree.removeChildren(all, of: (active.map { [$0] } ?? []) + collapsed)
    }

    /// `arrayMove` from @dnd-kit/sortable: remove at `from`, insert at `to`.
    static func arrayMove<T>(_ a: [T], _ from: Int, _ to: Int) -> [T] {
        var b = a
        let x = b.remove(at: from)
        b.insert(x, at: to)
        return b
    }

    /// JavaScript's Math.round, from its definition: the integer closest to x, ties to +∞.
    static func jsRound(_ x: Double) -> Int {
        let lower = x.rounded(.down)
        let upper = lower + 1
        return Int(upper - x <= x - lower ? upper : lower)
    }

    struct Projection: Equatable, Sendable {
        var depth: Int
        var minDepth: Int
        var maxDepth: Int
        var parent: String?
    }

    /// utilities.ts `getProjection` (lines 12-61) on the lifted rows.
    static func projection(_ items: [Flat], active: String, over: String, dx: Double, indent: Double) -> Projection {
        guard let overIndex = items.firstIndex(where: { $0.id == over }),
              let activeIndex = items.firstIndex(where: { $0.id == active }) else {
            fatalError("active or over not in the rows")
        }
        let activeItem = items[activeIndex]
        let moved = arrayMove(items, activeIndex, overIndex)
        let previous = overIndex > 0 ? moved[overIndex - 1] : nil
        let next = overIndex + 1 < moved.count ? moved[overIndex + 1] : nil
        let projected = activeItem.depth + jsRound(dx / indent)
        let maxDepth = previous.map { $0.depth + 1 } ?? 0
        let minDepth = next?.depth ?? 0
        var depth = projected
        if projected >= maxDepth { depth = maxDepth } else if projected < minDepth { depth = minDepth }
        var parent: String?
        if depth == 0 || previous == nil {
            parent = nil
        } else if let previous, depth == previous.depth {
            parent = previous.parent
        } else if let previous, depth > previous.depth {
            parent = previous.id
        } else {
            parent = moved[0..<overIndex].reversed().first { $0.depth == depth }?.parent
        }
        return Projection(depth: depth, minDepth: minDepth, maxDepth: maxDepth, parent: parent)
    }

    /// SortableTree.tsx `handleDragEnd` (lines 268-287): the whole flattened tree, the active
    /// item given the projected depth and parent, moved to the over item's index, rebuilt by
    /// parent (utilities.ts `buildTree`, lines 97-112).
    func dropped(active: String, over: String, depth: Int, parent: String?) -> NaiveTree {
        var items = flattened()
        guard let overIndex = items.firstIndex(where: { $0.id == over }),
              let activeIndex = items.firstIndex(where: { $0.id == active }) else {
            fatalError("active or over not in the tree")
        }
        items[activeIndex].depth = depth
        items[activeIndex].parent = parent
        let sorted = NaiveTree.arrayMove(items, activeIndex, overIndex)
        return NaiveTree.build(sorted, collapsed: Dictionary(uniqueKeysWithValues: flattenedNodes().map { ($0.id, $0.collapsed) }))
    }

    func flattenedNodes() -> [Node] {
        var out: [Node] = []
        func walk(_ nodes: [Node]) { for n in nodes { out.append(n); walk(n.children) } }
        walk(roots)
        return out
    }

    /// `buildTree`: each item appended to its parent's children in list order.
    static func build(_ items: [Flat], collapsed: [String: Bool]) -> NaiveTree {
        var children: [String: [String]] = [:]
        var roots: [String] = []
        for item in items {
            if let p = item.parent { children[p, default: []].append(item.id) } else { roots.append(item.id) }
        }
        func node(_ id: String) -> Node {
            Node(id: id, children: (children[id] ?? []).map(node), collapsed: collapsed[id] ?? false)
        }
        return NaiveTree(roots: roots.map(node))
    }

    /// SortableTree.tsx `getMovementAnnouncement` (lines 314-371) for a move (not the end).
    func announcement(active: String, over: String, depth: Int) -> String? {
        let items = flattened()
        guard let overIndex = items.firstIndex(where: { $0.id == over }),
              let activeIndex = items.firstIndex(where: { $0.id == active }) else { return nil }
        let sorted = NaiveTree.arrayMove(items, activeIndex, overIndex)
        guard overIndex > 0 else {
            return overIndex + 1 < sorted.count ? "\(active) was moved before \(sorted[overIndex + 1].id)." : nil
        }
        let previous = sorted[overIndex - 1]
        if depth > previous.depth { return "\(active) was nested under \(previous.id)." }
        var sibling: Flat? = previous
        while let s = sibling, depth < s.depth { sibling = sorted.first { $0.id == s.parent } }
        return sibling.map { "\(active) was moved after \($0.id)." }
    }

    var descriptions: [TreeNodeDescription] {
        func d(_ n: Node) -> TreeNodeDescription {
            TreeNodeDescription(item: Item(n.id), children: n.children.map(d), collapsed: n.collapsed)
        }
        return roots.map(d)
    }

    /// Every ordered forest of `n` nodes, ids `n0`, `n1`, ... in preorder (Catalan(n) of them).
    static func forests(_ n: Int) -> [NaiveTree] {
        // A forest in preorder is a depth sequence: starts at 0, each next at most one deeper.
        var result: [NaiveTree] = []
        var depths: [Int] = []
        func extend() {
            if depths.count == n {
                result.append(NaiveTree(depths: depths))
                return
            }
            let deepest = depths.last.map { $0 + 1 } ?? 0
            for d in 0...deepest {
                depths.append(d)
                extend()
                depths.removeLast()
            }
        }
        extend()
        return result
    }

    init(roots: [Node]) { self.roots = roots }

    /// The forest whose preorder depths are `depths`.
    init(depths: [Int]) {
        var flat: [Flat] = []
        var lastAt: [String] = []
        for (k, d) in depths.enumerated() {
            let id = "n\(k)"
            lastAt.removeSubrange(d...)
            flat.append(Flat(id: id, parent: d == 0 ? nil : lastAt[d - 1], depth: d, index: 0, collapsed: false,
                             hasChildren: false))
            lastAt.append(id)
        }
        self = NaiveTree.build(flat, collapsed: [:])
    }

    /// Every way to set the collapsed flags of the nodes that have children.
    func collapseVariants() -> [NaiveTree] {
        let parents = flattened().filter(\.hasChildren).map(\.id)
        return (0..<(1 << parents.count)).map { mask in
            let collapsed = Set(parents.enumerated().filter { mask & (1 << $0.offset) != 0 }.map(\.element))
            func mark(_ n: Node) -> Node {
                Node(id: n.id, children: n.children.map(mark), collapsed: collapsed.contains(n.id))
            }
            return NaiveTree(roots: roots.map(mark))
        }
    }
}

/// Calls `body` with every forest of each size in `sizes`, in every collapse, and its ``Tree``.
func everySmallTree(_ sizes: ClosedRange<Int>, _ body: (NaiveTree, Tree) throws -> Void) throws {
    for n in sizes {
        for forest in NaiveTree.forests(n) {
            for variant in forest.collapseVariants() { try body(variant, try Tree(variant.descriptions)) }
        }
    }
}

/// The tree's nested shape in the compact form: `["a", "b(b1, b2)", "+c(c1)"]`.
func shape(_ tree: Tree) -> [String] { tree.nested().map(\.description) }

/// A handle by id, failing the test when the id is unknown.
func node(_ tree: Tree, _ id: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int32 {
    try #require(tree.handle(of: id), "no node \(id)", sourceLocation: sourceLocation)
}

/// dnd-kit's story tree (SortableTree.tsx lines 42-67).
let dndKitStoryTree: [TreeNodeDescription] = [
    "Home",
    TreeNodeDescription(id: "Collections", children: ["Spring", "Summer", "Fall", "Winter"]),
    "About Us",
    TreeNodeDescription(id: "My Account", children: ["Addresses", "Order History"]),
]

/// pragmatic's tree example data (tree-legacy.ts lines 21-68): every node with children has
/// `isOpen: true`; the leaves' missing `isOpen` has no effect on a leaf.
let pragmaticExampleTree: [TreeNodeDescription] = [
    TreeNodeDescription(id: "1", children: [
        TreeNodeDescription(id: "1.1", children: ["1.1.1", "1.1.2"]),
        "1.2",
    ]),
    TreeNodeDescription(id: "2", children: [
        TreeNodeDescription(id: "2.1", children: ["2.1.1", "2.1.2"]),
    ]),
]
