// Comments pinned to the prototype (`/api/comments`). Reviewers with a comment link (and the
// owner) press Comment, click where the comment belongs, and type it. A comment is anchored to
// the element it was dropped on — a control (`data-id`), a modal (`data-modal`) or a screen
// (`data-screen`) — at fractions of that element's box, so its pin sits on the same element on
// any device, in any orientation or text size; the pin is placed on the element's box as the
// page draws it. A comment whose element is not on screen is listed in the panel with where it
// belongs. Comments made before anchors keep their frame point (on the device, screen and
// modal they were made on). The markup comes from the page's <template>s
// (`Templates/pages/partials/comment-templates.mustache`); the words from strings.js.
import * as environment from "./environment.js";
import { request } from "./net.js";
import { t, tNodes } from "./strings.js";

/** A copy of `<template id=…>`'s first element. */
function clone(id) {
  return document.getElementById(id)?.content.firstElementChild.cloneNode(true);
}

/** The prototype's own text, isolated from the words around it. */
function bdi(text, emphasis = false) {
  const b = document.createElement("bdi");
  b.textContent = text ?? "";
  if (!emphasis) return b;
  const em = document.createElement("em");
  em.append(b);
  return em;
}

const clamp01 = (v) => Math.min(1, Math.max(0, v));

/** The share link the owner previews on this page (`?preview=`), if any: its comments are not saved. */
const previewID = document.querySelector(".player")?.dataset.preview ?? null;

/**
 * The comments of prototype `prototype`: `frame` is the device frame, `env()` the current
 * environment, `state()` the session's last state, `panel` reports failures.
 */
export class Comments {
  #comments = [];
  #active = false;
  #scheduled = false;
  #listed = null;

  constructor({ prototype, frame, panel, env, state }) {
    this.prototype = prototype;
    this.frame = frame;
    this.panel = panel;
    this.env = env;
    this.state = state;
    this.button = document.getElementById("comment-mode");
    this.button?.addEventListener("click", () => this.#setActive(!this.#active));
    // In comment mode a click on the device opens the form instead of tapping (capture phase).
    frame.stage.addEventListener("click", (ev) => {
      if (!this.#active || !ev.target.closest("[data-window]") || ev.target.closest(".comment-form")) return;
      ev.preventDefault();
      ev.stopPropagation();
      this.#openForm(frame.pointIn(ev), this.#anchorOf(ev));
    }, true);
    // Pins follow their elements as content scrolls, layers settle and the device is refitted.
    const later = () => this.#schedule();
    frame.stage.addEventListener("scroll", later, true);
    frame.stage.addEventListener("animationend", later, true);
    frame.stage.addEventListener("transitionend", later, true);
    window.addEventListener("resize", later);
    if (document.getElementById("comments-section")) this.#load();
  }

  /** Where a comment made now belongs: the top modal, and the screen showing. */
  #context() {
    const top = this.frame.top();
    const screen = (top ?? this.frame.stage.querySelector(".app-layer"))?.querySelector("[data-screen]")?.dataset.screen ?? null;
    return { modal: top?.dataset.modal ?? null, screen };
  }

  /** The element a click landed on and where on it: `{element, kind, dx, dy}`, or null. */
  #anchorOf(ev) {
    const target = ev.target;
    let el = target.closest("[data-id]") ?? target.closest("label")?.querySelector("[data-id]");
    let kind = "control", element = el?.dataset.id;
    if (!el) {
      el = target.closest(".presentation[data-modal]");
      kind = "modal";
      element = el?.dataset.modal;
    }
    if (!el) {
      el = target.closest(".screen-view[data-screen]");
      kind = "screen";
      element = el?.dataset.screen;
    }
    const r = el?.getBoundingClientRect();
    if (!el || !element || !r.width || !r.height || ev.clientX === undefined || ev.detail === 0) return null;
    const round = (v) => Math.round(clamp01(v) * 1000) / 1000;
    return { element, kind, dx: round((ev.clientX - r.left) / r.width), dy: round((ev.clientY - r.top) / r.height) };
  }

  async #load() {
    const { status, json } = await request("GET", `/api/comments?prototype=${encodeURIComponent(this.prototype)}`);
    if (status === 200 && Array.isArray(json)) {
      this.#comments = json;
      this.render();
    }
  }

  /** The element an anchor names, where the page draws it, or null. */
  #element(anchor) {
    const win = this.frame.window;
    if (!win) return null;
    const id = CSS.escape(anchor.element);
    const selector = anchor.kind === "modal" ? `.presentation[data-modal="${id}"]`
      : anchor.kind === "screen" ? `.screen-view[data-screen="${id}"]` : `[data-id="${id}"]`;
    return [...win.querySelectorAll(selector)].find((el) => this.#showing(el)) ?? null;
  }

  /** Whether `el` is on screen: in the top layer (the app's when nothing is presented), drawn. */
  #showing(el) {
    const layer = el.closest(".layer");
    const top = this.frame.top() ?? this.frame.stage.querySelector(".app-layer");
    if (!layer || layer !== top || layer.dataset.covered === "true" || el.closest("[inert]")) return false;
    return el.getClientRects().length > 0;
  }

  /**
   * Where comment `c`'s pin goes, in window points; `{ scrolled: true }` when its element is on
   * this screen but scrolled out of view; null when it is not on screen.
   */
  #position(c) {
    const win = this.frame.window;
    if (!win) return null;
    if (!c.anchor) {
      // A comment from before anchors: its frame point, on the device, modal and screen it was made on.
      const here = this.#context();
      if (c.device && c.device !== this.env().device) return null;
      if ((c.modal ?? null) !== here.modal || (!c.modal && c.screen && c.screen !== here.screen)) return null;
      return { x: c.x, y: c.y };
    }
    const el = this.#element(c.anchor);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    const px = r.left + c.anchor.dx * r.width, py = r.top + c.anchor.dy * r.height;
    // Scrolled out of its content: not on screen.
    const clip = el.closest(".content, .presentation-body");
    if (clip && clip !== el) {
      const b = clip.getBoundingClientRect();
      if (px < b.left - 1 || px > b.right + 1 || py < b.top - 1 || py > b.bottom + 1) return { scrolled: true };
    }
    const w = win.getBoundingClientRect();
    const s = w.width / win.offsetWidth || 1;
    return { x: Math.round(((px - w.left) / s) * 10) / 10, y: Math.round(((py - w.top) / s) * 10) / 10 };
  }

  /** Where comment `c` belongs, as the panel says it: "on *Delete All* in Inbox". */
  #where(c) {
    const place = c.place ?? {};
    const where = () => bdi(place.in ?? c.modal ?? c.screen ?? "");
    if (c.anchor?.kind === "control") return tNodes("commentOnElement", { element: () => bdi(place.element ?? c.anchor.element, true), place: where });
    if (c.anchor?.kind === "modal") return tNodes("commentOnModal", { place: where });
    if (c.anchor?.kind === "screen" || !c.device) return tNodes("commentOnScreen", { place: where });
    return tNodes("commentAt", { place: where, device: () => bdi(c.device) });
  }

  #schedule() {
    if (this.#scheduled) return;
    this.#scheduled = true;
    requestAnimationFrame(() => { this.#scheduled = false; this.render(); });
  }

  /** The panel's list, and a pin on every comment whose element (or point) is on screen. */
  render() {
    const win = this.frame.window;
    win?.querySelectorAll(".comment-pin").forEach((el) => el.remove());
    const placed = this.#comments.map((c) => (win ? this.#position(c) : null));
    placed.forEach((p, i) => {
      if (!p || p.scrolled) return;
      const c = this.#comments[i];
      const pin = clone("comment-pin-template");
      pin.dataset.comment = c.id;
      if (c.anchor) pin.dataset.anchor = c.anchor.element;
      pin.style.left = `${p.x}px`;
      pin.style.top = `${p.y}px`;
      pin.textContent = String(i + 1);
      win.appendChild(pin);
    });
    const list = document.getElementById("comment-list");
    // The list changes only when the comments do, or which of them are on screen.
    const state = (p) => (!p ? "off" : p.scrolled ? "scrolled" : "on");
    const listed = placed.map((p, i) => `${this.#comments[i].id}:${state(p)}`).join(" ");
    if (!list || listed === this.#listed) return;
    this.#listed = listed;
    list.replaceChildren(...this.#comments.map((c, i) => {
      const li = clone("comment-item-template");
      li.dataset.comment = c.id;
      li.dataset.shown = String(state(placed[i]) === "on");
      const where = li.querySelector('[data-slot="where"]');
      where.replaceChildren(this.#where(c));
      if (state(placed[i]) === "off") where.append(` · ${t("commentNotShown")}`);
      if (state(placed[i]) === "scrolled") where.append(` · ${t("commentScrolledAway")}`);
      li.querySelector('[data-slot="text"]').textContent = c.text;
      return li;
    }));
    // An empty list says so in a paragraph of its own, not as a numbered item.
    list.hidden = this.#comments.length === 0;
    const empty = document.getElementById("comment-empty");
    if (empty) empty.hidden = this.#comments.length > 0;
  }

  #setActive(on) {
    this.#active = on;
    this.button?.setAttribute("aria-pressed", String(on));
    this.frame.stage.classList.toggle("commenting", on);
  }

  /** Where the session runs beyond the device and orientation (a comment's own members):
   * multitasking, appearance, …, a resizable window as `WIDTHxHEIGHT`. */
  #environment() {
    const out = {};
    const env = environment.of(this.state() ?? {});
    for (const [key, value] of Object.entries(env)) {
      if (key !== "device" && key !== "orientation") out[key] = environment.text(key, value);
    }
    return out;
  }

  #openForm(p, anchor) {
    const win = this.frame.window;
    win.querySelector(".comment-form")?.remove();
    const form = clone("comment-form-template");
    form.style.left = `${Math.min(p.x, win.offsetWidth - 230)}px`;
    form.style.top = `${Math.min(p.y, win.offsetHeight - 130)}px`;
    win.appendChild(form);
    const text = form.querySelector("textarea");
    text.focus();
    form.querySelector("[data-cancel]").addEventListener("click", () => { form.remove(); this.#setActive(false); });
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const env = this.env();
      const body = {
        prototype: this.prototype, ...this.#context(), x: p.x, y: p.y, text: text.value, device: env.device,
        orientation: env.orientation, environment: this.#environment(), ...(anchor ? { anchor } : {}),
        // The owner's preview of a comment link: the server checks the comment, and keeps nothing.
        ...(previewID ? { preview: previewID } : {}),
      };
      const { status, json } = await request("POST", "/api/comments", body);
      if (status === 201 || (status === 200 && json?.preview)) {
        this.#comments.push(json);
        form.remove();
        this.#setActive(false);
        this.render();
        if (json.preview) this.panel.showStatus(t("commentPreviewNotSaved"));
      } else {
        this.panel.showStatus(json?.detail ?? t("commentFailed", { status }));
      }
    });
  }
}
