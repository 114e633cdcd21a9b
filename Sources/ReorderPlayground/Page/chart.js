// The policy's edge-scroll chart (`reorder plot`'s SVG, sent by the host) with a marker at the
// current distance from the edge and speed.

let mapping = null;   // { ax, bx, ay, by }: data -> SVG pixels, read off the drawn curve

function numbers(text) {
  return (text || '').trim().split(/[\s,]+/).filter((s) => s.length).map(Number);
}

export function showChart(container, svgText) {
  // No chart: the policy does not scroll at the edges (`edge_scroll.enabled = false`).
  container.innerHTML = svgText || '<p class="no-chart">This policy does not scroll when an item is held near an edge.</p>';
  mapping = null;
  const svg = container.querySelector('svg');
  const line = svg && svg.querySelector('polyline[data-distance]');
  if (!line) return;
  const ds = numbers(line.getAttribute('data-distance'));
  const vs = numbers(line.getAttribute('data-speed'));
  const pts = numbers(line.getAttribute('points'));
  const px = [], py = [];
  for (let i = 0; i + 1 < pts.length; i += 2) { px.push(pts[i]); py.push(pts[i + 1]); }
  if (px.length !== ds.length || ds.length < 2) return;
  // The axes are linear: two points with different values fix each.
  const fit = (data, pixels) => {
    let lo = 0, hi = 0;
    for (let i = 0; i < data.length; i++) { if (data[i] < data[lo]) lo = i; if (data[i] > data[hi]) hi = i; }
    if (data[hi] === data[lo]) return null;
    const a = (pixels[hi] - pixels[lo]) / (data[hi] - data[lo]);
    return [a, pixels[lo] - a * data[lo]];
  };
  const fx = fit(ds, px), fy = fit(vs, py);
  if (!fx) return;
  mapping = { ax: fx[0], bx: fx[1], ay: fy ? fy[0] : 0, by: fy ? fy[1] : py[0] };
  const marker = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
  marker.setAttribute('id', 'marker');
  marker.setAttribute('r', '6');
  marker.setAttribute('fill', '#ff3b30');
  marker.setAttribute('stroke', '#fff');
  marker.setAttribute('stroke-width', '2');
  marker.setAttribute('visibility', 'hidden');
  svg.append(marker);
}

export function moveMarker(container, zone) {
  const marker = container.querySelector('#marker');
  if (!marker || !mapping) return;
  // Attributes are written only when they change (each write invalidates the chart's style).
  const attr = (name, value) => { if (marker.getAttribute(name) !== value) marker.setAttribute(name, value); };
  if (!zone || zone.direction === 0) { attr('visibility', 'hidden'); return; }
  const distance = zone.zone - zone.depth;
  attr('cx', String(mapping.ax * distance + mapping.bx));
  attr('cy', String(mapping.ay * zone.speed + mapping.by));
  attr('visibility', 'visible');
  attr('data-distance', String(distance));
  attr('data-speed', String(zone.speed));
}
