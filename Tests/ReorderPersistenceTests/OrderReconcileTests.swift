import Testing
import ReorderCore

private func order(_ sections: [[String]], titles: [String] = []) -> Order {
    Order(sections: sections.map { $0.map(Item.init) }, titles: titles)
}

@Suite struct OrderReconcileTests {
    @Test func sameArrangementIsIdentity() {
        let data = order([["a", "b"], ["c"]])
        let r = data.reconciled(with: [["a", "b"], ["c"]])
        #expect(r.order == data)
        #expect(r.newIDs == [] && r.vanishedIDs == [] && r.duplicateIDs == [] && r.ignoredSectionCount == 0)
    }

    @Test func savedOrderWins() {
        let r = order([["a", "b", "c"]]).reconciled(with: [["c", "a", "b"]])
        #expect(r.order.ids == [["c", "a", "b"]])
    }

    @Test func newItemsFollowTheirDataPredecessorAndVanishedAreDropped() {
        // Data: [a, n1, b, c, n2] | [d]; the file knew [c, x, b, a] | [d] and x is gone.
        let r = order([["a", "n1", "b", "c", "n2"], ["d"]]).reconciled(with: [["c", "x", "b", "a"], ["d"]])
        #expect(r.order.ids == [["c", "n2", "b", "a", "n1"], ["d"]])
        #expect(r.newIDs == ["n1", "n2"])
        #expect(r.vanishedIDs == ["x"])
        #expect(r.duplicateIDs == [])
    }

    @Test func documentedExamples() {
        let r = order([["a", "b", "new"]]).reconciled(with: [["b", "gone", "a"]])
        #expect(r.order.ids == [["b", "new", "a"]])
        #expect(r.newIDs == ["new"])
        #expect(r.vanishedIDs == ["gone"])
        let r2 = order([["a", "n1", "b", "c", "n2"], ["d"]]).reconciled(with: [["c", "b", "a", "d"]])
        #expect(r2.order.ids == [["c", "n2", "b", "a", "n1", "d"], []])
    }

    @Test func newItemWithoutPredecessorGoesFirst() {
        let r = order([["n0", "a", "b"]]).reconciled(with: [["b", "a"]])
        #expect(r.order.ids == [["n0", "b", "a"]])
    }

    @Test func runsOfNewItemsKeepTheirOrder() {
        let r = order([["n1", "n2", "a", "n3", "n4", "b"]]).reconciled(with: [["b", "a"]])
        #expect(r.order.ids == [["n1", "n2", "b", "a", "n3", "n4"]])
        #expect(r.newIDs == ["n1", "n2", "n3", "n4"])
    }

    @Test func everythingVanishedGivesTheDataOrder() {
        let r = order([["a", "b", "c"]]).reconciled(with: [["x", "y"]])
        #expect(r.order.ids == [["a", "b", "c"]])
        #expect(r.vanishedIDs == ["x", "y"])
        #expect(r.newIDs == ["a", "b", "c"])
    }

    @Test func itemsMovedAcrossSectionsGoWhereSaved() {
        let r = order([["a", "b"], ["c", "d"]]).reconciled(with: [["a", "d"], ["c", "b"]])
        #expect(r.order.ids == [["a", "d"], ["c", "b"]])
        #expect(r.newIDs == [])
    }

    @Test func newItemDoesNotFollowAnAnchorThatMovedToAnotherSection() {
        // e follows d in the data, but d was saved in section 0: e anchors on c instead.
        let r = order([["a", "b"], ["c", "d", "e"]]).reconciled(with: [["a", "d"], ["c", "b"]])
        #expect(r.order.ids == [["a", "d"], ["c", "e", "b"]])
        #expect(r.newIDs == ["e"])
    }

    @Test func sectionsMissingFromTheFileKeepTheDataOrder() {
        let r = order([["a", "b"], ["c", "d", "e"]]).reconciled(with: [["d", "a"]])
        #expect(r.order.ids == [["d", "a", "b"], ["c", "e"]])
        #expect(r.newIDs == ["b", "c", "e"])
    }

    @Test func emptySavedArrangementKeepsTheDataOrder() {
        let data = order([["a", "b"], ["c"]])
        #expect(data.reconciled(with: []).order == data)
    }

    @Test func duplicateIdsInTheFileAreIgnoredAfterTheFirst() {
        // "a" is saved in both sections: the first occurrence (section 0) wins.
        let r = order([["a", "b"], ["c"]]).reconciled(with: [["b", "a", "b"], ["a", "c"]])
        #expect(r.order.ids == [["b", "a"], ["c"]])
        #expect(r.duplicateIDs == ["b", "a"])
        #expect(r.vanishedIDs == [])
        #expect(r.newIDs == [])
    }

    @Test func duplicateIdsInTheDataAreMatchedInDataOrder() {
        // Two distinct items both called "x" (handles 0 and 2).
        let data = order([["x", "y", "x"]])
        let r1 = data.reconciled(with: [["x", "y"]])
        #expect(r1.order.sections == [[0, 1, 2]])
        #expect(r1.newIDs == ["x"])
        let r2 = data.reconciled(with: [["y", "x", "x", "x"]])
        #expect(r2.order.sections == [[1, 0, 2]])
        #expect(r2.duplicateIDs == ["x"])
        #expect(r2.newIDs == [])
    }

    @Test func savedSectionsBeyondTheDataAreIgnoredAndTheirItemsPlacedAsNew() {
        // The third saved section is gone; "c" is placed as new in its data section, where
        // nothing precedes it in the result ("b" was saved in section 0), so it goes first.
        let r = order([["a"], ["b", "c"]]).reconciled(with: [["b"], ["a"], ["c"]])
        #expect(r.order.ids == [["b"], ["c", "a"]])
        #expect(r.ignoredSectionCount == 1)
        #expect(r.newIDs == ["c"])
        #expect(r.vanishedIDs == [])
    }

    @Test func titlesStorageAndItemsAreKept() {
        let data = Order(sections: [[Item(id: "t1", title: "Write", fields: ["finished": .bool(true)]),
                                     Item(id: "t2", title: "Test")], [Item(id: "t3")]],
                         titles: ["today", "later"])
        let r = data.reconciled(with: [["t2"], ["t1", "t3"]])
        #expect(r.order.sectionTitles == ["today", "later"])
        #expect(r.order.storage == data.storage)
        #expect(r.order.items == [[Item(id: "t2", title: "Test")],
                                  [Item(id: "t1", title: "Write", fields: ["finished": .bool(true)]), Item(id: "t3")]])
    }

    /// Random data and random saved files (ids shared, new, vanished, repeated): the result is
    /// always a permutation of the data, and saved items appear in saved relative order.
    @Test func resultIsAlwaysAPermutationWithSavedItemsInSavedOrder() {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<300 {
            let sectionCount = Int(rng.next() % 4) + 1
            var data: [[String]] = Array(repeating: [], count: sectionCount)
            var pool: [String] = []
            for k in 0..<Int(rng.next() % 30) {
                let id = "i\(rng.next() % 3 == 0 ? k / 2 : k)"  // some ids repeat
                data[Int(rng.next() % UInt64(sectionCount))].append(id)
                pool.append(id)
            }
            let savedCount = Int(rng.next() % 5)
            var saved: [[String]] = Array(repeating: [], count: savedCount)
            if savedCount > 0 {
                for _ in 0..<Int(rng.next() % 35) {
                    let id = rng.next() % 4 == 0 || pool.isEmpty ? "gone\(rng.next() % 5)" : pool[Int(rng.next() % UInt64(pool.count))]
                    saved[Int(rng.next() % UInt64(savedCount))].append(id)
                }
            }
            let d = order(data)
            let r = d.reconciled(with: saved)
            #expect(r.order.sectionCount == d.sectionCount)
            #expect(r.order.sections.flatMap { $0 }.sorted() == d.sections.flatMap { $0 }.sorted())
            // Simulate the claims: per id, as many saved occurrences as the data has items.
            var budget = Dictionary(d.flattened.map { ($0.id, 1) }, uniquingKeysWith: +)
            var claimedTotal = 0
            for (s, ids) in saved.enumerated() where s < d.sectionCount {
                var claimed: [String] = []
                for id in ids where budget[id, default: 0] > 0 { budget[id, default: 0] -= 1; claimed.append(id) }
                claimedTotal += claimed.count
                // The claimed items appear in section s in the file's order.
                #expect(isSubsequence(claimed, of: r.order.ids[s]))
            }
            #expect(r.newIDs.count == d.totalCount - claimedTotal)
        }
    }
}

private func isSubsequence(_ a: [String], of b: [String]) -> Bool {
    var i = a.startIndex
    for x in b where i < a.endIndex && a[i] == x { i += 1 }
    return i == a.endIndex
}
