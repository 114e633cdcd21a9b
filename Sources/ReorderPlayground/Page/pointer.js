// The pointer (mouse, touch, pen) and the wheel, as the host's inputs. A press goes to the host
// as `down`; the host decides whether the hold lifts the row. A touch whose press the host
// dropped (it moved off before the hold, or began off the items) scrolls the list under the
// finger with `pan`, as a UITableView's pan takes over from a long-press that failed; the
// wheel and a trackpad scroll it with `pan` too. The host owns the offset and clamps it. A
// finger that lifts while it scrolls lets the list coast (coast.js), each frame a `pan`; a new
// press, the wheel or a key stops it, and the press that stops it presses nothing.
import { queue, seqOf, waiting } from './wire.js';
import { coast, trim, velocityAt } from './coast.js';
import { cellPosition } from './keyboard.js';
import { log } from './log.js';

const viewport = document.getElementById('viewport');
const bezel = document.getElementById('bezel');

// The pressed pointer, from its pointerdown to its pointerup.
const press = {
  id: null,       // its pointerId, null when none is down
  type: '',       // its pointerType
  down: null,     // the `down` input sent for it (seqOf tells which reply first saw it)
  moves: [],      // [[move input, point], ...] sent since, the last few
  panning: null,  // the point the last pan went from, once the finger scrolls the list
  samples: [],    // [[ms, x, y], ...]: its down and moves, the last WINDOW_MS and one before
};
// The list coasting after a swipe: the coast (coast.js) and the point its pans are at (a
// board's list is the one under it).
const coasting = { run: null, at: null, last: null };
const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');
let lastState = 'idle';   // the host's state in the last scene
let lastPress = null;     // the last scene's `press` (the press on its way to a lift)
let lastScene = null;

/** Whether a pointer is down on the list. */
export function pointerDown() { return press.id !== null; }

/** Whether the list coasts after a swipe (the page then wants every animation frame). */
export function coastRunning() { return coasting.run !== null; }

/** The last coast, for the tests: the finger's velocity at the lift (pt/ms), the whole coast
    it makes (pt, the finger's way) and whether it still runs; null before the first. */
export function lastCoast() {
  const c = coasting.last;
  return c && { velocity: [c.velocity.x, c.velocity.y], distance: [c.distance.x, c.distance.y],
                running: c === coasting.run };
}

function stopCoast() { coasting.run = null; }

/** An animation frame at `ts` (ms): the coast's pan for it. */
export function coastFrame(ts) {
  const c = coasting.run;
  if (!c) return;
  const d = c.step(ts);
  if (d.done) stopCoast();
  if (d.x !== 0 || d.y !== 0) queue('pan', ts, coasting.at.x, coasting.at.y, -d.x, -d.y);
}

// Whether the scene shows the list at its end on every axis the coast moves it along (the
// finger's way is the other way round from the content's). A board's lists scroll down on
// their own and the scene carries only the board's offset: there the coast runs to its end.
function coastBlocked(scene) {
  const v = coasting.run.velocity;
  const board = bezel.dataset.demo === 'board';
  const blocked = (axis, vf) => {
    if (vf === 0) return true;
    if (axis === 1 && board) return false;
    return vf < 0 ? scene.offset[axis] >= scene.max_offset[axis] : scene.offset[axis] <= 0;
  };
  return blocked(0, v.x) && blocked(1, v.y);
}

function point(e) {
  const r = viewport.getBoundingClientRect();
  return { x: e.clientX - r.left - viewport.clientLeft, y: e.clientY - r.top - viewport.clientTop };
}

// The point the host last saw of the pressed pointer, as of the reply to message `seq`.
function seenAt(seq) {
  for (let k = press.moves.length - 1; k >= 0; k--) {
    const s = seqOf(press.moves[k][0]);
    if (s !== undefined && s <= seq) return press.moves[k][1];
  }
  return press.down ? { x: press.down.x, y: press.down.y } : null;
}

/** After a scene message is drawn: explains a press that ended without a lift, and turns a
    touch the host did not take into a scroll. */
export function onScene(m) {
  const scene = m.scene;
  lastScene = scene;
  const before = lastState;
  lastState = scene.state;
  const held = lastPress;
  lastPress = scene.press || null;
  // The host takes pans only while idle; at the list's end a coast has nothing left to move.
  if (coasting.run && (scene.state !== 'idle' || coastBlocked(scene))) stopCoast();
  const answersDown = press.id !== null && seqOf(press.down) !== undefined && m.seq >= seqOf(press.down);
  if (before === 'pressing' && scene.state === 'idle' && held
      && !m.event_texts.some((t) => /^(begin|refuse) /.test(t))) {
    explain(held, answersDown ? seenAt(m.seq) : null);
  }
  if (answersDown && !press.panning && scene.state === 'idle' && press.type !== 'mouse') {
    const from = seenAt(m.seq);
    press.panning = from;
    if (press.point && from) panTo(performance.now(), press.point);
  }
}

// A press the host dropped before its hold ended: why, and how to lift. A touch that moved is
// not explained: it scrolls the list, which says enough.
function explain(held, seen) {
  const hold = `${Number(held.duration.toFixed(2))} s`;
  const how = 'hold a row still to lift it, or focus it and press Space';
  if (seen && press.type !== 'mouse') return;
  if (seen) {
    const moved = Math.hypot(seen.x - held.point[0], seen.y - held.point[1]);
    log(`press cancelled: the pointer moved ${moved.toFixed(0)} pt before the ${hold} hold ended `
        + `(more than ${Number(held.allowable_movement.toFixed(1))} pt); ${how}`, 'hint');
  } else if (press.id === null) {
    log(`press released before the ${hold} hold ended; ${how}`, 'hint');
  }
}

function panTo(ms, p) {
  const from = press.panning;
  if (p.x === from.x && p.y === from.y) return;
  queue('pan', ms, p.x, p.y, from.x - p.x, from.y - p.y);
  press.panning = p;
}

// Whether the cell will be selected once the inputs waiting are applied: as drawn, toggled by
// each select or deselect of it still waiting.
function willBeSelected(el, [s, i]) {
  let selected = el.classList.contains('selected');
  for (const q of waiting()) {
    if ((q.type === 'select' || q.type === 'deselect') && q.section === s && q.row === i) selected = q.type === 'select';
  }
  return selected;
}

viewport.addEventListener('pointerdown', (e) => {
  // A press on a coasting list stops it and presses nothing (UIScrollView: the touch that stops
  // a deceleration does not reach the rows); the finger then scrolls the list from where it
  // went down, and a mouse does nothing more.
  if (coasting.run) {
    stopCoast();
    e.preventDefault();
    if (press.id === null && e.pointerType !== 'mouse') track(e, true);
    return;
  }
  // A tree row's disclosure triangle: a click or a tap collapses or expands the row (`toggle`;
  // the host takes it while idle), and presses nothing.
  const twisty = e.target.closest && e.target.closest('.cell > .twisty:not(.leaf)');
  if (twisty && press.id === null && e.button === 0) {
    queue('toggle', e.timeStamp, ...cellPosition(twisty.parentElement));
    e.preventDefault();
    return;
  }
  // Shift- or Cmd-click (Ctrl on other systems) selects or deselects the item clicked, no drag;
  // a second pointer during a drag taps an item, which asks the policy's can_add. Both name
  // the cell drawn under the pointer (the snapshot, drawn over the cells, is looked through).
  const cell = document.elementsFromPoint(e.clientX, e.clientY).find((el) => el.classList.contains('cell'));
  if (e.button === 0 && press.id === null && (e.shiftKey || e.metaKey || e.ctrlKey)) {
    if (cell) {
      const at = cellPosition(cell);
      queue(willBeSelected(cell, at) ? 'deselect' : 'select', e.timeStamp, ...at);
    }
    e.preventDefault();
    return;
  }
  if (press.id !== null && e.pointerId !== press.id) {
    if (cell) queue('tap', e.timeStamp, ...cellPosition(cell));
    e.preventDefault();
    return;
  }
  if (press.id !== null || e.button > 0) return;
  const p = track(e, false);
  press.down = queue('down', e.timeStamp, p.x, p.y);
  e.preventDefault();
});

// Takes pointer `e` as the pressed one (captured: its moves come here wherever they go);
// `scrolls`: it scrolls the list from where it went down, with no press for the host. Returns
// the point it went down at.
function track(e, scrolls) {
  viewport.setPointerCapture(e.pointerId);
  const p = point(e);
  Object.assign(press, { id: e.pointerId, type: e.pointerType, down: null, moves: [], point: p,
                         panning: scrolls ? p : null, samples: [[e.timeStamp, p.x, p.y]] });
  return p;
}

// A move goes out as it arrives: `pointerrawupdate` (where the browser has it) comes as soon as
// the event does, where `pointermove` waits for the next animation frame; the host's reply
// (about 2 ms) is then drawn before that frame, and the frame shows the row at the finger.
function moved(e) {
  if (e.pointerId !== press.id) return;
  const p = point(e);
  press.point = p;
  press.samples.push([e.timeStamp, p.x, p.y]);
  trim(press.samples, e.timeStamp);
  if (press.panning) { panTo(e.timeStamp, p); return; }
  press.moves.push([queue('move', e.timeStamp, p.x, p.y), p]);
  if (press.moves.length > 64) press.moves.splice(0, 32);
}
viewport.addEventListener('onpointerrawupdate' in window ? 'pointerrawupdate' : 'pointermove', moved);

function released(e, kind) {
  if (e.pointerId !== press.id) return;
  const panned = press.panning;
  press.id = null;
  press.panning = null;
  // A finger that scrolled the list has nothing for the host to end (it is idle); lifted while
  // it moves, the list coasts on from the point it last scrolled (not when the system took the
  // touch, nor when the person asked for less motion).
  if (!panned) { queue(kind, e.timeStamp); return; }
  if (kind !== 'up' || reducedMotion.matches) return;
  const c = coast(velocityAt(press.samples, e.timeStamp), e.timeStamp);
  if (!c) return;
  coasting.run = c;
  coasting.last = c;
  coasting.at = panned;
}
viewport.addEventListener('pointerup', (e) => released(e, 'up'));
viewport.addEventListener('pointercancel', (e) => released(e, 'cancel'));

// Escape during a pointer drag cancels it as a cancelled touch does (UIKit's touchesCancelled:
// the policy's on_cancel decides); the rest of that press is ignored. A keyboard drag's Escape
// is the focused item's (`key`, keyboard.js).
document.addEventListener('keydown', (e) => {
  stopCoast();
  if (e.key !== 'Escape' || press.id === null) return;
  if (viewport.hasPointerCapture(press.id)) viewport.releasePointerCapture(press.id);
  press.id = null;
  press.panning = null;
  e.preventDefault();
  queue('cancel', e.timeStamp);
});

// The wheel and a trackpad: `pan` by the wheel's distance (a line counts as a 44 pt row; a
// page as the viewport). The page itself scrolls once the list is at its end that way (the
// host's offset says so), as nested scroll views chain; a board's lists scroll on their own,
// so there the list always takes the wheel. During a press or a drag the wheel does nothing.
viewport.addEventListener('wheel', (e) => {
  stopCoast();
  const s = lastScene;
  if (!s) return;
  const unit = e.deltaMode === 1 ? 44 : e.deltaMode === 2 ? s.viewport[1] : 1;
  const dx = e.deltaX * unit, dy = e.deltaY * unit;
  if (s.state !== 'idle' || press.id !== null) { e.preventDefault(); return; }
  const [ox, oy] = s.offset, [mx, my] = s.max_offset;
  const room = bezel.dataset.demo === 'board' || (dy > 0 && oy < my) || (dy < 0 && oy > 0)
    || (dx > 0 && ox < mx) || (dx < 0 && ox > 0);
  if (!room) return;
  e.preventDefault();
  const p = point(e);
  queue('pan', e.timeStamp, p.x, p.y, dx, dy);
}, { passive: false });
