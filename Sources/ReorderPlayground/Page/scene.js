// Draws a scene message (docs/PLAYGROUND.md, "scene") into the viewport: nothing is computed
// here but CSS from the host's numbers.

const cellNodes = new Map();    // item id -> element
const headerNodes = new Map();  // section -> element
let pinnedNode = null;          // the pinned header (scene.pinned_header), when drawn
let indicatorNode = null;       // the drop indicator (scene.indicator), when drawn
const TILES = new Set(['grid', 'strip']);  // the demos drawn as tiles (style.css), titles centred

// Writes only what changed since the element was last drawn: every write to a style, a class
// or a text invalidates style and layout, and most cells are the same from one scene to the
// next (the page draws one scene per message, two or more per frame while dragging).
function set(el, key, value, write) {
  const last = el.__drawn || (el.__drawn = {});
  if (last[key] === value) return;
  last[key] = value;
  write(value);
}

function place(el, frame) {
  const [x, y, w, h] = frame;
  el.__frame = frame;   // the host's frame, for what the page places beside the cell
  set(el, 'transform', `translate(${x}px, ${y}px)`, (v) => { el.style.transform = v; });
  set(el, 'width', `${w}px`, (v) => { el.style.width = v; });
  set(el, 'height', `${h}px`, (v) => { el.style.height = v; });
}

// The title, in a span of its own: a flex container's text cannot end in an ellipsis, its
// child can ("Attendance" in a narrow tile reads "Attend…", not "Attendar").
function title(el, text) {
  set(el, 'text', text, (v) => {
    let label = el.querySelector(':scope > .label');
    if (!label) {
      label = document.createElement('span');
      label.className = 'label';
      el.replaceChildren(...el.querySelectorAll(':scope > .twisty'), label);
    }
    label.textContent = v;
  });
}

// A tree row (`depth`, `children`, `collapsed`; the scene's `outline.indent`): its content
// drawn in by depth × indent past the rows' 16 px padding, after a disclosure triangle on a
// node with children (an empty one of the same width on a leaf, so a leaf's title lines up
// with its siblings'). The triangle is a button: a click or a tap on it (pointer.js), Enter on
// it, or Right and Left on the row at rest (keyboard.js) send `toggle`. Nothing on a flat list.
function outline(el, depth, children, collapsed, indent) {
  const tree = depth !== undefined;
  set(el, 'indent', tree ? `${16 + depth * indent}px` : '', (v) => { el.style.paddingLeft = v; });
  const mark = !tree ? '' : !children ? 'leaf' : collapsed ? 'collapsed' : 'expanded';
  set(el, 'twisty', mark, (v) => {
    let twisty = el.querySelector(':scope > .twisty');
    if (!v) { if (twisty) twisty.remove(); return; }
    if (!twisty) {
      twisty = document.createElement(el.id === 'snapshot' ? 'span' : 'button');
      twisty.type = 'button';
      el.prepend(twisty);
    }
    twisty.className = `twisty ${v}`;
    if (v === 'leaf' || el.id === 'snapshot') {
      twisty.setAttribute('aria-hidden', 'true');
      twisty.tabIndex = -1;
      twisty.removeAttribute('aria-expanded');
      twisty.removeAttribute('aria-label');
    } else {
      twisty.removeAttribute('aria-hidden');
      twisty.tabIndex = 0;
      twisty.setAttribute('aria-expanded', v === 'expanded' ? 'true' : 'false');
    }
  });
  // The button's name says what it does to which row (the title may change on its own).
  const twisty = mark && mark !== 'leaf' && el.id !== 'snapshot' ? el.querySelector(':scope > .twisty') : null;
  if (twisty) {
    const text = el.querySelector(':scope > .label')?.textContent || '';
    set(el, 'twisty-label', `${mark === 'collapsed' ? 'Expand' : 'Collapse'} ${text}`,
        (v) => { twisty.setAttribute('aria-label', v); });
  }
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

/// What the readout under the chart says: the scroll the last frame made (`scrolled`), not
/// the speed the policy gives (which the chart's marker shows): at the end of the list, or on
/// an unscrolled list while lifting a row inside the top zone, nothing scrolls.
export function scrollReadout(scene) {
  const zones = scene.zones || [];
  const moving = zones.find((z) => z.scrolled);
  if (moving) {
    const [back, ahead] = moving.axis === 'horizontal' ? ['left', 'right'] : ['up', 'down'];
    return `scrolling ${moving.scrolled > 0 ? ahead : back} at ${Math.abs(moving.scrolled).toFixed(0)} pt/s `
      + `(depth ${moving.depth.toFixed(1)} of ${moving.zone.toFixed(1)} pt)`;
  }
  const held = scene.state === 'dragging' && zones.find((z) => z.speed > 0);
  if (held) return `not scrolling: in the ${edgeName(held)} zone at the end of the list`;
  return 'not scrolling';
}

function edgeName(zone) {
  if (zone.axis === 'horizontal') return zone.direction > 0 ? 'right' : 'left';
  return zone.direction > 0 ? 'bottom' : 'top';
}

// `drawn`: an object that gets a key for each kind of change made (for the benchmark: what a
// frame after it has to render).
export function drawScene(viewport, scene, drawn = {}) {
  const content = viewport.querySelector('#content');
  set(viewport, 'size', `${scene.viewport[0]}x${scene.viewport[1]}`, () => {
    viewport.style.width = `${scene.viewport[0]}px`;
    viewport.style.height = `${scene.viewport[1]}px`;
  });
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
    title(el, h.title);
    place(el, h.frame);
    nodes.push(el);
    seen.add(el);
  }
  // The top section's header, pinned (UITableView's plain style) once its own has scrolled
  // away: drawn over the rows, and over that header where it still shows.
  const pin = scene.pinned_header;
  if (pin) {
    if (!pinnedNode) {
      pinnedNode = document.createElement('div');
      pinnedNode.className = 'header pinned';
      pinnedNode.setAttribute('aria-hidden', 'true');
      drawn.created = true;
    }
    title(pinnedNode, pin.title);
    place(pinnedNode, pin.frame);
    nodes.push(pinnedNode);
  }
  const indent = scene.outline ? scene.outline.indent : 0;
  for (const c of scene.cells) {
    let el = cellNodes.get(c.id);
    if (!el) {
      el = document.createElement('div');
      el.dataset.id = c.id;
      // Keyboard dragging: every item is focusable in order, a button to screen readers
      // ("sortable item"), described by the policy's instructions.
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
    if (c.selected) cls += ' selected';
    if (scene.press && scene.press.at[0] === c.at[0] && scene.press.at[1] === c.at[1]) cls += ' pressed';
    if (c.ghost) cls += ' ghost';
    if (c.combine_target) cls += ' combine-target';
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
    data(el, 'depth', c.depth !== undefined ? String(c.depth) : undefined);
    data(el, 'children', c.children ? 'true' : undefined);
    data(el, 'collapsed', c.collapsed ? 'true' : undefined);
    title(el, c.title);
    outline(el, c.depth, c.children, c.collapsed, indent);
    place(el, c.frame);
    nodes.push(el);
    seen.add(el);
  }
  if (!pin) pinnedNode = null;
  drawIndicator(document.getElementById('marks'), scene.indicator, indent);
  for (const [k, el] of cellNodes) if (!seen.has(el)) { el.remove(); cellNodes.delete(k); }
  for (const [k, el] of headerNodes) if (!seen.has(el)) { el.remove(); headerNodes.delete(k); }
  // Re-append only when the DOM order differs (keeps layout work low).
  const current = content.children;
  let same = current.length === nodes.length;
  for (let i = 0; same && i < nodes.length; i++) same = current[i] === nodes[i];
  if (!same) { content.replaceChildren(...nodes); drawn.order = true; }

  // In a tree the snapshot is drawn at the depth its row is drawn at (the projection's: a
  // sideways drag shows the depth the drop would give it under the finger), with its triangle.
  const lifted = scene.outline && scene.snapshot ? scene.cells.find((c) => c.placeholder) : null;
  const depth = lifted ? lifted.depth : scene.outline?.projection?.depth;
  drawSnapshot(document.getElementById('snapshot'), scene.snapshot, drawn,
               scene.outline && scene.snapshot ? [depth ?? 0, lifted ? lifted.children : scene.snapshot.count > 1, indent] : null);
  drawZones(viewport, scene);
  drawPress(viewport.querySelector('#press'), scene.press);
}

// A press on its way to a lift: a ring at the finger, filled as far as the host says the hold
// is (`progress`, 0 at the touch, 1 at the lift), over the pressed cell's highlight (iOS's
// cell highlights at touch-down; the lift completes the press).
function drawPress(ring, press) {
  set(ring, 'hidden', !press, (v) => { ring.hidden = v; });
  if (!press) return;
  const [x, y] = press.point;
  set(ring, 'transform', `translate(${x}px, ${y}px)`, (v) => { ring.style.transform = v; });
  set(ring, 'progress', String(press.progress), (v) => { ring.style.setProperty('--hold', v); });
}

// The drop indicator (`drop_preview = "indicator"`): a line where the item will land (its
// frame has no height: drawn 2 pt thick on it; in a tree drawn in by its depth × the indent,
// where the dropped row's content would start), or the item the drop lands on outlined; one the
// policy refuses (`blocked`: the drop would do nothing) is drawn red and dashed (style.css).
// It is drawn in #marks, over the snapshot, in the viewport's coordinates as the rows are.
function drawIndicator(marks, indicator, indent) {
  if (!indicator) {
    if (indicatorNode) { indicatorNode.remove(); indicatorNode = null; }
    return;
  }
  if (!indicatorNode) {
    indicatorNode = document.createElement('div');
    marks.appendChild(indicatorNode);
  }
  const cls = `drop-indicator ${indicator.kind}${indicator.blocked ? ' blocked' : ''}`;
  set(indicatorNode, 'class', cls, (v) => { indicatorNode.className = v; });
  data(indicatorNode, 'section', String(indicator.at[0]));
  data(indicatorNode, 'item', String(indicator.at[1]));
  data(indicatorNode, 'depth', String(indicator.depth));
  const [x, y, w, h] = indicator.frame;
  const inset = indicator.kind === 'line' ? Math.min(indicator.depth * indent, w) : 0;
  place(indicatorNode, indicator.kind === 'line' ? [x + inset, y - 1, w - inset, 2] : [x, y, w, h]);
}

// The snapshot: its unscaled box at its centre, then the host's rotation and scale about the
// box's centre, in the layer over the viewport (#glass), which the viewport's edges do not
// clip: a full-width row scaled 1.05 grows past them into the bezel, whole.
function drawSnapshot(snap, s, drawn, tree) {
  if (!s) {
    if (!snap.hidden) { snap.hidden = true; drawn.snapshotHidden = true; }
    return;
  }
  if (snap.hidden) { snap.hidden = false; drawn.snapshotShown = true; }
  drawn.snapshot = true;
  const [cx, cy] = s.center, [w, h] = s.size;
  // Placed by a translation in the same transform (no layout per frame: with left/top every
  // move of the snapshot laid the page out again); the box's size, corners and shadow are
  // written only when they change, so the composited layer (will-change) is not painted again
  // while it only moves.
  title(snap, s.title);
  if (tree) outline(snap, tree[0], tree[1], false, tree[2]);
  else outline(snap, undefined);
  snap.dataset.id = s.id;
  snap.dataset.phase = s.phase;
  // A group's snapshot: its count badge and the cards stacked under it.
  data(snap, 'count', s.count ? String(s.count) : undefined);
  data(snap, 'badge', s.count && s.badge ? String(s.count) : undefined);
  const stack = [];
  for (let k = 1; k <= (s.stack || 0); k++) stack.push(`0 ${5 * k}px 0 -${2 * k}px #fff, 0 ${5 * k + 1}px 0 -${2 * k}px #aeaeb2`);
  set(snap, 'width', `${w}px`, (v) => { snap.style.width = v; });
  set(snap, 'height', `${h}px`, (v) => { snap.style.height = v; });
  // translate3d: a composited layer (moving it paints nothing) that Chrome rasterizes again
  // when the scale changes (over the lift and the drop), so the title stays sharp at 1.05;
  // will-change: transform kept the lift's first raster, scaled up and blurred.
  snap.style.transform = `translate3d(${cx - w / 2}px, ${cy - h / 2}px, 0) rotate(${s.rotation}rad) scale(${s.scale})`;
  // A row's title keeps its place while the card grows about its centre: the scale moves a
  // point x of the box to w/2 + (x - w/2)·s, so the label is shifted back by
  // (w/2 - x)(1 - 1/s), x the title's start (16, the rows' padding; in a tree past the indent
  // and the triangle, read from the layout once per depth; the triangle goes with the title).
  // Tiles centre their titles: nothing to undo.
  const label = snap.querySelector(':scope > .label');
  const twisty = snap.querySelector(':scope > .twisty');
  const centred = TILES.has(snap.closest('.bezel')?.dataset.demo);
  set(snap, 'start', tree ? `${tree[0]}x${tree[2]}` : '', (v) => { snap.__start = v ? label.offsetLeft : 16; });
  const start = snap.__start;
  const back = centred || !(s.scale > 0) ? 0 : (w / 2 - start) * (1 - 1 / s.scale);
  set(label, 'shift', back, (v) => {
    label.style.transform = v ? `translateX(${v}px)` : '';
    if (twisty) twisty.style.transform = label.style.transform;
  });
  set(snap, 'opacity', String(s.alpha), (v) => { snap.style.opacity = v; });
  // A corner radius of 0 leaves the stylesheet's (a tile's rounded corners).
  set(snap, 'radius', s.corner_radius > 0 ? `${s.corner_radius}px` : '', (v) => { snap.style.borderRadius = v; });
  // A layer's shadowRadius is the blur's standard deviation; CSS's blur radius is twice it
  // (CSS Backgrounds 3, "box-shadow": the blur is a Gaussian of standard deviation half the
  // blur radius; Bjango, "Matching drop shadows across CSS, Android, iOS, Figma, and Sketch").
  const sh = s.shadow;
  const own = sh.opacity > 0 ? [`${sh.offset[0]}px ${sh.offset[1]}px ${2 * sh.radius}px ${rgba(sh.color, sh.opacity)}`] : [];
  const shadows = stack.concat(own);
  set(snap, 'shadow', shadows.length ? shadows.join(', ') : 'none', (v) => { snap.style.boxShadow = v; drawn.shadow = true; });
}

// Edge zones: drawn only while dragging (at rest the first and last rows would look
// selected), shaded and labelled with the scroll the last frame made (vertical: top and
// bottom; horizontal: left and right).
function drawZones(viewport, scene) {
  const zones = scene.zones || [];
  const dragging = scene.state === 'dragging';
  for (const [id, dir, axis] of [['zone-top', -1, 'vertical'], ['zone-bottom', 1, 'vertical'],
                                 ['zone-left', -1, 'horizontal'], ['zone-right', 1, 'horizontal']]) {
    const zone = zones.find((z) => z.axis === axis);
    const el = viewport.querySelector(`#${id}`);
    const length = zone ? zone.zone : 0;
    const extent = axis === 'vertical' ? scene.viewport[1] : scene.viewport[0];
    const side = axis === 'vertical' ? 'height' : 'width';
    set(el, side, `${Math.min(length, extent / 2)}px`, (v) => { el.style[side] = v; });
    set(el, 'hidden', !dragging || length <= 0, (v) => { el.hidden = v; });
    const scrolled = zone && Math.sign(zone.scrolled) === dir ? Math.abs(zone.scrolled) : 0;
    const strength = Math.min(scrolled / 1500, 1);
    set(el, 'background', `rgba(255, 149, 0, ${0.06 + 0.45 * strength})`, (v) => { el.style.background = v; });
    data(el, 'speed', String(scrolled));
    const label = scrolled > 0 ? `${scrolled.toFixed(0)} pt/s` : '';
    set(el, 'label', label, (v) => { el.firstElementChild.textContent = v; });
  }
}
