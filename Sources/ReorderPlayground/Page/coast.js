// Momentum: a finger that scrolled the list and lifts while it moves lets the list coast on and
// slow down, as a UIScrollView decelerates after a pan and every browser's touch scrolling
// glides. The host still owns the offset: each animation frame of a coast sends a `pan`, as a
// finger's move does (pointer.js), and the host clamps it.
//
// The speed decays as UIScrollView's at its normal rate: multiplied by r = 0.998 every
// millisecond (UIScrollView.DecelerationRate.normal; Apple's page gives no number: 0.998 is its
// raw value as printed on iPhone OS 3.0, and per millisecond as Ilya Lobanov's "Deceleration
// mechanics of UIScrollView" explains; docs/PLAYGROUND.md cites both). So at t ms after the
// lift the speed is v(t) = v0·r^t (pt/ms) and the distance coasted is its integral,
//     D(t) = v0·(1 − r^t) / ln(1/r),
// which tends to v0 / ln(1/r) = 499.5 ms × v0 (WWDC 2018's "Designing Fluid Interfaces"
// projects v0·r / (1 − r) = 499 ms × v0, the per-millisecond sum of the same decay: 0.1 % less).
// Each frame pans by D at the frame's time less what was sent, so the path is the same at any
// frame rate. The coast stops once the speed is under MIN_SPEED, at T = ln(v0 / MIN_SPEED) /
// ln(1/r), where r^T = MIN_SPEED / v0 and the whole coast is exactly
//     D(T) = (v0 − MIN_SPEED) / ln(1/r).

/** UIScrollView.DecelerationRate.normal: the share of its speed a coast keeps each ms. */
export const RATE = 0.998;
/** How far back the finger's moves count for its velocity at the lift, ms. */
export const WINDOW_MS = 100;
/** The speed under which a coast stops, pt/ms (1 pt/s): what is left to coast then, under half
    a point (MIN_SPEED / ln(1/r) = 0.4995 pt), would not show. */
export const MIN_SPEED = 0.001;
const DECAY = Math.log(1 / RATE);   // ln(1/r), per ms

/** The finger's velocity at the lift (pt/ms, {x, y}) from `samples`, [[ms, x, y], ...] in time
    order (its down and moves): its travel from the last sample at least WINDOW_MS before the
    lift (or its first) to its last, over the time from that sample to the lift at `liftMs`. A
    finger that stood still for WINDOW_MS before lifting has no velocity; one that stood still
    for part of it, less. */
export function velocityAt(samples, liftMs) {
  if (samples.length === 0) return { x: 0, y: 0 };
  let from = samples[0];
  for (const s of samples) if (s[0] <= liftMs - WINDOW_MS) from = s;
  const to = samples[samples.length - 1];
  const dt = liftMs - from[0];
  if (!(dt > 0)) return { x: 0, y: 0 };
  return { x: (to[1] - from[1]) / dt, y: (to[2] - from[2]) / dt };
}

/** Keeps `samples` to what velocityAt can need once `ms` is the latest time: the last sample at
    least WINDOW_MS old and those after it. */
export function trim(samples, ms) {
  while (samples.length > 2 && samples[1][0] <= ms - WINDOW_MS) samples.shift();
}

/** A coast of the finger's velocity `v` (pt/ms) from the lift at `liftMs`, or null when it is
    too slow to coast. `step(ms)` gives the finger's travel to send since the last step (the
    content scrolls the other way) and whether the coast is over. */
export function coast(v, liftMs) {
  const speed = Math.hypot(v.x, v.y);
  if (!(speed > MIN_SPEED)) return null;
  const stopAt = Math.log(speed / MIN_SPEED) / DECAY;
  const whole = (1 - MIN_SPEED / speed) / DECAY;   // D(T) / v0
  let sent = 0;                                     // D / v0 sent so far
  return {
    velocity: v,
    // The whole coast, pt ({x, y}, the finger's way).
    distance: { x: v.x * whole, y: v.y * whole },
    step(ms) {
      const t = Math.max(0, ms - liftMs);
      const done = t >= stopAt;
      const f = done ? whole : (1 - RATE ** t) / DECAY;
      const d = { x: v.x * f - v.x * sent, y: v.y * f - v.y * sent, done };
      sent = f;
      return d;
    },
  };
}
