// The editor's assets and hotspots (issue 26): a designer's own screens.
//
// Assets: files chosen with the file field or dropped anywhere on the editor are uploaded with
// PUT /api/prototypes/{id}/assets/{name} (docs/api.md, "Assets"): the server checks each by its
// content and answers a refusal as a problem (415 not the image it claims, 422 an SVG that could
// run script, 413 past a limit), shown here with its detail, nothing stored. The list
// (GET …/assets) names each asset with its pixel size, and replaces, deletes or uses it: as the
// selected screen's image, or as its dark variant.
//
// Hotspots: with "Draw a hotspot" on, a drag over a screen's picture in the live player adds a
// hotspot there. Its rectangle is in the picture's points: the pointer's place in the picture's
// box as the player laid it out (the server's markup, at the picture's size in points), divided
// by the scale the page draws the device at — the same conversion the player uses for taps
// (Public/frame.js, pointIn); nothing is laid out here. The new hotspot is selected, so its
// action and target are picked in the inspector, and its frame's x, y, width and height there
// are the keyboard's way to place it.
//
// Markup contract (for tests): `[data-asset-upload]` (the file field), `[data-asset-list]` with
// an `li[data-asset]` per asset and its `[data-asset-use]`, `[data-asset-use-dark]`,
// `[data-asset-replace]`, `[data-asset-delete]` buttons, `[data-asset-error]` (role=alert),
// `[data-asset-missing]`, `[data-draw-hotspot]` (aria-pressed). The page's `data-assets-ready`
// counts the list's loads. Everything the server or the file names is set as text.
import { t } from "./strings.js";
import { editorAPI as editor } from "./editor.js";

const { root, player } = editor;
const prototypeID = root.dataset.prototype;
const panel = root.querySelector("[data-assets]");
const list = panel.querySelector("[data-asset-list]");
const errorBox = panel.querySelector("[data-asset-error]");
const missingLine = panel.querySelector("[data-asset-missing]");
const uploadField = panel.querySelector("[data-asset-upload]");
const drawButton = root.querySelector("[data-draw-hotspot]");
const assetsURL = `/api/prototypes/${encodeURIComponent(prototypeID)}/assets`;

/** Asset names: 1–128 of letters, digits, `.`, `-`, `_` and `@`, not starting with `.`, ending in
 * an image extension (docs/format.md, "asset name"). */
const EXTENSIONS = /\.(png|jpe?g|webp|svg|woff2?|ttf|otf)$/i;

/** The asset name a file is uploaded under: its name with each character an asset name can't
 * have as `-` (`Home Screen@3x.png` → `Home-Screen@3x.png`), at most 128 characters, its
 * extension kept; `null` for a file whose name has no image extension. */
export function assetNameFor(fileName) {
  const m = EXTENSIONS.exec(fileName);
  if (!m) return null;
  let stem = fileName.slice(0, m.index).replace(/[^A-Za-z0-9._@-]/g, "-").replace(/^[.-]+/, "");
  if (!stem) stem = "image";
  return stem.slice(0, 128 - m[0].length) + m[0];
}

function showError(text) {
  errorBox.textContent = text;
  errorBox.hidden = false;
}

function clearError() {
  errorBox.textContent = "";
  errorBox.hidden = true;
}

/** A refusal's words: the problem's detail (RFC 9457), else its title, else the status. */
async function problemText(answer) {
  const body = await answer.json().catch(() => ({}));
  return body.detail ?? body.title ?? `${answer.status} ${answer.statusText}`;
}

// ---------------------------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------------------------

let assets = [];
/** The server's limits, from the list (docs/api.md, "Assets"). */
let limits = {};

function sizeText(a) {
  const kb = a.size < 1024 ? `${a.size} B` : a.size < 1 << 20 ? `${(a.size / 1024).toFixed(1)} KiB` : `${(a.size / (1 << 20)).toFixed(1)} MiB`;
  return a.width ? t("assetSize", { width: a.width, height: a.height, size: kb }) : kb;
}

function button(text, data, name) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.dataset[data] = name;
  return b;
}

function renderList() {
  list.replaceChildren();
  for (const a of assets) {
    const li = document.createElement("li");
    li.dataset.asset = a.name;
    const img = document.createElement("img");
    img.src = `${assetsURL}/${encodeURIComponent(a.name)}`;
    img.alt = "";
    img.loading = "lazy";
    const name = document.createElement("code");
    name.className = "asset-name";
    name.textContent = a.name;
    const size = document.createElement("span");
    size.className = "asset-size";
    size.textContent = sizeText(a);
    const actions = document.createElement("span");
    actions.className = "asset-actions";
    // A picture becomes a screen's image; a font the app font.
    const isFont = String(a.type ?? "").startsWith("font/");
    actions.append(
      ...(isFont ? [button(t("assetUseFont"), "assetUseFont", a.name)]
        : [button(t("assetUse"), "assetUse", a.name), button(t("assetUseDark"), "assetUseDark", a.name)]),
      button(t("assetReplace"), "assetReplace", a.name),
      button(t("assetDelete"), "assetDelete", a.name),
    );
    for (const b of actions.children) b.setAttribute("aria-label", `${b.textContent}: ${a.name}`);
    li.append(img, name, size, actions);
    list.append(li);
  }
}

/** Reads the list (and what the prototype names that the folder lacks). */
async function loadList() {
  try {
    const answer = await fetch(assetsURL, { credentials: "same-origin", cache: "no-store" });
    if (!answer.ok) { showError(t("assetListFailed", { detail: await problemText(answer) })); return; }
    const body = await answer.json();
    assets = body.assets ?? [];
    limits = body.limits ?? {};
    renderList();
    const missing = body.missing ?? [];
    missingLine.textContent = missing.length ? t("assetMissing", { names: missing.join(", ") }) : "";
    missingLine.hidden = missing.length === 0;
  } finally {
    root.dataset.assetsReady = String(Number(root.dataset.assetsReady ?? 0) + 1);
  }
}

/** The player draws the files again (a replaced or deleted asset). */
function redrawPlayer() {
  try { player.contentWindow?.location.reload(); } catch { /* not loaded yet */ }
}

// ---------------------------------------------------------------------------------------------
// Uploads: the file field, drag and drop, replace
// ---------------------------------------------------------------------------------------------

/** Uploads `file` as `name` (its own name made an asset name when not given); true when stored. */
async function upload(file, name = assetNameFor(file.name)) {
  if (!name) {
    showError(t("assetNotAnImageName", { name: file.name }));
    return false;
  }
  // Past the server's limit a file is refused before it is sent (the server refuses it too, 413,
  // before reading it, and a browser may see only the closed connection).
  if (limits.maxFileBytes && file.size > limits.maxFileBytes) {
    showError(t("assetTooLarge", { name, size: file.size, max: limits.maxFileBytes }));
    return false;
  }
  editor.setStatus(t("assetUploading", { name }));
  let answer;
  try {
    answer = await fetch(`${assetsURL}/${encodeURIComponent(name)}`, {
      method: "PUT", body: file, credentials: "same-origin",
      headers: { "Content-Type": "application/octet-stream", Accept: "application/json" },
    });
  } catch (error) {
    showError(t("requestFailed", { error: String(error) }));
    return false;
  }
  if (!answer.ok) {
    showError(t("assetRefused", { name, status: answer.status, detail: await problemText(answer) }));
    editor.setStatus("");
    return false;
  }
  editor.setStatus(answer.status === 201 ? t("assetUploaded", { name }) : t("assetReplaced", { name }));
  return true;
}

async function uploadAll(files) {
  clearError();
  let stored = 0;
  for (const f of files) if (await upload(f)) stored++;
  await loadList();
  if (stored) redrawPlayer();
  // Whether every file was stored (a refusal stays on screen).
  return stored === files.length;
}

uploadField.addEventListener("change", async () => {
  const files = [...uploadField.files];
  uploadField.value = "";
  if (files.length) await uploadAll(files);
});

// Files dropped anywhere on the editor (not the outline's own drags of nodes).
const carriesFiles = (ev) => [...(ev.dataTransfer?.types ?? [])].includes("Files");
root.addEventListener("dragover", (ev) => {
  if (!carriesFiles(ev)) return;
  ev.preventDefault();
  ev.dataTransfer.dropEffect = "copy";
  root.dataset.dropping = "true";
});
root.addEventListener("dragleave", (ev) => {
  if (ev.target === root || !root.contains(ev.relatedTarget)) delete root.dataset.dropping;
});
root.addEventListener("drop", (ev) => {
  delete root.dataset.dropping;
  if (!carriesFiles(ev)) return;
  ev.preventDefault();
  uploadAll([...ev.dataTransfer.files]);
});

const replaceField = document.createElement("input");
replaceField.type = "file";
replaceField.accept = uploadField.accept;
replaceField.hidden = true;
panel.append(replaceField);
let replacing = null;
replaceField.addEventListener("change", async () => {
  const file = replaceField.files[0];
  replaceField.value = "";
  if (!file || !replacing) return;
  clearError();
  if (await upload(file, replacing)) redrawPlayer();
  replacing = null;
  await loadList();
});

// ---------------------------------------------------------------------------------------------
// Using an asset: the selected screen's image, or its dark variant
// ---------------------------------------------------------------------------------------------

/** The screen the selection is, or is inside (its JSON Pointer), else null. */
function selectedScreen() {
  let segs = editor.parsePointer(editor.selected());
  while (segs.length) {
    const ptr = editor.pointer(segs);
    if (editor.schemaAt(ptr)?.$def === "screen") return ptr;
    segs = segs.slice(0, -1);
  }
  return null;
}

function use(name, { dark = false } = {}) {
  const screen = selectedScreen();
  if (screen === null) { showError(t("assetSelectScreen")); return; }
  clearError();
  const image = editor.valueAt(editor.model.doc, screen + "/image");
  if (!dark) {
    // An image in its object form keeps its scale and dark variant.
    if (image && typeof image === "object") editor.change(screen + "/image/asset", name);
    else editor.change(screen + "/image", name);
  } else if (image === undefined) {
    showError(t("assetNeedsLightFirst"));
  } else if (typeof image === "object") {
    editor.change(screen + "/image/dark", name);
  } else {
    editor.change(screen + "/image", { asset: image, dark: name });
  }
}

list.addEventListener("click", async (ev) => {
  const b = ev.target.closest("button");
  if (!b) return;
  if (b.dataset.assetUse) use(b.dataset.assetUse);
  else if (b.dataset.assetUseDark) use(b.dataset.assetUseDark, { dark: true });
  else if (b.dataset.assetUseFont) { clearError(); editor.change("/font", b.dataset.assetUseFont); }
  else if (b.dataset.assetReplace) { replacing = b.dataset.assetReplace; replaceField.click(); }
  else if (b.dataset.assetDelete) {
    const name = b.dataset.assetDelete;
    clearError();
    const answer = await fetch(`${assetsURL}/${encodeURIComponent(name)}`, { method: "DELETE", credentials: "same-origin" });
    if (!answer.ok && answer.status !== 404) showError(t("assetRefused", { name, status: answer.status, detail: await problemText(answer) }));
    else editor.setStatus(t("assetDeleted", { name }));
    await loadList();
    redrawPlayer();
  }
});

// ---------------------------------------------------------------------------------------------
// Drawing hotspots over the live player
// ---------------------------------------------------------------------------------------------

let drawing = false;
let draft = null;

/** A pointer event's place in the picture `box`, in the picture's points, inside it. */
function pointInPicture(box, ev) {
  const r = box.getBoundingClientRect();
  const scale = r.width / box.offsetWidth || 1;
  const clamp = (v, max) => Math.min(Math.max(v, 0), max);
  return {
    x: clamp((ev.clientX - r.left) / scale, box.offsetWidth),
    y: clamp((ev.clientY - r.top) / scale, box.offsetHeight),
  };
}

function rectOf(a, b) {
  const x = Math.round(Math.min(a.x, b.x));
  const y = Math.round(Math.min(a.y, b.y));
  return { x, y, width: Math.round(Math.max(a.x, b.x)) - x, height: Math.round(Math.max(a.y, b.y)) - y };
}

function place(el, r) {
  el.style.left = `${r.x}px`;
  el.style.top = `${r.y}px`;
  el.style.width = `${r.width}px`;
  el.style.height = `${r.height}px`;
}

/** Adds a hotspot with `frame` to the screen `screenID` (the player's `data-screen`) and selects it. */
async function addHotspot(screenID, frame) {
  const ptr = editor.pointerOfID(screenID);
  if (ptr === null || editor.schemaAt(ptr)?.$def !== "screen") { showError(t("hotspotNoScreen")); return; }
  const existing = editor.valueAt(editor.model.doc, ptr + "/hotspots");
  const id = editor.freshID("hotspot");
  const hotspot = { id, frame };
  let forward, inverse, at;
  if (Array.isArray(existing)) {
    at = `${ptr}/hotspots/${existing.length}`;
    forward = [{ op: "add", path: at, value: hotspot }];
    inverse = [{ op: "remove", path: at }];
  } else {
    at = `${ptr}/hotspots/0`;
    forward = [{ op: "add", path: ptr + "/hotspots", value: [hotspot] }];
    inverse = [{ op: "remove", path: ptr + "/hotspots" }];
  }
  const message = t("hotspotAdded", { id, x: frame.x, y: frame.y, width: frame.width, height: frame.height });
  if (await editor.apply(forward, inverse, at, message)) editor.select(at);
}

function setDrawing(on) {
  drawing = on;
  drawButton.setAttribute("aria-pressed", String(on));
  try {
    const html = player.contentDocument?.documentElement;
    if (html) html.toggleAttribute("data-editor-drawing", on);
  } catch { /* another origin: never */ }
  editor.setStatus(on ? t("hotspotDrawHint") : "");
}

/** Drawing takes the pointer before the player does (its taps, drags and the editor's own
 * click-to-select): listeners on the frame's window, capturing. */
function watchPlayer() {
  let win, doc;
  try { win = player.contentWindow; doc = player.contentDocument; } catch { return; }
  if (!win || !doc || doc.documentElement.dataset.hotspotWatched) return;
  doc.documentElement.dataset.hotspotWatched = "true";
  doc.documentElement.toggleAttribute("data-editor-drawing", drawing);
  const swallow = (ev) => {
    if (!drawing) return false;
    ev.stopPropagation();
    ev.preventDefault();
    return true;
  };
  win.addEventListener("pointerdown", (ev) => {
    if (!swallow(ev)) return;
    const box = ev.target.closest?.(".screen-image");
    const screen = box?.closest("[data-screen]")?.dataset.screen;
    if (!box || !screen) { editor.setStatus(t("hotspotOnPicture")); return; }
    const start = pointInPicture(box, ev);
    const el = doc.createElement("div");
    el.className = "editor-draft-hotspot";
    box.append(el);
    draft = { box, screen, start, el, id: ev.pointerId, end: start };
    place(el, rectOf(start, start));
    try { box.setPointerCapture(ev.pointerId); } catch { /* a synthetic pointer */ }
  }, true);
  win.addEventListener("pointermove", (ev) => {
    if (!swallow(ev) || !draft || ev.pointerId !== draft.id) return;
    draft.end = pointInPicture(draft.box, ev);
    place(draft.el, rectOf(draft.start, draft.end));
  }, true);
  const finish = (ev, cancelled) => {
    if (!swallow(ev) || !draft || ev.pointerId !== draft.id) return;
    const d = draft;
    draft = null;
    d.el.remove();
    if (cancelled) return;
    const frame = rectOf(d.start, pointInPicture(d.box, ev));
    // A click without a drag (or a drag of a point or two) draws nothing.
    if (frame.width < 4 || frame.height < 4) { editor.setStatus(t("hotspotTooSmall")); return; }
    addHotspot(d.screen, frame);
  };
  win.addEventListener("pointerup", (ev) => finish(ev, false), true);
  win.addEventListener("pointercancel", (ev) => finish(ev, true), true);
  for (const type of ["click", "mousedown", "mouseup", "touchstart", "touchend", "contextmenu", "dragstart"]) {
    win.addEventListener(type, swallow, true);
  }
  win.addEventListener("keydown", (ev) => {
    if (drawing && ev.key === "Escape") { ev.stopPropagation(); setDrawing(false); }
  }, true);
}

drawButton.addEventListener("click", () => setDrawing(!drawing));
document.addEventListener("keydown", (ev) => {
  if (drawing && ev.key === "Escape") setDrawing(false);
});
player.addEventListener("load", watchPlayer);
watchPlayer();

// The list again when the document changes (what it draws may now be missing, or no longer).
let listed = null;
root.addEventListener("editor-render", () => {
  if (editor.model.etag !== listed) { listed = editor.model.etag; loadList(); }
});
loadList();
