// ModalLab player: the browser draws and animates; the server decides (SPEC §5, §6).
// Every tap, swipe, key and toolbar change becomes an action POSTed to the session; the
// response carries the new state, the diagnostics and the re-rendered device frame.

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
let scale = 1;
let clientEvents = [];

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

function enqueue(task) {
  queue = queue.then(task).catch((e) => showStatus(`Request failed: ${e.message}`));
  return queue;
}

async function startSession() {
  const { status, json } = await request("POST", "/api/sessions", { prototype: prototypeId, ...env });
  if (status !== 201) {
    showStatus(json?.detail ?? `Could not start a session (${status}).`);
    return;
  }
  sessionId = json.session;
  document.documentElement.dataset.session = sessionId;
  await applyResponse(json, { initial: true });
}

function send(action) {
  return enqueue(async () => {
    if (!sessionId) await startSession();
    if (!sessionId) return;
    const { status, json } = await request("POST", `/api/sessions/${sessionId}/actions`, action);
    if (status === 200) {
      hideRefusal();
      await applyResponse(json, { action });
    } else if (status === 409) {
      showRefusal(json);
    } else if (status === 404 && action.type !== "restart") {
      // The server restarted or forgot the session: start again and retry once.
      sessionId = null;
      await startSession();
    } else {
      showStatus(json?.detail ? `${json.title}: ${json.detail}` : `Error ${status}`);
    }
  });
}

// ---------- Rendering ----------

const layerKey = (el) => el.dataset.modal;

async function applyResponse(json, { initial = false, action = null } = {}) {
  const oldLayers = new Map([...stage.querySelectorAll(".presentation")].map((el) => [layerKey(el), el]));
  const newIds = new Set((json.state?.stack ?? []).map((e) => e.modal));
  const stackChanged = initial || json.state?.stack?.length !== oldLayers.size ||
    [...oldLayers.keys()].some((id) => !newIds.has(id)) || [...newIds].some((id) => !oldLayers.has(id));
  const envChanged = json.state && (json.state.device !== env.device || json.state.orientation !== env.orientation ||
    json.state.multitasking !== env.multitasking);

  if (action?.type === "edit" && !stackChanged && !envChanged) {
    // Keep the caret: only the dirty flags change.
    for (const e of json.state.stack) {
      const el = stage.querySelector(`.presentation[data-modal="${CSS.escape(e.modal)}"]`);
      if (el) el.dataset.dirty = String(e.dirty);
    }
  } else {
    const leaving = [...oldLayers.entries()].filter(([id]) => !newIds.has(id)).map(([, el]) => el);
    const active = document.activeElement;
    const focusId = active?.dataset?.id;
    if (leaving.length && !reducedMotion() && !envChanged) {
      for (const el of leaving) {
        el.classList.add("leaving");
        const dim = stage.querySelector(`.dim[data-dim-for="${CSS.escape(layerKey(el))}"]`);
        dim?.classList.add("leaving-dim");
      }
      await waitForAnimations(leaving);
    }
    stage.innerHTML = json.html;
    for (const el of stage.querySelectorAll(".presentation")) {
      if (!oldLayers.has(layerKey(el)) && !initial && !envChanged) el.classList.add("entering");
      el.addEventListener("animationend", () => el.classList.remove("entering"), { once: true });
    }
    placeContextPresentations();
    placePopovers();
    fitDevice();
    restoreFocus({ newIds, oldIds: new Set(oldLayers.keys()), leaving, focusId });
  }
  if (json.state) {
    env = { device: json.state.device, orientation: json.state.orientation, multitasking: json.state.multitasking };
    syncToolbar();
    const pre = document.getElementById("state-json");
    if (pre) pre.textContent = JSON.stringify(json.state, null, 2);
  }
  showDiagnostics(json.diagnostics ?? [], action);
}

function waitForAnimations(elements) {
  return Promise.race([
    Promise.all(elements.map((el) => new Promise((r) => el.addEventListener("animationend", r, { once: true })))),
    new Promise((r) => setTimeout(r, 650)),
  ]);
}

function windowEl() { return stage.querySelector("[data-window]"); }
function topLayer() {
  const layers = stage.querySelectorAll(".presentation");
  return layers.length ? layers[layers.length - 1] : null;
}

// Current-context presentations draw inside their context (a screen or a presented modal).
function placeContextPresentations() {
  for (const el of stage.querySelectorAll('.presentation[data-form="context"]')) {
    const ctx = el.dataset.context;
    const host = ctx && (stage.querySelector(`.presentation[data-modal="${CSS.escape(ctx)}"] .presentation-body`) ||
      stage.querySelector(`.screen-view[data-screen="${CSS.escape(ctx)}"]`));
    if (host && host !== el.parentElement) {
      host.style.position = host.style.position || "relative";
      host.appendChild(el);
    }
  }
}

// Popovers point their arrow at the source and stay inside the safe area, never covering it
// (SPEC §10, RULES popover.not-cover-source).
function placePopovers() {
  const win = windowEl();
  if (!win) return;
  const W = win.clientWidth, H = win.clientHeight;
  const cs = getComputedStyle(win);
  const safe = {
    top: parseFloat(cs.getPropertyValue("--safe-top")) || 0,
    bottom: parseFloat(cs.getPropertyValue("--safe-bottom")) || 0,
    left: parseFloat(cs.getPropertyValue("--safe-left")) || 0,
    right: parseFloat(cs.getPropertyValue("--safe-right")) || 0,
  };
  const margin = 10, arrow = 13;
  for (const pop of stage.querySelectorAll('.presentation[data-form="popover"]')) {
    const src = pop.dataset.source && stage.querySelector(`[data-id="${CSS.escape(pop.dataset.source)}"]`);
    const box = { w: pop.offsetWidth, h: pop.offsetHeight };
    let r;
    if (src) r = rectIn(src, win);
    else r = { x: W / 2, y: safe.top + 44, w: 0, h: 0 };
    const permitted = (pop.dataset.arrows || "any").split(/\s+/);
    const any = permitted.includes("any");
    const space = {
      up: H - safe.bottom - margin - (r.y + r.h) - arrow, // arrow up: popover below the source
      down: r.y - safe.top - margin - arrow,               // arrow down: popover above
      left: W - safe.right - margin - (r.x + r.w) - arrow, // arrow left: popover to the right
      right: r.x - safe.left - margin - arrow,             // arrow right: popover to the left
    };
    const order = ["up", "down", "left", "right"].filter((d) => any || permitted.includes(d));
    let dir = order.find((d) => (d === "up" || d === "down" ? space[d] >= box.h : space[d] >= box.w)) ??
      order.sort((a, b) => space[b] - space[a])[0] ?? "up";
    let x, y;
    const clampX = (v) => Math.max(safe.left + margin, Math.min(v, W - safe.right - margin - box.w));
    const clampY = (v) => Math.max(safe.top + margin, Math.min(v, H - safe.bottom - margin - box.h));
    if (dir === "up" || dir === "down") {
      x = clampX(r.x + r.w / 2 - box.w / 2);
      y = dir === "up" ? r.y + r.h + arrow : r.y - arrow - box.h;
      y = clampY(y);
      pop.querySelector(".popover-arrow").style.left = `${Math.max(14, Math.min(box.w - 40, r.x + r.w / 2 - x - 13))}px`;
      pop.querySelector(".popover-arrow").style.top = "";
    } else {
      y = clampY(r.y + r.h / 2 - box.h / 2);
      x = dir === "left" ? r.x + r.w + arrow : r.x - arrow - box.w;
      x = clampX(x);
      pop.querySelector(".popover-arrow").style.top = `${Math.max(14, Math.min(box.h - 40, r.y + r.h / 2 - y - 13))}px`;
      pop.querySelector(".popover-arrow").style.left = "";
    }
    pop.dataset.arrow = src ? dir : "none";
    pop.style.left = `${x}px`;
    pop.style.top = `${y}px`;
  }
}

// A rectangle in window points (undoing the frame's scale and any card-behind transform).
function rectIn(el, win) {
  const a = el.getBoundingClientRect(), b = win.getBoundingClientRect();
  const s = b.width / win.offsetWidth || 1;
  return { x: (a.left - b.left) / s, y: (a.top - b.top) / s, w: a.width / s, h: a.height / s };
}

function fitDevice() {
  const device = stage.querySelector(".device");
  if (!device) return;
  device.style.transform = "";
  const pad = embed ? 8 : 32;
  const w = device.offsetWidth, h = device.offsetHeight;
  scale = Math.min(1, (stage.clientWidth - pad) / w, (stage.clientHeight - pad) / h);
  device.style.transform = `scale(${scale})`;
}

// Focus moves into a presented layer and returns to the control that presented it.
function restoreFocus({ newIds, oldIds, leaving, focusId }) {
  const top = topLayer();
  const appeared = [...newIds].filter((id) => !oldIds.has(id));
  if (appeared.length && top) {
    const first = top.querySelector("button:not([data-grabber]), input, textarea, [tabindex]:not([tabindex='-1'])");
    (first ?? top).focus({ preventScroll: true });
    return;
  }
  if (leaving.length) {
    const by = leaving[leaving.length - 1].dataset.presentedBy;
    const target = by && stage.querySelector(`[data-id="${CSS.escape(by)}"]`);
    if (target) { target.focus({ preventScroll: true }); return; }
    (top ?? stage.querySelector(".app-layer button"))?.focus?.({ preventScroll: true });
    return;
  }
  if (focusId) stage.querySelector(`[data-id="${CSS.escape(focusId)}"]`)?.focus({ preventScroll: true });
}

// ---------- Rule panel ----------

function escapeHTML(s) {
  return String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function diagnosticHTML(d) {
  return `<li class="diagnostic severity-${escapeHTML(d.severity)}" data-rule="${escapeHTML(d.rule)}"><span class="badge">${escapeHTML(d.severity)}</span> ` +
    `<a class="rule-id" href="/rules#${encodeURIComponent(d.rule)}">${escapeHTML(d.rule)}</a>` +
    `<p class="message">${escapeHTML(d.message)}</p><details><summary>Source</summary><p class="source">${escapeHTML(d.source)}</p></details></li>`;
}

function showDiagnostics(list, action) {
  const ul = document.getElementById("action-diagnostics");
  if (ul) ul.innerHTML = list.map(diagnosticHTML).join("");
  if (action) showStatus(`${action.type}${action.target ? ` ${action.target}` : ""}: ${list.length ? `${list.length} finding(s)` : "no findings"}`);
}

function showStatus(text) {
  const p = document.getElementById("action-status");
  if (p) p.textContent = text;
}

function showRefusal(problem) {
  const box = document.getElementById("refusal");
  const rule = problem?.rule ?? "";
  const html = `<strong>Refused</strong> by <a class="rule-id" href="/rules#${encodeURIComponent(rule)}">${escapeHTML(rule)}</a>` +
    `<p class="message">${escapeHTML(problem?.detail ?? problem?.title ?? "")}</p>` +
    `<details><summary>Source</summary><p class="source">${escapeHTML(problem?.source ?? "")}</p></details>`;
  if (box) { box.innerHTML = html; box.hidden = false; box.dataset.rule = rule; }
  showDiagnostics([{ rule, severity: "error", message: problem?.detail ?? "", source: problem?.source ?? "" }], null);
  showStatus(`Refused: ${rule}`);
  const device = stage.querySelector(".device-screen");
  if (device && !reducedMotion()) {
    device.classList.remove("refused-shake");
    void device.offsetWidth;
    device.classList.add("refused-shake");
  }
  // The banner sits in the device too, where the reviewer looks.
  const win = windowEl();
  if (win) {
    win.querySelector(".refusal-toast")?.remove();
    const toast = document.createElement("div");
    toast.className = "refusal-toast";
    toast.setAttribute("role", "alert");
    toast.dataset.rule = rule;
    toast.innerHTML = `<strong>${escapeHTML(rule)}</strong><span>${escapeHTML(problem?.detail ?? "")}</span>`;
    win.appendChild(toast);
    setTimeout(() => toast.remove(), 6000);
  }
}

function hideRefusal() {
  const box = document.getElementById("refusal");
  if (box) box.hidden = true;
}

// ---------- Input ----------

function pointInWindow(ev) {
  const win = windowEl();
  if (!win) return {};
  const b = win.getBoundingClientRect();
  const s = b.width / win.offsetWidth || 1;
  return { x: Math.round(((ev.clientX - b.left) / s) * 10) / 10, y: Math.round(((ev.clientY - b.top) / s) * 10) / 10 };
}

let suppressClick = false;

stage.addEventListener("click", (ev) => {
  if (suppressClick) { suppressClick = false; return; }
  const t = ev.target;
  const layer = t.closest(".presentation");
  const modal = layer?.dataset.modal;
  const p = pointInWindow(ev);
  if (t.closest("[data-back]")) return send({ type: "back" });
  if (t.closest(".dim")) {
    // A popover's passthrough controls (and the bar beneath a bar-button popover) take the tap.
    const top = topLayer();
    const through = new Set((top?.dataset.passthrough ?? "").split(/\s+/).filter(Boolean));
    if (through.size) {
      const under = document.elementsFromPoint(ev.clientX, ev.clientY).map((el) => el.closest("button[data-id]")).find(Boolean);
      if (under && through.has(under.dataset.id)) return send({ type: "tap", target: under.dataset.id, ...p });
    }
    return send({ type: "tapOutside", ...p });
  }
  const actionButton = t.closest("[data-action-index]");
  if (actionButton && modal) return send({ type: "tap", target: modal, action: Number(actionButton.dataset.actionIndex), ...p });
  const activity = t.closest("[data-activity]");
  if (activity && modal) return send({ type: "tap", target: modal, action: activity.dataset.activity, ...p });
  if (t.closest("[data-activity-close]") && modal) return send({ type: "tap", target: modal, action: "close", ...p });
  const grabber = t.closest("[data-grabber]");
  if (grabber && modal) return cycleDetent(layer);
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
  editTimers.set(t.dataset.id, setTimeout(() => send({ type: "edit", target: t.dataset.id, value: t.value }), 250));
});

function cycleDetent(layer) {
  const detents = (layer.querySelector("[data-grabber]")?.dataset.detents ?? "").trim().split(/\s+/).filter(Boolean);
  if (detents.length < 2) return;
  const i = detents.indexOf(layer.dataset.detent);
  send({ type: "detent", target: layer.dataset.modal, detent: detents[(i + 1) % detents.length] });
}

// Dragging a card: it follows the pointer, dismisses past a distance or a speed, rubber-bands
// when it can't (dirty or modalInPresentation: the server then shows the confirmation).
let drag = null;
stage.addEventListener("pointerdown", (ev) => {
  const card = ev.target.closest('.presentation[data-form="card"]');
  if (!card || card !== topLayer() || ev.button !== 0) return;
  if (ev.target.closest("input, textarea, select, button:not([data-grabber]), .list, .segmented, .toggle")) return;
  drag = { card, id: ev.pointerId, y0: ev.clientY, t0: performance.now(), dy: 0, v: 0, last: ev.clientY, lt: performance.now() };
  card.setPointerCapture(ev.pointerId);
  card.classList.add("dragging");
});
stage.addEventListener("pointermove", (ev) => {
  if (!drag || ev.pointerId !== drag.id) return;
  const raw = (ev.clientY - drag.y0) / scale;
  const blocked = drag.card.dataset.dirty === "true" || drag.card.dataset.modalInPresentation === "true";
  drag.dy = raw > 0 ? (blocked ? raw * 0.25 : raw) : raw * 0.1;
  const now = performance.now();
  drag.v = (ev.clientY - drag.last) / scale / Math.max(1, now - drag.lt);
  drag.last = ev.clientY; drag.lt = now;
  drag.card.style.transform = `translateY(${drag.dy}px)`;
});
function endDrag(ev) {
  if (!drag || ev.pointerId !== drag.id) return;
  const { card, dy, v } = drag;
  drag = null;
  card.classList.remove("dragging");
  const raw = dy;
  const h = card.offsetHeight;
  const moved = Math.abs(raw) > 6;
  if (moved) suppressClick = true;
  const dismiss = raw > Math.min(140, h * 0.3) || (v > 0.6 && raw > 20);
  card.style.transition = "transform .25s cubic-bezier(.2,.9,.25,1)";
  card.style.transform = "";
  setTimeout(() => { card.style.transition = ""; }, 260);
  if (dismiss || (raw > 20 && (card.dataset.dirty === "true" || card.dataset.modalInPresentation === "true"))) {
    send({ type: "swipeDown", target: card.dataset.modal });
  } else if (raw < -40) {
    const detents = (card.querySelector("[data-grabber]")?.dataset.detents ?? "").trim().split(/\s+/).filter(Boolean);
    const i = detents.indexOf(card.dataset.detent);
    if (i >= 0 && i < detents.length - 1) send({ type: "detent", target: card.dataset.modal, detent: detents[i + 1] });
  }
  setTimeout(() => { suppressClick = false; }, 0);
}
stage.addEventListener("pointerup", endDrag);
stage.addEventListener("pointercancel", endDrag);

// Keyboard: Escape takes the style's cancel path, Return the preferred action; focus is trapped
// in a modal layer (SPEC §10).
document.addEventListener("keydown", (ev) => {
  const top = topLayer();
  if (ev.key === "Escape" && top) {
    ev.preventDefault();
    send({ type: "key", key: "Escape" });
  } else if (ev.key === "Enter" && top?.dataset.form === "alert" && !ev.target.matches("button")) {
    ev.preventDefault();
    send({ type: "key", key: "Return" });
  } else if (ev.key === "Tab" && top && top.getAttribute("aria-modal") === "true") {
    const focusables = [...top.querySelectorAll("button, input, textarea, select, [tabindex]:not([tabindex='-1'])")]
      .filter((el) => !el.disabled && el.offsetParent !== null);
    if (!focusables.length) { ev.preventDefault(); top.focus(); return; }
    const first = focusables[0], last = focusables[focusables.length - 1];
    if (!top.contains(document.activeElement)) { ev.preventDefault(); first.focus(); }
    else if (ev.shiftKey && document.activeElement === first) { ev.preventDefault(); last.focus(); }
    else if (!ev.shiftKey && document.activeElement === last) { ev.preventDefault(); first.focus(); }
  }
});

// ---------- Toolbar ----------

function syncToolbar() {
  const d = document.getElementById("device-select");
  if (d) d.value = env.device;
  for (const b of document.querySelectorAll("[data-orientation]")) {
    if (b.tagName === "BUTTON") b.setAttribute("aria-checked", String(b.dataset.orientation === env.orientation));
  }
  const m = document.getElementById("multitasking-select");
  if (m) {
    m.value = env.multitasking;
    m.disabled = !env.device.startsWith("ipad");
  }
  const url = new URL(location.href);
  url.searchParams.set("device", env.device);
  url.searchParams.set("orientation", env.orientation);
  if (env.multitasking !== "full") url.searchParams.set("multitasking", env.multitasking); else url.searchParams.delete("multitasking");
  history.replaceState(null, "", url);
}

document.getElementById("device-select")?.addEventListener("change", (ev) => send({ type: "resize", device: ev.target.value }));
document.getElementById("multitasking-select")?.addEventListener("change", (ev) => send({ type: "resize", multitasking: ev.target.value }));
for (const b of document.querySelectorAll("button[data-orientation]")) {
  b.addEventListener("click", () => send({ type: "rotate", orientation: b.dataset.orientation }));
}
document.getElementById("restart")?.addEventListener("click", () => enqueue(async () => { sessionId = null; await startSession(); }));

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

window.addEventListener("resize", () => { fitDevice(); });

// ---------- Live reload (SSE) ----------

if (window.EventSource) {
  const es = new EventSource(`/api/stream?prototype=${encodeURIComponent(prototypeId)}`);
  es.addEventListener("reload", (ev) => {
    if (!ev.data || ev.data === prototypeId) location.reload();
  });
}

// ---------- Start ----------

fitDevice();
placePopovers();
player.dataset.ready = "starting";
enqueue(async () => { await startSession(); player.dataset.ready = sessionId ? "true" : "false"; });
