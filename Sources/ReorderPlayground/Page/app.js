// The playground page: sends the pointer's touches, the keys and the animation frames to the
// host, and draws the scene the host answers with. The page decides nothing: order, offset,
// press, snapshot and slides all come from the host (docs/PLAYGROUND.md). Its parts:
// wire.js (the socket, when inputs go), pointer.js, coast.js and keyboard.js (the inputs),
// scene.js and chart.js (drawing), log.js (the event log); measure.js only with `?measure` in
// the address.
import { drawScene, scrollReadout } from './scene.js';
import { showChart, moveMarker } from './chart.js';
import { message, reply } from './vocabulary.js';
import { hooks } from './hooks.js';
import { send, setSocket, socket, answered, frameRendered, waiting } from './wire.js';
import { keyboard, kbState } from './keyboard.js';
import { onScene, pointerDown, coastRunning, coastFrame, lastCoast } from './pointer.js';
import { log, scrollLogToEnd } from './log.js';

const DEMOS = { table: 'list', grid: 'grid', board: 'board', strip: 'tab strip', tree: 'outline' };  // welcome's `demo`, as logged
const $ = (id) => document.getElementById(id);
const viewport = $('viewport');

// What the page last heard, for the browser tests (window.__play).
const view = {
  scene: null,          // the last scene drawn
  errors: [],           // the host's error messages
  traceText: null,      // the last recorded trace
  lastReplaying: false, // the last scene said a replay runs
  sawReplaying: false,  // some scene did
  log,                  // the browser tests fill the event log
};
Object.defineProperty(view, 'ws', { get: socket });
Object.defineProperty(view, 'keyboard', { get: () => kbState.keyboard });
Object.defineProperty(view, 'announced', { get: () => kbState.announced });
Object.defineProperty(view, 'coast', { get: lastCoast });
window.__play = view;

let traceUrl = null;

function status(text) { $('status').textContent = text; }

// A lost server greys the list and says so; the page tries again after 0.5 s, then waits
// twice as long each time up to 10 s (each failed attempt is a line in the browser's console).
let retries = 0;
function connect() {
  const ws = new WebSocket(`ws://${location.host}/ws`);
  setSocket(ws);
  ws.onopen = () => { retries = 0; offline(null); status('connected'); send({ type: message.hello }); };
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
  let m;
  try { m = JSON.parse(text); } catch { return; }
  if (hooks.received) hooks.received(m);
  // Replies come in the order of the messages they answer: what waited for this one goes now,
  // and a keyboard input it answers no longer makes its scene's focus stale (keyboard.js).
  if (m.seq) answered(m.seq);
  switch (m.type) {
    case reply.welcome: welcome(m); break;
    case reply.scene: scene(m); break;
    case reply.error:
      view.errors.push(m.message);
      status(`host: ${m.message}`);
      log(`error: ${m.message}`, 'error');
      break;
    case reply.policyError: policyError(m.message); break;
    case reply.diagnostics: diagnostics(m.diagnostics); break;
    case reply.status:
      status(m.status);
      if (m.status === 'recording') { $('record').disabled = true; $('stop').disabled = false; }
      break;
    case reply.trace: trace(m); break;
  }
  wantFrame();
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
  // The demo lists to switch to (the playground's own session only), each by its title.
  const demos = $('demo');
  $('demo-picker').hidden = !m.demos;
  if (m.demos && demos.options.length !== m.demos.length) {
    demos.replaceChildren(...m.demos.map((d, i) => {
      const o = document.createElement('option');
      o.value = d;
      o.textContent = m.demo_titles[i];
      return o;
    }));
  }
  if (m.demo) demos.value = m.demo;
  $('tree-hint').hidden = m.layout !== 'tree';
  log(`policy ${m.policy} (${DEMOS[m.demo] || m.layout})`);
  diagnostics(m.diagnostics || []);
}

// The policy's diagnostics, each as the terminal shows it (its `text`); all but `print` lines
// marked as errors.
function diagnostics(list) {
  for (const d of list) log(d.text, d.kind === 'print' ? undefined : 'error');
}

function policyError(text) {
  const box = $('policy-error');
  box.hidden = !text;
  box.textContent = text ? `${text}\nThe last good policy stays in force.` : '';
}

function scene(m) {
  const started = performance.now();
  view.scene = m.scene;
  m.scene.keyboard = m.keyboard;
  const changed = {};
  drawScene(viewport, m.scene, changed);
  // The events' text forms, as `reorder replay` prints them (the host writes them).
  for (const text of m.event_texts) log(text);
  keyboard(m.keyboard);
  onScene(m);
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
  if (!!m.replaying !== view.lastReplaying) status(m.replaying ? 'replaying a trace…' : 'connected');
  view.lastReplaying = !!m.replaying;
  if (m.replaying) view.sawReplaying = true;
  if ($('record').disabled !== !!m.recording) $('record').disabled = !!m.recording;
  // A recording ended without a trace (a policy switch, a replay) no longer says "recording".
  if (!m.recording && $('status').textContent === 'recording') status('connected');
  // Stop ends a recording, or a replay (as any input of the page's does).
  const stoppable = !!(m.recording || m.replaying);
  if ($('stop').disabled !== !stoppable) $('stop').disabled = !stoppable;
  if (hooks.drawn) hooks.drawn(m, started, changed);
}

function trace(m) {
  $('record').disabled = false;
  $('stop').disabled = true;
  status('connected');
  if (traceUrl) URL.revokeObjectURL(traceUrl);
  view.traceText = m.text;
  traceUrl = URL.createObjectURL(new Blob([m.text], { type: 'application/jsonl' }));
  const a = $('download');
  a.href = traceUrl;
  a.hidden = false;
  log(`recorded ${m.inputs} inputs`);
}

// Frames: one per animation frame while something moves (60 Hz, 120 Hz: whatever the screen
// does); a coasting list sends its pan for the frame from the frame's callback. The loop stops
// when the session is idle, no pointer is down, the list does not coast and no input waits, and an
// input or a reply starts it again. Once a frame is rendered (a task posted from its callback
// runs after the frame's style, layout, paint and commit), the log scrolls to its end and, when
// no input went out since the last frame, the frame's tick goes at requestAnimationFrame's
// timestamp: an input's own message ticks the session already (wire.js).
let frameRequested = false;
function running() {
  return pointerDown() || coastRunning() || waiting().length > 0
    || (view.scene && view.scene.state !== 'idle');
}
function wantFrame() {
  if (frameRequested) return;
  frameRequested = true;
  requestAnimationFrame(frame);
}
const afterFrame = new MessageChannel();
afterFrame.port1.onmessage = (e) => {
  const [ts, begun] = e.data;
  if (hooks.rendered) hooks.rendered(ts, begun);
  scrollLogToEnd();
  frameRendered(ts, running());
};
function frame(ts) {
  frameRequested = false;
  const begun = performance.now();
  coastFrame(ts);
  if (hooks.frame) hooks.frame(ts, begun);
  afterFrame.port2.postMessage([ts, begun]);
  if (running()) wantFrame();
}

// Controls.
$('policy').addEventListener('change', (e) => send({ type: message.policy, name: e.target.value }));
$('demo').addEventListener('change', (e) => send({ type: message.demo, name: e.target.value }));
$('record').addEventListener('click', () => send({ type: message.record }));
$('stop').addEventListener('click', () => send({ type: message.stop }));
$('reset').addEventListener('click', () => send({ type: message.reset }));
// The skip link goes to the policy picker past every row's tab stop.
$('skip').addEventListener('click', (e) => { e.preventDefault(); $('policy').focus(); });
function replay(file) {
  file.text().then((text) => { log(`replaying ${file.name}`); send({ type: message.replay, trace: text }); });
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

// The benchmarks' figures (measure.js) only when asked for: `?measure` in the address. Loaded
// before the socket opens, so it sees every message.
const measuring = new URLSearchParams(location.search).has('measure');
(measuring ? import('./measure.js').then((mod) => mod.install(view)) : Promise.resolve()).then(() => {
  wantFrame();
  connect();
});
