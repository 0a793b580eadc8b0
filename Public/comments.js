// Comments pinned to the prototype (`/api/comments`). Reviewers with a comment link (and the
// owner) press Comment, click where the comment belongs, and type it; pins show on the screen
// or modal they were made on. The markup comes from the page's <template>s
// (`Templates/pages/partials/comment-templates.mustache`); this module fills in the text.
import { request } from "./net.js";

/** A copy of `<template id=…>`'s first element. */
function clone(id) {
  return document.getElementById(id)?.content.firstElementChild.cloneNode(true);
}

/**
 * The comments of prototype `prototype`: `frame` is the device frame, `env()` the current
 * environment (pins show on the device they were made on), `panel` reports failures.
 */
export class Comments {
  #comments = [];
  #active = false;

  constructor({ prototype, frame, panel, env }) {
    this.prototype = prototype;
    this.frame = frame;
    this.panel = panel;
    this.env = env;
    this.button = document.getElementById("comment-mode");
    this.button?.addEventListener("click", () => this.#setActive(!this.#active));
    // In comment mode a click on the device opens the form instead of tapping (capture phase).
    frame.stage.addEventListener("click", (ev) => {
      if (!this.#active || !ev.target.closest("[data-window]") || ev.target.closest(".comment-form")) return;
      ev.preventDefault();
      ev.stopPropagation();
      this.#openForm(frame.pointIn(ev));
    }, true);
    if (document.getElementById("comments-section")) this.#load();
  }

  /** Where a comment made now belongs: the top modal, and the screen showing. */
  #context() {
    const top = this.frame.top();
    const screen = (top ?? this.frame.stage.querySelector(".app-layer"))?.querySelector("[data-screen]")?.dataset.screen ?? null;
    return { modal: top?.dataset.modal ?? null, screen };
  }

  async #load() {
    const { status, json } = await request("GET", `/api/comments?prototype=${encodeURIComponent(this.prototype)}`);
    if (status === 200 && Array.isArray(json)) {
      this.#comments = json;
      this.render();
    }
  }

  /** The panel's list, and the pins of the comments made here (this device, modal and screen). */
  render() {
    const list = document.getElementById("comment-list");
    if (list) {
      const items = this.#comments.map((c) => {
        const li = clone("comment-item-template");
        li.dataset.comment = c.id;
        li.querySelector('[data-slot="where"]').textContent = `${c.modal ?? c.screen ?? ""}${c.device ? ` · ${c.device}` : ""}`;
        li.querySelector('[data-slot="text"]').textContent = c.text;
        return li;
      });
      list.replaceChildren(...(items.length ? items : [clone("comment-empty-template")]));
    }
    const win = this.frame.window;
    if (!win) return;
    win.querySelectorAll(".comment-pin").forEach((el) => el.remove());
    const here = this.#context();
    const device = this.env().device;
    this.#comments.forEach((c, i) => {
      if (c.device && c.device !== device) return;
      if ((c.modal ?? null) !== here.modal || (!c.modal && c.screen && c.screen !== here.screen)) return;
      const pin = clone("comment-pin-template");
      pin.dataset.comment = c.id;
      pin.style.left = `${c.x}px`;
      pin.style.top = `${c.y}px`;
      pin.title = c.text;
      pin.textContent = String(i + 1);
      win.appendChild(pin);
    });
  }

  #setActive(on) {
    this.#active = on;
    this.button?.setAttribute("aria-pressed", String(on));
    this.frame.stage.classList.toggle("commenting", on);
  }

  #openForm(p) {
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
      const body = { prototype: this.prototype, ...this.#context(), x: p.x, y: p.y, text: text.value, device: this.env().device };
      const { status, json } = await request("POST", "/api/comments", body);
      if (status === 201) {
        this.#comments.push(json);
        form.remove();
        this.#setActive(false);
        this.render();
      } else {
        this.panel.showStatus(json?.detail ?? `Could not post the comment (${status}).`);
      }
    });
  }
}
