// Keyboard dragging: what the host said goes to the live region, the focus stays on the item
// the host says is focused (it follows a lifted item, and stays after the drop), the policy's
// instructions describe every item, and its actions make the item's menu.
import { cellAt } from './scene.js';
import { queue, keyboardWaiting } from './wire.js';
import { log } from './log.js';

const $ = (id) => document.getElementById(id);
const content = $('content');

export const kbState = {
  keyboard: null,     // the scene message's keyboard part (focus, lifted, actions, sizes, ...)
  active: false,      // the focus is in the list: the page keeps it on the focused item
  refocusing: false,  // the page itself is moving the focus (focusin must not tell the host)
  announced: [],      // every text put in the live region, for the tests
};

const KEYS = { ' ': 'space', Enter: 'enter', ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left',
               ArrowRight: 'right', Home: 'home', End: 'end', Escape: 'escape' };

/** The 1-based [section, row] of a cell. */
export function cellPosition(el) {
  return [Number(el.dataset.section), Number(el.dataset.item)];
}

/** Applies a scene message's keyboard part. */
export function keyboard(kb) {
  if (!kb) return;
  kbState.keyboard = kb;
  if ($('kb-instructions').textContent !== kb.instructions) $('kb-instructions').textContent = kb.instructions;
  if (kb.announcements.length > 0) {
    const text = kb.announcements.join(' ');
    // The same text twice in a row is said again: the region is emptied first.
    const region = $('announcer');
    if (region.textContent === text) region.textContent = '';
    region.textContent = text;
    kbState.announced.push(text);
    for (const a of kb.announcements) log(`said: ${a}`);
  }
  const el = kb.focus ? cellAt(kb.focus[0], kb.focus[1]) : null;
  for (const c of document.querySelectorAll('.cell.kb-focus')) if (c !== el) c.classList.remove('kb-focus');
  if (el && kbState.active && !keyboardWaiting() && !el.contains(document.activeElement) && $('kb-menu').hidden) {
    kbState.refocusing = true;
    el.focus({ preventScroll: true });
    kbState.refocusing = false;
  }
  // Lifted by the keyboard, the item is drawn by the snapshot over its focused cell: the focus
  // ring goes on the snapshot, where it can be seen (WCAG 2.4.7).
  $('snapshot').classList.toggle('kb-focus', !!(el && kb.lifted && kbState.active));
  const button = $('kb-menu-button');
  const show = !!(el && kbState.active && !kb.lifted && kb.actions && kb.actions.length > 0);
  button.hidden = !show;
  if (show) {
    // The cell's frame as the host placed it (scene.js keeps it on the element).
    const [, y, , h] = el.__frame;
    button.style.top = `${y + (h - 28) / 2}px`;
    button.setAttribute('aria-label', `Actions for ${el.textContent}`);
  }
}

// The item after (`by` 1) or before (`by` -1) a 1-based position in the list's order, across
// sections, from the host's section sizes (`sizes[0]` is section 1's); null past the last or
// before the first.
function neighbour([s, i], by) {
  const sizes = (kbState.keyboard && kbState.keyboard.sizes) || [];
  const size = (section) => sizes[section - 1] || 0;
  if (i + by >= 1 && i + by <= size(s)) return [s, i + by];
  for (let t = s + by; t >= 1 && t <= sizes.length; t += by) {
    if (size(t) > 0) return [t, by > 0 ? 1 : size(t)];
  }
  return null;
}

// Tab and Shift+Tab on an item go to the next (previous) item in the list's order, drawn or
// not: the page draws only the rows in the viewport, so the host is asked to focus the item
// (`focus` scrolls it into view) and the reply's scene moves the focus onto its cell. Past the
// last (before the first) item the browser takes the focus out of the list.
function tab(e, el) {
  const kb = kbState.keyboard;
  if (kb && kb.lifted) return false;
  // A tree row's triangle is the stop after its row (the browser's own order, inside the row).
  const onTwisty = e.target !== el;
  if (onTwisty === e.shiftKey && (onTwisty || el.querySelector(':scope > .twisty[tabindex="0"]'))) return false;
  const to = neighbour(cellPosition(el), e.shiftKey ? -1 : 1);
  if (!to) return false;
  e.preventDefault();
  kbState.active = true;
  const drawn = cellAt(to[0], to[1]);
  if (drawn) drawn.focus({ preventScroll: true });   // focusin tells the host
  else queue('focus', e.timeStamp, to[0], to[1]);
  return true;
}

function openMenu() {
  const kb = kbState.keyboard;
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
  $('kb-menu').hidden = true;
  $('kb-menu-button').setAttribute('aria-expanded', 'false');
  const kb = kbState.keyboard;
  if (refocus && kb && kb.focus) {
    const el = cellAt(kb.focus[0], kb.focus[1]);
    if (el) el.focus({ preventScroll: true });
  }
}

content.addEventListener('focusin', (e) => {
  const el = e.target.closest('.cell');
  if (!el) return;
  kbState.active = true;
  el.classList.add('kb-focus');
  const [s, i] = cellPosition(el);
  const f = kbState.keyboard && kbState.keyboard.focus;
  if (!kbState.refocusing && !(f && f[0] === s && f[1] === i)) queue('focus', e.timeStamp, s, i);
});
content.addEventListener('focusout', (e) => {
  const next = e.relatedTarget;
  if (!next || !(next.closest('.cell') || next.closest('#kb-menu') || next.id === 'kb-menu-button')) {
    if (!kbState.refocusing && next) {
      kbState.active = false;
      // The item's actions button goes with the focus (no scene may come to hide it).
      $('kb-menu-button').hidden = true;
    }
  }
  const el = e.target.closest('.cell');
  if (el) el.classList.remove('kb-focus');
});
// A tree row at rest: Right expands a collapsed row and Left collapses an expanded one, as the
// WAI-ARIA tree view pattern has it (APG, "Tree View Pattern", keyboard interaction); lifted,
// they change the depth (the host's). Enter on the row's triangle works the triangle.
function outlineKey(e, el) {
  const kb = kbState.keyboard;
  if (kb && kb.lifted) return false;
  if (e.target !== el) return e.key === 'Enter' || e.key === ' ';   // the button's own click
  if (el.dataset.children !== 'true') return false;
  const collapsed = el.dataset.collapsed === 'true';
  if (!(e.key === 'ArrowRight' && collapsed) && !(e.key === 'ArrowLeft' && !collapsed)) return false;
  e.preventDefault();
  kbState.active = true;
  queue('toggle', e.timeStamp, ...cellPosition(el));
  return true;
}

content.addEventListener('click', (e) => {
  // A triangle clicked by the keyboard (Enter or Space on it: `detail` 0); a pointer's click
  // went at its pointerdown (pointer.js).
  const twisty = e.target.closest('.cell > .twisty:not(.leaf)');
  if (!twisty || e.detail !== 0) return;
  kbState.active = true;
  queue('toggle', e.timeStamp, ...cellPosition(twisty.parentElement));
});
content.addEventListener('keydown', (e) => {
  const el = e.target.closest('.cell');
  if (!el) return;
  if (e.key === 'Tab') { tab(e, el); return; }
  if (el.dataset.depth !== undefined && outlineKey(e, el)) return;
  if ((e.key === 'F10' && e.shiftKey) || e.key === 'ContextMenu') { e.preventDefault(); openMenu(); return; }
  // Shift+Space selects or deselects the focused item.
  const key = e.key === ' ' && e.shiftKey ? 'shift+space' : KEYS[e.key];
  if (!key) return;
  e.preventDefault();
  kbState.active = true;
  queue('key', e.timeStamp, key);
});
$('kb-menu-button').addEventListener('click', () => openMenu());
$('kb-menu').addEventListener('click', (e) => {
  const b = e.target.closest('button[data-action]');
  if (!b) return;
  const menu = $('kb-menu');
  queue('action', e.timeStamp, Number(menu.dataset.section), Number(menu.dataset.item), b.dataset.action);
  kbState.active = true;
  closeMenu(true);
});
$('kb-menu').addEventListener('keydown', (e) => {
  const items = [...$('kb-menu').querySelectorAll('button')];
  const i = items.indexOf(document.activeElement);
  if (e.key === 'ArrowDown') { e.preventDefault(); items[(i + 1) % items.length].focus(); }
  else if (e.key === 'ArrowUp') { e.preventDefault(); items[(i - 1 + items.length) % items.length].focus(); }
  else if (e.key === 'Escape') { e.preventDefault(); closeMenu(true); }
});
