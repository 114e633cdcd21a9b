/// Integrity checks of a tree, for tests and the fuzzer.
extension Tree {
    /// Every broken invariant, described; empty when the tree is sound: every node appears once
    /// in the preorder, parents form a tree (each node inside its parent's range, one level
    /// deeper, so no node is under its own descendant), subtree sizes add up, every depth is
    /// within ``Limits/depth`` and `maxDepth` when given, ids map to their nodes, and the
    /// visible rows are exactly the nodes whose ancestors are all expanded. With `before`, also
    /// that the tree has exactly the nodes `before` had (none lost, none added).
    ///
    /// - Complexity: O(n).
    ///
    /// ```swift
    /// #expect(tree.invariantViolations(maxDepth: 8, before: original) == [])
    /// ```
    public func invariantViolations(maxDepth: Int? = nil, before: Tree? = nil) -> [String] {
        var problems: [String] = []
        let n = items.count
        guard order.count == n, positions.count == n, parents.count == n, depths.count == n,
              sizes.count == n, collapsedFlags.count == n else {
            return ["the per-node arrays differ in length from the \(n) items"]
        }
        var seen = [Bool](repeating: false, count: n)
        for (i, h) in order.enumerated() {
            guard h >= 0, Int(h) < n else {
                problems.append("preorder index \(i) holds an unknown handle \(h)")
                continue
            }
            if seen[Int(h)] { problems.append("node \(id(h)) appears twice") }
            seen[Int(h)] = true
            if positions[Int(h)] != Int32(i) {
                problems.append("node \(id(h)) is at preorder index \(i) but recorded at \(positions[Int(h)])")
            }
        }
        for (h, present) in seen.enumerated() where !present { problems.append("node \(items[h].id) is missing") }
        if !problems.isEmpty { return problems }

        var childSizes = [Int32](repeating: 0, count: n)
        for h in 0..<n {
            let node = Int32(h)
            let d = Int(depths[h])
            if d < 0 || d > Limits.depth || (maxDepth.map { d > $0 } ?? false) {
                problems.append("node \(id(node)) has depth \(d), outside 0...\(min(Limits.depth, maxDepth ?? Limits.depth))")
            }
            if let p = parent(node) {
                guard contains(p) else { problems.append("node \(id(node)) has an unknown parent \(p)"); continue }
                childSizes[Int(p)] += sizes[h]
                if depths[h] != depths[Int(p)] + 1 {
                    problems.append("node \(id(node)) has depth \(d) under \(id(p)) at depth \(depths[Int(p)])")
                }
                let pp = positions[Int(p)]
                if !(positions[h] > pp && positions[h] + sizes[h] <= pp + sizes[Int(p)]) {
                    problems.append("node \(id(node)) lies outside its parent \(id(p))'s range")
                }
            } else if d != 0 {
                problems.append("root \(id(node)) has depth \(d)")
            }
            if handles[items[h].id] != node { problems.append("id \(items[h].id) does not map to its node") }
        }
        for h in 0..<n where sizes[h] != childSizes[h] + 1 {
            problems.append("node \(items[h].id) records \(sizes[h]) nodes in its subtree, its children hold \(childSizes[h])")
        }
        if handles.count != n { problems.append("\(handles.count) ids map to nodes, the tree has \(n)") }
        // Parents before children, each inside its parent's range: following parents from any
        // node strictly decreases the preorder index, so they reach a root (no cycle).
        if visible != visibleHandles(from: 0, to: n) {
            problems.append("the visible rows are not the nodes whose ancestors are all expanded")
        }
        if let before {
            let now = Set(items.map(\.id)), then = Set(before.items.map(\.id))
            for lost in then.subtracting(now).sorted() { problems.append("node \(lost) was lost") }
            for added in now.subtracting(then).sorted() { problems.append("node \(added) was added") }
        }
        return problems
    }
}
