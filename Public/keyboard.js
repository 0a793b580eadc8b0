// Keys, focus and typing. Escape takes the style's cancel path, Return an alert's preferred
// action; Tab stays inside a modal layer (the layers beneath are inert as well); focus moves
// into a presented layer and returns to the control that presented it. Typing is sent as
// `edit` actions after a pause. (A software keyboard, drawn by the frame, comes later.)

/** Text typed into fields, sent as `edit` actions 250 ms after the last keystroke. */
export class Editor {
  #timers = new Map();

  constructor(stage, send) {
    this.stage = stage;
    this.send = send;
    stage.addEventListener("input", (ev) => {
      const t = ev.target;
      if (!t.matches("input[data-id]:not([type=checkbox]), textarea[data-id]")) return;
      clearTimeout(this.#timers.get(t.dataset.id));
      this.#timers.set(t.dataset.id, setTimeout(() => {
        this.#timers.delete(t.dataset.id);
        send({ type: "edit", target: t.dataset.id, value: t.value });
      }, 250));
    });
    stage.addEventListener("change", (ev) => {
      const t = ev.target;
      if (t.matches('input[type="checkbox"][data-id]')) send({ type: "edit", target: t.dataset.id, value: t.checked });
    });
  }

  /** Whether typing waits to be sent. */
  get pending() { return this.#timers.size > 0; }

  /** Sends what waits now, so a swipe or a Cancel right after typing finds the sheet dirty. */
  flush() {
    for (const [id, timer] of this.#timers) {
      clearTimeout(timer);
      const el = this.stage.querySelector(`[data-id="${CSS.escape(id)}"]`);
      if (el) this.send({ type: "edit", target: id, value: el.value });
    }
    this.#timers.clear();
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
    const preferred = top.querySelector(".alert-field, [data-preferred], .alert-button.bold");
    const first = top.querySelector("input:not([type=checkbox]), textarea, button:not([data-grabber]), [tabindex]:not([tabindex='-1'])");
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
