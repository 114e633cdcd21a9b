import Foundation
import Testing
@testable import ReorderCore

/// Group drags: the engine side of Policies/spec/group_spec.lua, plus what only Swift
/// can see (the carried items, replay, a million rows).
@Suite struct GroupDragTests {
    static func policy(_ mode: GroupMode, _ order: GroupOrder = .relative, keep: Bool = false) -> DefaultPolicy {
        var c = DefaultPolicy.standardConfiguration
        c.group.mode = mode
        c.group.order = order
        c.group.keepSelection = keep
        return DefaultPolicy(configuration: c)
    }

    /// Items "1" ... "n".
    static func numbered(_ n: Int) -> [Item] { (1...n).map { Item("\($0)") } }

    /// Press the item `id`, hold through the 0.5 s press and the 0.25 s lift, finger on the
    /// cell of `onto` as it is then, 0.1 s, release, let the drop end; invariants after every
    /// frame-sized slice.
    static func dropOn(_ sim: DragSimulator, _ id: String, _ onto: String) {
        guard let from = sim.order.position(ofId: id) else { Issue.record("no \(id)"); return }
        sim.pressItem(from)
        for _ in 0..<45 { sim.tick(); expectInvariants(sim) }
        guard let to = sim.order.position(ofId: onto) else { Issue.record("no \(onto)"); return }
        sim.moveToItem(to)
        expectInvariants(sim)
        sim.hold(0.1)
        sim.release()
        expectInvariants(sim)
        sim.settle()
        expectInvariants(sim)
    }

    /// Rows 2, 5, 9 of 12 selected, row 5 dropped on row 11: the others (1 3 4 6 7 8 10 11 12)
    /// keep their order, 8 of them precede "5" where it was dropped, the block goes after "11"
    /// (SortableJS MultiDrag's `index(dragEl, ':not(.selected)')`, worked out in group_spec.lua).
    @Test(arguments: [GroupMode.collapse, .stay], [GroupOrder.relative, .activeFirst])
    func landsContiguouslyInThePolicysOrder(mode: GroupMode, order: GroupOrder) {
        let sim = tableSimulator([Self.numbered(12)], policy: Self.policy(mode, order))
        for row in [1, 4, 8] { #expect(sim.select(pos(0, row))) }
        Self.dropOn(sim, "5", "11")
        let block = order == .relative ? ["2", "5", "9"] : ["5", "2", "9"]
        #expect(sim.order.ids == [["1", "3", "4", "6", "7", "8", "10", "11"] + block + ["12"]])
        #expect(sim.selectedIds == [])
        let groups = sim.takeEvents().compactMap { e -> (String, [String], [ItemPosition])? in
            if case .group(let of, let items, let ps, _) = e { return (of, items, ps) }
            return nil
        }
        #expect(groups.first?.0 == "begin")
        #expect(groups.last?.0 == "end")
        #expect(groups.last?.1 == block)
        #expect(groups.last?.2 == [pos(0, 8), pos(0, 9), pos(0, 10)])
    }

    /// While a collapse group is dragged the others are out of the order (the list closed up:
    /// 12 - 2 = 10 rows) and carried by the drag; the invariants count them.
    @Test func collapseCarriesTheOthers() {
        let sim = tableSimulator([Self.numbered(12)], policy: Self.policy(.collapse))
        for row in [1, 4, 8] { sim.select(pos(0, row)) }
        sim.pressItem(pos(0, 4))
        sim.hold(0.75)
        #expect(sim.order.count(0) == 10)
        #expect(sim.layout.count(0) == 10)
        let info = sim.groupInfo
        #expect(info?.count == 3)
        #expect(info?.folded.map { sim.order.item(handle: $0).id } == ["2", "9"])
        #expect(info?.ghosts == [])
        expectInvariants(sim)
    }

    /// In stay mode the others keep their slots and are the scene's ghosts.
    @Test func stayLeavesGhosts() {
        let sim = tableSimulator([Self.numbered(12)], policy: Self.policy(.stay))
        for row in [1, 4, 8] { sim.select(pos(0, row)) }
        sim.pressItem(pos(0, 4))
        sim.hold(0.75)
        #expect(sim.order.ids == [Self.numbered(12).map(\.id)])
        #expect(sim.groupInfo?.ghosts.map { sim.order.item(handle: $0).id } == ["2", "9"])
        #expect(sim.groupInfo?.folded == [])
    }

    /// A veto and a reverting cancel put back the press order and the selection (in selection
    /// order), in both modes.
    @Test(arguments: [GroupMode.collapse, .stay])
    func vetoAndCancelRestoreExactly(mode: GroupMode) {
        var c = Self.policy(mode).configuration
        c.group.mode = mode
        let veto = VetoPolicy(configuration: c)
        let sim = tableSimulator([Self.numbered(12)], policy: veto)
        for row in [8, 1, 4] { sim.select(pos(0, row)) }
        Self.dropOn(sim, "5", "11")
        #expect(sim.order.ids == [Self.numbered(12).map(\.id)])
        #expect(sim.selectedIds == ["9", "2", "5"])

        let sim2 = tableSimulator([Self.numbered(12)], policy: Self.policy(mode))
        for row in [8, 1, 4] { sim2.select(pos(0, row)) }
        sim2.pressItem(pos(0, 4))
        sim2.hold(0.75)
        if let to = sim2.order.position(ofId: "11") { sim2.moveToItem(to) }
        sim2.hold(0.1)
        #expect(sim2.order.ids != [Self.numbered(12).map(\.id)])
        sim2.cancel()
        sim2.settle()
        #expect(sim2.order.ids == [Self.numbered(12).map(\.id)])
        #expect(sim2.selectedIds == ["9", "2", "5"])
        expectInvariants(sim2)
    }

    /// Select, tap and the touches recorded by one simulator replay to the same order, events
    /// and selection on another.
    @Test func selectAndTapReplayIdentically() {
        func make() -> DragSimulator { tableSimulator([Self.numbered(12)], policy: Self.policy(.collapse, .activeFirst, keep: true)) }
        let sim = make()
        sim.select(pos(0, 1))
        sim.select(pos(0, 4))
        sim.pressItem(pos(0, 4))
        sim.hold(0.75)
        if let nine = sim.order.position(ofId: "9") { sim.tap(nine) }
        if let to = sim.order.position(ofId: "11") { sim.moveToItem(to) }
        sim.hold(0.1)
        sim.release()
        sim.settle()
        // 5 dragged first, then 2 and 9 in selection order (9 joined by the tap).
        #expect(sim.order.ids == [["1", "3", "4", "6", "7", "8", "10", "11", "5", "2", "9", "12"]])
        #expect(sim.selectedIds == ["2", "5", "9"])
        let inputs = sim.inputs
        #expect(inputs.filter { if case .select = $0 { return true }; return false }.count == 2)
        #expect(inputs.filter { if case .tap = $0 { return true }; return false }.count == 1)
        let events = sim.takeEvents()

        let replay = make()
        for input in inputs { replay.apply(input) }
        #expect(replay.order.ids == sim.order.ids)
        #expect(replay.selectedIds == sim.selectedIds)
        #expect(replay.takeEvents() == events)
        #expect(replay.inputs == inputs)
    }

    /// `group.max` caps the selection and the taps; a tap on a refused item is a `refuse` event.
    @Test func maxCapsSelectionAndTaps() {
        var c = DefaultPolicy.standardConfiguration
        c.group.max = 2
        let sim = tableSimulator([Self.numbered(6)], policy: DefaultPolicy(configuration: c))
        #expect(sim.select(pos(0, 0)))
        #expect(sim.select(pos(0, 1)))
        #expect(!sim.select(pos(0, 2)))
        sim.pressItem(pos(0, 0))
        sim.hold(0.75)
        _ = sim.takeEvents()
        sim.tap(pos(0, 3))
        #expect(sim.takeEvents().map(\.typeName) == ["refuse"])
        #expect(sim.groupInfo?.count == 2)
    }

    /// 10,000 selected among 1,000,000 rows (every 100th), row 500,000 lifted and dropped 3 rows
    /// further: the group lands as one block, 10,000 long, in its order; nothing lost. The
    /// time is `reorder bench --group`'s.
    @Test(arguments: [GroupMode.collapse, .stay])
    func aMillionRows(mode: GroupMode) {
        let n = 1_000_000
        let sim = tableSimulator([rowItems(n)], policy: Self.policy(mode))
        sim.setOffset(Point(x: 0, y: 44 * 499_990))
        for k in stride(from: 0, to: n, by: 100) { sim.select(pos(0, k)) }
        #expect(sim.selectedIds.count == 10_000)
        let selected = sim.inputs.count
        sim.pressItem(pos(0, 500_000))
        sim.hold(0.75)
        guard let here = sim.currentPosition else { Issue.record("no drag"); return }
        sim.moveToItem(pos(0, here.item + 3))
        sim.release()
        sim.settle()
        let inputs = sim.inputs[selected...].map(\.typeName)
        // Counted, not timed: the 0.75 s hold is 45 frames at 60 Hz, the glide one, and the
        // drop settles within a second (60 frames), whatever the size of the list.
        #expect(inputs.filter { $0 == "frame" }.count <= 45 + 1 + 60)
        let ids = sim.order.ids[0]
        #expect(ids.count == n)
        guard let first = ids.firstIndex(of: "r0") else { Issue.record("r0 lost"); return }
        let block = Array(ids[first..<first + 10_000])
        #expect(block == stride(from: 0, to: n, by: 100).map { "r\($0)" })
        #expect(sim.order.invariantViolations() == [])
    }
}

extension GroupDragTests {
    /// A new order drops the selection: its handles named items of the old one.
    @Test func setOrderClearsTheSelection() {
        let sim = tableSimulator([Self.numbered(4)], policy: Self.policy(.collapse))
        sim.select(pos(0, 3))
        var session = sim.session
        #expect(session.selectedIds == ["4"])
        session.setOrder(Order(sections: [[Item("x")]]))
        #expect(session.selectedIds == [])
        expectInvariants(session)
    }
}

/// `DefaultPolicy` with a group mode whose `target` keeps every item in its section (nil across
/// sections), noting what it is asked; `on_cancel` commits.
final class SectionBoundPolicy: DefaultPolicy {
    var asked: [(from: ItemPosition, to: ItemPosition)] = []
    init(_ mode: GroupMode) {
        var c = DefaultPolicy.standardConfiguration
        c.group.mode = mode
        super.init(configuration: c)
    }
    override func target(_ ctx: PolicyContext, from: ItemPosition, proposed: ItemPosition) -> ItemPosition? {
        asked.append((from, proposed))
        return proposed.section == from.section ? proposed : nil
    }
    override func onCancel(_ ctx: PolicyContext) -> CancelResolution { .commit }
}

extension GroupDragTests {
    /// "2" (section 1) and "7" (section 2) selected, "2" dragged within section 1 onto "5": the
    /// landing would move "7" into section 1 without a step, so the drop asks `target` about
    /// "7" (from row 1 of section 2, where it was at the press and, in `stay` mode, still is; to
    /// where "2" is), and its nil rolls the drop back: the order and the selection of the press.
    /// The same drag cancelled with a committing `on_cancel` reverts.
    @Test(arguments: [GroupMode.collapse, .stay])
    func aDropThatMovesAMemberIntoAnotherSectionAsksTarget(mode: GroupMode) {
        let press = [["1", "2", "3", "4", "5", "6"], ["7", "8", "9"]]
        let policy = SectionBoundPolicy(mode)
        let sim = tableSimulator(press.map { $0.map { Item($0) } }, policy: policy)
        #expect(sim.select(pos(0, 1)) && sim.select(pos(1, 0)))
        Self.dropOn(sim, "2", "5")
        #expect(sim.order.ids == press)
        #expect(sim.selectedIds == ["2", "7"])
        let crossing = policy.asked.filter { $0.from.section != $0.to.section }
        #expect(crossing.count == 1)
        #expect(crossing.first?.from == pos(1, 0))
        #expect(crossing.first?.to.section == 0)
        #expect(sim.takeEvents().contains { if case .rollback = $0 { return true } else { return false } })

        policy.asked = []
        sim.pressItem(pos(0, 1))
        sim.hold(0.75)
        if let to = sim.order.position(ofId: "5") { sim.moveToItem(to) }
        sim.hold(0.1)
        sim.cancel()
        sim.settle()
        #expect(sim.order.ids == press)
        #expect(sim.takeEvents().contains { if case .cancel(.revert, _) = $0 { return true } else { return false } })
        #expect(policy.asked.filter { $0.from.section != $0.to.section }.map(\.from) == [pos(1, 0)])
        expectInvariants(sim)
    }
}

extension Order {
    /// The position of the first item with `id` (tests).
    func position(ofId id: String) -> ItemPosition? {
        for (s, sec) in sections.enumerated() {
            if let i = sec.firstIndex(where: { storage[Int($0)].id == id }) { return ItemPosition(section: s, item: i) }
        }
        return nil
    }
}
