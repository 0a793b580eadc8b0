// Heat maps: each card's dots are drawn in the points of the app's window, so the layer moves
// into the frame's window (the server drew both; no geometry is computed here).
//
// A picture taller than the screen (an image screen, issue 26) is drawn whole, its lower part
// hanging below the device: a tap on it was logged with how far it was scrolled, which the
// server added to its y (props.scrollTop), so its dot sits where it was on the picture.
import { loadAppFont } from "./frame.js";

loadAppFont(document);
for (const card of document.querySelectorAll(".heatmap-frame")) {
  const dots = card.querySelector(":scope > .heat-dots");
  const win = card.querySelector("[data-window]");
  if (dots && win) win.append(dots);
  const onApp = card.closest("[data-heatmap-modal]")?.dataset.heatmapModal === "";
  const picture = win?.querySelector(".app-layer .image-screen");
  if (onApp && picture) {
    // The server marks a card whose dots reach below the window (data-tall, --hanging in
    // points); the picture's own height is measured here once it has loaded (it may load after
    // this runs), and the larger kept, in the page's pixels.
    const dotsBelow = card.dataset.tall ? parseFloat(card.style.getPropertyValue("--hanging")) || 0 : 0;
    const measure = () => {
      const scale = win.getBoundingClientRect().width / win.offsetWidth || 1;
      const img = picture.querySelector("img");
      let below = dotsBelow;
      if (img?.complete && img.naturalHeight) {
        // The picture's box is its whole size, clipped or not.
        const r = img.getBoundingClientRect();
        below = Math.max(below, (r.bottom - win.getBoundingClientRect().top) / scale - win.offsetHeight);
      }
      if (below <= 1) return;
      card.dataset.tall = "true";
      card.style.setProperty("--hanging", `${Math.ceil(below * scale)}px`);
    };
    measure();
    picture.querySelector("img")?.addEventListener("load", measure);
  }
}
