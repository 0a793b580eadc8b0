// The page around the device: the toolbar (device, orientation, multitasking, Home, Restart)
// and the rule panel (the last action's findings, a refusal, the state). Findings and refusals
// arrive rendered by the server (`diagnosticsHTML`, `refusalHTML`, `toastHTML`), from the same
// partials as the pages; the panel only puts them in place. Its words come from strings.js.
//
// A refusal also shows in the device as a toast, which never takes a tap meant for the
// prototype: it goes where it covers no control (top, bottom or middle of the window), passes
// pointer events through to what is beneath (only its close button takes them), and closes with
// Escape, its close button, or by itself after 8 s; the panel keeps the full text.
import { t } from "./strings.js";

/** Where a toast may go, in the order tried. */
const TOAST_PLACES = ["top", "bottom", "middle"];
/** What a tap can land on in the device (every control, row, segment and action is one of these). */
const TAPPABLE = "button, input, textarea, select";

/** "tap compose", "rotate landscape", "detent note → large", "tap confirm-delete → Delete": an
 * action in a few words; a button of an alert or action sheet by its `title` (as the person read
 * it) when one is given, not by its position. */
function describe(action, title) {
  const parts = [action.type];
  if (action.target) parts.push(action.target);
  if (action.action !== undefined) parts.push(`→ ${title ?? action.action}`);
  if (action.key) parts.push(action.key);
  if (action.detent) parts.push(`→ ${action.detent}`);
  if (action.orientation) parts.push(action.orientation);
  if (action.device) parts.push(action.device);
  if (action.multitasking) parts.push(action.multitasking);
  for (const k of ["appearance", "contentSize", "layoutDirection"]) if (action[k]) parts.push(action[k]);
  if (action.targetOS) parts.push(`iOS ${action.targetOS}`);
  return parts.join(" ");
}

/** Server-rendered HTML as nodes. */
function fragment(html) {
  const tpl = document.createElement("template");
  tpl.innerHTML = html ?? "";
  return tpl.content;
}

/** The toolbar and the rule panel of the player `root`. */
export class Panel {
  #toastTimer = null;

  constructor(root, { frame, embed }) {
    this.root = root;
    this.frame = frame;
    this.embed = embed;
    // Escape closes the toast first (before the keys reach the prototype, keyboard.js).
    window.addEventListener("keydown", (ev) => {
      if (ev.key !== "Escape" || !this.dismissToast()) return;
      ev.preventDefault();
      ev.stopImmediatePropagation();
    }, true);
    frame.stage.addEventListener("click", (ev) => {
      if (!ev.target.closest?.("[data-toast-close]")) return;
      ev.preventDefault();
      ev.stopPropagation();
      this.dismissToast();
    }, true);
  }

  /** The environment the page was opened in. */
  get initialEnvironment() {
    const d = this.root.dataset;
    const env = {
      device: d.device, orientation: d.orientation, multitasking: d.multitasking,
      appearance: d.appearance, contentSize: d.contentSize, layoutDirection: d.layoutDirection,
      targetOS: d.targetOs,
    };
    // A resizable window's size, as the page's `window=WIDTHxHEIGHT` gave it.
    const [width, height] = (d.windowSize ?? "").split("x").map(Number);
    if (d.multitasking === "window" && width && height) env.window = { width, height };
    return env;
  }

  /** Wires the toolbar: `send(action)` for device, multitasking and orientation; `home`, `restart`. */
  installToolbar({ send, restart }) {
    document.getElementById("device-select")?.addEventListener("change", (ev) => send({ type: "resize", device: ev.target.value }));
    document.getElementById("multitasking-select")?.addEventListener("change", (ev) => send({ type: "resize", multitasking: ev.target.value }));
    document.getElementById("appearance-select")?.addEventListener("change", (ev) => send({ type: "resize", appearance: ev.target.value }));
    document.getElementById("content-size-select")?.addEventListener("change", (ev) => send({ type: "resize", contentSize: ev.target.value }));
    document.getElementById("layout-direction-select")?.addEventListener("change", (ev) => send({ type: "resize", layoutDirection: ev.target.value }));
    document.getElementById("target-os-select")?.addEventListener("change", (ev) => send({ type: "resize", targetOS: ev.target.value }));
    for (const b of document.querySelectorAll("button[data-orientation]")) {
      b.addEventListener("click", () => send({ type: "rotate", orientation: b.dataset.orientation }));
    }
    document.getElementById("restart")?.addEventListener("click", restart);
    document.getElementById("home-button")?.addEventListener("click", () => send({ type: "home" }));
  }

  /** The toolbar, the page's data and its address follow the environment `env`. */
  syncToolbar(env) {
    const d = document.getElementById("device-select");
    if (d) d.value = env.device;
    for (const b of document.querySelectorAll("button[data-orientation]")) {
      b.setAttribute("aria-checked", String(b.dataset.orientation === env.orientation));
    }
    const m = document.getElementById("multitasking-select");
    if (m) {
      // What iPadOS offers in this orientation: no half/half Split View in portrait.
      for (const o of m.options) o.hidden = o.value === "half" && env.orientation === "portrait";
      m.value = env.multitasking;
      m.disabled = !env.device.startsWith("ipad");
    }
    for (const [id, key] of [["appearance-select", "appearance"], ["content-size-select", "contentSize"], ["layout-direction-select", "layoutDirection"], ["target-os-select", "targetOS"]]) {
      const s = document.getElementById(id);
      if (s && env[key]) s.value = env[key];
    }
    const { targetOS, window: size, ...traits } = env;
    Object.assign(this.root.dataset, traits);
    if (targetOS) this.root.dataset.targetOs = targetOS;
    this.root.dataset.windowSize = size ? `${size.width}x${size.height}` : "";
    if (this.embed) return;
    const url = new URL(location.href);
    url.searchParams.set("device", env.device);
    url.searchParams.set("orientation", env.orientation);
    if (env.multitasking !== "full") url.searchParams.set("multitasking", env.multitasking); else url.searchParams.delete("multitasking");
    if (env.multitasking === "window" && env.window) url.searchParams.set("window", `${env.window.width}x${env.window.height}`); else url.searchParams.delete("window");
    for (const [key, fallback] of [["appearance", "light"], ["contentSize", "large"], ["layoutDirection", "ltr"], ["targetOS", this.root.dataset.prototypeOs]]) {
      if (env[key] && env[key] !== fallback) url.searchParams.set(key, env[key]); else url.searchParams.delete(key);
    }
    history.replaceState(null, "", url);
    // The language toggle leads to this same player, in the same environment.
    const toggle = document.querySelector("[data-language-toggle]");
    if (toggle) {
      url.searchParams.set("lang", toggle.hreflang);
      toggle.href = url.search;
    }
  }

  /** The state, as the panel's JSON. */
  showState(state) {
    const pre = document.getElementById("state-json");
    if (pre) pre.textContent = JSON.stringify(state, null, 2);
  }

  showStatus(text) {
    const p = document.getElementById("action-status");
    if (p) p.textContent = text;
  }

  /** An action in a few words for the status line, read from the device as it is now: call it
   * when the action is sent, while the alert whose button was tapped is still drawn. */
  label(action) {
    let title;
    if (typeof action.action === "number" && action.target) {
      const button = this.frame.stage.querySelector(
        `.presentation[data-modal="${CSS.escape(action.target)}"] [data-action-index="${action.action}"]`);
      title = button?.textContent.trim() || undefined;
    }
    return describe(action, title);
  }

  /** The last action's findings (`count` of them, rendered as `html`), and a status line naming
   * the action (`label`, from ``label(action)``). */
  showDiagnostics(html, count, label) {
    document.getElementById("action-diagnostics")?.replaceChildren(fragment(html));
    if (!label) return;
    const findings = count === 0 ? t("findingsNone") : count === 1 ? t("findingsOne") : t("findingsOther", { count });
    this.showStatus(t("actionStatus", { action: label, findings }));
  }

  /** A refused action: in the panel (in full), in the device (a toast for 8 s), with a shake. */
  showRefusal(problem) {
    // A study's participant sees the app as iOS shows it: a refused presentation does nothing.
    if (this.root.dataset.participant !== undefined) return;
    const rule = problem?.rule ?? "";
    const box = document.getElementById("refusal");
    if (box) {
      box.replaceChildren(fragment(problem?.refusalHTML));
      box.hidden = false;
      box.dataset.rule = rule;
    }
    document.getElementById("action-diagnostics")?.replaceChildren(fragment(problem?.diagnosticsHTML));
    this.showStatus(t("refusedStatus", { rule }));
    const screen = this.frame.stage.querySelector(".device-screen");
    if (screen && !window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
      screen.classList.remove("refused-shake");
      void screen.offsetWidth;
      screen.classList.add("refused-shake");
    }
    // The refusal shows in the device too, where the reviewer looks.
    const win = this.frame.window;
    if (win && problem?.toastHTML) {
      win.querySelector(".refusal-toast")?.remove();
      win.appendChild(fragment(problem.toastHTML));
      const toast = win.querySelector(".refusal-toast");
      if (toast) this.#place(toast, win);
      clearTimeout(this.#toastTimer);
      this.#toastTimer = setTimeout(() => toast?.remove(), 8000);
    }
  }

  /**
   * Puts `toast` in the first of TOAST_PLACES where it covers no control that can take a tap
   * now (controls of inert or covered layers can't).
   */
  #place(toast, win) {
    const controls = [...win.querySelectorAll(TAPPABLE)]
      .filter((el) => !toast.contains(el) && !el.closest('[inert], [data-covered="true"], .comment-form') && el.getClientRects().length > 0)
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0);
    const overlaps = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    for (const place of TOAST_PLACES) {
      toast.dataset.place = place;
      const r = toast.getBoundingClientRect();
      if (!controls.some((c) => overlaps(r, c))) return;
    }
    // Nowhere is free: at the top, where its pointer events pass through to the controls beneath.
    toast.dataset.place = TOAST_PLACES[0];
  }

  /** Closes the refusal toast; whether there was one. The panel keeps the refusal. */
  dismissToast() {
    const toast = this.frame.window?.querySelector(".refusal-toast");
    clearTimeout(this.#toastTimer);
    toast?.remove();
    return Boolean(toast);
  }

  hideRefusal() {
    const box = document.getElementById("refusal");
    if (box) box.hidden = true;
    this.dismissToast();
  }
}
