// The cost of each kind of input to a DragSession, in instructions: every kind runs in a
// function of its own, so callgrind's inclusive count for the function divided by its calls is
// the cost of one input of that kind. Built and run by input-costs.sh (read it first).
//
// The session: 1,000 rows of 44 pt in 375 x 667, the offset in the middle, jx_movable (native).
// Each of 200 rounds: a press held for 1 s (59 moves and frames while pressing, then the frame
// that lifts), 120 dragging moves and frames (a glide down and back, 30 frames in the bottom
// edge zone, back to the centre), the touch up, 20 dropping frames; then a keyboard drag of the
// centre row (space, 5 steps down with 3 frames after each, space) and 20 dropping frames.
import ReorderCore

/// Calls of each kind, printed at the end; counting also keeps the functions apart (the
/// optimiser merges functions with identical bodies, such as the frames of each phase).
var tally = [Int](repeating: 0, count: 12)

@inline(never) func down(_ s: inout DragSession, _ p: Point, _ t: Double, _ policy: JXMovablePolicy) { tally[0] += 1; s.touchDown(at: p, time: t, policy: policy) }
@inline(never) func movePressing(_ s: inout DragSession, _ p: Point, _ t: Double, _ policy: JXMovablePolicy) { tally[1] += 1; s.touchMove(to: p, time: t, policy: policy) }
@inline(never) func framePressing(_ s: inout DragSession, _ t: Double, _ policy: JXMovablePolicy) { tally[2] += 1; s.frame(time: t, policy: policy) }
@inline(never) func frameLift(_ s: inout DragSession, _ t: Double, _ policy: JXMovablePolicy) { tally[3] += 1; s.frame(time: t, policy: policy) }
@inline(never) func moveDragging(_ s: inout DragSession, _ p: Point, _ t: Double, _ policy: JXMovablePolicy) { tally[4] += 1; s.touchMove(to: p, time: t, policy: policy) }
@inline(never) func frameDragging(_ s: inout DragSession, _ t: Double, _ policy: JXMovablePolicy) { tally[5] += 1; s.frame(time: t, policy: policy) }
@inline(never) func up(_ s: inout DragSession, _ t: Double, _ policy: JXMovablePolicy) { tally[6] += 1; s.touchUp(time: t, policy: policy) }
@inline(never) func frameDropping(_ s: inout DragSession, _ t: Double, _ policy: JXMovablePolicy) { tally[7] += 1; s.frame(time: t, policy: policy) }
@inline(never) func keyLift(_ s: inout DragSession, _ t: Double, _ policy: JXMovablePolicy) { tally[8] += 1; s.key(.space, time: t, policy: policy) }
@inline(never) func keyStep(_ s: inout DragSession, _ t: Double, _ policy: JXMovablePolicy) { tally[9] += 1; s.key(.down, time: t, policy: policy) }
@inline(never) func frameKeyboard(_ s: inout DragSession, _ t: Double, _ policy: JXMovablePolicy) { tally[10] += 1; s.frame(time: t, policy: policy) }
@inline(never) func keyDrop(_ s: inout DragSession, _ t: Double, _ policy: JXMovablePolicy) { tally[11] += 1; s.key(.space, time: t, policy: policy) }

let order = Order(sections: [(0..<1000).map { Item("row \($0)") }])
let layout = TableLayout(order: order, width: 375, rowHeight: 44)
var s = DragSession(order: order, layout: layout, viewport: Size(width: 375, height: 667))
let policy = JXMovablePolicy()
s.setOffset(Point(x: 0, y: 44 * 500))
var t = 0.0
let dt = 1.0 / 60
for round in 0..<200 {
    let c = Point(x: 187.5, y: 333.5 + Double(round % 3))
    down(&s, c, t, policy)
    for _ in 0..<59 { t += dt; movePressing(&s, c, t, policy); framePressing(&s, t, policy) }
    t += dt; frameLift(&s, t, policy)
    // glide down 200 pt and back over 60 frames, then into the bottom zone for 30 frames (edge scroll)
    for k in 0..<90 {
        t += dt
        let y = k < 60 ? 333.5 + 200 * Double(k < 30 ? k : 60 - k) / 30 : 640
        moveDragging(&s, Point(x: 187.5, y: y), t, policy); frameDragging(&s, t, policy)
    }
    for _ in 0..<30 { t += dt; moveDragging(&s, Point(x: 187.5, y: 333.5), t, policy); frameDragging(&s, t, policy) }
    up(&s, t, policy)
    for _ in 0..<20 { t += dt; frameDropping(&s, t, policy) }
    // keyboard: focus the row at the centre, lift, 5 steps down with frames, drop
    if let p = s.position(atViewportPoint: c) { s.focus(p, time: t) }
    keyLift(&s, t, policy)
    for _ in 0..<5 { t += dt; keyStep(&s, t, policy); for _ in 0..<3 { t += dt; frameKeyboard(&s, t, policy) } }
    keyDrop(&s, t, policy)
    for _ in 0..<20 { t += dt; frameDropping(&s, t, policy) }
    _ = s.takeEvents(); _ = s.takeAnnouncements()
    s.setOffset(Point(x: 0, y: 44 * 500))
}
print(s.order.ids[0].prefix(3), s.offset, tally)
