// Menus on the page: a touch and hold (or a right click, or the keyboard's context-menu key)
// on a control that has a menu asks the server to open it (`longPress`); a tap on an open
// menu's item, or its submenu header, is a tap on that item; a tap anywhere else while a menu
// is open is a tap outside, which dismisses it. The server decides what happens (rule
// menu.dismiss) and draws the menu where its layout puts it; this file only reports touches.

import { releaseClick } from "./release-click.js";

const HOLD_MS = 500;
const SLOP = 8;

/** Wires the stage's menus: `send(action)` posts an action; `frame` maps points. */
export function installMenus({ frame, send }) {
  const stage = frame.stage;
  let hold = null;
  const releaseClicks = releaseClick();

  // In the capture phase, before gestures.js: menu items and the backdrop are the menu's.
  stage.addEventListener("click", (ev) => {
    if (releaseClicks.swallows(ev)) {
      ev.stopPropagation();
      ev.preventDefault();
      return;
    }
    const item = ev.target.closest("[data-menu-item]");
    if (item) {
      ev.stopPropagation();
      return send({ type: "tap", target: item.dataset.menuItem, ...frame.pointIn(ev) });
    }
    if (ev.target.closest("[data-menu-backdrop], .menu-preview")) {
      ev.stopPropagation();
      return send({ type: "tapOutside", ...frame.pointIn(ev) });
    }
  }, true);

  // A hold that opened a menu ends with its release, whose click (if the browser sends one: not
  // when the frame replaced what was pressed) is not a tap: only that click is swallowed.
  const cancelHold = () => { if (hold) { clearTimeout(hold.timer); hold = null; } };
  const fire = (h) => {
    h.fired = true;
    send({ type: "longPress", target: h.target });
  };
  stage.addEventListener("pointerdown", (ev) => {
    cancelHold();
    releaseClicks.pressed();
    const el = ev.target.closest("[data-long-press]");
    if (!el || !ev.isPrimary || (ev.pointerType === "mouse" && ev.button !== 0)) return;
    const id = el.dataset.id;
    const h = {
      id: ev.pointerId, x: ev.clientX, y: ev.clientY, at: ev.timeStamp, target: id, fired: false,
      timer: setTimeout(() => fire(h), HOLD_MS),
    };
    hold = h;
  });
  stage.addEventListener("pointermove", (ev) => {
    if (hold && !hold.fired && ev.pointerId === hold.id && Math.hypot(ev.clientX - hold.x, ev.clientY - hold.y) > SLOP) cancelHold();
  });
  const release = (ev) => {
    if (!hold || ev.pointerId !== hold.id) return;
    // The press's length is measured by the events' own times, not by when the timer ran: on a
    // busy page the release can be handled before a timer that was due first (input goes ahead
    // of timers), and a press held past the long-press time is a long press all the same.
    if (!hold.fired && ev.type === "pointerup" && ev.timeStamp - hold.at >= HOLD_MS) fire(hold);
    const fired = hold.fired;
    cancelHold();
    if (fired) releaseClicks.swallowNext(ev);
  };
  stage.addEventListener("pointerup", release);
  stage.addEventListener("pointercancel", release);
  // With a menu open, Escape closes it (the server's `key` action) and the arrow keys move
  // between its items; before keyboard.js, which handles Escape only over a presentation.
  document.addEventListener("keydown", (ev) => {
    const panel = stage.querySelector(".menu-panel");
    if (!panel) return;
    if (ev.key === "Escape") {
      ev.preventDefault();
      ev.stopPropagation();
      send({ type: "key", key: "Escape" });
    } else if (ev.key === "ArrowDown" || ev.key === "ArrowUp") {
      const items = [...panel.querySelectorAll("[data-menu-item]")];
      if (!items.length) return;
      ev.preventDefault();
      const i = items.indexOf(document.activeElement);
      const next = ev.key === "ArrowDown" ? (i + 1) % items.length : (i <= 0 ? items.length - 1 : i - 1);
      items[next].focus();
    }
  }, true);
  // A right click or the context-menu key: the desktop's and the keyboard's long press.
  stage.addEventListener("contextmenu", (ev) => {
    const el = ev.target.closest("[data-long-press]");
    if (!el) return;
    ev.preventDefault();
    // A touch held this long has opened the menu already (browsers send contextmenu for it too).
    if (hold?.fired) return;
    cancelHold();
    send({ type: "longPress", target: el.dataset.id });
  });
}

/** Moves the focus into a menu that just opened, so the keyboard can choose an item. */
export function focusMenu(stage) {
  const panel = stage.querySelector(".menu-panel");
  if (panel && !panel.contains(document.activeElement)) panel.querySelector("[data-menu-item]")?.focus({ preventScroll: true });
}
