/// A 0-based position of an item: `(section, item)`, like `IndexPath` in UIKit.
///
/// Lua sees the same position 1-based, as two integers `section, row`.
///
/// ```swift
/// let p = ItemPosition(section: 0, item: 2)   // Lua: 1, 3
/// ```
public struct ItemPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var item: Int
    @inlinable public init(section: Int, item: Int) { self.section = section; self.item = item }
    @inlinable public static func < (a: ItemPosition, b: ItemPosition) -> Bool {
        a.section != b.section ? a.section < b.section : a.item < b.item
    }
    public var description: String { "(\(section), \(item))" }

    /// The position as users read it everywhere (messages, `reorder replay`, `reorder render`,
    /// `s:show()`): 1-based, as Lua, `section.row`.
    ///
    /// ```swift
    /// ItemPosition(section: 0, item: 2).label   // "1.3"
    /// ```
    public var label: String { "\(section + 1).\(item + 1)" }
}
