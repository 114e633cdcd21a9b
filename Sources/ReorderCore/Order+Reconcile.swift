/// Restoring a saved arrangement onto the data's current items, by item id.
extension Order {
    /// The outcome of ``Order/reconciled(with:)``: the restored order and what did not match.
    ///
    /// ```swift
    /// let data = Order(sections: [["a", "b", "new"].map(Item.init)])
    /// let r = data.reconciled(with: [["b", "gone", "a"]])
    /// r.order.ids      // [["b", "new", "a"]]   ("new" follows "b", as in the data)
    /// r.newIDs         // ["new"]
    /// r.vanishedIDs    // ["gone"]
    /// ```
    public struct Reconciliation: Sendable, Hashable {
        /// The restored order: a permutation of the data's items (same storage and handles).
        public var order: Order
        /// Ids of the data's items the saved arrangement did not place, in the data's order
        /// (items new since the save, and items of saved sections that no longer exist).
        public var newIDs: [String]
        /// Saved ids that no item of the data carries, in the file's order.
        public var vanishedIDs: [String]
        /// Saved ids repeated beyond the number of data items carrying them, in the file's order;
        /// they were ignored.
        public var duplicateIDs: [String]
        /// How many saved sections were ignored because the data has fewer sections.
        public var ignoredSectionCount: Int

        public init(order: Order, newIDs: [String] = [], vanishedIDs: [String] = [],
                    duplicateIDs: [String] = [], ignoredSectionCount: Int = 0) {
            self.order = order
            self.newIDs = newIDs
            self.vanishedIDs = vanishedIDs
            self.duplicateIDs = duplicateIDs
            self.ignoredSectionCount = ignoredSectionCount
        }
    }

    /// Restores a saved arrangement (sections of item ids) onto this order, which holds the
    /// data's current items in the data's own order.
    ///
    /// The rules, in order:
    /// 1. **Sections** are the data's: the result has exactly `sectionCount` sections, with the
    ///    data's titles. Saved section `s` arranges result section `s`; saved sections past the
    ///    data's last one are ignored (counted in ``Reconciliation/ignoredSectionCount``) and
    ///    their items are placed as new ones.
    /// 2. **Saved items** keep their saved section and saved relative order, even when the data
    ///    now has them in another section.
    /// 3. A saved id **claims** the first unclaimed data item (in the data's order) carrying that
    ///    id. With unique ids this means: **duplicates** in the file are ignored after the first;
    ///    ids no data item carries have **vanished** and are dropped.
    /// 4. **New items** (data items no saved id claimed) stay in the data's section. Each is
    ///    inserted right after its *anchor*: the nearest item before it in the data's section
    ///    that is in the same section of the result (a saved item placed there, or a new item
    ///    already inserted). With no anchor it goes first in its section. So runs of new items
    ///    keep their order, and a section the file does not mention keeps the data's order
    ///    (minus the items the file moved elsewhere).
    ///
    /// The result is always a permutation of the data's items: nothing is lost or duplicated.
    ///
    /// ```swift
    /// // Data: [a, n1, b, c, n2] | [d]; saved: [c, b, a, d]
    /// let data = Order(sections: [["a", "n1", "b", "c", "n2"], ["d"]].map { $0.map(Item.init) })
    /// data.reconciled(with: [["c", "b", "a", "d"]]).order.ids
    /// // [["c", "n2", "b", "a", "n1", "d"], []]
    /// //  n1 follows a (its data predecessor), n2 follows c; d moved to section 0 as saved.
    /// ```
    /// - Complexity: O(n + m) for n data items and m saved ids (hashing ids).
    public func reconciled(with saved: [[String]]) -> Reconciliation {
        let none: Int32 = -1
        let itemCount = storage.count
        // Data items by id, in the data's order: `head[id]` is the first unclaimed handle,
        // `nextSame[h]` the next handle with the same id (-1: none left).
        var head: [String: Int32] = [:]
        head.reserveCapacity(itemCount)
        var nextSame = [Int32](repeating: none, count: itemCount)
        for section in sections.reversed() {
            for h in section.reversed() {
                nextSame[Int(h)] = head.updateValue(h, forKey: storage[Int(h)].id) ?? none
            }
        }

        // 1–3: saved items claim data items, section by section.
        var placedIn = [Int32](repeating: none, count: itemCount)  // result section of a saved item
        var savedSections: [[Int32]] = Array(repeating: [], count: sections.count)
        var vanished: [String] = []
        var duplicates: [String] = []
        for (s, ids) in saved.enumerated() where s < sections.count {
            for id in ids {
                guard let slot = head.index(forKey: id) else { vanished.append(id); continue }
                let h = head.values[slot]
                guard h != none else { duplicates.append(id); continue }
                head.values[slot] = nextSame[Int(h)]  // one hash lookup per saved id
                placedIn[Int(h)] = Int32(truncatingIfNeeded: s)
                savedSections[s].append(h)
            }
        }

        // 4: new items, grouped after their anchor within the data's own section.
        var newIDs: [String] = []
        var result: [[Int32]] = []
        result.reserveCapacity(sections.count)
        for (s, section) in sections.enumerated() {
            let s32 = Int32(truncatingIfNeeded: s)
            var atStart: [Int32] = []
            var after: [Int32: [Int32]] = [:]
            var anchor: Int32 = none
            for h in section {
                let p = placedIn[Int(h)]
                if p == s32 {
                    anchor = h
                } else if p == none {
                    newIDs.append(storage[Int(h)].id)
                    // Appending to the anchor's group puts it after the new items already
                    // there, i.e. right after its nearest predecessor in the result.
                    if anchor == none { atStart.append(h) } else { after[anchor, default: []].append(h) }
                }
                // else: the file placed it in another section; it is not an anchor here.
            }
            var out = atStart
            out.reserveCapacity(savedSections[s].count + atStart.count + after.values.reduce(0) { $0 + $1.count })
            for h in savedSections[s] {
                out.append(h)
                if let group = after[h] { out.append(contentsOf: group) }
            }
            result.append(out)
        }

        var order = self
        let ok = order.rearrange(result)
        assert(ok, "reconciliation must produce a permutation")
        return Reconciliation(order: ok ? order : self, newIDs: newIDs, vanishedIDs: vanished,
                              duplicateIDs: duplicates,
                              ignoredSectionCount: max(0, saved.count - sections.count))
    }
}
