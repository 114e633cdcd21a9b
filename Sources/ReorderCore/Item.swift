/// A value carried by an item's field.
public enum ItemValue: Hashable, Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
}

/// One item of the list: an identifier, a title, and any extra fields a policy may read.
///
/// Items given as plain strings have `id == title == the string`.
///
/// ```swift
/// let mail = Item(id: "mail", title: "Mail", fields: ["finished": .bool(true)])
/// let plain = Item("Buy milk")
/// ```
public struct Item: Hashable, Sendable, CustomStringConvertible {
    public var id: String
    public var title: String
    /// Extra fields (everything but `id` and `title`), e.g. `finished`, `height`.
    public var fields: [String: ItemValue]
    /// `true` when the item was given as a plain string (it is shown and saved as one).
    public var isPlain: Bool

    public init(id: String, title: String? = nil, fields: [String: ItemValue] = [:]) {
        self.id = id
        self.title = title ?? id
        self.fields = fields
        self.isPlain = false
    }

    /// An item given as a plain string.
    public init(_ string: String) {
        self.id = string
        self.title = string
        self.fields = [:]
        self.isPlain = true
    }

    public var description: String { isPlain ? title : "\(id)" }

    /// A boolean field, `false` when absent.
    public func flag(_ name: String) -> Bool {
        if case .bool(let b)? = fields[name] { return b }
        return false
    }
}
