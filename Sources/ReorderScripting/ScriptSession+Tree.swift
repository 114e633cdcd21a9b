import ReorderCore
import ReorderLua

/// The Lua API of a tree session (`reorder.session{ layout = "tree", tree = {...} }`): the
/// nested shape back, and collapsing or expanding a row. Every other method works on the
/// visible rows as on a table's one section (`s:press_item(1, r)` lifts row `r` with its
/// subtree).
///
/// ```lua
/// local s = reorder.session{ layout = "tree", tree = { "a", { id = "b", children = { "b1" } } } }
/// s:toggle(1, 2)        -- b collapses
/// s:order()             -- { "a", "b" }
/// s:tree()              -- { { id = "a" }, { id = "b", children = { { id = "b1" } }, collapsed = true } }
/// ```
extension ScriptSession {
    /// The tree of a tree session, or the error for a method only a tree session has.
    func sessionTree(_ a: Arguments) throws(LuaError) -> Tree {
        guard let tree = simulator.tree else {
            throw a.error("only a tree session has a tree (this session's layout is \(options.layout.rawValue))")
        }
        return tree
    }

    /// `s:tree()`: the nested shape, `{ id = ..., title = ..., children = {...}, collapsed = true }`
    /// per node (`title` when it differs from the id, `children` when there are any, `collapsed`
    /// when set), collapsed children included.
    func luaTree(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(0)
        return [.array(try sessionTree(a).nested().map(Self.treeNodeValue))]
    }

    /// One node of `s:tree()`.
    static func treeNodeValue(_ node: TreeNodeDescription) -> LuaValue {
        var fields: [LuaValue: LuaValue] = [.string("id"): .string(node.id)]
        if case .table(let item) = itemValue(node.item) {
            for (k, v) in item { fields[k] = v }
        }
        if !node.children.isEmpty { fields[.string("children")] = .array(node.children.map(treeNodeValue)) }
        if node.collapsed { fields[.string("collapsed")] = .boolean(true) }
        return .table(fields)
    }

    /// `s:toggle(section, row)`: collapses or expands the node at visible row `row` (section 1,
    /// the tree's one section). Only while idle.
    func luaToggle(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(2)
        _ = try sessionTree(a)
        let p = try position(a, 1)
        guard simulator.state == .idle else {
            throw a.error("cannot collapse or expand while the session is \(simulator.state.rawValue) (release first)")
        }
        simulator.toggle(p)
        return []
    }
}
