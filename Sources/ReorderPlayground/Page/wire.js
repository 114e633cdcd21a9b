// The page's side of the socket: every input goes out as it happens, in a `frame` message (the
// inputs, then a tick at the last one's time); while nothing else does, an animation frame
// sends a tick of its own. The reply is drawn by its handler, so the next frame shows it.
import { version, message, input } from './vocabulary.js';
import { hooks } from './hooks.js';

/** The inputs of the keyboard (their scenes move the focus). */
export const KEYBOARD = new Set(['focus', 'key', 'action']);

// A message whose reply has not come within this long no longer holds the inputs back (a lost
// reply must not stall the page).
const STALE_MS = 100;

const out = {
  ws: null,
  seq: 0,
  answered: 0,       // the highest seq a reply has answered
  lastTime: 0,       // seconds, the last time sent (kept non-decreasing)
  pending: [],       // inputs not sent yet (a reply is awaited), in order
  stamps: [],        // [kind, event timeStamp ms] of each
  inFlight: null,    // [seq, performance.now()] of the last frame message, until it is answered
  ticked: false,     // a frame message went out since the last animation frame
  keyboardSeq: 0,    // the last message that carried a keyboard input
};

/** The socket, for the tests that watch what the page sends. */
export function socket() { return out.ws; }

export function setSocket(ws) {
  out.ws = ws;
  out.pending = [];
  out.stamps = [];
  out.inFlight = null;
}

/** The page's timestamps (an event's timeStamp, an animation frame's) in seconds; an event
    stamped before a message already sent goes at that message's time, so times never go back. */
export function time(ms) {
  const t = Math.max(ms / 1000, out.lastTime);
  out.lastTime = t;
  return t;
}

/** Sends `body` (a message without `v` and `seq`); returns its seq, or 0 while disconnected. */
export function send(body, stamps) {
  if (!out.ws || out.ws.readyState !== WebSocket.OPEN) return 0;
  const m = { v: version, ...body, seq: ++out.seq };
  if (m.type === message.frame) {
    out.ticked = true;
    out.inFlight = [m.seq, performance.now()];
    if (m.inputs && m.inputs.some((i) => KEYBOARD.has(i.type))) out.keyboardSeq = m.seq;
  }
  if (hooks.sent) hooks.sent(m, stamps || []);
  out.ws.send(JSON.stringify(m));
  return m.seq;
}

function busy() {
  const f = out.inFlight;
  return f !== null && out.answered < f[0] && performance.now() - f[1] < STALE_MS;
}

/** Sends the inputs waiting, if any, with a tick at `t` (the last input's time when not given). */
function flush(t) {
  if (out.pending.length === 0) return 0;
  const inputs = out.pending, stamps = out.stamps;
  out.pending = [];
  out.stamps = [];
  const m = input(message.frame, t === undefined ? inputs[inputs.length - 1].time : t);
  m.inputs = inputs;
  const seq = send(m, stamps);
  for (const i of inputs) carried.set(i, seq);
  return seq;
}

/** Takes the input `kind` with `values` (its fields besides the time, in the vocabulary's
    order) at the page's time of `ms`, and sends it at once unless a reply is awaited (then it
    goes with the reply's arrival). Of the moves (pans) waiting, only the last (their sum) is kept. */
export function queue(kind, ms, ...values) {
  const i = input(kind, time(ms), ...values);
  const n = out.pending.length;
  const last = n > 0 ? out.pending[n - 1] : null;
  if (last && last.type === kind && (kind === 'move' || kind === 'pan')) {
    if (kind === 'pan') { i.dx += last.dx; i.dy += last.dy; }
    out.pending.pop();
    out.stamps.pop();
  }
  out.pending.push(i);
  out.stamps.push([kind, ms]);
  if (!busy()) flush();
  return i;
}

/** The seq of the message that carried input `i` (as `queue` returned it), or undefined while
    it waits (or when a later move or pan replaced it). */
export function seqOf(i) { return carried.get(i); }
const carried = new WeakMap();

/** The inputs not sent yet. */
export function waiting() { return out.pending; }

/** Whether a keyboard input is waiting, or sent and not answered: the focus a scene gives is
    then stale (that input's own scene moves it). */
export function keyboardWaiting() {
  return out.pending.some((i) => KEYBOARD.has(i.type)) || out.answered < out.keyboardSeq;
}

/** A reply to `seq` arrived: what waited for it goes now. */
export function answered(seq) {
  if (seq > out.answered) out.answered = seq;
  if (!busy()) flush();
}

/** An animation frame at `ts` (ms) is rendered: the inputs still waiting go, or a tick when
    `running` (a finger down, the session not idle) and no message ticked since the last frame. */
export function frameRendered(ts, running) {
  if (out.pending.length > 0 && !busy()) flush(time(ts));
  else if (!out.ticked && running && !busy()) send(input(message.frame, time(ts)));
  out.ticked = false;
}
