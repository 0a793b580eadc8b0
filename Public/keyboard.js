// Keys, focus and typing. Escape takes the style's cancel path, Return an alert's preferred
// action and ends editing in a text field; Tab stays inside a modal layer (the layers beneath
// are inert as well); focus moves into a presented layer and returns to the control that
// presented it. A field taking the focus is a `focus` action (the server brings up the
// software keyboard, which the frame draws: softkeyboard.js), and a tap on nothing while it is
// up is `endEditing`. Typing is sent as `edit` actions after a pause.
import { fieldElement } from "./frame.js";

const TEXT_FIELD = "input[data-id]:not([type=checkbox]), textarea[data-id], .alert-field";

/** The `{target, field}` a text field element stands for, or null. */
function focusTarget(el) {
  if (!el?.matches?.(TEXT_FIELD)) return null;
  if (el.classList.contains("alert-field")) {
    const modal = el.closest(".presentation")?.dataset.modal;
    return modal ? { target: modal, field: Number(el.dataset.field) } : null;
  }
  return { target: el.dataset.id, field: null };
}

const sameField = (a, b) => Boolean(a && b) && a.target === b.target && (a.field ?? null) === (b.field ?? null);

/** Text typed into fields, sent as `edit` actions 250 ms after the last keystroke. */
export class Editor {
  #timers = new Map();

  /** Where the last click on a toggle was (`{target, x, y}`), for its `edit`. */
  #touch = null;

  /** `pointIn(ev)`: a click's position in window points (`Frame.pointIn`). */
  constructor(stage, send, pointIn = () => ({})) {
    this.stage = stage;
    this.send = send;
    stage.addEventListener("input", (ev) => {
      const t = ev.target;
      const key = Editor.#key(t);
      if (!key) return;
      clearTimeout(this.#timers.get(key)?.timer);
      this.#timers.set(key, {
        element: t,
        timer: setTimeout(() => {
          this.#timers.delete(key);
          send(Editor.#edit(t));
        }, 250),
      });
    });
    // A toggle's click comes before its change: the edit carries where it was touched (a step
    // of the task's path, drawn on heat maps); none from the keyboard (Space). A click on the
    // switch's label comes first, then the browser's own click on the input (no point): the
    // label's point stays.
    stage.addEventListener("click", (ev) => {
      const box = ev.target.closest?.("label.toggle")?.querySelector('input[type="checkbox"][data-id]');
      if (!box) return;
      const p = pointIn(ev);
      if (p.x !== undefined || this.#touch?.target !== box.dataset.id) this.#touch = { target: box.dataset.id, ...p };
    });
    stage.addEventListener("change", (ev) => {
      const t = ev.target;
      if (!t.matches('input[type="checkbox"][data-id]')) return;
      const { target, ...p } = this.#touch?.target === t.dataset.id ? this.#touch : {};
      this.#touch = null;
      send({ type: "edit", target: t.dataset.id, value: t.checked, ...p });
    });
  }

  /** Whether typing waits to be sent. */
  get pending() { return this.#timers.size > 0; }

  /** Sends what waits now, so a swipe or a Cancel right after typing finds the sheet dirty. */
  flush() {
    for (const [key, { element, timer }] of this.#timers) {
      clearTimeout(timer);
      // A render may have replaced the element (keeping what was typed): find it again.
      const el = element.isConnected ? element : this.#find(key);
      if (el) this.send(Editor.#edit(el));
    }
    this.#timers.clear();
  }

  /** What an edit of `el` is sent as: a control by its id, an alert's field by the alert's id
   * and the field's index (the server logs its length, not the text). */
  static #edit(el) {
    if (el.classList.contains("alert-field")) {
      return { type: "edit", target: el.closest(".presentation").dataset.modal, field: Number(el.dataset.field), value: el.value };
    }
    return { type: "edit", target: el.dataset.id, value: el.value };
  }

  /** The element now drawn for `key` (see #key), or null. */
  #find(key) {
    const hash = key.lastIndexOf("#");
    const alert = hash > 0 && /^\d+$/.test(key.slice(hash + 1))
      ? this.stage.querySelector(`.presentation[data-modal="${CSS.escape(key.slice(0, hash))}"] .alert-field[data-field="${key.slice(hash + 1)}"]`)
      : null;
    return alert ?? this.stage.querySelector(`[data-id="${CSS.escape(key)}"]`);
  }

  /** The key its typing waits under, or null for an element that isn't a text field. */
  static #key(el) {
    if (el.matches(".alert-field")) {
      const modal = el.closest(".presentation")?.dataset.modal;
      return modal ? `${modal}#${el.dataset.field}` : null;
    }
    return el.matches("input[data-id]:not([type=checkbox]), textarea[data-id]") ? el.dataset.id : null;
  }
}

/**
 * Tells the server which field is first responder: a text field or text area taking the focus
 * is a `focus` action (unless the state already has the keyboard up for it), and a tap that
 * hits nothing in the window while the keyboard is up is `endEditing`. `state()` is the last
 * state the server sent.
 */
export function installFocus({ frame, send, state }) {
  const stage = frame.stage;
  stage.addEventListener("focusin", (ev) => {
    const f = focusTarget(ev.target);
    if (!f || sameField(f, state()?.keyboard)) return;
    send({ type: "focus", ...f });
  });
  stage.addEventListener("click", (ev) => {
    if (!state()?.keyboard || !ev.target.closest("[data-window]")) return;
    if (ev.target.closest("button, input, textarea, label, select, [data-segment], [data-back], .dim, .curl-flap, .layer[data-curled]")) return;
    send({ type: "endEditing" });
  });
}

/**
 * After a render: the browser's focus follows the server's keyboard — its field has the focus
 * (scrolled above the keyboard) while it is up, and no text field keeps it once it is down.
 */
export function syncKeyboardFocus(frame, keyboard) {
  const active = document.activeElement;
  if (keyboard) {
    const el = fieldElement(frame.stage, keyboard.target, keyboard.field ?? null);
    if (!el) return;
    if (active !== el) el.focus({ preventScroll: true });
    el.scrollIntoView({ block: "nearest", inline: "nearest" });
  } else if (active && frame.stage.contains(active) && active.matches(TEXT_FIELD)) {
    active.blur();
  }
}

/** Maps hardware keys to actions, and keeps Tab inside a modal layer. */
export function installKeys({ frame, send, editor }) {
  document.addEventListener("keydown", (ev) => {
    const top = frame.top();
    if (ev.key === "Escape" && top && !ev.target.closest?.(".player-toolbar")) {
      ev.preventDefault();
      editor.flush();
      send({ type: "key", key: "Escape" });
    } else if (ev.key === "Enter" && top?.dataset.form === "alert" && !ev.target.matches("button")) {
      ev.preventDefault();
      send({ type: "key", key: "Return" });
    } else if (ev.key === "Enter" && ev.target.matches?.("input[data-id]:not([type=checkbox])") && frame.stage.contains(ev.target)) {
      // Return in a text field: editing ends (the keyboard goes down).
      ev.preventDefault();
      editor.flush();
      send({ type: "endEditing" });
    } else if (ev.key === "Tab" && top && top.getAttribute("aria-modal") === "true") {
      const focusables = [...top.querySelectorAll("button, input, textarea, select, [tabindex]:not([tabindex='-1'])")]
        .filter((el) => !el.disabled && el.getClientRects().length > 0);
      if (!focusables.length) { ev.preventDefault(); top.focus(); return; }
      const first = focusables[0], last = focusables[focusables.length - 1];
      if (!top.contains(document.activeElement)) { ev.preventDefault(); first.focus(); }
      else if (ev.shiftKey && document.activeElement === first) { ev.preventDefault(); last.focus(); }
      else if (!ev.shiftKey && document.activeElement === last) { ev.preventDefault(); first.focus(); }
    }
  });
}

/**
 * After a render (`Frame.render`'s result): focus moves into a presented layer (an alert's
 * field or preferred button first) and, when layers left, back to the control that presented
 * them; otherwise it stays on the control it was on.
 */
export function restoreFocus(frame, { appeared, leaving, focusId, focusInLeaving }) {
  const top = frame.top();
  const focus = (el) => el?.focus({ preventScroll: true });
  if (appeared.length && top) {
    // An alert's first text field is first responder as it appears (the server says so); a
    // sheet's fields take the focus only when tapped, so focus goes to its first button.
    const preferred = top.querySelector(".alert-field, [data-preferred], .alert-button.bold");
    const first = top.querySelector("button:not([data-grabber]), input[type=checkbox], [tabindex]:not([tabindex='-1'])");
    focus(top.dataset.form === "alert" ? (preferred ?? first ?? top) : (first ?? top));
    return;
  }
  if (leaving.length) {
    for (const el of [...leaving].reverse()) {
      const by = el.dataset.presentedBy;
      const target = by && frame.control(by);
      if (target && !target.closest("[inert]")) { focus(target); return; }
    }
    focus(top ?? frame.stage.querySelector(".app-layer button, .app-layer [data-id]"));
    return;
  }
  if (focusInLeaving) return;
  if (focusId) focus(frame.control(focusId));
}
