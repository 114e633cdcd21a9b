// The benchmarks' figures (Tests/Browser/bench_page.py, bench_keys.py), loaded only with
// `?measure` in the page's address: what each message cost from sent to drawn, and each input
// from its event to its scene drawn and to the end of the first frame rendered after. Every
// list keeps its last 100,000 to 200,000 entries.
import { hooks } from './hooks.js';

const LIMIT = 200000;
function keep(list, entry) {
  list.push(entry);
  if (list.length > LIMIT) list.splice(0, LIMIT / 2);
}

/** Hangs the figures on `view` (window.__play) and listens at the page's hooks. */
export function install(view) {
  const m = Object.assign(view, {
    rtts: [],          // ms from a message sent to its scene drawn
    drawTimes: [],     // the page's own work (ms) per scene message
    waits: [],         // [ms from a message sent to its reply's handler starting, whether a frame
                       //  was rendered in between, the message's type, that rendering's ms,
                       //  ms from that rendering's start to the reply's handler starting]
    renders: [],       // ms from requestAnimationFrame's callback to the task after the rendering
    renderEnd: 0,      // performance.now() when the last frame's rendering was over
    frameToDrawn: [],  // ms from an animation frame's start to its tick's scene drawn
    inputToDrawn: [],  // [kind, ms from the input event's timeStamp to its scene in the DOM]
    inputToShown: [],  // [kind, ms from the input event's timeStamp to the end of the rendering of
                       //  the first frame that shows its scene]
    renderKinds: [],   // [ms, what the scenes drawn since the last frame changed] per frame
  });
  const sentAt = new Map();      // seq -> [performance.now() when sent, type]
  const sentInputs = new Map();  // seq -> [[kind, event timeStamp ms], ...]
  const frameBegun = new Map();  // seq -> performance.now() when its animation frame began (ticks)
  let awaitingFrame = [];        // [[kind, ms], ...] drawn into the DOM, not yet rendered
  let changed = {};              // what the scenes drawn since the last frame changed
  let arrived = 0, lastBegun = 0, lastRender = 0;
  const trim = (map) => { if (map.size > 1000) map.delete(map.keys().next().value); };

  hooks.sent = (msg, stamps) => {
    sentAt.set(msg.seq, [performance.now(), msg.type]);
    trim(sentAt);
    if (stamps.length) { sentInputs.set(msg.seq, stamps); trim(sentInputs); }
    else if (msg.type === 'frame') { frameBegun.set(msg.seq, lastBegun); trim(frameBegun); }
  };
  hooks.received = () => { arrived = performance.now(); };
  hooks.drawn = (msg, started, kinds) => {
    const now = performance.now();
    keep(m.drawTimes, now - started);
    Object.assign(changed, kinds);
    if (!msg.seq || !sentAt.has(msg.seq)) return;
    const [sent, type] = sentAt.get(msg.seq);
    sentAt.delete(msg.seq);
    keep(m.rtts, now - sent);
    const behind = m.renderEnd > sent;
    keep(m.waits, [arrived - sent, behind, type, behind ? lastRender : 0,
                   behind ? arrived - (m.renderEnd - lastRender) : 0]);
    const inputs = sentInputs.get(msg.seq);
    if (inputs) {
      sentInputs.delete(msg.seq);
      for (const [kind, ms] of inputs) {
        keep(m.inputToDrawn, [kind, now - ms]);
        awaitingFrame.push([kind, ms]);
      }
    }
    if (frameBegun.has(msg.seq)) {
      keep(m.frameToDrawn, now - frameBegun.get(msg.seq));
      frameBegun.delete(msg.seq);
    }
  };
  let rendering = [];
  hooks.frame = (ts, begun) => {
    lastBegun = begun;
    rendering = awaitingFrame;
    awaitingFrame = [];
  };
  hooks.rendered = (ts, begun) => {
    m.renderEnd = performance.now();
    lastRender = m.renderEnd - begun;
    for (const [kind, ms] of rendering) keep(m.inputToShown, [kind, m.renderEnd - ms]);
    rendering = [];
    keep(m.renders, lastRender);
    keep(m.renderKinds, [lastRender, Object.keys(changed).join(' ')]);
    changed = {};
  };
}
