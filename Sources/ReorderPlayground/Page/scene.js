// Draws a scene message (docs/PLAYGROUND.md, "scene") into the viewport: nothing is computed
// here but CSS from the host's numbers.

const cellNodes = new Map();    // item id -> element
const headerNodes = new Map();  // section -> element

function place(el, [x, y, w, h]) {
  el.style.transform = `translate(${x}px, ${y}px)`;
  el.style.width = `${w}px`;
  el.style.height = `${h}px`;
}

function rgba(hex, opacity) {
  const n = parseInt(hex.slice(1, 7), 16);
  const a = hex.length > 7 ? parseInt(hex.slice(7, 9), 16) / 255 : 1;
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${a * opacity})`;
}

export function drawScene(viewport, scene) {
  const content = viewport.querySelector('#content');
  viewport.style.width = `${scene.viewport[0]}px`;
  viewport.style.height = `${scene.viewport[1]}px`;
  viewport.dataset.state = scene.state;
  viewport.dataset.offsetY = String(scene.offset[1]);
  viewport.dataset.offsetX = String(scene.offset[0]);
  viewport.dataset.time = String(scene.t);

  // Headers and cells, in the scene's order (so the DOM order is the order shown).
  const seen = new Set();
  const nodes = [];
  for (const h of scene.headers) {
    let el = headerNodes.get(h.section);
    if (!el) { el = document.createElement('div'); el.className = 'header'; headerNodes.set(h.section, el); }
    el.textContent = h.title;
    place(el, h.frame);
    nodes.push(el);
    seen.add(el);
  }
  for (const c of scene.cells) {
    let el = cellNodes.get(c.id);
    if (!el) { el = document.createElement('div'); el.dataset.id = c.id; cellNodes.set(c.id, el); }
    el.className = 'cell';
    el.style.background = '';
    if (c.finished) el.classList.add('finished');
    if (c.placeholder && scene.placeholder) {
      const p = scene.placeholder;
      if (p.style === 'hidden') el.classList.add('placeholder-hidden');
      else if (p.style === 'visible') el.classList.add('placeholder-visible');
      else { el.classList.add('placeholder-color'); el.style.background = p.color; }
      el.dataset.placeholder = 'true';
    } else {
      delete el.dataset.placeholder;
    }
    if (c.slide !== undefined) el.dataset.slide = String(c.slide); else delete el.dataset.slide;
    el.dataset.section = String(c.at[0]);
    el.dataset.item = String(c.at[1]);
    el.textContent = c.title;
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
  if (!same) content.replaceChildren(...nodes);

  // The snapshot: its unscaled box at its centre, then the host's rotation and scale.
  const snap = viewport.querySelector('#snapshot');
  const s = scene.snapshot;
  if (s) {
    snap.hidden = false;
    const [cx, cy] = s.center, [w, h] = s.size;
    snap.textContent = s.title;
    snap.dataset.id = s.id;
    snap.dataset.phase = s.phase;
    snap.style.left = `${cx - w / 2}px`;
    snap.style.top = `${cy - h / 2}px`;
    snap.style.width = `${w}px`;
    snap.style.height = `${h}px`;
    snap.style.transform = `rotate(${s.rotation}rad) scale(${s.scale})`;
    snap.style.opacity = String(s.alpha);
    snap.style.borderRadius = `${s.corner_radius}px`;
    const sh = s.shadow;
    snap.style.boxShadow = sh.opacity > 0
      ? `${sh.offset[0]}px ${sh.offset[1]}px ${sh.radius}px ${rgba(sh.color, sh.opacity)}` : 'none';
  } else {
    snap.hidden = true;
  }

  // Edge zones, shaded with the live speed (vertical: top and bottom; horizontal: left, right).
  const zones = scene.zones || [];
  for (const [id, dir, axis] of [['zone-top', -1, 'vertical'], ['zone-bottom', 1, 'vertical'],
                                 ['zone-left', -1, 'horizontal'], ['zone-right', 1, 'horizontal']]) {
    const zone = zones.find((z) => z.axis === axis);
    const el = viewport.querySelector(`#${id}`);
    const length = zone ? zone.zone : 0;
    const extent = axis === 'vertical' ? scene.viewport[1] : scene.viewport[0];
    el.style[axis === 'vertical' ? 'height' : 'width'] = `${Math.min(length, extent / 2)}px`;
    el.hidden = length <= 0;
    const speed = zone && zone.direction === dir ? zone.speed : 0;
    const strength = Math.min(speed / 1500, 1);
    el.style.background = `rgba(255, 149, 0, ${0.06 + 0.45 * strength})`;
    el.dataset.speed = String(speed);
    el.firstElementChild.textContent = speed > 0 ? `${speed.toFixed(0)} pt/s` : '';
  }
}
