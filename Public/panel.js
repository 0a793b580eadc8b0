// The page around the device: the toolbar (device, orientation, multitasking, Home, Restart)
// and the rule panel (the last action's findings, a refusal, the state). Findings and refusals
// arrive rendered by the server (`diagnosticsHTML`, `refusalHTML`, `toastHTML`), from the same
// partials as the pages; the panel only puts them in place. Its words come from strings.js.
//
// A refusal also shows in the device as a toast, which never takes a tap meant for the
// prototype: it goes where it covers no control (top, bottom or middle of the window), passes
// pointer events through to what is beneath (only its close button takes them), and closes with
// Escape, its close button, or by itself after 8 s; the panel keeps the full text.
import * as environment from "./environment.js";
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
  for (const key of environment.KEYS) {
    const value = environment.text(key, action[key]);
    if (value) parts.push(key === "targetOS" ? `iOS ${value}` : value);
  }
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

  /** Wires the toolbar: `send(action)` for its menus (each names the environment's member it
   * sets, `data-environment-key`) and orientation; `home`, `restart`. */
  installToolbar({ send, restart }) {
    for (const select of document.querySelectorAll("select[data-environment-key]")) {
      select.addEventListener("change", () => send({ type: "resize", [select.dataset.environmentKey]: select.value }));
    }
    for (const b of document.querySelectorAll("button[data-orientation]")) {
      b.addEventListener("click", () => send({ type: "rotate", orientation: b.dataset.orientation }));
    }
    document.getElementById("restart")?.addEventListener("click", restart);
    document.getElementById("home-button")?.addEventListener("click", () => send({ type: "home" }));
  }

  /** The toolbar, the page's data and its address follow the environment `env`. */
  syncToolbar(env) {
    for (const select of document.querySelectorAll("select[data-environment-key]")) {
      const value = env[select.dataset.environmentKey];
      if (value !== undefined) select.value = value;
    }
    for (const b of document.querySelectorAll("button[data-orientation]")) {
      b.setAttribute("aria-checked", String(b.dataset.orientation === env.orientation));
    }
    const m = document.getElementById("multitasking-select");
    if (m) {
      // What iPadOS offers in this orientation: no half/half Split View in portrait.
      for (const o of m.options) o.hidden = o.value === "half" && env.orientation === "portrait";
      m.disabled = !env.device.startsWith("ipad");
    }
    this.root.dataset.environment = JSON.stringify(env);
    if (this.embed) return;
    // The address names the environment, but for the values it leaves out.
    const url = new URL(location.href);
    const defaults = environment.defaults();
    for (const key of environment.KEYS) {
      const value = environment.text(key, env[key]);
      if (value === undefined || value === environment.text(key, defaults[key])) url.searchParams.delete(key);
      else url.searchParams.set(key, value);
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
