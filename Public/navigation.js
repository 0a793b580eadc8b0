// Screens move as UINavigationController moves them. A push slides the new screen in from the
// trailing edge while the screen beneath moves part of the way out (the parallax, FrameLayout's
// --navigation-parallax), a pop does the reverse, and a drag from the leading edge of a screen
// with a back button pops interactively: the screen follows the finger, `back` is sent when the
// drag ends past half the width or with a flick, else the screen springs back. Each layer draws
// the screen beneath its current one as an inert snapshot (`.previous-screen`), which this
// module shows while the screens move. Where things end up is the server's; this only animates.

const DURATION = 350;
const EASE = "cubic-bezier(0.2, 0.9, 0.25, 1)";
const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** The element a layer's screens are drawn in: the app layer, or a presentation's body. */
function container(layer) {
  return layer.classList.contains("app-layer") ? layer : layer.querySelector(":scope > .presentation-body");
}

/** A layer's current screen and the snapshot of the one beneath it (either may be missing). */
export function screensOf(layer) {
  const c = layer && container(layer);
  return {
    box: c,
    current: c?.querySelector(":scope > .screen-view[data-screen]") ?? null,
    previous: c?.querySelector(":scope > .screen-view.previous-screen") ?? null,
  };
}

/** `push`, `pop` or null: how a layer's screen changed between two frames. */
export function navigationChange(oldLayer, newLayer) {
  const a = screensOf(oldLayer).current, b = screensOf(newLayer).current;
  if (!a || !b || a.dataset.screen === b.dataset.screen) return null;
  const da = Number(a.dataset.depth), db = Number(b.dataset.depth);
  return db > da ? "push" : db < da ? "pop" : null;
}

/** +1 when the leading edge is the left one, -1 in right-to-left layouts. */
function direction(el) {
  return el.closest("[data-layout-direction]")?.dataset.layoutDirection === "rtl" ? -1 : 1;
}

/** The parallax of the screen beneath, as a CSS length ("30%"), from the device's metrics. */
function parallax(el) {
  return getComputedStyle(el.closest(".device") ?? el).getPropertyValue("--navigation-parallax").trim() || "30%";
}

const shifted = (dir, amount) => `translateX(calc(${dir} * ${amount}))`;

function run(el, from, to, duration) {
  return el.animate([from, to], { duration, easing: EASE, fill: "forwards" });
}

/**
 * Moves the screens of `layer` between two poses, from `at` to `to` (0: the current screen in
 * place, 1: the current screen gone past the trailing edge and the one beneath in place).
 * Resolves when they have arrived; the inline poses are cleared by `settle`.
 */
function move(layer, at, to, duration) {
  const { box, current, previous } = screensOf(layer);
  if (!box || !current || !previous) return Promise.resolve();
  box.classList.add("navigating");
  const dir = direction(layer), p = parallax(layer);
  const pose = (t) => ({
    current: { transform: shifted(dir, `${t * 100}%`) },
    previous: { transform: shifted(-dir, `${p} * ${1 - t}`), filter: `brightness(${0.9 + 0.1 * t})` },
  });
  const a = pose(at), b = pose(to);
  return Promise.all([run(current, a.current, b.current, duration).finished, run(previous, a.previous, b.previous, duration).finished])
    .catch(() => {});
}

/** Ends a move: the screens go back to their own styles. */
function settle(layer) {
  const { box, current, previous } = screensOf(layer);
  for (const el of [current, previous]) {
    if (!el) continue;
    for (const a of el.getAnimations()) a.cancel();
    el.style.transform = "";
    el.style.filter = "";
  }
  box?.classList.remove("navigating");
}

/** Before a pop's frame replaces `layer`: its screen slides out, the one beneath comes back. */
export async function animatePop(layer) {
  if (reducedMotion()) return;
  if (layer.dataset.poppedInteractively) return; // the finger already did it
  await move(layer, 0, 1, DURATION);
}

/** After a push's frame is drawn: the new screen slides in over the one beneath. */
export function animatePush(layer) {
  if (reducedMotion()) return;
  move(layer, 1, 0, DURATION).then(() => settle(layer));
}

/**
 * The interactive pop: a drag that starts within the leading edge of the top layer's screen
 * (FrameLayout's --edge-swipe-width) when it has a back button. `send(action)` posts `back`.
 */
export function installEdgeSwipe({ frame, send }) {
  const stage = frame.stage;
  let swipe = null;
  let suppressClick = false;

  /**
   * A touch on the bezel beside the screen's leading edge: a finger sliding in from the edge of a
   * device meets the screen at its edge, where UIKit's edge pan sees it (x ≈ 0). So the edge zone
   * starts at the device's outer edge: such a touch counts as one at the window's leading edge,
   * at the same height, when the window reaches the screen's leading edge (not the trailing app
   * of Split View). `{target, x}`: what is there, and that point's x; null otherwise.
   */
  function fromBezel(ev) {
    const device = ev.target.closest?.(".device"), win = frame.window;
    if (!device || !win || ev.target.closest("[data-window]")) return null;
    const screen = device.querySelector(".device-screen")?.getBoundingClientRect(), w = win.getBoundingClientRect();
    if (!screen || ev.clientY < w.top || ev.clientY > w.bottom) return null;
    const dir = direction(device);
    const leading = dir === 1 ? ev.clientX <= w.left && w.left - screen.left <= 1 : ev.clientX >= w.right && screen.right - w.right <= 1;
    if (!leading) return null;
    const x = dir === 1 ? w.left + 1 : w.right - 1;
    const target = document.elementFromPoint(x, ev.clientY);
    return target && win.contains(target) ? { target, x } : null;
  }

  /** The layer a touch at `ev` may pop: the topmost live layer under it with a back button. */
  function poppable(ev) {
    const bezel = fromBezel(ev);
    const hit = bezel?.target ?? ev.target, clientX = bezel?.x ?? ev.clientX;
    const layer = hit.closest?.(".layer");
    if (!layer || layer.inert || layer.closest("[inert]")) return null;
    const top = frame.top();
    if (top && layer !== top && top.getAttribute("aria-modal") === "true") return null;
    const { box, current, previous } = screensOf(layer);
    if (!box || !current || !previous || !current.querySelector(":scope > .nav-bar [data-back]")) return null;
    const r = box.getBoundingClientRect();
    const edge = parseFloat(getComputedStyle(box).getPropertyValue("--edge-swipe-width")) * (frame.scale || 1) || 24;
    const dir = direction(layer);
    const fromEdge = dir === 1 ? clientX - r.left : r.right - clientX;
    return fromEdge >= 0 && fromEdge <= edge ? { layer, box, width: r.width, dir } : null;
  }

  stage.addEventListener("pointerdown", (ev) => {
    if (!ev.isPrimary || (ev.pointerType === "mouse" && ev.button !== 0)) return;
    const target = poppable(ev);
    if (!target) return;
    swipe = { ...target, id: ev.pointerId, x0: ev.clientX, y0: ev.clientY, started: false, t: 0, samples: [[performance.now(), ev.clientX]] };
  });

  stage.addEventListener("pointermove", (ev) => {
    if (!swipe || ev.pointerId !== swipe.id) return;
    const dx = (ev.clientX - swipe.x0) * swipe.dir, dy = ev.clientY - swipe.y0;
    if (!swipe.started) {
      if (Math.abs(dx) < 6 || Math.abs(dx) < Math.abs(dy)) {
        if (Math.abs(dy) > 12) swipe = null;
        return;
      }
      swipe.started = true;
      swipe.box.setPointerCapture?.(ev.pointerId);
      swipe.box.classList.add("navigating");
    }
    ev.preventDefault();
    swipe.samples.push([performance.now(), ev.clientX]);
    if (swipe.samples.length > 20) swipe.samples.shift();
    swipe.t = Math.min(1, Math.max(0, dx / swipe.width));
    const { current, previous } = screensOf(swipe.layer);
    const p = parallax(swipe.layer);
    current.style.transform = shifted(swipe.dir, `${swipe.t * 100}%`);
    previous.style.transform = shifted(-swipe.dir, `${p} * ${1 - swipe.t}`);
    previous.style.filter = `brightness(${0.9 + 0.1 * swipe.t})`;
  });

  stage.addEventListener("pointerup", async (ev) => {
    if (!swipe || ev.pointerId !== swipe.id) return;
    const s = swipe;
    swipe = null;
    if (!s.started) return;
    suppressClick = true;
    setTimeout(() => { suppressClick = false; }, 0);
    const [t1, x1] = s.samples[s.samples.length - 1];
    const from = s.samples.find(([t]) => t1 - t <= 100) ?? s.samples[0];
    const v = t1 - from[0] < 16 ? 0 : ((x1 - from[1]) * s.dir) / (t1 - from[0]) / s.width; // widths per ms
    const completes = s.t > 0.5 || (v > 0.0015 && s.t > 0.05);
    const { current, previous } = screensOf(s.layer);
    current.style.transform = previous.style.transform = previous.style.filter = "";
    if (completes) {
      await move(s.layer, s.t, 1, DURATION * (1 - s.t) + 80);
      s.layer.dataset.poppedInteractively = "true";
      await send({ type: "back" });
      // Refused (or gone wrong): the screen the finger moved comes back.
      if (s.layer.isConnected) {
        delete s.layer.dataset.poppedInteractively;
        await move(s.layer, 1, 0, DURATION);
        settle(s.layer);
      }
    } else {
      await move(s.layer, s.t, 0, DURATION * s.t + 80);
      settle(s.layer);
    }
  });

  stage.addEventListener("pointercancel", (ev) => {
    if (!swipe || ev.pointerId !== swipe.id) return;
    const s = swipe;
    swipe = null;
    if (s.started) settle(s.layer);
  });

  // The click that ends a swipe is not a tap.
  stage.addEventListener("click", (ev) => {
    if (!suppressClick) return;
    suppressClick = false;
    ev.preventDefault();
    ev.stopPropagation();
  }, true);
}
