// The playground page: sends the pointer's touches and the animation frames to the host, and
// draws the scene the host answers with. The page decides nothing: order, offset, snapshot and
// slides all come from the host (docs/PLAYGROUND.md).
import { drawScene, cellAt, scrollReadout } from './scene.js';
import { showChart, moveMarker } from './chart.js';

const DEMOS = { table: 'list', grid: 'grid', board: 'board', strip: 'tab strip' };  // welcome's `demo`, as logged
const PROTOCOL = 3;  // 3: a frame carries the inputs (pointer and keyboard) since the last frame (docs/PLAYGROUND.md)
const $ = (id) => document.getElementById(id);
const viewport = $('viewport');

const state = {
  ws: null,
  seq: 0,
  answered: 0,          // the highest seq a reply has answered
  lastTime: 0,          // seconds, the last time sent (kept non-decreasing)
  scene: null,
  pointer: null,        // the pointerId of the pressed pointer
  inputs: [],           // the inputs (pointer, keyboard) since the last frame, in order (a frame's `inputs`)
  inputStamps: [],      // [[kind, event timeStamp ms], ...] of those inputs
  frameRequested: false,// an animation frame is requested
  sentAt: new Map(),    // seq -> [performance.now() when sent, the message's type]
  rtts: [],             // round trips (ms) from a message to its scene drawn
  drawTimes: [],        // the page's own work (ms) per scene message
  waits: [],            // [ms from a message sent to its reply's handler starting, whether a
                        //  frame's rendering ran on the main thread in between, ...] (see scene())
  renders: [],          // ms from requestAnimationFrame's callback to the next task (the
                        // frame's style, layout, paint and commit on the main thread)
  renderEnd: 0,         // performance.now() when the last frame's rendering was over
  frameBegun: new Map(),// seq -> performance.now() when its animation frame began
  frameToDrawn: [],     // ms from an animation frame's start to its frame message's scene drawn
  sentInputs: new Map(),// seq -> [[kind, event timeStamp ms], ...]: the inputs a message carries
  inputToDrawn: [],     // [kind, ms from the input event's timeStamp to its scene written into the DOM]
  inputToShown: [],     // [kind, ms from the input event's timeStamp to the end of the rendering of
                        //  the first frame that shows its scene]
  awaitingFrame: [],    // [[kind, ms], ...] drawn into the DOM, not yet rendered by a frame
  renderKinds: [],      // [ms, what the scenes drawn since the last frame changed] per frame
  drawn: {},            // what the scenes drawn since the last frame changed (see scene.js)
  received: 0,
  errors: [],
  traceUrl: null,
  keyboard: null,       // the scene message's keyboard part (focus, lifted, actions, ...)
  keyboardActive: false,// the focus is in the list: the page keeps it on the focused item
  announced: [],        // every text put in the live region, for the tests
};
window.__play = state;  // for tests and benchmarks
state.log = (text) => log(text);  // the browser tests fill the event log

function time(ms) {
  // The page's own timestamps (event.timeStamp, requestAnimationFrame's), in seconds; an event
  // stamped before the frame already sent goes at the frame's time, so times never go back.
  const t = Math.max(ms / 1000, state.lastTime);
  state.lastTime = t;
  return t;
}

// `frameBegun`: performance.now() when the animation frame a frame message belongs to began.
// `inputs`: the pointer inputs the message carries, [[kind, event timeStamp ms], ...] (for the
// benchmark's input -> drawn figures).
function send(message, frameBegun, inputs) {
  if (!state.ws || state.ws.readyState !== WebSocket.OPEN) return;
  message.v = PROTOCOL;
  message.seq = ++state.seq;
  state.sentAt.set(message.seq, [performance.now(), message.type]);
  if (inputs && inputs.length) state.sentInputs.set(message.seq, inputs);
  if (state.sentInputs.size > 1000) state.sentInputs.delete(state.sentInputs.keys().next().value);
  if (frameBegun !== undefined) state.frameBegun.set(message.seq, frameBegun);
  if (state.frameBegun.size > 1000) state.frameBegun.delete(state.frameBegun.keys().next().value);
  if (state.sentAt.size > 1000) state.sentAt.delete(state.sentAt.keys().next().value);
  state.ws.send(JSON.stringify(message));
}

function status(text) { $('status').textContent = text; }

// A lost server greys the list and says so; the page tries again after 0.5 s, then waits
// twice as long each time up to 10 s (each failed attempt is a line in the browser's console:
// two a second, before, for as long as the server was away).
let retries = 0;
function connect() {
  const ws = new WebSocket(`ws://${location.host}/ws`);
  state.ws = ws;
  ws.onopen = () => { retries = 0; offline(null); status('connected'); send({ type: 'hello' }); };
  ws.onmessage = (e) => receive(e.data);
  ws.onclose = () => {
    const wait = Math.min(500 * 2 ** retries, 10000);
    retries++;
    offline(wait);
    setTimeout(connect, wait);
  };
}

function offline(wait) {
  const lost = wait !== null;
  $('bezel').classList.toggle('offline', lost);
  $('status').classList.toggle('lost', lost);
  const box = $('offline');
  box.hidden = !lost;
  if (!lost) return;
  const seconds = wait < 1000 ? 'a moment' : `${Math.round(wait / 1000)} s`;
  box.innerHTML = '<strong>The reorder play server is not answering.</strong>';
  box.append(`Is it still running? This page tries again in ${seconds}, and shows the list once it answers.`);
  status(`lost the server at ${location.host}; trying again in ${seconds}`);
}

function receive(text) {
  state.arrived = performance.now();
  let m;
  try { m = JSON.parse(text); } catch { return; }
  state.received++;
  // Replies come in the order of the messages they answer.
  if (m.seq > state.answered) state.answered = m.seq;
  switch (m.type) {
    case 'welcome': welcome(m); break;
    case 'scene': scene(m); break;
    case 'error':
      state.errors.push(m.message);
      status(`host: ${m.message}`);
      log(`error: ${m.message}`, 'error');
      break;
    case 'policy_error': policyError(m.message); break;
    case 'diagnostics': diagnostics(m.diagnostics); break;
    case 'status':
      status(m.status);
      if (m.status === 'recording') { $('record').disabled = true; $('stop').disabled = false; }
      break;
    case 'trace': trace(m); break;
  }
}

function welcome(m) {
  const select = $('policy');
  // Rebuild the options only when the list changed (a reload keeps the picker, and its focus).
  // Each policy with its one-line description (its `description` field).
  const labels = m.policies.map((p, i) => {
    const name = p === 'file' ? `file: ${m.file}` : p;
    const about = (m.descriptions || [])[i];
    return about ? `${name} — ${about}` : name;
  });
  const current = [...select.options].map((o) => o.textContent);
  if (current.join('\n') !== labels.join('\n')) {
    select.replaceChildren(...m.policies.map((p, i) => {
      const o = document.createElement('option');
      o.value = p;
      o.textContent = labels[i];
      return o;
    }));
  }
  select.value = m.file && m.source === m.file ? 'file' : m.source;
  policyError(m.policy_error || null);
  showChart($('chart'), m.curve_svg);
  document.title = `reorder play: ${m.policy}`;
  // The demo decides how the page draws it (a strip's tabs as tiles); the log says what it is.
  $('bezel').dataset.demo = m.demo || m.layout;
  log(`policy ${m.policy} (${DEMOS[m.demo] || m.layout})`);
  diagnostics(m.diagnostics || []);
}

// The policy's diagnostics, each as the terminal shows it (its `text`); all but `print` lines
// marked as errors.
function diagnostics(list) {
  for (const d of list) log(d.text, d.kind === 'print' ? undefined : 'error');
}

function policyError(message) {
  const box = $('policy-error');
  box.hidden = !message;
  box.textContent = message ? `${message}\nThe last good policy stays in force.` : '';
}

function scene(m) {
  const started = performance.now();
  state.scene = m.scene;
  m.scene.keyboard = m.keyboard;
  drawScene(viewport, m.scene, state.drawn);
  for (const e of m.events) log(describe(e));
  keyboard(m.keyboard);
  // The chart's marker: where on the policy's curve the drag is (vertical first; a strip
  // scrolls left and right); the readout: the scroll that happens.
  const zones = m.scene.zones || [];
  const zone = zones.find((z) => z.axis === 'vertical' && z.speed > 0) || zones.find((z) => z.speed > 0)
    || zones.find((z) => z.axis === 'vertical');
  const speed = scrollReadout(m.scene);
  if ($('speed').textContent !== speed) $('speed').textContent = speed;
  moveMarker($('chart'), zone);
  // A replay (a trace from the file input or dropped on the page) drives the session until it
  // ends or the page's own input (or Stop) stops it.
  if (!!m.replaying !== !!state.lastReplaying) status(m.replaying ? 'replaying a trace…' : 'connected');
  state.lastReplaying = !!m.replaying;
  if (m.replaying) state.sawReplaying = true;
  if ($('record').disabled !== !!m.recording) $('record').disabled = !!m.recording;
  // A recording ended without a trace (a policy switch, a replay) no longer says "recording".
  if (!m.recording && $('status').textContent === 'recording') status('connected');
  // Stop ends a recording, or a replay (as any input of the page's does).
  const stoppable = !!(m.recording || m.replaying);
  if ($('stop').disabled !== !stoppable) $('stop').disabled = !stoppable;
  // The page's own work for a scene (drawing it, the log, the chart), for bench_page.py.
  state.drawTimes.push(performance.now() - started);
  // The next frame shows this scene (and ticks if the session is not idle).
  wantFrame();
  if (state.drawTimes.length > 200000) state.drawTimes.splice(0, 100000);
  if (m.seq && state.sentAt.has(m.seq)) {
    const [sent, type] = state.sentAt.get(m.seq);
    const now = performance.now();
    state.rtts.push(now - sent);
    // [ms, whether a frame was rendered in between, the message's type, that rendering's ms,
    //  ms from that rendering's start to the reply's handler starting]
    const behind = state.renderEnd > sent;
    state.waits.push([state.arrived - sent, behind, type, behind ? state.lastRender : 0,
                      behind ? state.arrived - (state.renderEnd - state.lastRender) : 0]);
    const inputs = state.sentInputs.get(m.seq);
    if (inputs) {
      state.sentInputs.delete(m.seq);
      for (const [kind, ms] of inputs) {
        state.inputToDrawn.push([kind, now - ms]);
        state.awaitingFrame.push([kind, ms]);
      }
      if (state.inputToDrawn.length > 200000) state.inputToDrawn.splice(0, 100000);
    }
    if (state.frameBegun.has(m.seq)) {
      state.frameToDrawn.push(performance.now() - state.frameBegun.get(m.seq));
      state.frameBegun.delete(m.seq);
      if (state.frameToDrawn.length > 200000) state.frameToDrawn.splice(0, 100000);
    }
    if (state.waits.length > 200000) state.waits.splice(0, 100000);
    state.sentAt.delete(m.seq);
    if (state.rtts.length > 200000) state.rtts.splice(0, 100000);
  }
}

// Keyboard dragging (issue 18): what the host said goes to the live region, the focus stays
// on the item the host says is focused (it follows a lifted item, and stays after the drop),
// the policy's instructions describe every item, and its actions make the item's menu.
function keyboard(kb) {
  if (!kb) return;
  state.keyboard = kb;
  if ($('kb-instructions').textContent !== kb.instructions) $('kb-instructions').textContent = kb.instructions;
  if (kb.announcements.length > 0) {
    const text = kb.announcements.join(' ');
    // The same text twice in a row is said again: the region is emptied first.
    const region = $('announcer');
    if (region.textContent === text) region.textContent = '';
    region.textContent = text;
    state.announced.push(text);
    for (const a of kb.announcements) log(`said: ${a}`);
  }
  const el = kb.focus ? cellAt(kb.focus[0], kb.focus[1]) : null;
  for (const c of document.querySelectorAll('.cell.kb-focus')) if (c !== el) c.classList.remove('kb-focus');
  // A keyboard input still waiting for its frame, or sent in a message not answered yet, makes
  // this scene's focus stale: that input's own scene moves the focus.
  const waiting = state.inputs.some((i) => KEYBOARD.has(i.type))
    || [...state.sentInputs].some(([seq, stamps]) => seq > state.answered && stamps.some(([kind]) => KEYBOARD.has(kind)));
  if (el && state.keyboardActive && !waiting && document.activeElement !== el && $('kb-menu').hidden) {
    state.refocusing = true;
    el.focus({ preventScroll: true });
    state.refocusing = false;
  }
  // Lifted by the keyboard, the item is drawn by the snapshot over its focused cell: the focus
  // ring goes on the snapshot, where it can be seen (WCAG 2.4.7).
  $('snapshot').classList.toggle('kb-focus', !!(el && kb.lifted && state.keyboardActive));
  const button = $('kb-menu-button');
  const show = !!(el && state.keyboardActive && !kb.lifted && kb.actions && kb.actions.length > 0);
  button.hidden = !show;
  if (show) {
    const top = parseFloat(el.style.transform.match(/,\s*([-\d.]+)px/)?.[1] || '0');
    button.style.top = `${top + (parseFloat(el.style.height) - 28) / 2}px`;
    button.setAttribute('aria-label', `Actions for ${el.textContent}`);
  }
}

const KEYS = { ' ': 'space', Enter: 'enter', ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left',
               ArrowRight: 'right', Home: 'home', End: 'end', Escape: 'escape' };

// Every input, pointer or keyboard, is kept in order with its own time until the next animation
// frame and goes out with that frame's tick as one message, sent once the frame is rendered
// (below; a queued pointer input requests a frame, so an idle page sends it at the next one).
// Sent from the event handler while a frame is pending, a discrete input's message (pointerdown,
// pointerup, click, keydown) had its reply held until that frame had been rendered: Chromium
// defers the page's other tasks, the socket's message included, after such an input (its
// DeferRendererTasksAfterInput feature; bench_page.py: 14.7 ms at the median, against 0.9 ms for
// a frame's reply). The input is shown no later: its scene could not be drawn before that
// rendering either (BENCHMARKS.md, "The page round trip: pointer inputs ride on the frame").
// A keyboard input while no frame is pending (the loop is idle: a key that lifts, a Tab) goes
// at once, alone in a frame message at its own time: nothing is rendered that could hold its
// reply, and waiting for a frame made Space and Tab show about 6 ms later (bench_keys.py;
// BENCHMARKS.md, "Keyboard inputs ride on the frame too").
const KEYBOARD = new Set(['focus', 'key', 'action']);
function queue(input, kind, ms) {
  input.t = time(ms);
  if (KEYBOARD.has(kind) && !state.frameRequested && state.inputs.length === 0) {
    send({ type: 'frame', t: input.t, inputs: [input] }, undefined, [[kind, ms]]);
    return;
  }
  state.inputs.push(input);
  state.inputStamps.push([kind, ms]);
  wantFrame();
}

function cellPosition(el) {
  return [Number(el.dataset.section), Number(el.dataset.item)];
}

const content = $('content');
content.addEventListener('focusin', (e) => {
  const el = e.target.closest('.cell');
  if (!el) return;
  state.keyboardActive = true;
  el.classList.add('kb-focus');
  const [s, i] = cellPosition(el);
  const f = state.keyboard && state.keyboard.focus;
  if (!state.refocusing && !(f && f[0] === s && f[1] === i)) {
    queue({ type: 'focus', section: s + 1, row: i + 1 }, 'focus', e.timeStamp);
  }
});
content.addEventListener('focusout', (e) => {
  const next = e.relatedTarget;
  if (!next || !(next.closest('.cell') || next.closest('#kb-menu') || next.id === 'kb-menu-button')) {
    if (!state.refocusing && next) {
      state.keyboardActive = false;
      // The item's actions button goes with the focus (no scene may come to hide it).
      $('kb-menu-button').hidden = true;
    }
  }
  const el = e.target.closest('.cell');
  if (el) el.classList.remove('kb-focus');
});
// The item after (`by` 1) or before (`by` -1) a 0-based position in the list's order, across
// sections, from the host's section sizes; null past the last or before the first.
function neighbour([s, i], by) {
  const sizes = (state.keyboard && state.keyboard.sizes) || [];
  if (i + by >= 0 && i + by < (sizes[s] || 0)) return [s, i + by];
  for (let t = s + by; t >= 0 && t < sizes.length; t += by) {
    if (sizes[t] > 0) return [t, by > 0 ? 0 : sizes[t] - 1];
  }
  return null;
}

// Tab and Shift+Tab on an item go to the next (previous) item in the list's order, drawn or
// not: the page draws only the rows in the viewport, so the host is asked to focus the item
// (`focus` scrolls it into view) and the reply's scene moves the focus onto its cell. Past the
// last (before the first) item the browser takes the focus out of the list.
function tab(e, el) {
  const kb = state.keyboard;
  if (kb && kb.lifted) return false;
  const to = neighbour(cellPosition(el), e.shiftKey ? -1 : 1);
  if (!to) return false;
  e.preventDefault();
  state.keyboardActive = true;
  const drawn = cellAt(to[0], to[1]);
  if (drawn) drawn.focus({ preventScroll: true });   // focusin tells the host
  else queue({ type: 'focus', section: to[0] + 1, row: to[1] + 1 }, 'focus', e.timeStamp);
  return true;
}

content.addEventListener('keydown', (e) => {
  const el = e.target.closest('.cell');
  if (!el) return;
  if (e.key === 'Tab') { tab(e, el); return; }
  if ((e.key === 'F10' && e.shiftKey) || e.key === 'ContextMenu') { e.preventDefault(); openMenu(); return; }
  // Shift+Space selects or deselects the focused item (issue 19).
  const key = e.key === ' ' && e.shiftKey ? 'shift+space' : KEYS[e.key];
  if (!key) return;
  e.preventDefault();
  state.keyboardActive = true;
  queue({ type: 'key', key }, 'key', e.timeStamp);
});

function openMenu() {
  const kb = state.keyboard;
  if (!kb || !kb.focus || !kb.actions || kb.actions.length === 0) return;
  const menu = $('kb-menu');
  const button = $('kb-menu-button');
  menu.replaceChildren(...kb.actions.map((a) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.setAttribute('role', 'menuitem');
    b.tabIndex = -1;
    b.textContent = a.label;
    b.dataset.action = a.name;
    return b;
  }));
  menu.style.top = button.style.top;
  menu.dataset.section = String(kb.focus[0]);
  menu.dataset.item = String(kb.focus[1]);
  menu.hidden = false;
  button.setAttribute('aria-expanded', 'true');
  menu.firstElementChild.focus();
}

function closeMenu(refocus) {
  const menu = $('kb-menu');
  menu.hidden = true;
  $('kb-menu-button').setAttribute('aria-expanded', 'false');
  if (refocus && state.keyboard && state.keyboard.focus) {
    const el = cellAt(state.keyboard.focus[0], state.keyboard.focus[1]);
    if (el) el.focus({ preventScroll: true });
  }
}

$('kb-menu-button').addEventListener('click', () => openMenu());
$('kb-menu').addEventListener('click', (e) => {
  const b = e.target.closest('button[data-action]');
  if (!b) return;
  const menu = $('kb-menu');
  queue({ type: 'action', section: Number(menu.dataset.section) + 1, row: Number(menu.dataset.item) + 1,
          action: b.dataset.action }, 'action', e.timeStamp);
  state.keyboardActive = true;
  closeMenu(true);
});
$('kb-menu').addEventListener('keydown', (e) => {
  const items = [...$('kb-menu').querySelectorAll('button')];
  const i = items.indexOf(document.activeElement);
  if (e.key === 'ArrowDown') { e.preventDefault(); items[(i + 1) % items.length].focus(); }
  else if (e.key === 'ArrowUp') { e.preventDefault(); items[(i - 1 + items.length) % items.length].focus(); }
  else if (e.key === 'Escape') { e.preventDefault(); closeMenu(true); }
});

function describe(e) {
  const p = (a) => `${a[0] + 1}.${a[1] + 1}`;
  switch (e.type) {
    case 'begin': return `begin ${p(e.at)} t ${e.t.toFixed(3)}`;
    case 'move': return `move ${p(e.from)} → ${p(e.to)} (${e.semantics}) t ${e.t.toFixed(3)}`;
    case 'end': return `end ${p(e.from)} → ${p(e.to)} t ${e.t.toFixed(3)}`;
    case 'cancel': return `cancel (${e.resolution}) t ${e.t.toFixed(3)}`;
    case 'refuse': return `refuse ${p(e.at)} t ${e.t.toFixed(3)}`;
    default: return `${e.type} t ${e.t.toFixed(3)}`;
  }
}

let logged = 0;

// One line of the event log: its number (counted from the page's load, so it keeps counting
// when old lines are dropped) in a fixed-width column, then the text.
function log(text, cls) {
  const li = document.createElement('li');
  const number = document.createElement('span');
  number.className = 'n';
  number.textContent = `${++logged}.`;
  li.append(number, document.createTextNode(text));
  state.drawn.log = true;
  if (cls) li.className = cls;
  const list = $('log');
  list.append(li);
  while (list.children.length > 300) list.firstChild.remove();
  // Scrolled to the end once the next frame is rendered: reading scrollHeight here laid out
  // the whole page inside the message handler, before the scene counted as drawn.
  state.logToEnd = true;
  wantFrame();
}

function trace(m) {
  $('record').disabled = false;
  $('stop').disabled = true;
  status('connected');
  if (state.traceUrl) URL.revokeObjectURL(state.traceUrl);
  state.traceText = m.text;
  state.traceUrl = URL.createObjectURL(new Blob([m.text], { type: 'application/jsonl' }));
  const a = $('download');
  a.href = state.traceUrl;
  a.hidden = false;
  log(`recorded ${m.inputs} inputs`);
}

// Input: Pointer Events (mouse, touch, pen) as touches.
function point(e) {
  const r = viewport.getBoundingClientRect();
  return { x: e.clientX - r.left - viewport.clientLeft, y: e.clientY - r.top - viewport.clientTop };
}
viewport.addEventListener('pointerdown', (e) => {
  // Issue 19: Shift- or Cmd-click (Ctrl on other systems) selects or deselects the item, no
  // drag; a second pointer during a drag taps an item, which asks the policy's can_add.
  if (e.button === 0 && state.pointer === null && (e.shiftKey || e.metaKey || e.ctrlKey)) {
    queue({ type: 'select', ...point(e) }, 'select', e.timeStamp);
    e.preventDefault();
    return;
  }
  if (state.pointer !== null && e.pointerId !== state.pointer) {
    queue({ type: 'tap', ...point(e) }, 'tap', e.timeStamp);
    e.preventDefault();
    return;
  }
  if (state.pointer !== null || e.button > 0) return;
  state.pointer = e.pointerId;
  viewport.setPointerCapture(e.pointerId);
  queue({ type: 'down', ...point(e) }, 'down', e.timeStamp);
  e.preventDefault();
});
// Of the moves between two other inputs only the last is kept (Chromium dispatches pointermove
// once per frame anyway, just before requestAnimationFrame, like UIKit's coalesced touches).
viewport.addEventListener('pointermove', (e) => {
  if (e.pointerId !== state.pointer) return;
  const n = state.inputs.length;
  if (n > 0 && state.inputs[n - 1].type === 'move') {
    state.inputs.pop();
    state.inputStamps.pop();
  }
  queue({ type: 'move', ...point(e) }, 'move', e.timeStamp);
});
viewport.addEventListener('pointerup', (e) => {
  if (e.pointerId !== state.pointer) return;
  state.pointer = null;
  queue({ type: 'up' }, 'up', e.timeStamp);
});
viewport.addEventListener('pointercancel', (e) => {
  if (e.pointerId !== state.pointer) return;
  state.pointer = null;
  queue({ type: 'cancel' }, 'cancel', e.timeStamp);
});
// Escape during a pointer drag cancels it as a cancelled touch does (UIKit's touchesCancelled:
// the policy's on_cancel decides); the rest of that press is ignored. A keyboard drag's Escape
// is the focused item's (`key`), above.
document.addEventListener('keydown', (e) => {
  if (e.key !== 'Escape' || state.pointer === null) return;
  if (viewport.hasPointerCapture(state.pointer)) viewport.releasePointerCapture(state.pointer);
  state.pointer = null;
  e.preventDefault();
  queue({ type: 'cancel' }, 'cancel', e.timeStamp);
});

// Frames: one per animation frame while something moves (60 Hz, 120 Hz: whatever the screen
// does); the loop stops when the session is idle, no pointer is down and no input waits, and an
// input or a scene starts it again. The frame message is sent from a task posted in
// requestAnimationFrame's callback, which runs once this frame's rendering (style, layout,
// paint, commit) is over: sent from the callback itself, every reply waited on the main thread
// for that rendering (bench_page.py: all of them, 2.3 ms at the median, 8-9 ms at the 99th
// percentile under load). Either way the scene is drawn in the next frame; now the reply finds
// the main thread free. The frame's time is still requestAnimationFrame's timestamp.
function wantFrame() {
  if (state.frameRequested) return;
  state.frameRequested = true;
  requestAnimationFrame(frame);
}
const afterFrame = new MessageChannel();
afterFrame.port1.onmessage = (e) => {
  const [ts, begun, rendered, drawn] = e.data;
  state.renderEnd = performance.now();
  state.lastRender = state.renderEnd - begun;
  // The inputs whose scenes this frame rendered: on screen now (as far as the page can tell).
  for (const [kind, ms] of rendered) state.inputToShown.push([kind, state.renderEnd - ms]);
  if (state.inputToShown.length > 200000) state.inputToShown.splice(0, 100000);
  if (state.logToEnd) {
    // Here the layout is the one just rendered, so reading scrollHeight costs nothing.
    state.logToEnd = false;
    const list = $('log');
    list.scrollTop = list.scrollHeight;
  }
  state.renders.push(state.lastRender);
  if (state.renders.length > 200000) state.renders.splice(0, 100000);
  state.renderKinds.push([state.lastRender, drawn]);
  if (state.renderKinds.length > 200000) state.renderKinds.splice(0, 100000);
  const s = state.scene;
  if (state.inputs.length > 0) {
    const inputs = state.inputs, stamps = state.inputStamps;
    state.inputs = [];
    state.inputStamps = [];
    send({ type: 'frame', t: time(ts), inputs }, begun, stamps);
  } else if (state.pointer !== null || (s && s.state !== 'idle')) {
    send({ type: 'frame', t: time(ts) }, begun);
  }
};
function frame(ts) {
  state.frameRequested = false;
  // What this frame renders: the inputs whose scenes were drawn since the last frame, and what
  // those scenes changed (for bench_page.py).
  const rendered = state.awaitingFrame;
  state.awaitingFrame = [];
  const drawn = Object.keys(state.drawn).join(' ');
  state.drawn = {};
  afterFrame.port2.postMessage([ts, performance.now(), rendered, drawn]);
  const s = state.scene;
  if (state.pointer !== null || state.inputs.length > 0 || (s && s.state !== 'idle')) wantFrame();
}
wantFrame();

// Controls.
$('policy').addEventListener('change', (e) => send({ type: 'policy', name: e.target.value }));
$('record').addEventListener('click', () => send({ type: 'record' }));
$('stop').addEventListener('click', () => send({ type: 'stop' }));
$('reset').addEventListener('click', () => send({ type: 'reset' }));
function replay(file) {
  file.text().then((text) => { log(`replaying ${file.name}`); send({ type: 'replay', trace: text }); });
}
$('trace-file').addEventListener('change', (e) => { if (e.target.files[0]) replay(e.target.files[0]); });
document.addEventListener('dragover', (e) => { e.preventDefault(); document.body.classList.add('dragover'); });
document.addEventListener('dragleave', () => document.body.classList.remove('dragover'));
document.addEventListener('drop', (e) => {
  e.preventDefault();
  document.body.classList.remove('dragover');
  const f = e.dataTransfer.files[0];
  if (f) replay(f);
});

connect();
