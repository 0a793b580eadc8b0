// Taps and drags on the device, as actions. A tap on a control, an alert's or action sheet's
// button, an activity, the back button, the dimming view or a curled page becomes the action
// the server resolves; a tap on nothing is a misclick. Dragging a sheet (pointer events: mouse,
// pen and touch) moves it between its detents or dismisses it (rule sheet.swipe-dismiss).

import { releaseClick } from "./release-click.js";

const DRAG_SLOP = 6;

/** Rubber-band resistance past an edge: `x` points of pull move the sheet this far. */
function rubber(x, k = 0.15) { return (1 - 1 / (x * k / 60 + 1)) * 60 / k * 0.55; }

/**
 * Wires the stage's taps and drags. `send(action)` posts an action; `editor` sends pending
 * typing first; `events.record(e)` logs a client event (misclicks).
 */
export function installGestures({ frame, send, editor, events }) {
  const stage = frame.stage;
  const releaseClicks = releaseClick();
  let drag = null;

  // Tapping the grabber cycles through the detents (rule sheet.grabber-behaviour).
  function cycleDetent(card) {
    const detents = frame.detents(card);
    if (detents.length < 2) return;
    const i = detents.findIndex((d) => d.id === card.dataset.detent);
    send({ type: "detent", target: card.dataset.modal, detent: detents[(i + 1) % detents.length].id });
  }

  stage.addEventListener("click", (ev) => {
    if (releaseClicks.swallows(ev)) { ev.preventDefault(); return; }
    const t = ev.target;
    const layer = t.closest(".presentation");
    const modal = layer?.dataset.modal;
    const p = frame.pointIn(ev);
    // UIKit dismisses a partial curl when the curled page is tapped.
    if (t.closest('.layer[data-curled="true"], .curl-flap')) return send({ type: "tapOutside", ...p });
    if (t.closest("[data-back]")) return send({ type: "back", ...p });
    if (t.closest(".dim")) {
      // A popover's passthrough controls (and the bars beneath a bar-button popover) take the tap.
      for (const id of (frame.top()?.dataset.passthrough ?? "").split(/\s+/).filter(Boolean)) {
        const r = frame.control(id)?.getBoundingClientRect();
        if (r && ev.clientX >= r.left && ev.clientX <= r.right && ev.clientY >= r.top && ev.clientY <= r.bottom) {
          return send({ type: "tap", target: id, ...p });
        }
      }
      return send({ type: "tapOutside", ...p });
    }
    const actionButton = t.closest("[data-action-index]");
    if (actionButton && modal) return send({ type: "tap", target: modal, action: Number(actionButton.dataset.actionIndex), ...p });
    const activity = t.closest("[data-activity]");
    if (activity && modal) return send({ type: "tap", target: modal, action: activity.dataset.activity, ...p });
    if (t.closest("[data-activity-close]") && modal) return send({ type: "tap", target: modal, action: "close", ...p });
    if (t.closest("[data-grabber]") && modal) return cycleDetent(layer);
    const segment = t.closest("[data-segment]");
    if (segment) return send({ type: "edit", target: segment.closest("[data-id]").dataset.id, value: segment.dataset.segment, ...p });
    // On a scrolled picture (an image screen), how far it was scrolled: heat maps draw the tap
    // where it was on the picture (props.scrollTop in the log; not part of the action).
    const picture = t.closest(".image-screen");
    const scrolled = picture && picture.scrollTop > 0 && p.y !== undefined ? Math.round(picture.scrollTop * 10) / 10 : 0;
    const control = t.closest("button[data-id]");
    if (control) return send({ type: "tap", target: control.dataset.id, ...p, ...(scrolled ? { scrollTop: scrolled } : {}) });
    if (t.closest("input, textarea, label")) return;
    // A tap that hits nothing is a misclick (a client event).
    if (t.closest("[data-window]")) {
      events.record({ type: "misclick", ...p, target: null, ...(scrolled ? { props: { scrollTop: scrolled } } : {}) }, t);
    }
  });

  // ---------- Dragging a sheet ----------
  // The sheet follows the pointer; a resizable sheet changes height between its detents; past
  // its smallest detent it slides down, and it is dismissed past a distance or a speed. A dirty
  // sheet (or one in modalInPresentation) rubber-bands and the server answers the swipe with its
  // confirmDiscard action sheet.

  stage.addEventListener("pointerdown", (ev) => {
    releaseClicks.pressed(); // a new press: a click from here on is its own
    // Sheets, and a full-screen modal that zoomed out of its source (a swipe down zooms it back).
    const card = ev.target.closest('.presentation[data-form="card"], .presentation[data-form="centered"], .presentation[data-form="fullScreen"][data-transition="zoom"]');
    if (!card || card !== frame.top() || !ev.isPrimary || (ev.pointerType === "mouse" && ev.button !== 0)) return;
    if (ev.target.closest("input, textarea, select, .segmented, .toggle, [contenteditable]")) return;
    const content = ev.target.closest(".content, .presentation-body");
    if (content && content.scrollTop > 0) return; // the content scrolls first
    const push = (card.dataset.beneathPush ?? "").split(" ").map(Number);
    drag = {
      card, id: ev.pointerId, x0: ev.clientX, y0: ev.clientY, started: false,
      h0: card.offsetHeight, detents: card.dataset.form === "card" ? frame.detents(card) : [], dy: 0, v: 0,
      samples: [[performance.now(), ev.clientY]],
      blocked: card.dataset.dirty === "true" || card.dataset.modalInPresentation === "true",
      beneath: push.length === 2 ? stage.querySelector(`.layer[data-layer="${Number(card.dataset.layer) - 1}"]`) : null,
      push: push.length === 2 ? { scale: push[0], y: push[1] } : null,
      atLargest: card.dataset.atLargest === "true",
    };
  });

  stage.addEventListener("pointermove", (ev) => {
    if (!drag || ev.pointerId !== drag.id) return;
    const dy = (ev.clientY - drag.y0) / frame.scale;
    if (!drag.started) {
      if (Math.abs(dy) < DRAG_SLOP || Math.abs(ev.clientX - drag.x0) > Math.abs(ev.clientY - drag.y0)) {
        if (Math.abs(ev.clientX - drag.x0) > DRAG_SLOP * 2) drag = null;
        return;
      }
      drag.started = true;
      drag.card.setPointerCapture(ev.pointerId);
      drag.card.classList.add("dragging");
      document.activeElement?.blur?.();
    }
    ev.preventDefault();
    drag.samples.push([performance.now(), ev.clientY]);
    if (drag.samples.length > 20) drag.samples.shift();
    drag.dy = dy;
    pose(drag, dy);
  });

  // Where the sheet is drawn for a drag of dy points (inline styles over the frame's own).
  function pose(d, dy) {
    const { card, detents, h0 } = d;
    if (detents.length > 1) {
      const min = detents[0].height, max = detents[detents.length - 1].height;
      let h = h0 - dy, t = 0;
      if (h > max) h = max + rubber(h - max);
      if (h < min) { t = min - h; h = min; if (d.blocked) t = rubber(t, 0.4); }
      card.style.height = `${h}px`;
      card.style.transform = t ? `translateY(${t}px)` : "";
      d.height = h; d.offset = t;
    } else {
      let t = dy;
      if (t < 0) t = -rubber(-t);
      else if (d.blocked) t = rubber(t, 0.4);
      card.style.transform = `translateY(${t}px)`;
      d.height = h0; d.offset = t;
    }
    followBeneath(d);
  }

  // The layer beneath follows the card, as iOS scales the presenting view back with a sheet's
  // drag: no push-back at the card's second-tallest detent (or off screen), the frame's
  // push-back (data-beneath-push) at its tallest, in proportion between them.
  function followBeneath(d) {
    if (!d.beneath || !d.push) return;
    let f;
    if (d.detents.length > 1) {
      const top = d.detents[d.detents.length - 1].height, below = d.detents[d.detents.length - 2].height;
      f = top > below ? (d.height - below) / (top - below) : 1;
      if (d.offset > 0) f = 0;
    } else {
      f = d.atLargest ? 1 - Math.max(0, d.offset) / Math.max(1, d.h0) : 0;
    }
    f = Math.min(1, Math.max(0, f));
    d.beneath.classList.add("dragging");
    d.beneath.style.transformOrigin = "50% 0";
    d.beneath.style.transform = `translateY(${f * d.push.y}px) scale(${1 - f * (1 - d.push.scale)})`;
    d.beneath.style.borderRadius = `${10 * f}px`;
    d.beneath.style.overflow = "hidden";
  }

  // The layer beneath goes back to the frame's pose (animated unless `now`).
  function releaseBeneath(d, { now = false } = {}) {
    const el = d.beneath;
    if (!el || !el.classList.contains("dragging")) return;
    el.classList.remove("dragging");
    if (!now) el.classList.add("settling");
    for (const p of ["transform", "transformOrigin", "borderRadius", "overflow"]) el.style[p] = "";
    if (!now) setTimeout(() => el.classList.remove("settling"), 320);
  }

  // Points per millisecond (+ is down) over the last 100 ms of the drag; a single pair of
  // coalesced pointer events would give a wild figure.
  function releaseVelocity(samples) {
    const [t1, y1] = samples[samples.length - 1];
    const from = samples.find(([t]) => t1 - t <= 100) ?? samples[0];
    const dt = t1 - from[0];
    return dt < 16 ? 0 : ((y1 - from[1]) / frame.scale) / dt;
  }

  stage.addEventListener("pointerup", (ev) => {
    if (!drag || ev.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    if (!d.started) return;
    releaseClicks.swallowNext(ev);
    const { card } = d;
    card.classList.remove("dragging");
    d.v = releaseVelocity(d.samples);
    const modal = card.dataset.modal;
    const projectedOffset = d.offset + Math.max(0, d.v) * 180;
    const dismissDistance = Math.min(140, d.h0 * 0.3);
    const wantsDismiss = d.offset > 0 && (projectedOffset > dismissDistance || (d.v > 0.6 && d.offset > 20));
    // Back to the frame's pose: the inline styles go, the frame's own place it again.
    const settle = () => {
      card.classList.add("settling");
      card.style.transform = "";
      card.style.height = "";
      setTimeout(() => card.classList.remove("settling"), 320);
      releaseBeneath(d);
    };
    // The next frame animates the layer beneath from where the drag left it; should no frame
    // come (a refusal), it goes back by itself.
    const releaseLater = () => {
      d.beneath?.classList.remove("dragging");
      setTimeout(() => { if (d.beneath?.isConnected) releaseBeneath(d); }, 1000);
    };
    if (wantsDismiss || (d.blocked && d.offset > 20)) {
      editor.flush();
      if (d.blocked) settle(); // rubber-band back; the server shows the confirmation
      else releaseLater();
      send({ type: "swipeDown", target: modal });
      return;
    }
    if (d.detents.length > 1) {
      const projected = d.height - d.v * 180;
      const nearest = d.detents.reduce((a, b) => (Math.abs(b.height - projected) < Math.abs(a.height - projected) ? b : a));
      if (nearest.id !== card.dataset.detent) {
        // Keep the sheet where the pointer left it; the new frame animates from there.
        card.style.transform = "";
        releaseLater();
        send({ type: "detent", target: modal, detent: nearest.id });
        return;
      }
    }
    settle();
  });

  stage.addEventListener("pointercancel", (ev) => {
    if (!drag || ev.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    d.card.classList.remove("dragging");
    d.card.style.transform = "";
    d.card.style.height = "";
    releaseBeneath(d, { now: true });
  });
}
