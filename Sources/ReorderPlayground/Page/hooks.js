// The points where the measuring module (measure.js, loaded only with `?measure` in the page's
// address) listens: each is null in the page a person loads, so the page pays nothing for them.
export const hooks = {
  sent: null,      // (message, stamps): a message is sent; stamps [[kind, event timeStamp ms], ...]
  received: null,  // (message): a reply arrived, before it is handled
  drawn: null,     // (message, started): a scene message was drawn into the DOM
  frame: null,     // (ts, begun): an animation frame's callback began
  rendered: null,  // (ts, begun): that frame's rendering is over (a task posted from its callback)
};
