// Draws a scene message (docs/PLAYGROUND.md, "scene") into the viewport: nothing is computed
// here but CSS from the host's numbers.

const cellNodes = new Map();    // item id -> element
const headerNodes = new Map();  // section -> element

// Writes only what changed since the element was last drawn: every write to a style, a class
// or a text invalidates style and layout, and most cells are the same from one scene to the
// next (the page draws one scene per message, two or more per frame while dragging).
function set(el, key, value, write) {
  const last = el.__drawn || (el.__drawn = {});
  if (last[key] === value) return;
  last[key] = value;
  write(value);
}

function place(el, [x, y, w, h]) {
  set(el, 'transform', `translate(${x}px, ${y}px)`, (v) => { el.style.transform = v; });
  set(el, 'width', `${w}px`, (v) => { el.style.width = v; });
  set(el, 'height', `${h}px`, (v) => { el.style.height = v; });
}

function data(el, key, value) {
  set(el, `data-${key}`, value, (v) => { if (v === undefined) delete el.dataset[key]; else el.dataset[key] = v; });
}

function rgba(hex, opacity) {
  const n = parseInt(hex.slice(1, 7), 16);
  const a = hex.length > 7 ? parseInt(hex.slice(7, 9), 16) / 255 : 1;
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${a * opacity})`;
}

/// The element of the item at a 1-based position (as the host writes it), if it is drawn.
export function cellAt(section, item) {
  for (const el of cellNodes.values()) {
    if (el.dataset.section === String(section) && el.dataset.item === String(item)) return el;
  }
  return null;
}

// `drawn`: an object that gets a key for each kind of change made (for the benchmark: what a
// frame after it has to render).
export function drawScene(viewport, scene, drawn = {}) {
  const content = viewport.querySelector('#content');
  viewport.style.width = `${scene.viewport[0]}px`;
  viewport.style.height = `${scene.viewport[1]}px`;
  viewport.dataset.state = scene.state;
  viewport.dataset.offsetY = String(scene.offset[1]);
  viewport.dataset.offsetX = String(scene.offset[0]);
  viewport.dataset.time = String(scene.time);

  // Headers and cells, in the scene's order (so the DOM order is the order shown).
  const seen = new Set();
  const nodes = [];
  for (const h of scene.headers) {
    let el = headerNodes.get(h.section);
    if (!el) { el = document.createElement('div'); el.className = 'header'; headerNodes.set(h.section, el); drawn.created = true; }
    set(el, 'text', h.title, (v) => { el.textContent = v; });
    place(el, h.frame);
    nodes.push(el);
    seen.add(el);
  }
  for (const c of scene.cells) {
    let el = cellNodes.get(c.id);
    if (!el) {
      el = document.createElement('div');
      el.dataset.id = c.id;
      // Keyboard dragging (issue 18): every item is focusable in order, a button to screen
      // readers ("sortable item"), described by the policy's instructions.
      el.tabIndex = 0;
      el.setAttribute('role', 'button');
      el.setAttribute('aria-roledescription', 'sortable item');
      el.setAttribute('aria-describedby', 'kb-instructions');
      cellNodes.set(c.id, el);
      drawn.created = true;
    }
    let cls = 'cell', background = '';
    if (c.finished) cls += ' finished';
    const kb = scene.keyboard;
    const lifted = !!(kb && kb.lifted && kb.focus && kb.focus[0] === c.at[0] && kb.focus[1] === c.at[1]);
    if (lifted) cls += ' kb-lifted';
    set(el, 'aria-pressed', lifted ? 'true' : 'false', (v) => { el.setAttribute('aria-pressed', v); });
    if (c.selected) cls += ' selected';   // issue 19
    if (c.ghost) cls += ' ghost';
    const placeholder = c.placeholder && scene.placeholder;
    if (placeholder) {
      const p = scene.placeholder;
      if (p.style === 'hidden') cls += ' placeholder-hidden';
      else if (p.style === 'visible') cls += ' placeholder-visible';
      else { cls += ' placeholder-color'; background = p.color; }
    }
    set(el, 'class', cls, (v) => { el.className = v; drawn.cellClass = true; });
    set(el, 'background', background, (v) => { el.style.background = v; });
    data(el, 'placeholder', placeholder ? 'true' : undefined);
    data(el, 'slide', c.slide !== undefined ? String(c.slide) : undefined);
    data(el, 'section', String(c.at[0]));
    data(el, 'item', String(c.at[1]));
    set(el, 'text', c.title, (v) => { el.textContent = v; });
    place(el, c.frame);
    nodes.push(el);
    seen.add(el);
  }
  for (const [k, el] of cellNodes) if (!seen.has(el)) { el.remove(); cellNodes.delete(k); }
  for (const [k, el] of headerNodes) if (!seen.has(el)) { el.remove(); headerNodes.delete(k); }
  // Re-append only when the DOM order differs (keeps layout work low).
  const current = content.children;
  let same = current.length === nodes.length;
  for (let i = 0; same && i < nodes.length; i++) same = current[i] === nodes[i];
  if (!same) { content.replaceChildren(...nodes); drawn.order = true; }

  // The snapshot: its unscaled box at its centre, then the host's rotation and scale.
  const snap = viewport.querySelector('#snapshot');
  const s = scene.snapshot;
  if (s) {
    if (snap.hidden) { snap.hidden = false; drawn.snapshotShown = true; }
    drawn.snapshot = true;
    const [cx, cy] = s.center, [w, h] = s.size;
    // Placed by a translation in the same transform (no layout per frame: with left/top every
    // move of the snapshot laid the page out again), then the host's rotation and scale about
    // the box's centre; the box's size, corners and shadow are written only when they change,
    // so the composited layer (will-change) is not painted again while it only moves.
    set(snap, 'text', s.title, (v) => { snap.textContent = v; });
    snap.dataset.id = s.id;
    snap.dataset.phase = s.phase;
    // Issue 19: a group's snapshot: its count badge and the cards stacked under it.
    data(snap, 'count', s.count ? String(s.count) : undefined);
    data(snap, 'badge', s.count && s.badge ? String(s.count) : undefined);
    const stack = [];
    for (let k = 1; k <= (s.stack || 0); k++) stack.push(`0 ${5 * k}px 0 -${2 * k}px #fff, 0 ${5 * k + 1}px 0 -${2 * k}px #aeaeb2`);
    set(snap, 'width', `${w}px`, (v) => { snap.style.width = v; });
    set(snap, 'height', `${h}px`, (v) => { snap.style.height = v; });
    snap.style.transform = `translate(${cx - w / 2}px, ${cy - h / 2}px) rotate(${s.rotation}rad) scale(${s.scale})`;
    set(snap, 'opacity', String(s.alpha), (v) => { snap.style.opacity = v; });
    set(snap, 'radius', `${s.corner_radius}px`, (v) => { snap.style.borderRadius = v; });
    const sh = s.shadow;
    const own = sh.opacity > 0 ? [`${sh.offset[0]}px ${sh.offset[1]}px ${sh.radius}px ${rgba(sh.color, sh.opacity)}`] : [];
    const shadows = stack.concat(own);
    set(snap, 'shadow', shadows.length ? shadows.join(', ') : 'none', (v) => { snap.style.boxShadow = v; drawn.shadow = true; });
  } else {
    if (!snap.hidden) { snap.hidden = true; drawn.snapshotHidden = true; }
  }

  // Edge zones, shaded with the live speed (vertical: top and bottom; horizontal: left, right).
  const zones = scene.zones || [];
  for (const [id, dir, axis] of [['zone-top', -1, 'vertical'], ['zone-bottom', 1, 'vertical'],
                                 ['zone-left', -1, 'horizontal'], ['zone-right', 1, 'horizontal']]) {
    const zone = zones.find((z) => z.axis === axis);
    const el = viewport.querySelector(`#${id}`);
    const length = zone ? zone.zone : 0;
    const extent = axis === 'vertical' ? scene.viewport[1] : scene.viewport[0];
    const side = axis === 'vertical' ? 'height' : 'width';
    set(el, side, `${Math.min(length, extent / 2)}px`, (v) => { el.style[side] = v; });
    set(el, 'hidden', length <= 0, (v) => { el.hidden = v; });
    const speed = zone && zone.direction === dir ? zone.speed : 0;
    const strength = Math.min(speed / 1500, 1);
    set(el, 'background', `rgba(255, 149, 0, ${0.06 + 0.45 * strength})`, (v) => { el.style.background = v; });
    data(el, 'speed', String(speed));
    const label = speed > 0 ? `${speed.toFixed(0)} pt/s` : '';
    set(el, 'label', label, (v) => { el.firstElementChild.textContent = v; });
  }
}
