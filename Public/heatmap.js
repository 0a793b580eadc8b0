// Heat maps: each card's dots are drawn in the points of the app's window, so the layer moves
// into the frame's window (the server drew both; no geometry is computed here).
for (const card of document.querySelectorAll(".heatmap-frame")) {
  const dots = card.querySelector(":scope > .heat-dots");
  const win = card.querySelector("[data-window]");
  if (dots && win) win.append(dots);
}
