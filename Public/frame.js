// The device frame on the page: drawing the server's frame (its HTML carries where everything
// is), animating layers in and out (and screens pushed and popped, navigation.js), and the few
// things only a page can do — fit the device to the window, keep scroll positions, mark where
// content is scrolled (the bars' scroll-edge look, a large title collapsing), and tell a popover
// how far its source's content scrolled.
import { animatePop, animatePush, navigationChange } from "./navigation.js";

const layerKey = (el) => el.dataset.modal ?? (el.classList.contains("app-layer") ? "@app" : null);
const layersOf = (root) => new Map([...root.querySelectorAll(".layer")].map((el) => [layerKey(el), el]));
const removesBeneath = (el) => el.dataset.form === "fullScreen" && el.dataset.over !== "true";
const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function waitForAnimations(elements) {
  return Promise.race([
    Promise.all(elements.map((el) => new Promise((resolve) => {
      const done = (ev) => { if (ev.target === el) { el.removeEventListener("animationend", done); resolve(); } };
      el.addEventListener("animationend", done);
    }))),
    new Promise((r) => setTimeout(r, 800)),
  ]);
}

/** The element of a text field: control `target`, or text field `field` of the alert `target`. */
export function fieldElement(root, target, field) {
  if (field !== null && field !== undefined) {
    return root.querySelector(`.presentation[data-modal="${CSS.escape(target)}"] .alert-field[data-field="${field}"]`);
  }
  return root.querySelector(`input[data-id="${CSS.escape(target)}"], textarea[data-id="${CSS.escape(target)}"]`);
}

/** What the person typed that the server doesn't hold: alert fields (their edits are logged by
 * length, and the state doesn't keep their text) and the field being edited (its last keystrokes
 * may still wait to be sent), to keep across a render. */
function typedText(root) {
  const kept = [];
  for (const el of root.querySelectorAll(".alert-field")) {
    const modal = el.closest(".presentation")?.dataset.modal;
    if (modal && el.value) kept.push({ modal, field: el.dataset.field, value: el.value });
  }
  const a = document.activeElement;
  if (a && root.contains(a) && a.matches("input[data-id]:not([type=checkbox]), textarea[data-id]")) {
    kept.push({ id: a.dataset.id, value: a.value, start: a.selectionStart, end: a.selectionEnd });
  }
  // The server keeps typed text as placeholders (*, one per character: the log never holds
  // it), so every field keeps what the person typed while the frame draws as many bullets.
  for (const el of root.querySelectorAll("input[data-id]:not([type=checkbox]), textarea[data-id]")) {
    if (el.value && !/^\**$/.test(el.value)) typedByField.set(el.dataset.id, el.value);
  }
  return kept;
}

/** What the person typed into each field, by control id, for as long as the page lives: a field
 * drawn again later (after an alert, back on its screen) shows it, not the server's placeholders. */
const typedByField = new Map();

/** Whether `drawn` is the server's placeholder for `typed`: as many `*` as it has characters. */
function placeholderOf(drawn, typed) {
  const n = [...typed].length;
  return [...drawn].length === n && /^\**$/.test(drawn);
}

function restoreTyped(root, kept) {
  for (const el of root.querySelectorAll("input[data-id]:not([type=checkbox]), textarea[data-id]")) {
    const typed = typedByField.get(el.dataset.id);
    if (typed !== undefined && placeholderOf(el.value, typed)) el.value = typed;
  }
  for (const k of kept) {
    const el = k.id ? fieldElement(root, k.id, null) : fieldElement(root, k.modal, Number(k.field));
    if (!el) continue;
    if (el.value !== k.value) el.value = k.value;
    if (k.id && k.start !== null && k.start !== undefined) {
      try { el.setSelectionRange(k.start, k.end); } catch { /* not a text input */ }
    }
  }
}

/**
 * The prototype's app font (docs/format.md, "font"), loaded once a page from the asset the device
 * names (`data-app-font`) as the family "ModalLab App Font", which the stylesheet gives the app's
 * content; the system font stays on bars, alerts and action sheets, as on iOS.
 */
const appFonts = new Set();
export function loadAppFont(root) {
  const url = root.querySelector?.("[data-app-font]")?.dataset.appFont;
  if (!url || appFonts.has(url) || !window.FontFace) return;
  appFonts.add(url);
  const face = new FontFace("ModalLab App Font", `url("${url.replace(/["\\]/g, "")}")`);
  face.load().then((f) => document.fonts.add(f), () => appFonts.delete(url));
}

/** Where scrolled content is, keyed by layer, screen and container, to keep it across renders. */
function scrollKey(c) {
  const layer = c.closest(".layer"), screen = c.closest(".screen-view");
  // The snapshot of the screen beneath keeps the scrolling that screen had (and gives it back).
  const id = screen?.dataset.screen ?? screen?.dataset.previousScreen ?? "";
  return `${layer ? layerKey(layer) : ""}/${id}/${c.classList.contains("content") ? "content" : "body"}`;
}

/**
 * Marks where a screen's content is scrolled, for the stylesheet: `data-scrolled` once content
 * is under the navigation bar (it takes its material and hairline), `data-under-toolbar` while
 * content goes on under the toolbar, `data-collapsed` once a large title has scrolled half under
 * the bar (the bar's inline title shows).
 */
function markScrolled(content) {
  const screen = content.parentElement;
  if (!screen?.classList.contains("screen-view")) return;
  const top = content.scrollTop;
  const toggle = (name, on) => { if (on) screen.setAttribute(name, ""); else screen.removeAttribute(name); };
  toggle("data-scrolled", top > 0);
  toggle("data-under-toolbar", top + content.clientHeight < content.scrollHeight - 1);
  const large = content.querySelector(":scope > .large-title");
  toggle("data-collapsed", Boolean(large) && top >= large.offsetHeight / 2);
}

/** The device frame in `stage`; `embed` fits it with a thinner margin (the board's frames). */
export class Frame {
  /** The device's scale on the page (CSS px per point), for pointer distances. */
  scale = 1;

  constructor(stage, { embed = false } = {}) {
    this.stage = stage;
    this.embed = embed;
    // Card content at its top lets a downward touch drag move the card instead of scrolling;
    // a popover whose source scrolls follows it.
    stage.addEventListener("scroll", (ev) => {
      if (!ev.target.classList?.contains("content")) return;
      ev.target.classList.toggle("at-top", ev.target.scrollTop <= 0);
      markScrolled(ev.target);
      this.followScrolledSources();
    }, true);
  }

  /** The app window element. */
  get window() { return this.stage.querySelector("[data-window]"); }

  /** The topmost presentation, or null. */
  top() {
    const layers = this.stage.querySelectorAll(".presentation");
    return layers.length ? layers[layers.length - 1] : null;
  }

  /** Whether nothing moves: no layer animating, entering, leaving, settling or dragged. */
  idle() {
    const moving = document.getAnimations().some((a) => a.playState === "running" && a.effect?.getTiming().iterations !== Infinity);
    return !moving &&
      !this.stage.querySelector(".entering, .leaving, .curling, .uncurling, .under-entering, .under-leaving, .settling, .dragging");
  }

  /** The element of control `id`. */
  control(id) { return this.stage.querySelector(`[data-id="${CSS.escape(id)}"]`); }

  /** The software keyboard, when it is drawn. */
  keyboard() { return this.stage.querySelector(".keyboard:not(.leaving)"); }

  /** The field the keyboard is up for: a control, or an alert's text field. */
  keyboardField() {
    const k = this.keyboard();
    if (!k) return null;
    return fieldElement(this.stage, k.dataset.keyboard, k.dataset.field === "" ? null : Number(k.dataset.field));
  }

  /** The ids of the modals on the page. */
  modals() { return [...layersOf(this.stage).keys()].filter((k) => k !== "@app"); }

  /** An event's position in window points (none for a click from the keyboard). */
  pointIn(ev) {
    const win = this.window;
    if (!win || ev.clientX === undefined || ev.detail === 0) return {};
    const b = win.getBoundingClientRect();
    const s = b.width / win.offsetWidth || 1;
    return { x: Math.round(((ev.clientX - b.left) / s) * 10) / 10, y: Math.round(((ev.clientY - b.top) / s) * 10) / 10 };
  }

  /** A card's detents from the frame: `[{id, height}]`, smallest first. */
  detents(card) {
    return (card.dataset.detentHeights ?? "").trim().split(/\s+/).filter(Boolean).map((s) => {
      const i = s.lastIndexOf(":");
      return { id: s.slice(0, i), height: Number(s.slice(i + 1)) };
    });
  }

  /** Only the dirty flags changed (an edit): update them, keeping the caret where it is. */
  updateDirty(stack) {
    for (const e of stack) {
      const el = this.stage.querySelector(`.presentation[data-modal="${CSS.escape(e.modal)}"]`);
      if (el) el.dataset.dirty = String(e.dirty);
    }
  }

  /**
   * Replaces the frame with `html`, animating the layers that leave, enter and move unless
   * `animate` is false (or the viewer prefers reduced motion). Resolves once the leaving layers
   * are gone, with what focus handling needs: `{appeared, leaving, focusId, focusInLeaving}`.
   */
  async render(html, { animate = true } = {}) {
    const stage = this.stage;
    animate = animate && !reducedMotion();
    const oldLayers = layersOf(stage);
    const tpl = document.createElement("template");
    tpl.innerHTML = html;
    const next = tpl.content;
    const nextLayers = layersOf(next);
    const leaving = [...oldLayers.entries()].filter(([k]) => !nextLayers.has(k)).map(([, el]) => el);
    const focusId = document.activeElement?.dataset?.id;
    const focusInLeaving = leaving.some((el) => el.contains(document.activeElement));

    if (leaving.length && animate) {
      // The layers that stay take their next pose (pushed back or not, shown or not) while the
      // leaving ones animate out, so the app comes forward as a card slides down.
      const extra = [];
      for (const [k, el] of oldLayers) {
        const n = nextLayers.get(k);
        if (!n) continue;
        if (n.dataset.behind) el.dataset.behind = n.dataset.behind; else delete el.dataset.behind;
        for (const p of ["--push-scale", "--push-y"]) el.style.setProperty(p, n.style.getPropertyValue(p));
        if (!n.dataset.covered) delete el.dataset.covered;
      }
      const bar = stage.querySelector(".status-bar");
      for (const tone of ["light", "leading-light"]) bar?.classList.toggle(tone, Boolean(next.querySelector(`.status-bar.${tone}`)));
      for (const el of leaving) {
        el.classList.add("leaving");
        stage.querySelector(`.dim[data-dim-for="${CSS.escape(layerKey(el))}"]`)?.classList.add("leaving-dim");
        if (removesBeneath(el)) {
          const under = this.#below(el);
          if (el.dataset.transition === "flipHorizontal" && under) {
            under.dataset.under = "flipHorizontal";
            under.classList.add("under-leaving");
            extra.push(under);
          }
          if (el.dataset.transition === "partialCurl" && under?.dataset.curled) {
            under.classList.add("uncurling");
            stage.querySelector(".curl-flap")?.classList.add("uncurling");
            extra.push(under);
          }
        }
      }
      await waitForAnimations([...leaving, ...extra]);
    }

    // A layer whose screen pops shows it going before the new frame arrives (the screen beneath
    // is already drawn in it); one whose screen is pushed shows it coming once it has arrived.
    const navigations = new Map();
    for (const [k, el] of oldLayers) {
      const n = nextLayers.get(k);
      const change = n && !el.classList.contains("leaving") && navigationChange(el, n);
      if (change) navigations.set(k, change);
    }
    if (animate) {
      await Promise.all([...navigations].filter(([, c]) => c === "pop").map(([k]) => animatePop(oldLayers.get(k))));
    }

    // Poses of the layers that stay, to animate from (a card changing detent, the app pushed
    // back, an alert or a sheet moving above the keyboard).
    const before = new Map();
    for (const [k, el] of oldLayers) {
      if (!nextLayers.has(k) || el.classList.contains("leaving")) continue;
      const r = el.getBoundingClientRect();
      before.set(k, { transform: getComputedStyle(el).transform, height: el.offsetHeight, top: r.top, bottom: r.bottom });
    }
    const typed = typedText(stage);
    // The keyboard slides up as it appears and down as it goes.
    const oldKeyboard = stage.querySelector(".keyboard:not(.leaving)");
    const nextKeyboard = next.querySelector(".keyboard");

    const scrolls = new Map();
    for (const c of stage.querySelectorAll(".screen-view[data-screen] .content, .presentation-body")) {
      if (c.scrollTop) scrolls.set(scrollKey(c), c.scrollTop);
    }
    // The field being edited stays the same element (its caret, its selection, and the keys
    // on their way to it): it moves into the new frame in place of its copy.
    const active = document.activeElement;
    if (active && stage.contains(active) && active.matches("input[data-id]:not([type=checkbox]), textarea[data-id], .alert-field")) {
      const modal = active.closest(".presentation")?.dataset.modal;
      const twin = active.dataset.id ? fieldElement(next, active.dataset.id, null)
        : modal ? fieldElement(next, modal, Number(active.dataset.field)) : null;
      if (twin) twin.replaceWith(active);
    }
    stage.replaceChildren(next);
    restoreTyped(stage, typed);
    if (active?.isConnected && document.activeElement !== active) active.focus({ preventScroll: true });
    if (animate && oldKeyboard && !nextKeyboard) {
      oldKeyboard.classList.add("leaving");
      stage.querySelector(".device-screen")?.appendChild(oldKeyboard);
      waitForAnimations([oldKeyboard]).then(() => oldKeyboard.remove());
    } else if (animate && nextKeyboard && !oldKeyboard) {
      nextKeyboard.classList.add("entering");
      waitForAnimations([nextKeyboard]).then(() => nextKeyboard.classList.remove("entering"));
    }
    if (scrolls.size) {
      for (const c of stage.querySelectorAll(".screen-view .content, .presentation-body")) {
        const top = scrolls.get(scrollKey(c));
        if (top) c.scrollTop = top;
      }
    }
    loadAppFont(stage);
    const layers = layersOf(stage);
    this.#placeContextPresentations();
    this.fit();
    this.followScrolledSources();

    if (animate) {
      // Layers that stay move from their old pose to their new one (measured before any
      // entering animation starts, which would change what getComputedStyle reports).
      const moves = [];
      for (const [k, was] of before) {
        const el = layers.get(k);
        if (!el) continue;
        const r = el.getBoundingClientRect();
        const now = { transform: getComputedStyle(el).transform, height: el.offsetHeight, top: r.top, bottom: r.bottom };
        const frames = [{}, {}];
        if (was.transform !== now.transform) { frames[0].transform = was.transform; frames[1].transform = now.transform; }
        if (el.dataset.form === "card" && Math.abs(was.height - now.height) > 1) {
          frames[0].height = `${was.height}px`; frames[1].height = `${now.height}px`;
        }
        // A layer whose edge moved (riding on the keyboard, or centred above it) moves there:
        // a card by its bottom edge, an alert or a centred sheet by its top.
        const dy = (el.dataset.form === "card" ? was.bottom - now.bottom : was.top - now.top) / (this.scale || 1);
        if (was.transform === now.transform && Math.abs(dy) > 1 && ["card", "alert", "centered"].includes(el.dataset.form)) {
          frames[0].translate = `0 ${dy}px`; frames[1].translate = "0 0";
        }
        if (Object.keys(frames[0]).length) moves.push([el, frames]);
      }
      for (const [k, el] of layers) {
        if (k === "@app" || oldLayers.has(k)) continue;
        this.#enter(el);
      }
      for (const [k, change] of navigations) if (change === "push" && layers.get(k)) animatePush(layers.get(k));
      for (const [el, frames] of moves) {
        if (el.classList.contains("under-entering") || el.classList.contains("curling")) continue;
        el.animate(frames, { duration: 350, easing: "cubic-bezier(0.2, 0.9, 0.25, 1)" });
      }
    }
    this.#updateInert();
    this.markScrollEdges();
    const appeared = [...layers.keys()].filter((k) => k !== "@app" && !oldLayers.has(k));
    return { appeared, leaving, focusId, focusInLeaving };
  }

  /** Scales the device to fit the stage (never above 1). */
  fit() {
    const device = this.stage.querySelector(".device");
    if (!device) return;
    device.style.transform = "";
    const pad = this.embed ? 4 : 40;
    const w = device.offsetWidth, h = device.offsetHeight;
    this.scale = Math.min(1, (this.stage.clientWidth - pad) / w, (this.stage.clientHeight - pad) / h);
    device.style.transform = `scale(${this.scale})`;
    this.stage.closest(".player")?.style.setProperty("--device-scale", String(this.scale));
  }

  /**
   * Popovers are drawn where the server's frame layout put them. A source in scrolled content
   * was laid out scrolled just enough to show it; the popover follows the real scroll position,
   * which only the page knows (the stylesheet shifts it by the difference).
   */
  followScrolledSources() {
    for (const pop of this.stage.querySelectorAll('.presentation[data-form="popover"][data-source-scrolls]')) {
      const content = this.control(pop.dataset.source)?.closest(".content");
      if (content) pop.style.setProperty("--scrolled", `${content.scrollTop}px`);
    }
  }

  /** Card content at its top lets a downward touch drag move the card instead of scrolling; every
   * screen's bars and large title follow its scrolling. */
  markScrollEdges() {
    for (const c of this.stage.querySelectorAll(".form-card .content, .form-centered .content")) c.classList.toggle("at-top", c.scrollTop <= 0);
    for (const c of this.stage.querySelectorAll(".screen-view > .content")) markScrolled(c);
  }

  // A presented layer animates in; the layers beneath stay visible until it has arrived.
  #enter(el) {
    const stage = this.stage;
    const parts = [el];
    el.classList.add("entering");
    const uncovered = [];
    if (removesBeneath(el)) {
      for (const under of stage.querySelectorAll('.layer[data-covered="true"]')) {
        delete under.dataset.covered;
        uncovered.push(under);
      }
      const under = this.#below(el);
      if (el.dataset.transition === "flipHorizontal" && under) {
        under.dataset.under = "flipHorizontal";
        under.classList.add("under-entering");
      }
      if (el.dataset.transition === "partialCurl") {
        // The new view is already in place beneath; the presenting view curls up off it.
        const curled = stage.querySelector('.layer[data-curled="true"]');
        curled?.classList.add("curling");
        stage.querySelector(".curl-flap")?.classList.add("curling");
        if (curled) parts.splice(0, 1, curled);
      }
    }
    waitForAnimations(parts).then(() => {
      el.classList.remove("entering");
      for (const c of stage.querySelectorAll(".curling, .under-entering")) c.classList.remove("curling", "under-entering");
      for (const u of uncovered) if (u.isConnected) u.dataset.covered = "true";
    });
  }

  #below(el) {
    const all = [...this.stage.querySelectorAll(".layer")];
    const i = all.indexOf(el);
    return i > 0 ? all[i - 1] : null;
  }

  // While a modal layer is up, everything beneath it is inert: no focus, no assistive access.
  #updateInert() {
    const top = this.top();
    const modal = top && top.getAttribute("aria-modal") === "true";
    for (const el of this.stage.querySelectorAll(".layer")) {
      // A curled page stays live: tapping it is how a partial curl is dismissed.
      el.inert = Boolean(modal && el !== top && !el.contains(top) && !el.dataset.curled);
    }
  }

  // Current-context presentations draw inside their context (a screen or a presented modal).
  #placeContextPresentations() {
    const stage = this.stage;
    for (const el of stage.querySelectorAll('.presentation[data-form="context"]')) {
      const ctx = el.dataset.context;
      const host = ctx && (stage.querySelector(`.presentation[data-modal="${CSS.escape(ctx)}"] .presentation-body`) ||
        stage.querySelector(`.screen-view[data-screen="${CSS.escape(ctx)}"]`));
      if (host && host !== el.parentElement) {
        host.style.position = host.style.position || "relative";
        host.style.overflow = "hidden";
        host.appendChild(el);
      }
    }
  }
}
