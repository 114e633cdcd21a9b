/// The order of the items: sections of items, with O(k) moves.
///
/// Items are stored once; sections hold 32-bit handles into that storage, so a million rows
/// cost 4 bytes each in the order itself. Copies share storage until mutated.
///
/// ```swift
/// var order = Order(sections: [["a", "b", "c"].map(Item.init)])
/// order.move(from: ItemPosition(section: 0, item: 0), to: ItemPosition(section: 0, item: 2))
/// order.ids   // [["b", "c", "a"]]
/// ```
public struct Order: Sendable, Hashable {
    /// Every item, by handle. Never changes after creation.
    public private(set) var storage: [Item]
    /// Sections of handles into `storage`.
    public private(set) var sections: [[Int32]]
    /// Optional section titles (board lists: "today", "next", "later").
    public var sectionTitles: [String]

    public init(sections: [[Item]], titles: [String] = []) {
        var storage: [Item] = []
        storage.reserveCapacity(sections.reduce(0) { $0 + $1.count })
        var handles: [[Int32]] = []
        for s in sections {
            var h: [Int32] = []
            h.reserveCapacity(s.count)
            for item in s { h.append(Int32(truncatingIfNeeded: storage.count)); storage.append(item) }
            handles.append(h)
        }
        self.storage = storage
        self.sections = handles
        self.sectionTitles = titles
    }

    @inlinable public var sectionCount: Int { sections.count }
    /// Items in `section` (0 when it does not exist).
    @inlinable public func count(_ section: Int) -> Int {
        section >= 0 && section < sections.count ? sections[section].count : 0
    }
    /// Total number of items.
    public var totalCount: Int { sections.reduce(0) { $0 + $1.count } }
    @inlinable public func isValid(_ p: ItemPosition) -> Bool {
        p.section >= 0 && p.section < sections.count && p.item >= 0 && p.item < sections[p.section].count
    }
    /// The item at a valid position.
    @inlinable public func item(at p: ItemPosition) -> Item { storage[Int(sections[p.section][p.item])] }
    /// The handle (stable identity) of the item at a valid position.
    @inlinable public func handle(at p: ItemPosition) -> Int32 { sections[p.section][p.item] }
    /// The item for a handle.
    @inlinable public func item(handle: Int32) -> Item { storage[Int(handle)] }

    /// Items of each section.
    public var items: [[Item]] { sections.map { $0.map { storage[Int($0)] } } }
    /// Ids of each section.
    public var ids: [[String]] { sections.map { $0.map { storage[Int($0)].id } } }
    /// All items in order, sections concatenated.
    public var flattened: [Item] { sections.flatMap { $0.map { storage[Int($0)] } } }

    /// The position of the item with a handle, or nil. O(n): not for hot paths.
    public func position(ofHandle h: Int32) -> ItemPosition? {
        for (s, sec) in sections.enumerated() {
            if let i = sec.firstIndex(of: h) { return ItemPosition(section: s, item: i) }
        }
        return nil
    }

    /// Removes the item at `from` and inserts it at `to` (`to` is its index after the move).
    /// Within a section this rotates only the items between: O(|to - from|).
    /// Returns false (and changes nothing) when a position is invalid.
    @discardableResult
    public mutating func move(from: ItemPosition, to: ItemPosition) -> Bool {
        guard isValid(from) else { return false }
        if from.section == to.section {
            guard isValid(to) else { return false }
            if from.item == to.item { return true }
            sections[from.section].withUnsafeMutableBufferPointer { buf in
                let h = buf[from.item]
                if from.item < to.item {
                    var i = from.item
                    while i < to.item { buf[i] = buf[i + 1]; i += 1 }
                } else {
                    var i = from.item
                    while i > to.item { buf[i] = buf[i - 1]; i -= 1 }
                }
                buf[to.item] = h
            }
            return true
        }
        guard to.section >= 0, to.section < sections.count, to.item >= 0,
              to.item <= sections[to.section].count else { return false }
        let h = sections[from.section].remove(at: from.item)
        sections[to.section].insert(h, at: to.item)
        return true
    }

    /// Swaps two items (in one section or across sections). O(1).
    @discardableResult
    public mutating func exchange(_ a: ItemPosition, _ b: ItemPosition) -> Bool {
        guard isValid(a), isValid(b) else { return false }
        if a == b { return true }
        if a.section == b.section {
            sections[a.section].swapAt(a.item, b.item)
        } else {
            let t = sections[a.section][a.item]
            sections[a.section][a.item] = sections[b.section][b.item]
            sections[b.section][b.item] = t
        }
        return true
    }

    /// Group drags: sets the sections of handles as they are; the caller keeps every
    /// handle exactly once, or, while a `collapse` group is folded, knows which it carries.
    mutating func replaceSections(_ newSections: [[Int32]]) { sections = newSections }

    /// Replaces the arrangement with the one of `other`, which must hold the same storage.
    public mutating func restore(_ other: Order) { sections = other.sections }

    /// Rebuilds the order from sections of handles (persistence, rollback). The handles must be
    /// a permutation of the current ones; returns false and changes nothing otherwise.
    @discardableResult
    public mutating func rearrange(_ newSections: [[Int32]]) -> Bool {
        var seen = [Bool](repeating: false, count: storage.count)
        var n = 0
        for s in newSections {
            for h in s {
                guard h >= 0, Int(h) < storage.count, !seen[Int(h)] else { return false }
                seen[Int(h)] = true; n += 1
            }
        }
        guard n == totalCount else { return false }
        sections = newSections
        return true
    }
}
