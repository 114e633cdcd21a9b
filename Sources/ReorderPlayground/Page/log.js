// The event log: one numbered line per event the host reports, per diagnostic, and per thing
// the page explains (a press that did not lift). Kept to the last 300 lines.
const list = document.getElementById('log');
let logged = 0;
let toEnd = false;

/** Adds a line: its number (counted from the page's load, so it keeps counting when old lines
    are dropped) in a fixed-width column, then the text; `cls` marks it (`error`, `hint`). */
export function log(text, cls) {
  const li = document.createElement('li');
  const number = document.createElement('span');
  number.className = 'n';
  number.textContent = `${++logged}.`;
  li.append(number, document.createTextNode(text));
  if (cls) li.className = cls;
  list.append(li);
  while (list.children.length > 300) list.firstChild.remove();
  toEnd = true;
}

/** Scrolls the log to its end once a frame is rendered (reading scrollHeight in a message
    handler laid out the whole page there, before the scene counted as drawn; after the
    rendering the layout is the one just made, and reading it costs nothing). */
export function scrollLogToEnd() {
  if (!toEnd) return;
  toEnd = false;
  list.scrollTop = list.scrollHeight;
}
