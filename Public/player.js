// ModalLab player: the browser draws and animates; the server decides (SPEC §5, §6).
// Every tap, swipe, key and toolbar change becomes an action POSTed to the session; the
// response carries the new state, the diagnostics and the re-rendered device frame, which
// replaces the old one after the leaving layers have animated out.

const player = document.querySelector(".player");
const stage = document.getElementById("stage");
const prototypeId = player.dataset.prototype;
const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
const embed = new URLSearchParams(location.search).get("embed") === "1";
if (embed) document.body.classList.add("embed");

let sessionId = null;
let env = {
  device: player.dataset.device,
  orientation: player.dataset.orientation,
  multitasking: player.dataset.multitasking,
};
let queue = Promise.resolve();
let pending = 0;
let scale = 1;
let clientEvents = [];

// Tests and tools wait on this instead of sleeping: no request in flight, no layer animating.
window.modallab = {
  get session() { return sessionId; },
  idle() {
    const moving = document.getAnimations().some((a) => a.playState === "running" && a.effect?.getTiming().iterations !== Infinity);
    return pending === 0 && !moving &&
      !stage.querySelector(".entering, .leaving, .curling, .uncurling, .under-entering, .under-leaving, .settling, .dragging");
  },
};

// ---------- Requests ----------

async function request(method, url, body) {
  const res = await fetch(url, {
    method,
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
    credentials: "same-origin",
  });
  let json = null;
  try { json = await res.json(); } catch { /* no body */ }
  return { status: res.status, json };
}

function setBusy(delta) {
  pending += delta;
  player.dataset.busy = pending > 0 ? "true" : "false";
}

function enqueue(task) {
  setBusy(1);
  queue = queue.then(task).catch((e) => showStatus(`Request failed: ${e.message}`)).finally(() => setBusy(-1));
  return queue;
}

async function startSession() {
  const { status, json } = await request("POST", "/api/sessions", { prototype: prototypeId, ...env });
  if (status !== 201) {
    showStatus(json?.detail ?? `Could not start a session (${status}).`);
    return;
  }
  sessionId = json.session;
  player.dataset.session = sessionId;
  await applyResponse(json, { initial: true });
}

function send(action) {
  // Typing is sent after a pause; anything else first sends what was typed, so a Cancel right
  // after typing finds the sheet dirty and asks before discarding (RULES modal.data-loss-confirm).
  if (action.type !== "edit" && editTimers.size) flushEdits();
  return enqueue(async () => {
    if (!sessionId) await startSession();
    if (!sessionId) return;
    const { status, json } = await request("POST", `/api/sessions/${sessionId}/actions`, action);
    if (status === 200) {
      hideRefusal();
      await applyResponse(json, { action });
    } else if (status === 409) {
      showRefusal(json);
    } else if (status === 404) {
      // The server restarted or forgot the session: start again.
      sessionId = null;
      await startSession();
    } else {
      showStatus(json?.detail ? `${json.title}: ${json.detail}` : `Error ${status}`);
    }
  });
}

// ---------- Rendering ----------

const layerKey = (el) => el.dataset.modal ?? (el.classList.contains("app-layer") ? "@app" : null);
const layersOf = (root) => new Map([...root.querySelectorAll(".layer")].map((el) => [layerKey(el), el]));
const removesBeneath = (el) => el.dataset.form === "fullScreen" && el.dataset.over !== "true";

async function applyResponse(json, { initial = false, action = null } = {}) {
  const oldLayers = layersOf(stage);
  const newIds = new Set((json.state?.stack ?? []).map((e) => e.modal));
  const oldIds = new Set([...oldLayers.keys()].filter((k) => k !== "@app"));
  const stackChanged = initial || newIds.size !== oldIds.size || [...oldIds].some((id) => !newIds.has(id));
  const envChanged = json.state && (json.state.device !== env.device || json.state.orientation !== env.orientation ||
    json.state.multitasking !== env.multitasking);

  if (action?.type === "edit" && !stackChanged && !envChanged) {
    // Keep the caret: only the dirty flags change.
    for (const e of json.state.stack) {
      const el = stage.querySelector(`.presentation[data-modal="${CSS.escape(e.modal)}"]`);
      if (el) el.dataset.dirty = String(e.dirty);
    }
  } else {
    await render(json.html, { oldLayers, animate: !initial && !envChanged && !reducedMotion() });
  }
  if (json.state) {
    env = { device: json.state.device, orientation: json.state.orientation, multitasking: json.state.multitasking };
    syncToolbar();
    const pre = document.getElementById("state-json");
    if (pre) pre.textContent = JSON.stringify(json.state, null, 2);
  }
  showDiagnostics(json.diagnostics ?? [], action);
  renderPins();
}

async function render(html, { oldLayers, animate }) {
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
      if (!n.dataset.covered) delete el.dataset.covered;
    }
    const bar = stage.querySelector(".status-bar");
    if (bar) bar.classList.toggle("light", Boolean(next.querySelector(".status-bar.light")));
    for (const el of leaving) {
      el.classList.add("leaving");
      stage.querySelector(`.dim[data-dim-for="${CSS.escape(layerKey(el))}"]`)?.classList.add("leaving-dim");
      if (removesBeneath(el)) {
        const under = layerBelow(el);
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

  // Poses of the layers that stay, to animate from (a card changing detent, the app pushed back).
  const before = new Map();
  for (const [k, el] of oldLayers) {
    if (!nextLayers.has(k) || el.classList.contains("leaving")) continue;
    before.set(k, { transform: getComputedStyle(el).transform, height: el.offsetHeight });
  }

  const scrolls = scrollPositions(stage);
  stage.replaceChildren(next);
  restoreScrollPositions(stage, scrolls);
  const layers = layersOf(stage);
  placeContextPresentations();
  fitDevice();
  followScrolledSources();

  if (animate) {
    // Layers that stay move from their old pose to their new one (measured before any
    // entering animation starts, which would change what getComputedStyle reports).
    const moves = [];
    for (const [k, was] of before) {
      const el = layers.get(k);
      if (!el) continue;
      const now = { transform: getComputedStyle(el).transform, height: el.offsetHeight };
      const frames = [{}, {}];
      if (was.transform !== now.transform) { frames[0].transform = was.transform; frames[1].transform = now.transform; }
      if (el.dataset.form === "card" && Math.abs(was.height - now.height) > 1) {
        frames[0].height = `${was.height}px`; frames[1].height = `${now.height}px`;
      }
      if (Object.keys(frames[0]).length) moves.push([el, frames]);
    }
    for (const [k, el] of layers) {
      if (k === "@app" || oldLayers.has(k)) continue;
      enter(el);
    }
    for (const [el, frames] of moves) {
      if (el.classList.contains("under-entering") || el.classList.contains("curling")) continue;
      el.animate(frames, { duration: 350, easing: "cubic-bezier(0.2, 0.9, 0.25, 1)" });
    }
  }
  updateInert();
  markScrollEdges();
  restoreFocus({ layers, oldLayers, leaving, focusId, focusInLeaving });
}

// Scrolled content keeps its place when the frame is re-rendered (keyed by layer and screen).
function scrollPositions(root) {
  const out = new Map();
  for (const c of root.querySelectorAll(".screen-view .content, .presentation-body")) {
    if (!c.scrollTop) continue;
    const layer = c.closest(".layer"), screen = c.closest(".screen-view");
    out.set(`${layer ? layerKey(layer) : ""}/${screen?.dataset.screen ?? ""}/${c.classList.contains("content") ? "content" : "body"}`, c.scrollTop);
  }
  return out;
}

function restoreScrollPositions(root, positions) {
  if (!positions.size) return;
  for (const c of root.querySelectorAll(".screen-view .content, .presentation-body")) {
    const layer = c.closest(".layer"), screen = c.closest(".screen-view");
    const top = positions.get(`${layer ? layerKey(layer) : ""}/${screen?.dataset.screen ?? ""}/${c.classList.contains("content") ? "content" : "body"}`);
    if (top) c.scrollTop = top;
  }
}

// A presented layer animates in; the layers beneath stay visible until it has arrived.
function enter(el) {
  const parts = [el];
  el.classList.add("entering");
  const uncovered = [];
  if (removesBeneath(el)) {
    for (const under of stage.querySelectorAll('.layer[data-covered="true"]')) {
      delete under.dataset.covered;
      uncovered.push(under);
    }
    const under = layerBelow(el);
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

function layerBelow(el) {
  const all = [...stage.querySelectorAll(".layer")];
  const i = all.indexOf(el);
  return i > 0 ? all[i - 1] : null;
}

function waitForAnimations(elements) {
  return Promise.race([
    Promise.all(elements.map((el) => new Promise((resolve) => {
      const done = (ev) => { if (ev.target === el) { el.removeEventListener("animationend", done); resolve(); } };
      el.addEventListener("animationend", done);
    }))),
    new Promise((r) => setTimeout(r, 800)),
  ]);
}

function windowEl() { return stage.querySelector("[data-window]"); }
function topLayer() {
  const layers = stage.querySelectorAll(".presentation");
  return layers.length ? layers[layers.length - 1] : null;
}

// While a modal layer is up, everything beneath it is inert: no focus, no assistive access.
function updateInert() {
  const top = topLayer();
  const modal = top && top.getAttribute("aria-modal") === "true";
  for (const el of stage.querySelectorAll(".layer")) {
    // A curled page stays live: tapping it is how a partial curl is dismissed.
    el.inert = Boolean(modal && el !== top && !el.contains(top) && !el.dataset.curled);
  }
}

// Card content at its top lets a downward touch drag move the card instead of scrolling.
function markScrollEdges() {
  for (const c of stage.querySelectorAll(".form-card .content, .form-centered .content")) c.classList.toggle("at-top", c.scrollTop <= 0);
}
stage.addEventListener("scroll", (ev) => {
  if (ev.target.classList?.contains("content")) ev.target.classList.toggle("at-top", ev.target.scrollTop <= 0);
}, true);

// Current-context presentations draw inside their context (a screen or a presented modal).
function placeContextPresentations() {
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

// Popovers are drawn where the server's frame layout put them. A source in scrolled content
// was laid out scrolled just enough to show it; the popover follows the real scroll position,
// which only the page knows (the stylesheet shifts it by the difference).
function followScrolledSources() {
  for (const pop of stage.querySelectorAll('.presentation[data-form="popover"][data-source-scrolls]')) {
    const src = stage.querySelector(`[data-id="${CSS.escape(pop.dataset.source)}"]`);
    const content = src?.closest(".content");
    if (content) pop.style.setProperty("--scrolled", `${content.scrollTop}px`);
  }
}

function fitDevice() {
  const device = stage.querySelector(".device");
  if (!device) return;
  device.style.transform = "";
  const pad = embed ? 4 : 40;
  const w = device.offsetWidth, h = device.offsetHeight;
  scale = Math.min(1, (stage.clientWidth - pad) / w, (stage.clientHeight - pad) / h);
  device.style.transform = `scale(${scale})`;
  player.style.setProperty("--device-scale", String(scale));
}

// Focus moves into a presented layer and returns to the control that presented it.
function restoreFocus({ layers, oldLayers, leaving, focusId, focusInLeaving }) {
  const top = topLayer();
  const appeared = [...layers.keys()].filter((k) => k !== "@app" && !oldLayers.has(k));
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
      const target = by && stage.querySelector(`[data-id="${CSS.escape(by)}"]`);
      if (target && !target.closest("[inert]")) { focus(target); return; }
    }
    focus(top ?? stage.querySelector(".app-layer button, .app-layer [data-id]"));
    return;
  }
  if (focusInLeaving) return;
  if (focusId) focus(stage.querySelector(`[data-id="${CSS.escape(focusId)}"]`));
}

// ---------- Rule panel ----------

function escapeHTML(s) {
  return String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function diagnosticHTML(d) {
  return `<li class="diagnostic severity-${escapeHTML(d.severity)}" data-rule="${escapeHTML(d.rule)}"><span class="badge">${escapeHTML(d.severity)}</span> ` +
    `<a class="rule-id" href="/rules#${encodeURIComponent(d.rule)}">${escapeHTML(d.rule)}</a>` +
    (d.modal ? ` <code class="path">${escapeHTML(d.modal)}</code>` : "") +
    `<p class="message">${escapeHTML(d.message)}</p><details><summary>Source</summary><p class="source">${escapeHTML(d.source)}</p></details></li>`;
}

function showDiagnostics(list, action) {
  const ul = document.getElementById("action-diagnostics");
  if (ul) ul.innerHTML = list.map(diagnosticHTML).join("");
  if (action) showStatus(`${describe(action)}: ${list.length ? `${list.length} finding${list.length === 1 ? "" : "s"}` : "no findings"}`);
}

function describe(action) {
  const parts = [action.type];
  if (action.target) parts.push(action.target);
  if (action.action !== undefined) parts.push(`→ ${action.action}`);
  if (action.key) parts.push(action.key);
  if (action.detent) parts.push(`→ ${action.detent}`);
  if (action.orientation) parts.push(action.orientation);
  if (action.device) parts.push(action.device);
  if (action.multitasking) parts.push(action.multitasking);
  return parts.join(" ");
}

function showStatus(text) {
  const p = document.getElementById("action-status");
  if (p) p.textContent = text;
}

function showRefusal(problem) {
  const rule = problem?.rule ?? "";
  const detail = problem?.detail ?? problem?.title ?? "";
  const box = document.getElementById("refusal");
  if (box) {
    box.innerHTML = `<strong>Refused</strong> by <a class="rule-id" href="/rules#${encodeURIComponent(rule)}">${escapeHTML(rule)}</a>` +
      ` <span class="badge severity-${escapeHTML(problem?.severity ?? "error")}">${escapeHTML(problem?.severity ?? "error")}</span>` +
      `<p class="message">${escapeHTML(detail)}</p>` +
      `<details><summary>Source</summary><p class="source">${escapeHTML(problem?.source ?? "")}</p></details>`;
    box.hidden = false;
    box.dataset.rule = rule;
  }
  showDiagnostics([{ rule, severity: problem?.severity ?? "error", message: detail, source: problem?.source ?? "", modal: problem?.modal }], null);
  showStatus(`Refused: ${rule}`);
  const screen = stage.querySelector(".device-screen");
  if (screen && !reducedMotion()) {
    screen.classList.remove("refused-shake");
    void screen.offsetWidth;
    screen.classList.add("refused-shake");
  }
  // The refusal shows in the device too, where the reviewer looks.
  const win = windowEl();
  if (win) {
    win.querySelector(".refusal-toast")?.remove();
    const toast = document.createElement("div");
    toast.className = "refusal-toast";
    toast.setAttribute("role", "alert");
    toast.dataset.rule = rule;
    toast.innerHTML = `<span class="toast-title"><span class="toast-label">Refused</span> <code>${escapeHTML(rule)}</code></span><span class="toast-message">${escapeHTML(detail)}</span>`;
    win.appendChild(toast);
    setTimeout(() => toast.remove(), 8000);
  }
}

function hideRefusal() {
  const box = document.getElementById("refusal");
  if (box) box.hidden = true;
  windowEl()?.querySelector(".refusal-toast")?.remove();
}

// ---------- Taps ----------

function pointInWindow(ev) {
  const win = windowEl();
  if (!win || ev.clientX === undefined) return {};
  const b = win.getBoundingClientRect();
  const s = b.width / win.offsetWidth || 1;
  const x = Math.round(((ev.clientX - b.left) / s) * 10) / 10, y = Math.round(((ev.clientY - b.top) / s) * 10) / 10;
  // A click from the keyboard has no position.
  return ev.detail === 0 ? {} : { x, y };
}

let suppressClick = false;

stage.addEventListener("click", (ev) => {
  if (suppressClick) { suppressClick = false; ev.preventDefault(); return; }
  const t = ev.target;
  if (t.closest(".refusal-toast")) { t.closest(".refusal-toast").remove(); return; }
  const layer = t.closest(".presentation");
  const modal = layer?.dataset.modal;
  const p = pointInWindow(ev);
  // UIKit dismisses a partial curl when the curled page is tapped.
  if (t.closest('.layer[data-curled="true"], .curl-flap')) return send({ type: "tapOutside", ...p });
  if (t.closest("[data-back]")) return send({ type: "back" });
  if (t.closest(".dim")) {
    // A popover's passthrough controls (and the bars beneath a bar-button popover) take the tap.
    const through = new Set((topLayer()?.dataset.passthrough ?? "").split(/\s+/).filter(Boolean));
    for (const id of through) {
      const el = stage.querySelector(`[data-id="${CSS.escape(id)}"]`);
      const r = el?.getBoundingClientRect();
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
  if (segment) {
    const id = segment.closest("[data-id]").dataset.id;
    return send({ type: "edit", target: id, value: segment.dataset.segment });
  }
  const control = t.closest("button[data-id]");
  if (control) return send({ type: "tap", target: control.dataset.id, ...p });
  if (t.closest("input, textarea, label")) return;
  // A tap that hits nothing is a misclick (SPEC §7 client events).
  if (t.closest("[data-window]")) recordClientEvent({ type: "misclick", ...p, target: null });
});

stage.addEventListener("change", (ev) => {
  const t = ev.target;
  if (t.matches('input[type="checkbox"][data-id]')) send({ type: "edit", target: t.dataset.id, value: t.checked });
});

const editTimers = new Map();
stage.addEventListener("input", (ev) => {
  const t = ev.target;
  if (!t.matches("input[data-id]:not([type=checkbox]), textarea[data-id]")) return;
  clearTimeout(editTimers.get(t.dataset.id));
  editTimers.set(t.dataset.id, setTimeout(() => {
    editTimers.delete(t.dataset.id);
    send({ type: "edit", target: t.dataset.id, value: t.value });
  }, 250));
});

// Edits still waiting for their debounce go first, so a swipe right after typing sees a dirty sheet.
function flushEdits() {
  for (const [id, timer] of editTimers) {
    clearTimeout(timer);
    const el = stage.querySelector(`[data-id="${CSS.escape(id)}"]`);
    if (el) send({ type: "edit", target: id, value: el.value });
  }
  editTimers.clear();
}

function detentsOf(card) {
  return (card.dataset.detentHeights ?? "").trim().split(/\s+/).filter(Boolean).map((s) => {
    const i = s.lastIndexOf(":");
    return { id: s.slice(0, i), height: Number(s.slice(i + 1)) };
  });
}

// Tapping the grabber cycles through the detents (RULES sheet.grabber-behaviour).
function cycleDetent(card) {
  const detents = detentsOf(card);
  if (detents.length < 2) return;
  const i = detents.findIndex((d) => d.id === card.dataset.detent);
  send({ type: "detent", target: card.dataset.modal, detent: detents[(i + 1) % detents.length].id });
}

// ---------- Dragging a sheet (RULES §5, sheet.swipe-dismiss) ----------
// Pointer events cover mouse, pen and touch. The sheet follows the pointer; a resizable sheet
// changes height between its detents; past its smallest detent it slides down, and it is
// dismissed past a distance or a speed. A dirty sheet (or one in modalInPresentation)
// rubber-bands and the server answers the swipe with its confirmDiscard action sheet.

let drag = null;
const DRAG_SLOP = 6;

stage.addEventListener("pointerdown", (ev) => {
  const card = ev.target.closest('.presentation[data-form="card"], .presentation[data-form="centered"]');
  if (!card || card !== topLayer() || !ev.isPrimary || (ev.pointerType === "mouse" && ev.button !== 0)) return;
  if (ev.target.closest("input, textarea, select, .segmented, .toggle, [contenteditable]")) return;
  const content = ev.target.closest(".content, .presentation-body");
  if (content && content.scrollTop > 0) return; // the content scrolls first
  const detents = card.dataset.form === "card" ? detentsOf(card) : [];
  drag = {
    card, id: ev.pointerId, x0: ev.clientX, y0: ev.clientY, started: false,
    h0: card.offsetHeight, detents, dy: 0, v: 0, samples: [[performance.now(), ev.clientY]],
    blocked: card.dataset.dirty === "true" || card.dataset.modalInPresentation === "true",
  };
});

stage.addEventListener("pointermove", (ev) => {
  if (!drag || ev.pointerId !== drag.id) return;
  const dy = (ev.clientY - drag.y0) / scale;
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

// Where the sheet is drawn for a drag of dy points.
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
}

// Points per millisecond (+ is down) over the last 100 ms of the drag; a single pair of
// coalesced pointer events would give a wild figure.
function releaseVelocity(samples) {
  const [t1, y1] = samples[samples.length - 1];
  const from = samples.find(([t]) => t1 - t <= 100) ?? samples[0];
  const dt = t1 - from[0];
  return dt < 16 ? 0 : ((y1 - from[1]) / scale) / dt;
}

function rubber(x, k = 0.15) { return (1 - 1 / (x * k / 60 + 1)) * 60 / k * 0.55; }

function endDrag(ev) {
  if (!drag || ev.pointerId !== drag.id) return;
  const d = drag;
  drag = null;
  if (!d.started) return;
  suppressClick = true;
  setTimeout(() => { suppressClick = false; }, 0);
  const { card } = d;
  card.classList.remove("dragging");
  d.v = releaseVelocity(d.samples);
  const modal = card.dataset.modal;
  const projectedOffset = d.offset + Math.max(0, d.v) * 180;
  const dismissDistance = Math.min(140, d.h0 * 0.3);
  const wantsDismiss = d.offset > 0 && (projectedOffset > dismissDistance || (d.v > 0.6 && d.offset > 20));
  const settle = () => {
    card.classList.add("settling");
    card.style.transform = "";
    card.style.height = "";
    setTimeout(() => card.classList.remove("settling"), 320);
  };
  if (wantsDismiss || (d.blocked && d.offset > 20)) {
    flushEdits();
    if (d.blocked) settle(); // rubber-band back; the server shows the confirmation
    send({ type: "swipeDown", target: modal });
    return;
  }
  if (d.detents.length > 1) {
    const projected = d.height - d.v * 180;
    const nearest = d.detents.reduce((a, b) => (Math.abs(b.height - projected) < Math.abs(a.height - projected) ? b : a));
    if (nearest.id !== card.dataset.detent) {
      // Keep the sheet where the pointer left it; the new frame animates from there.
      card.style.transform = "";
      send({ type: "detent", target: modal, detent: nearest.id });
      return;
    }
  }
  settle();
}
stage.addEventListener("pointerup", endDrag);
stage.addEventListener("pointercancel", (ev) => {
  if (!drag || ev.pointerId !== drag.id) return;
  const { card } = drag;
  drag = null;
  card.classList.remove("dragging");
  card.style.transform = "";
  card.style.height = "";
});

// ---------- Keyboard (SPEC §10) ----------
// Escape takes the style's cancel path, Return an alert's preferred action; Tab stays inside
// a modal layer (the layers beneath are inert as well).

document.addEventListener("keydown", (ev) => {
  const top = topLayer();
  if (ev.key === "Escape" && top && !ev.target.closest?.(".player-toolbar")) {
    ev.preventDefault();
    flushEdits();
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

// ---------- Toolbar: device, orientation, multitasking ----------

function syncToolbar() {
  const d = document.getElementById("device-select");
  if (d) d.value = env.device;
  for (const b of document.querySelectorAll("button[data-orientation]")) {
    b.setAttribute("aria-checked", String(b.dataset.orientation === env.orientation));
  }
  const m = document.getElementById("multitasking-select");
  if (m) {
    m.value = env.multitasking;
    m.disabled = !env.device.startsWith("ipad");
  }
  player.dataset.device = env.device;
  player.dataset.orientation = env.orientation;
  player.dataset.multitasking = env.multitasking;
  if (embed) return;
  const url = new URL(location.href);
  url.searchParams.set("device", env.device);
  url.searchParams.set("orientation", env.orientation);
  if (env.multitasking !== "full") url.searchParams.set("multitasking", env.multitasking); else url.searchParams.delete("multitasking");
  history.replaceState(null, "", url);
  const board = document.querySelector(".tool-link[data-board]");
  if (board) board.href = `/p/${encodeURIComponent(prototypeId)}/board`;
}

document.getElementById("device-select")?.addEventListener("change", (ev) => send({ type: "resize", device: ev.target.value }));
document.getElementById("multitasking-select")?.addEventListener("change", (ev) => send({ type: "resize", multitasking: ev.target.value }));
for (const b of document.querySelectorAll("button[data-orientation]")) {
  b.addEventListener("click", () => send({ type: "rotate", orientation: b.dataset.orientation }));
}
document.getElementById("restart")?.addEventListener("click", () => enqueue(async () => {
  if (sessionId) await request("DELETE", `/api/sessions/${sessionId}`);
  sessionId = null;
  hideRefusal();
  await startSession();
  showStatus("Restarted.");
}));

// ---------- Client events (misclicks, visibility) ----------

function recordClientEvent(e) {
  if (!sessionId) return;
  clientEvents.push({ event_id: crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`, t_ms: Math.round(performance.now()), props: {}, ...e });
}

async function flushClientEvents() {
  if (!sessionId || !clientEvents.length) return;
  const batch = clientEvents;
  clientEvents = [];
  const { status } = await request("POST", `/api/sessions/${sessionId}/events`, { events: batch });
  if (status >= 500) clientEvents = batch.concat(clientEvents); // retried later; the server deduplicates
}
setInterval(flushClientEvents, 2000);
document.addEventListener("visibilitychange", () => {
  recordClientEvent({ type: "visibility", props: { state: document.visibilityState } });
  if (document.visibilityState === "hidden" && sessionId && clientEvents.length) {
    navigator.sendBeacon(`/api/sessions/${sessionId}/events`, new Blob([JSON.stringify({ events: clientEvents })], { type: "application/json" }));
    clientEvents = [];
  }
});

window.addEventListener("resize", fitDevice);

// Leaving the page ends the session, so the log has its session_end and duration.
window.addEventListener("pagehide", () => {
  if (!sessionId) return;
  if (clientEvents.length) {
    navigator.sendBeacon(`/api/sessions/${sessionId}/events`, new Blob([JSON.stringify({ events: clientEvents })], { type: "application/json" }));
    clientEvents = [];
  }
  fetch(`/api/sessions/${sessionId}`, { method: "DELETE", keepalive: true, credentials: "same-origin" });
});

// ---------- Live reload (SSE) ----------
// Embedded players (the board's frames) leave this to the board: a browser allows only six
// connections per host, and sixteen event streams would starve the frames' own requests.

if (window.EventSource && !embed) {
  const es = new EventSource(`/api/stream?prototype=${encodeURIComponent(prototypeId)}`);
  es.addEventListener("reload", (ev) => {
    if (!ev.data || ev.data === prototypeId || ev.data === "*") location.reload();
  });
}

// ---------- Comments pinned to the prototype (SPEC §6 /api/comments) ----------
// Reviewers with a comment link (and the owner) press Comment, click where the comment
// belongs, and type it; pins show on the screen or modal they were made on.

let comments = [];
let commentMode = false;
const commentButton = document.getElementById("comment-mode");

function commentContext() {
  const top = topLayer();
  const screen = (top ?? stage.querySelector(".app-layer"))?.querySelector("[data-screen]")?.dataset.screen ?? null;
  return { modal: top?.dataset.modal ?? null, screen };
}

async function loadComments() {
  const { status, json } = await request("GET", `/api/comments?prototype=${encodeURIComponent(prototypeId)}`);
  if (status === 200 && Array.isArray(json)) { comments = json; renderPins(); }
}

function renderPins() {
  const win = windowEl();
  const list = document.getElementById("comment-list");
  if (list) {
    list.innerHTML = comments.map((c) => `<li data-comment="${escapeHTML(c.id)}"><span class="comment-where">${escapeHTML(c.modal ?? c.screen ?? "")}${c.device ? ` · ${escapeHTML(c.device)}` : ""}</span> ${escapeHTML(c.text)}</li>`).join("") || "<li class=\"empty\">No comments yet.</li>";
  }
  if (!win) return;
  win.querySelectorAll(".comment-pin").forEach((el) => el.remove());
  const here = commentContext();
  comments.forEach((c, i) => {
    if (c.device && c.device !== env.device) return;
    if ((c.modal ?? null) !== here.modal || (!c.modal && c.screen && c.screen !== here.screen)) return;
    const pin = document.createElement("div");
    pin.className = "comment-pin";
    pin.dataset.comment = c.id;
    pin.style.left = `${c.x}px`;
    pin.style.top = `${c.y}px`;
    pin.title = c.text;
    pin.textContent = String(i + 1);
    win.appendChild(pin);
  });
}

function setCommentMode(on) {
  commentMode = on;
  commentButton?.setAttribute("aria-pressed", String(on));
  stage.classList.toggle("commenting", on);
}
commentButton?.addEventListener("click", () => setCommentMode(!commentMode));

stage.addEventListener("click", (ev) => {
  if (!commentMode || !ev.target.closest("[data-window]") || ev.target.closest(".comment-form")) return;
  ev.preventDefault();
  ev.stopPropagation();
  const p = pointInWindow(ev);
  const win = windowEl();
  win.querySelector(".comment-form")?.remove();
  const form = document.createElement("form");
  form.className = "comment-form";
  form.style.left = `${Math.min(p.x, win.offsetWidth - 230)}px`;
  form.style.top = `${Math.min(p.y, win.offsetHeight - 130)}px`;
  form.innerHTML = `<textarea required maxlength="4000" aria-label="Comment" placeholder="Comment"></textarea><div><button type="submit">Post</button> <button type="button" data-cancel>Cancel</button></div>`;
  win.appendChild(form);
  const text = form.querySelector("textarea");
  text.focus();
  form.querySelector("[data-cancel]").addEventListener("click", () => { form.remove(); setCommentMode(false); });
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const { status, json } = await request("POST", "/api/comments", { prototype: prototypeId, ...commentContext(), x: p.x, y: p.y, text: text.value, device: env.device });
    if (status === 201) { comments.push(json); form.remove(); setCommentMode(false); renderPins(); }
    else showStatus(json?.detail ?? `Could not post the comment (${status}).`);
  });
}, true);

if (document.getElementById("comments-section")) loadComments();

// ---------- Start ----------

fitDevice();
followScrolledSources();
markScrollEdges();
player.dataset.ready = "starting";
enqueue(async () => { await startSession(); player.dataset.ready = sessionId ? "true" : "false"; });
document.getElementById("home-button")?.addEventListener("click", () => send({ type: "home" }));
