import ReorderCore

/// A JSON value that does not have the shape of an item or a tree: what was expected, naming
/// the place (`item 1.2`, `tree[2].children[1]`). The caller adds the file and line.
package struct JSONShapeError: Error, Hashable, Sendable {
    package var message: String
    package init(_ message: String) { self.message = message }
}

/// Items and trees as JSON, the one writer and reader of both: a trace's `session` line holds
/// them, and an order file holds a tree's ids.
///
/// An item is its id alone when it is plain (``ReorderCore/Item/isPlain``), else an object with
/// `id`, `title` and its fields (strings, numbers, booleans). A tree is a list of its roots,
/// each node the nested shape of a session's `tree = {...}`: a leaf that is not collapsed is
/// its item, any other node an object with the item's members, `children` (a list of nodes)
/// and `collapsed` (`true`, left out when false).
///
/// ```swift
/// let roots: [TreeNodeDescription] = ["a", TreeNodeDescription(id: "b", children: ["b1"], collapsed: true)]
/// JSONWriter.compact(ItemJSON.tree(roots))
/// // ["a",{"id":"b","title":"b","children":["b1"],"collapsed":true}]
/// JSONWriter.compact(ItemJSON.tree(roots, idsOnly: true))
/// // ["a",{"id":"b","children":["b1"],"collapsed":true}]
/// try ItemJSON.tree(from: ItemJSON.tree(roots)).map(\.description)   // ["a", "+b(b1)"]
/// ```
package enum ItemJSON {
    /// The keys of a tree node's object that are not the item's.
    static let nodeKeys: Set<String> = ["children", "collapsed"]

    // MARK: Writing

    /// An item: its id alone when it has no title or fields, else an object.
    package static func value(_ i: Item) -> JSONValue {
        if i.isPlain { return .string(i.id) }
        return .members(members(i))
    }

    private static func members(_ i: Item) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [("id", .string(i.id)), ("title", .string(i.title))]
        for k in i.fields.keys.sorted() {
            guard let v = i.fields[k] else { continue }
            switch v {
            case .string(let s): members.append((k, .string(s)))
            case .number(let d): members.append((k, .double(d)))
            case .bool(let b): members.append((k, .bool(b)))
            }
        }
        return members
    }

    /// A tree's roots in the nested shape. `idsOnly` leaves out titles and fields (an order
    /// file keeps the arrangement; the items are the data's).
    package static func tree(_ roots: [TreeNodeDescription], idsOnly: Bool = false) -> JSONValue {
        .array(roots.map { node($0, idsOnly: idsOnly) })
    }

    private static func node(_ n: TreeNodeDescription, idsOnly: Bool) -> JSONValue {
        if n.children.isEmpty && !n.collapsed {
            return idsOnly ? .string(n.id) : value(n.item)
        }
        var m: [(String, JSONValue)] = idsOnly || n.item.isPlain ? [("id", .string(n.id))] : members(n.item)
        if !n.children.isEmpty { m.append(("children", .array(n.children.map { node($0, idsOnly: idsOnly) }))) }
        if n.collapsed { m.append(("collapsed", .bool(true))) }
        return .members(m)
    }

    // MARK: Reading

    /// The item `v` describes: a string (id and title), or an object with a string `id`, a
    /// string `title` (the id when left out) and fields of strings, numbers and booleans.
    /// Keys in `reserved` are not fields (a tree node's `children` and `collapsed`).
    ///
    /// ```swift
    /// try ItemJSON.item(from: .string("a"), place: "item 1.1")   // Item("a")
    /// ```
    package static func item(from v: JSONValue, place: String, reserved: Set<String> = []) throws(JSONShapeError) -> Item {
        if case .string(let id) = v { return Item(id) }
        guard case .object(let members) = v, case .string(let id)? = v["id"] else {
            throw JSONShapeError("\(place) must be a string or an object with an \"id\"")
        }
        var fields: [String: ItemValue] = [:]
        for m in members where m.key != "id" && m.key != "title" && !reserved.contains(m.key) {
            switch m.value {
            case .bool(let b): fields[m.key] = .bool(b)
            case .number(let text): fields[m.key] = .number(Double(text) ?? 0)
            case .string(let s): fields[m.key] = .string(s)
            default: throw JSONShapeError("\(place): field \"\(EchoText.clip(m.key))\" must be a string, number or boolean")
            }
        }
        var title: String?
        if case .string(let t)? = v["title"] { title = t }
        return Item(id: id, title: title, fields: fields)
    }

    /// The roots of a tree in the nested shape (``tree(_:idsOnly:)``'s). Errors name the node
    /// as `tree[2].children[1]` (1-based, as Lua writes it) after `place`.
    ///
    /// ```swift
    /// try ItemJSON.tree(from: .array([.number("1")]))
    /// // throws "tree[1] must be a string or an object with an \"id\""
    /// ```
    package static func tree(from v: JSONValue, place: String = "tree") throws(JSONShapeError) -> [TreeNodeDescription] {
        guard case .array(let list) = v else {
            throw JSONShapeError("\(place) must be a list of nodes, got \(v.kindDescription)")
        }
        var nodes: [TreeNodeDescription] = []
        nodes.reserveCapacity(list.count)
        for (k, raw) in list.enumerated() {
            let here = "\(place)[\(k + 1)]"
            let item = try item(from: raw, place: here, reserved: nodeKeys)
            var children: [TreeNodeDescription] = []
            var collapsed = false
            if case .object = raw {
                switch raw["children"] {
                case nil: break
                case .array?: children = try tree(from: raw["children"] ?? .array([]), place: here + ".children")
                case let other?: throw JSONShapeError("\(here).children must be a list of nodes, got \(other.kindDescription)")
                }
                switch raw["collapsed"] {
                case nil: break
                case .bool(let b)?: collapsed = b
                case let other?: throw JSONShapeError("\(here).collapsed must be a boolean, got \(other.kindDescription)")
                }
            }
            nodes.append(TreeNodeDescription(item: item, children: children, collapsed: collapsed))
        }
        return nodes
    }
}
