// Screens move as UINavigationController moves them. A push slides the new screen in from the
// trailing edge while the screen beneath moves part of the way out (the parallax, FrameLayout's
// --navigation-parallax), a pop does the reverse, and a drag from the leading edge of a screen
// with a back button pops interactively (from iOS 26 a pan anywhere in its content too, when
// the frame says --content-pop): the screen follows the finger, `back` is sent when the drag
// ends past half the width or with a flick, else the screen springs back. Each layer draws the
// screen beneath its current one as an inert snapshot (`.previous-screen`), which this module
// shows while the screens move. Where things end up is the server's; this only animates.
//
// The screens slide beneath one navigation bar, as UIKit keeps one bar for the stack (Apple,
// "UINavigationController.navigationBar": "the navigation bar managed by the navigation
// controller"): the bar stays where it is, its background stays, and its items change over —
// the leaving title fades toward the trailing edge, the back button's title slides to where the
// arriving title is and turns into it, the chevron stays when both screens have one, bar buttons
// cross-fade. Apple doesn't document the bar's animation: these moves, distances and timings are
// ModalLab's reading of iOS (unverified).

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
/** Leaving items are gone by 60 % of the move, arriving ones come in over its last 60 %. */
const fadeOut = (t) => Math.max(0, 1 - t / 0.6);
const fadeIn = (t) => Math.max(0, (t - 0.4) / 0.6);

/** A screen's bar and what is in it. */
function barOf(screen) {
  const bar = screen?.querySelector(":scope > .nav-bar") ?? null;
  const back = bar?.querySelector(".back-button") ?? null;
  // What is not drawn at rest stays undrawn (a title waiting for its large title to collapse).
  const shown = (el) => (el && getComputedStyle(el).opacity !== "0" ? el : null);
  return {
    bar,
    title: shown(bar?.querySelector(".nav-title")),
    chevron: shown(back?.querySelector(".back-chevron")),
    backTitle: shown(back?.querySelector(".back-title")),
    items: bar ? [...bar.querySelectorAll(".nav-side > :not(.back-button)")].filter(shown) : [],
  };
}

/**
 * How the screens of `layer` are drawn at a point `t` of a move (0: the current screen in
 * place; 1: it has gone past the trailing edge and the one beneath is in place), as a function
 * from t to `[element, style]` pairs, measured once where everything is at rest. The current
 * screen moves by a transform above the one beneath (z-index, .navigating in the stylesheet);
 * the one beneath moves by its inset, so that its bar can be drawn above both.
 */
function poser(layer) {
  const { box, current, previous } = screensOf(layer);
  if (!box || !current || !previous) return null;
  const dir = direction(layer), p = parallax(layer);
  const cur = barOf(current), prev = barOf(previous);
  const scale = box.getBoundingClientRect().width / (box.offsetWidth || 1) || 1;
  const rect = (el) => el?.getBoundingClientRect() ?? null;
  const width = box.offsetWidth;
  // The back title slides to where the title beneath is (their leading edges meet).
  const from = rect(cur.backTitle), to = rect(prev.title);
  const slide = from && to ? (dir === 1 ? to.left - from.left : to.right - from.right) / scale : dir * width * 0.3;
  const keepsChevron = Boolean(cur.chevron && prev.chevron);
  const pose = (t) => {
    const out = fadeOut(t), inn = fadeIn(t), back = 1 - t;
    const pairs = [
      [current, { transform: shifted(dir, `${t * 100}%`) }],
      [cur.bar, { transform: shifted(-dir, `${t * 100}%`) }],
      [cur.title, { opacity: out, transform: `translateX(${dir * t * width * 0.25}px)` }],
      [cur.backTitle, { opacity: out, transform: `translateX(${t * slide}px)` }],
      [cur.chevron, { opacity: keepsChevron ? 1 : out }],
      ...cur.items.map((el) => [el, { opacity: out }]),
      [previous, { left: `calc(${-dir} * ${p} * ${back})`, right: `calc(${dir} * ${p} * ${back})`, "--navigation-dim": 0.1 * back }],
      [prev.bar, { left: `calc(${dir} * ${p} * ${back})` }],
      [prev.title, { opacity: inn, transform: `translateX(${-back * slide}px)` }],
      [prev.backTitle, { opacity: inn, transform: `translateX(${-dir * back * width * 0.15}px)` }],
      [prev.chevron, { opacity: keepsChevron ? 0 : inn }],
      ...prev.items.map((el) => [el, { opacity: inn }]),
    ];
    return pairs.filter(([el]) => el);
  };
  return { box, pose, elements: pose(0).map(([el]) => el) };
}

function applyStyle(el, style) {
  for (const [k, v] of Object.entries(style)) {
    if (k.startsWith("--")) el.style.setProperty(k, String(v));
    else el.style[k] = String(v);
  }
}

/**
 * Moves the screens of `layer` from the pose at `at` to the one at `to` (see `poser`; `p` when
 * it was measured before, at rest). Resolves when they have arrived; `settle` clears the poses.
 */
function move(layer, at, to, duration, p = poser(layer)) {
  if (!p) return Promise.resolve();
  p.box.classList.add("navigating");
  const steps = 8;
  const ts = Array.from({ length: steps + 1 }, (_, i) => at + ((to - at) * i) / steps);
  const frames = new Map(p.elements.map((el) => [el, []]));
  for (const t of ts) for (const [el, style] of p.pose(t)) frames.get(el).push(style);
  for (const el of p.elements) for (const a of el.getAnimations()) a.cancel();
  const runs = [...frames].map(([el, f]) => el.animate(f, { duration, easing: EASE, fill: "forwards" }).finished);
  return Promise.all(runs).catch(() => {});
}

/** Ends a move: the screens and their bars go back to their own styles. */
function settle(layer) {
  const { box } = screensOf(layer);
  if (!box) return;
  const moved = box.querySelectorAll(
    ":scope > .screen-view, :scope > .screen-view > .nav-bar, :scope > .screen-view > .nav-bar :is(.nav-title, .back-chevron, .back-title, .nav-side > *)");
  for (const el of moved) {
    for (const a of el.getAnimations()) if (!(a instanceof CSSTransition) && !(a instanceof CSSAnimation)) a.cancel();
    for (const k of ["transform", "opacity", "left", "right"]) el.style[k] = "";
    el.style.removeProperty("--navigation-dim");
  }
  box.classList.remove("navigating");
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

/** Whether a touch on `el` belongs to a control with a horizontal drag of its own. */
const dragsItself = (el) => Boolean(el.closest("input, textarea, select, [contenteditable], .segmented, .toggle, .slider"));

/**
 * The interactive pop: a drag that starts within the leading edge of the top layer's screen
 * (FrameLayout's --edge-swipe-width, and the bezel beside it) when it has a back button; from
 * iOS 26 (--content-pop) also one that starts anywhere in that screen and first moves leading
 * to trailing. `send(action)` posts `back`.
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

  /**
   * The layer a touch at `ev` may pop — the topmost live layer under it with a back button — and
   * whether from its edge (`edge`) or, from iOS 26, from its content.
   */
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
    const style = getComputedStyle(box);
    const edge = parseFloat(style.getPropertyValue("--edge-swipe-width")) * (frame.scale || 1) || 24;
    const dir = direction(layer);
    const fromEdge = dir === 1 ? clientX - r.left : r.right - clientX;
    const target = { layer, box, width: r.width, dir };
    if (fromEdge >= 0 && fromEdge <= edge) return { ...target, edge: true };
    // UINavigationController.interactiveContentPopGestureRecognizer (iOS 26): "the entire content
    // area", less the controls that take a horizontal drag themselves (a switch, a segmented
    // control, a field being edited), as UIKit's gesture arbitration leaves those theirs.
    const content = style.getPropertyValue("--content-pop").trim() === "1" && current.contains(hit) && !dragsItself(hit);
    return content ? { ...target, edge: false } : null;
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
      // A pop starts from a pan that goes leading to trailing first; one that goes the other
      // way, or up or down (the content scrolls), is not a pop.
      if (Math.abs(dx) < 6 || Math.abs(dx) < Math.abs(dy)) {
        if (Math.abs(dy) > 12) swipe = null;
        return;
      }
      if (dx < 0) { swipe = null; return; }
      swipe.started = true;
      swipe.box.setPointerCapture?.(ev.pointerId);
      swipe.poser = poser(swipe.layer);
      swipe.box.classList.add("navigating");
    }
    ev.preventDefault();
    swipe.samples.push([performance.now(), ev.clientX]);
    if (swipe.samples.length > 20) swipe.samples.shift();
    swipe.t = Math.min(1, Math.max(0, dx / swipe.width));
    for (const [el, style] of swipe.poser?.pose(swipe.t) ?? []) applyStyle(el, style);
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
    if (completes) {
      await move(s.layer, s.t, 1, DURATION * (1 - s.t) + 80, s.poser);
      s.layer.dataset.poppedInteractively = "true";
      await send({ type: "back" });
      // Refused (or gone wrong): the screen the finger moved comes back.
      if (s.layer.isConnected) {
        delete s.layer.dataset.poppedInteractively;
        await move(s.layer, 1, 0, DURATION, s.poser);
        settle(s.layer);
      }
    } else {
      await move(s.layer, s.t, 0, DURATION * s.t + 80, s.poser);
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
