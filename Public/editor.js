// The editor page (issue 25): an outline of the prototype (a WAI-ARIA tree), an inspector for the
// selected node generated from the format's JSON Schema (/schema/prototype.json), a palette, and
// the live player (the real one, /p/{id}, in an iframe: it reloads itself when the file changes).
//
// Every change is a JSON Patch (RFC 6902) sent with If-Match (RFC 9110) to
// PATCH /api/prototypes/{id} (docs/api.md, "Editing prototypes"); its inverse is kept for undo.
// The answer's findings sit on their node (data-path, a JSON Pointer, RFC 6901) and field
// (data-field, the member's name). A change the server refuses (422) is shown with its path and
// the edit stays in its field, to be mended or undone.
//
// Markup contract (for tests and scripts): outline nodes `[role=treeitem][data-path]`, inspector
// fields `[data-field]` (nested ones inside a fieldset with the object's `data-field`), palette
// entries `[data-add]` (a control type, a modal style, `screen`, `menu`, `task`); findings
// `[data-finding]` with `data-rule` and `data-pointer`. The user's text is only ever set as text.
import { t } from "./strings.js";
import { onPrototypeChange } from "./live.js";

const root = document.querySelector("[data-editor]");
const prototypeID = root.dataset.prototype;
const lang = document.documentElement.lang || "en";
const outline = root.querySelector("[data-outline]");
const inspector = root.querySelector("[data-inspector]");
const findingsList = root.querySelector("[data-findings]");
const statusLine = root.querySelector("[data-editor-status]");
const errorBox = root.querySelector("[data-editor-error]");
const player = root.querySelector("[data-player]");
const refusalBox = root.querySelector("[data-editor-refusal]");

/** What the page knows: the document, its entity tag, its findings, the schema. */
const model = { doc: null, etag: null, diagnostics: [], schema: null, refused: null, docs: null };
let selected = "";
const undoStack = [];
const redoStack = [];
let queue = Promise.resolve();
let nodeCount = 0;

// ---------------------------------------------------------------------------------------------
// JSON Pointer (RFC 6901)
// ---------------------------------------------------------------------------------------------

function parsePointer(ptr) {
  if (ptr === "") return [];
  return ptr.slice(1).split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function pointer(segments) {
  return segments.map((s) => "/" + String(s).replace(/~/g, "~0").replace(/\//g, "~1")).join("");
}

function valueAt(doc, ptr) {
  let v = doc;
  for (const s of parsePointer(ptr)) {
    if (v === null || typeof v !== "object" || !(s in v)) return undefined;
    v = v[s];
  }
  return v;
}

function parentOf(ptr) {
  const segs = parsePointer(ptr);
  return { parent: pointer(segs.slice(0, -1)), key: segs[segs.length - 1] };
}

/** Whether `ptr` is `base` or inside it, segment by segment. */
function within(ptr, base) {
  return base === "" || ptr === base || ptr.startsWith(base + "/");
}

// ---------------------------------------------------------------------------------------------
// The schema: what each node is and which members it has
// ---------------------------------------------------------------------------------------------

function resolve(s) {
  let guard = 0;
  while (s && s.$ref && guard++ < 20) {
    const name = s.$ref.replace("#/$defs/", "");
    s = { ...model.schema.$defs[name], description: s.description ?? model.schema.$defs[name]?.description, $def: name };
  }
  return s ?? {};
}

/** The object alternative of a schema (itself, or the object among its `oneOf`). */
function objectSchema(s) {
  s = resolve(s);
  if (s.properties) return s;
  for (const alt of s.oneOf ?? []) {
    const r = resolve(alt);
    if (r.properties) return r;
  }
  return null;
}

function isArrayOfObjects(s) {
  s = resolve(s);
  if (s.type !== "array" || !s.items) return false;
  const items = resolve(s.items);
  return Boolean(items.properties) && items.type === "object";
}

/** A member shown in the outline rather than the inspector: an array of objects, or an object
 * holding such arrays (a navigation bar, a menu). */
function isStructural(s) {
  if (isArrayOfObjects(s)) return true;
  const o = resolve(s);
  if (!o.properties || o.type !== "object") return false;
  return Object.values(o.properties).some((p) => isArrayOfObjects(p));
}

/** The schema at `ptr`, following properties and items (and `$ref`s); `null` past what it says. */
function schemaAt(ptr) {
  let s = model.schema;
  for (const seg of parsePointer(ptr)) {
    s = resolve(s);
    if (s.type === "array" && s.items) s = s.items;
    else {
      const o = objectSchema(s);
      if (!o || !o.properties?.[seg]) return null;
      s = o.properties[seg];
    }
  }
  return resolve(s);
}

// ---------------------------------------------------------------------------------------------
// Ids: every id of the document, by kind, for pickers and new nodes
// ---------------------------------------------------------------------------------------------

function collectIDs(doc) {
  const out = { all: new Set(), screen: [], modal: [], control: [] };
  const walk = (v, ptr) => {
    if (Array.isArray(v)) { v.forEach((x, i) => walk(x, ptr + "/" + i)); return; }
    if (v === null || typeof v !== "object") return;
    if (typeof v.id === "string") {
      out.all.add(v.id);
      const def = schemaAt(ptr)?.$def;
      if (def === "screen") out.screen.push(v.id);
      else if (def === "modal") out.modal.push(v.id);
      // An image screen's hotspots are its controls: a popover's source may be one. (A variant's
      // `frames` move them by id; a variant has no ids of its own.)
      else if (def === "control" || def === "listItem" || def === "hotspot") out.control.push(v.id);
    }
    for (const [k, x] of Object.entries(v)) walk(x, ptr + "/" + pointer([k]).slice(1));
  };
  walk(doc, "");
  return out;
}

/** An id not yet taken: `base`, else `base-2`, `base-3`… */
function freshID(base, taken = collectIDs(model.doc).all) {
  base = base.toLowerCase().replace(/[^a-z0-9-]+/g, "-").replace(/^-+/, "").slice(0, 56) || "item";
  if (!taken.has(base)) { taken.add(base); return base; }
  for (let i = 2; ; i++) {
    const id = `${base}-${i}`;
    if (!taken.has(id)) { taken.add(id); return id; }
  }
}

/** Which ids a reference member picks from (what UIKit's counterpart points at). */
const REFERENCES = {
  present: ["modal"], push: ["screen"], start: ["screen"], confirmDiscard: ["modal"], source: ["control"],
  preview: ["screen"], context: ["screen", "modal"], modal: ["modal"], screen: ["screen"],
};

function idsFor(member) {
  const ids = collectIDs(model.doc);
  const kinds = REFERENCES[member];
  return kinds ? kinds.flatMap((k) => ids[k]) : [...ids.all];
}

// ---------------------------------------------------------------------------------------------
// The outline
// ---------------------------------------------------------------------------------------------

function kindOf(value, schema) {
  if (schema?.$def === "control") return value.type ?? "button";
  if (schema?.$def === "modal") return value.style;
  return schema?.$def ?? "";
}

function describe(value) {
  for (const k of ["title", "label", "prompt", "text", "placeholder"]) {
    if (typeof value?.[k] === "string" && value[k]) return value[k];
  }
  return "";
}

function treeItem(ptr, level, labelParts, hasChildren) {
  const li = document.createElement("li");
  li.setAttribute("role", "treeitem");
  li.dataset.path = ptr;
  li.setAttribute("aria-level", String(level));
  li.setAttribute("aria-selected", "false");
  li.tabIndex = -1;
  const label = document.createElement("span");
  label.className = "node-label";
  label.id = `node-${++nodeCount}`;
  const [kind, id, text] = labelParts;
  if (kind) {
    const k = document.createElement("span");
    k.className = "node-kind";
    k.textContent = kind;
    label.append(k);
  }
  if (id) {
    const c = document.createElement("code");
    c.className = "node-id";
    c.textContent = id;
    label.append(" ", c);
  }
  if (text) {
    const b = document.createElement("bdi");
    b.className = "node-text";
    b.textContent = text;
    label.append(" ", b);
  }
  li.append(label);
  li.setAttribute("aria-labelledby", label.id);
  if (hasChildren) {
    li.setAttribute("aria-expanded", "true");
    const group = document.createElement("ul");
    group.setAttribute("role", "group");
    li.append(group);
  }
  return li;
}

/** The outline of the object `value` at `ptr` under `li`: its structural members, in the
 * schema's order. */
function addChildren(li, value, schema, ptr, level) {
  const group = li.querySelector(":scope > ul");
  const o = objectSchema(schema);
  if (!o) return;
  for (const [key, ps] of Object.entries(o.properties)) {
    if (!isStructural(ps) || value[key] === undefined) continue;
    const childPtr = ptr + pointer([key]);
    const member = resolve(ps);
    if (isArrayOfObjects(member)) {
      const arr = Array.isArray(value[key]) ? value[key] : [];
      const g = treeItem(childPtr, level + 1, [key, "", ""], arr.length > 0);
      g.dataset.group = "array";
      const items = resolve(member.items);
      arr.forEach((item, i) => {
        const itemPtr = childPtr + "/" + i;
        const structural = Object.entries(items.properties).some(([k, p]) => isStructural(p) && item?.[k] !== undefined);
        const node = treeItem(itemPtr, level + 2, [kindOf(item ?? {}, items), item?.id ?? "", describe(item)], structural);
        node.dataset.index = String(i);
        node.draggable = true;
        if (structural) addChildren(node, item, items, itemPtr, level + 2);
        g.querySelector(":scope > ul").append(node);
      });
      group.append(g);
    } else {
      const node = treeItem(childPtr, level + 1, [key, "", ""], true);
      addChildren(node, value[key] ?? {}, member, childPtr, level + 1);
      if (!node.querySelector(":scope > ul").children.length) {
        node.querySelector(":scope > ul").remove();
        node.removeAttribute("aria-expanded");
      }
      group.append(node);
    }
  }
  if (!group.children.length) {
    group.remove();
    li.removeAttribute("aria-expanded");
  }
}

function renderOutline() {
  const collapsed = new Set([...outline.querySelectorAll('[aria-expanded="false"]')].map((n) => n.dataset.path));
  const hadFocus = outline.contains(document.activeElement);
  outline.replaceChildren();
  nodeCount = 0;
  const doc = model.doc;
  if (doc === null || typeof doc !== "object") return;
  const top = treeItem("", 1, ["prototype", doc.id ?? "", doc.name ?? ""], true);
  addChildren(top, doc, model.schema, "", 1);
  outline.append(top);
  for (const n of outline.querySelectorAll("[aria-expanded]")) {
    if (collapsed.has(n.dataset.path)) n.setAttribute("aria-expanded", "false");
  }
  if (!nodeFor(selected)) selected = nearestNode(selected)?.dataset.path ?? "";
  markSelected(hadFocus);
}

function nodeFor(ptr) {
  return [...outline.querySelectorAll("[role=treeitem]")].find((n) => n.dataset.path === ptr) ?? null;
}

/** The deepest outline node at `ptr` or holding it. */
function nearestNode(ptr) {
  let segs = parsePointer(ptr ?? "");
  while (segs.length) {
    const n = nodeFor(pointer(segs));
    if (n) return n;
    segs = segs.slice(0, -1);
  }
  return nodeFor("");
}

function visibleItems() {
  return [...outline.querySelectorAll("[role=treeitem]")].filter((n) => {
    for (let p = n.parentElement?.closest("[role=treeitem]"); p; p = p.parentElement?.closest("[role=treeitem]")) {
      if (p.getAttribute("aria-expanded") === "false") return false;
    }
    return true;
  });
}

function markSelected(focus) {
  for (const n of outline.querySelectorAll("[role=treeitem]")) {
    const on = n.dataset.path === selected;
    n.setAttribute("aria-selected", String(on));
    n.tabIndex = on ? 0 : -1;
    if (on && focus) n.focus();
  }
  updateCommands();
}

function select(ptr, { focus = false } = {}) {
  selected = ptr;
  // Its ancestors open, so the node can be seen.
  let n = nodeFor(ptr);
  for (let p = n?.parentElement?.closest("[role=treeitem]"); p; p = p.parentElement?.closest("[role=treeitem]")) {
    if (p.getAttribute("aria-expanded") === "false") p.setAttribute("aria-expanded", "true");
  }
  markSelected(focus);
  n?.scrollIntoView({ block: "nearest" });
  renderInspector();
}

outline.addEventListener("click", (ev) => {
  const n = ev.target.closest("[role=treeitem]");
  if (!n) return;
  ev.stopPropagation();
  select(n.dataset.path, { focus: true });
});

outline.addEventListener("keydown", (ev) => {
  const n = ev.target.closest("[role=treeitem]");
  if (!n || ev.ctrlKey || ev.metaKey) return;
  const items = visibleItems();
  const i = items.indexOf(n);
  const go = (m) => { if (m) { ev.preventDefault(); select(m.dataset.path, { focus: true }); } };
  if (ev.altKey && (ev.key === "ArrowUp" || ev.key === "ArrowDown")) {
    ev.preventDefault();
    move(n.dataset.path, ev.key === "ArrowUp" ? -1 : 1);
    return;
  }
  switch (ev.key) {
    case "ArrowDown": go(items[i + 1]); break;
    case "ArrowUp": go(items[i - 1]); break;
    case "Home": go(items[0]); break;
    case "End": go(items[items.length - 1]); break;
    case "ArrowRight":
      if (n.getAttribute("aria-expanded") === "false") { ev.preventDefault(); n.setAttribute("aria-expanded", "true"); }
      else if (n.getAttribute("aria-expanded") === "true") go(n.querySelector("[role=treeitem]"));
      break;
    case "ArrowLeft":
      if (n.getAttribute("aria-expanded") === "true") { ev.preventDefault(); n.setAttribute("aria-expanded", "false"); }
      else go(n.parentElement?.closest("[role=treeitem]"));
      break;
    case "Enter": case "F2": {
      ev.preventDefault();
      inspector.querySelector("input, select, textarea, button")?.focus();
      break;
    }
    case "Delete": case "Backspace":
      ev.preventDefault();
      remove(n.dataset.path);
      break;
  }
});

// Drag to reorder, within one array.
let dragged = null;
outline.addEventListener("dragstart", (ev) => {
  const n = ev.target.closest?.("[role=treeitem][data-index]");
  if (!n) return;
  dragged = n.dataset.path;
  ev.dataTransfer.effectAllowed = "move";
  ev.dataTransfer.setData("text/plain", dragged);
});
outline.addEventListener("dragover", (ev) => {
  const n = ev.target.closest?.("[role=treeitem][data-index]");
  if (!n || !dragged || parentOf(n.dataset.path).parent !== parentOf(dragged).parent) return;
  ev.preventDefault();
  ev.dataTransfer.dropEffect = "move";
});
outline.addEventListener("drop", (ev) => {
  const n = ev.target.closest?.("[role=treeitem][data-index]");
  if (!n || !dragged) return;
  ev.preventDefault();
  const from = parentOf(dragged), to = parentOf(n.dataset.path);
  if (from.parent === to.parent && from.key !== to.key) moveTo(dragged, Number(to.key));
  dragged = null;
});
outline.addEventListener("dragend", () => { dragged = null; });

// ---------------------------------------------------------------------------------------------
// The inspector
// ---------------------------------------------------------------------------------------------

const UNITS = { height: "pt", width: "pt", timeLimitSeconds: "s" };
const LONG_TEXT = new Set(["text", "message", "description", "prompt", "rationale"]);

function unitOf(key, s) {
  if (/in points/i.test(s.description ?? "")) return "pt";
  if (/in pixels/i.test(s.description ?? "")) return "px";
  if (/^seconds/i.test(s.description ?? "")) return "s";
  return UNITS[key] ?? "";
}

let fieldCount = 0;

function renderInspector() {
  const keepFocus = inspector.contains(document.activeElement) ? document.activeElement.dataset.field : null;
  inspector.replaceChildren();
  const value = valueAt(model.doc, selected);
  const s = schemaAt(selected);
  const node = nodeFor(selected);
  const heading = document.createElement("h3");
  heading.className = "inspector-node";
  heading.dataset.inspecting = selected;
  // The node's label as the outline has it: the prototype's own text isolated in its <bdi>.
  const label = node?.querySelector(".node-label");
  if (label) heading.append(...label.cloneNode(true).childNodes);
  else heading.textContent = selected;
  inspector.append(heading);
  const path = document.createElement("code");
  path.className = "inspector-path";
  path.textContent = selected || "/";
  inspector.append(path);
  inspector.append(findingsFor(selected, { exact: true }));
  const o = s && objectSchema(s);
  if (o && value && typeof value === "object" && !Array.isArray(value)) {
    const required = new Set(o.required ?? []);
    for (const [key, ps] of Object.entries(o.properties)) {
      if (isStructural(ps) || key === "$schema") continue;
      inspector.append(field(selected, key, resolve(ps), value[key], required.has(key)));
    }
  }
  if (keepFocus) inspector.querySelector(`[data-field="${CSS.escape(keepFocus)}"]`)?.focus();
}

/** Findings whose pointer is `ptr` (exact) or inside it, as a list (empty: nothing shown). */
function findingsFor(ptr, { exact = false } = {}) {
  const ul = document.createElement("ul");
  ul.className = "node-findings-list";
  for (const d of allFindings()) {
    const p = d.pointer ?? "";
    const here = exact ? nearestNode(p)?.dataset.path === ptr && !fieldOfFinding(p, ptr) : within(p, ptr);
    if (here) ul.append(findingItem(d));
  }
  return ul;
}

/** The member of the node at `node` that the finding at `p` is about, if it is a field. */
function fieldOfFinding(p, node) {
  if (!p.startsWith(node + "/")) return null;
  const key = parsePointer(p.slice(node.length))[0];
  const o = objectSchema(schemaAt(node) ?? {});
  return o?.properties?.[key] && !isStructural(o.properties[key]) ? key : null;
}

function findingItem(d) {
  const li = document.createElement("li");
  li.className = `finding severity-${d.severity}`;
  li.dataset.finding = "";
  li.dataset.rule = d.rule ?? "";
  li.dataset.pointer = d.pointer ?? "";
  const sev = document.createElement("span");
  sev.className = "badge";
  sev.textContent = d.severity;
  const rule = document.createElement("a");
  rule.className = "finding-rule";
  rule.href = `/rules#${encodeURIComponent(d.rule ?? "")}`;
  rule.textContent = d.rule ?? "";
  // A message quotes the prototype's own text: isolated, as the player's findings are.
  const msg = document.createElement("bdi");
  msg.className = "finding-message";
  msg.textContent = d.message ?? "";
  li.append(sev, " ", rule, " ");
  if (d.name) {
    const name = document.createElement("strong");
    name.className = "finding-name";
    name.textContent = d.name;
    li.append(name, " ");
  }
  li.append(msg);
  if (d.unsaved) li.dataset.unsaved = "";
  return li;
}

function allFindings() {
  return model.refused?.diagnostics?.length ? [...model.refused.diagnostics.map((d) => ({ ...d, unsaved: true })), ...model.diagnostics] : model.diagnostics;
}

function field(nodePtr, key, s, value, required, commitOverride) {
  const wrap = document.createElement("div");
  wrap.className = "field";
  const id = `field-${++fieldCount}`;
  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = key;
  const doc = document.createElement("p");
  doc.className = "field-doc";
  doc.id = `${id}-doc`;
  doc.lang = "en";
  // The member's line in docs/format.md, else the schema's description.
  doc.textContent = model.docs?.[schemaAt(nodePtr)?.$def ?? "document"]?.[key] ?? s.description ?? "";
  const ptr = nodePtr + pointer([key]);
  const control = editorFor(ptr, key, s, value, required, id, commitOverride);
  control.dataset.field = key;
  control.dataset.pointer = ptr;
  control.setAttribute("aria-describedby", `${id}-doc ${id}-findings`);
  const findings = findingsFor(ptr);
  findings.id = `${id}-findings`;
  if (findings.children.length) control.setAttribute("aria-invalid", String(allFindings().some((d) => within(d.pointer ?? "", ptr) && d.severity === "error")));
  const unit = unitOf(key, s);
  wrap.append(label, control);
  if (unit) {
    const u = document.createElement("span");
    u.className = "unit";
    u.textContent = unit;
    wrap.append(u);
  }
  if (doc.textContent) wrap.append(doc);
  wrap.append(findings);
  if (control.tagName === "FIELDSET") label.remove();
  return wrap;
}

function option(value, text, selectedValue) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  if (value === selectedValue) o.selected = true;
  return o;
}

/** The control that edits member `key` (schema `s`) at `ptr`: a pop-up menu for an enum and an
 * id reference, a switch for a boolean, a number field with its unit, checkboxes for a list of
 * choices, a text field (one a line for a list of strings), else the member as JSON. */
function editorFor(ptr, key, s, value, required, id, commitOverride) {
  const commit = commitOverride ?? ((v) => change(ptr, v));
  // A constant (the format's version): shown, not edited.
  if (s.const !== undefined) {
    const out = document.createElement("output");
    out.id = id;
    out.textContent = JSON.stringify(s.const);
    return out;
  }
  // An action: one menu of the simple actions and of every modal to present and screen to push.
  const alts = (s.oneOf ?? []).map(resolve);
  const idAlts = alts.filter((a) => a.properties && (a.required ?? []).length === 1);
  if (alts.some((a) => a.enum) && idAlts.length) {
    const sel = document.createElement("select");
    sel.id = id;
    const current = typeof value === "string" ? value
      : value && typeof value === "object" ? `${Object.keys(value)[0]}:${Object.values(value)[0]}` : "";
    sel.append(option("", t("editorNone"), current));
    for (const a of alts.filter((a) => a.enum)) for (const e of a.enum) sel.append(option(e, e, current));
    for (const a of idAlts) {
      const member = a.required[0];
      const ids = idsFor(member);
      if (typeof value?.[member] === "string" && !ids.includes(value[member])) ids.push(value[member]);
      for (const i of ids) {
        const text = member === "push" ? t("editorPush", { id: i }) : member === "present" ? t("editorPresent", { id: i }) : `${member} ${i}`;
        sel.append(option(`${member}:${i}`, text, current));
      }
    }
    sel.addEventListener("change", () => {
      const v = sel.value;
      if (v === "") commit(undefined);
      else if (!v.includes(":")) commit(v);
      else { const [m, i] = [v.slice(0, v.indexOf(":")), v.slice(v.indexOf(":") + 1)]; commit({ [m]: i }); }
    });
    return sel;
  }
  // An enum: a pop-up menu.
  if (s.enum) {
    const sel = document.createElement("select");
    sel.id = id;
    if (!required || value === undefined) sel.append(option("", t("editorNone"), value ?? ""));
    for (const e of s.enum) sel.append(option(String(e), String(e), value === undefined ? "" : String(value)));
    sel.addEventListener("change", () => commit(sel.value === "" ? undefined : sel.value));
    return sel;
  }
  // A boolean (or a value that is one now): a switch.
  if (s.type === "boolean" || (Array.isArray(s.type) && typeof value === "boolean")) {
    const box = document.createElement("input");
    box.type = "checkbox";
    box.setAttribute("role", "switch");
    box.id = id;
    box.checked = value === true;
    box.addEventListener("change", () => commit(box.checked));
    return box;
  }
  // A number, with its unit.
  if (s.type === "number" || s.type === "integer") {
    const input = document.createElement("input");
    input.type = "number";
    input.id = id;
    input.step = s.type === "integer" ? "1" : "any";
    if (typeof value === "number") input.value = String(value);
    input.addEventListener("change", () => commit(input.value === "" ? undefined : Number(input.value)));
    return input;
  }
  // A list of choices (devices, detents, arrow directions): a checkbox for each.
  const choiceItems = s.type === "array" ? resolve(s.items) : alts.find((a) => a.type === "array") ? resolve(alts.find((a) => a.type === "array").items) : null;
  const choices = choiceItems && (choiceItems.enum ?? (choiceItems.oneOf ?? []).map(resolve).find((a) => a.enum)?.enum);
  if (choices) {
    const set = document.createElement("fieldset");
    set.id = id;
    const legend = document.createElement("legend");
    legend.textContent = key;
    set.append(legend);
    const list = Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
    for (const c of choices) {
      const l = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.dataset.value = c;
      box.checked = list.includes(c);
      l.append(box, " ", c);
      set.append(l);
    }
    set.addEventListener("change", () => {
      const on = [...set.querySelectorAll("input[data-value]")].filter((b) => b.checked).map((b) => b.dataset.value);
      // Members that are not choices (a custom detent) stay, after the chosen ones.
      const others = list.filter((x) => !choices.includes(x));
      const next = [...on, ...others];
      commit(next.length || required ? next : undefined);
    });
    return set;
  }
  // A list of strings: one a line.
  if (s.type === "array" && resolve(s.items).type === "string") {
    const area = document.createElement("textarea");
    area.id = id;
    area.rows = 3;
    area.placeholder = t("editorOnePerLine");
    area.value = Array.isArray(value) ? value.join("\n") : "";
    area.addEventListener("change", () => {
      const lines = area.value.split("\n").map((x) => x.trim()).filter(Boolean);
      commit(lines.length ? lines : undefined);
    });
    return area;
  }
  // An object of plain members (a size, a task's success): its members, inside.
  const o = objectSchema(s);
  if (o && !s.oneOf && Object.keys(o.properties).length) {
    const set = document.createElement("fieldset");
    set.id = id;
    const legend = document.createElement("legend");
    legend.textContent = key;
    set.append(legend);
    const req = new Set(o.required ?? []);
    for (const [k, ps] of Object.entries(o.properties)) {
      // An object of exactly one member (a task's success: a screen, a modal or a dismissal)
      // takes the member chosen in place of the one it had.
      const one = o.maxProperties === 1
        ? (v) => change(ptr, v === undefined ? undefined : { [k]: v })
        : undefined;
      set.append(field(ptr, k, resolve(ps), value?.[k], req.has(k), one));
    }
    return set;
  }
  // An id reference: a pop-up menu of the ids it may name.
  const idPattern = s.pattern === "^[a-z0-9][a-z0-9-]{0,63}$";
  if (idPattern && key !== "id") {
    const sel = document.createElement("select");
    sel.id = id;
    const ids = idsFor(key);
    if (typeof value === "string" && !ids.includes(value)) ids.push(value);
    sel.append(option("", t("editorNone"), value ?? ""));
    for (const i of ids) sel.append(option(i, i, value ?? ""));
    sel.addEventListener("change", () => commit(sel.value === "" ? undefined : sel.value));
    return sel;
  }
  // Text (or a value that may be text, a number or a switch: typed as text).
  // (A member in its object form — a screen's image with its dark variant — is edited as JSON.)
  if ((s.type === "string" || Array.isArray(s.type) || s.oneOf) && (value === null || typeof value !== "object")) {
    const long = LONG_TEXT.has(key);
    const input = document.createElement(long ? "textarea" : "input");
    if (!long) input.type = "text";
    else input.rows = 2;
    input.id = id;
    input.spellcheck = key !== "id";
    if (value !== undefined) input.value = String(value);
    input.addEventListener("change", () => {
      const text = input.value;
      if (text === "") { commit(required ? "" : undefined); return; }
      const types = Array.isArray(s.type) ? s.type : [s.type ?? "string"];
      const numeric = (s.oneOf ?? []).some((a) => a.type === "number") && !(s.oneOf ?? []).some((a) => a.type === "string");
      // A member that also takes an object (a screen's image: a name, or its object form with
      // `dark` and `variants`) takes one typed as JSON here.
      const takesObject = (s.oneOf ?? []).some((a) => resolve(a).type === "object");
      if (takesObject && text.trimStart().startsWith("{")) {
        try { commit(JSON.parse(text)); } catch (e) { showError(String(e.message ?? e), ptr); input.setAttribute("aria-invalid", "true"); }
      } else if (types.includes("boolean") && (text === "true" || text === "false")) commit(text === "true");
      else if ((types.includes("integer") || numeric) && /^-?\d+$/.test(text)) commit(Number(text));
      else commit(text);
    });
    return input;
  }
  // Anything else: the member as JSON.
  const area = document.createElement("textarea");
  area.id = id;
  area.rows = 3;
  area.className = "json";
  area.spellcheck = false;
  area.value = value === undefined ? "" : JSON.stringify(value, null, 2);
  area.addEventListener("change", () => {
    if (area.value.trim() === "") { commit(undefined); return; }
    try { commit(JSON.parse(area.value)); } catch (e) { showError(String(e.message ?? e), ptr); area.setAttribute("aria-invalid", "true"); }
  });
  return area;
}

// ---------------------------------------------------------------------------------------------
// Changes: patches, their inverses, undo and redo
// ---------------------------------------------------------------------------------------------

/** Which kinds of ids share one namespace (docs/format.md: screens and modals share theirs;
 * controls, list rows, menu items, hotspots and buttons of alerts theirs), by the schema's `$defs`. */
const NAMESPACES = {
  screen: "place", modal: "place",
  control: "control", listItem: "control", menuElement: "control", hotspot: "control", alertAction: "control",
};

/** The members that name an id of each namespace: the reference pickers' table (`REFERENCES`),
 * with the lists whose items are ids (a modal's `passthrough`, a task's `expectedPath`). */
const REFERS_TO = {
  place: new Set(["start", "present", "push", "confirmDiscard", "context", "preview", "screen", "modal"]),
  control: new Set(["source", "passthrough", "expectedPath"]),
};

/** The patch that renames the node at `nodePtr` from `from` to `to`: its `id`, and every member
 * that names it (a present or push target, the start screen, a popover's source, a task's start,
 * success and expectedPath…), each a `replace`; and its inverse. One change, undone as one. */
function renameOps(nodePtr, from, to) {
  const space = NAMESPACES[schemaAt(nodePtr)?.$def];
  const forward = [{ op: "replace", path: nodePtr + "/id", value: to }];
  const inverse = [{ op: "replace", path: nodePtr + "/id", value: from }];
  if (!space) return { forward, inverse, references: 0 };
  const members = REFERS_TO[space];
  const walk = (v, ptr, key) => {
    if (typeof v === "string") {
      if (v === from && key !== undefined && members.has(key) && ptr !== nodePtr + "/id") {
        forward.push({ op: "replace", path: ptr, value: to });
        inverse.push({ op: "replace", path: ptr, value: from });
      }
      return;
    }
    if (Array.isArray(v)) { v.forEach((x, i) => walk(x, ptr + "/" + i, key)); return; }
    if (v === null || typeof v !== "object") return;
    for (const [k, x] of Object.entries(v)) walk(x, ptr + pointer([k]), k);
  };
  walk(model.doc, "", undefined);
  return { forward, inverse, references: forward.length - 1 };
}

/** Sets the member at `ptr` to `next` (`undefined` removes it), creating the objects around it.
 * A screen's, modal's or control's new `id` renames it: every reference follows, in one patch. */
function change(ptr, next) {
  const old = valueAt(model.doc, ptr);
  if (JSON.stringify(old) === JSON.stringify(next)) return;
  const { parent, key } = parentOf(ptr);
  if (key === "id" && parent !== "" && typeof old === "string" && typeof next === "string" && next !== "") {
    const r = renameOps(parent, old, next);
    const message = r.references ? t("editorRenamed", { from: old, to: next, count: r.references }) : undefined;
    apply(r.forward, r.inverse, ptr, message, ptr);
    return;
  }
  let forward, inverse;
  if (next === undefined) {
    forward = [{ op: "remove", path: ptr }];
    inverse = [{ op: "add", path: ptr, value: old }];
  } else if (old !== undefined) {
    forward = [{ op: "replace", path: ptr, value: next }];
    inverse = [{ op: "replace", path: ptr, value: old }];
  } else {
    // The nearest existing object takes the new member, wrapped in the objects missing between.
    let segs = parsePointer(ptr);
    let value = next;
    while (segs.length > 1 && valueAt(model.doc, pointer(segs.slice(0, -1))) === undefined) {
      value = { [segs[segs.length - 1]]: value };
      segs = segs.slice(0, -1);
    }
    const at = pointer(segs);
    forward = [{ op: "add", path: at, value }];
    inverse = [{ op: "remove", path: at }];
  }
  apply(forward, inverse, ptr, undefined, ptr);
}

/** Sends a new change (`forward`, undone by `inverse`). Unless `strict` is false, the server
 * saves it only if it makes no new flow UIKit refuses (`Prefer: handling=strict`); a refused one
 * is shown with its rule, nothing written, to be discarded or saved anyway. */
function apply(forward, inverse, focusPath, message, editPath, { strict = true } = {}) {
  const step = { forward, inverse, focusPath };
  return send(forward, { focusPath, message, editPath, strict, step }).then((ok) => {
    if (ok) {
      undoStack.push(step);
      redoStack.length = 0;
      updateCommands();
    }
    return ok;
  });
}

/** The refused change, saved as it is (a work in progress may break a rule). */
function saveAnyway() {
  const pending = model.refused?.step;
  if (!pending) return;
  apply(pending.forward, pending.inverse, pending.focusPath, undefined, model.refused.editPath, { strict: false });
}

/** The refused change, dropped: the fields go back to what is saved. */
function discard() {
  if (!model.refused) return;
  model.refused = null;
  hideError();
  render();
  setStatus(t("editorUndone"));
}

function undo() {
  if (model.refused) {
    // An edit the server refused was never saved: undoing it puts the field back.
    discard();
    return;
  }
  const step = undoStack.pop();
  if (!step) { setStatus(t("editorNothingToUndo")); return; }
  send(step.inverse, { focusPath: step.focusPath, message: t("editorUndone") }).then((ok) => {
    if (ok) redoStack.push(step);
    else undoStack.push(step);
    updateCommands();
  });
}

function redo() {
  const step = redoStack.pop();
  if (!step) { setStatus(t("editorNothingToRedo")); return; }
  send(step.forward, { focusPath: step.focusPath, message: t("editorRedone") }).then((ok) => {
    if (ok) undoStack.push(step);
    else redoStack.push(step);
    updateCommands();
  });
}

/** One PATCH of `ops` against the version held; `strict` asks the server to refuse a new flow
 * UIKit refuses (RFC 7240's `handling=strict`) rather than save it. */
async function patchOnce(ops, strict) {
  const headers = { "Content-Type": "application/json-patch+json", "If-Match": model.etag, Accept: "application/json" };
  if (strict) headers.Prefer = "handling=strict";
  const answer = await fetch(`/api/prototypes/${encodeURIComponent(prototypeID)}?lang=${encodeURIComponent(lang)}`, {
    method: "PATCH", headers, body: JSON.stringify(ops), credentials: "same-origin",
  });
  return { answer, body: await answer.json().catch(() => ({})) };
}

/** Sends a patch with If-Match, one at a time; true when it was saved. When the file changed
 * meanwhile (412), the page reads it in and sends the same change again on it, once; a change
 * that no longer applies is kept where it was typed, with why. */
function send(ops, { focusPath, message, editPath, strict = false, step } = {}) {
  const run = async () => {
    setStatus(t("editorSaving"));
    root.dataset.busy = "true";
    let answer, body, replayed = false;
    try {
      ({ answer, body } = await patchOnce(ops, strict));
      if (answer.status === 412) {
        // Read in without redrawing: the field typed in keeps the designer's text meanwhile.
        await load({ draw: false });
        replayed = true;
        root.dataset.conflicts = String(Number(root.dataset.conflicts ?? 0) + 1);
        ({ answer, body } = await patchOnce(ops, strict));
      }
    } catch (error) {
      showError(t("requestFailed", { error: String(error) }));
      return false;
    } finally {
      root.dataset.busy = "false";
    }
    if (answer.ok && replayed) message = t("editorReplayed");
    if (answer.ok) {
      model.refused = null;
      hideError();
      take(body);
      if (focusPath !== undefined) {
        // The node changed, or the one that holds a removed member.
        const n = nearestNode(focusPath);
        if (n && n.dataset.path !== selected && !within(selected, n.dataset.path)) selected = n.dataset.path;
      }
      render();
      refreshHistory();
      setStatus(message ?? t("editorSaved"));
      root.dataset.saves = String(Number(root.dataset.saves ?? 0) + 1);
      return true;
    }
    // 422 (and other refusals, a second 412): nothing saved; the edit stays where it was typed,
    // and the change is kept to be saved anyway or discarded.
    model.refused = body;
    model.refused.editPath = editPath;
    model.refused.step = step ?? { forward: ops, inverse: [], focusPath };
    const path = body.path ?? body.diagnostics?.[0]?.pointer ?? body.diagnostics?.[0]?.path ?? "";
    const detail = body.detail ?? body.title ?? `${answer.status}`;
    if (replayed) {
      // The page holds the new version now: drawn, with the typed value put back in its field.
      render();
      const typed = ops.find((op) => op.path === editPath && "value" in op);
      const control = editPath !== undefined && [...inspector.querySelectorAll("[data-pointer]")].find((c) => c.dataset.pointer === editPath);
      if (typed && control && "value" in control && typeof typed.value !== "object") control.value = String(typed.value);
    }
    if (Array.isArray(body.refusals) && body.refusals.length) {
      showRefusal(body.refusals);
    } else {
      showError(t(replayed ? "editorConflictKept" : "editorRefused", { detail }), path, body.diagnostics);
    }
    renderFindings();
    markFields();
    setStatus("");
    return false;
  };
  const next = queue.then(run, run);
  queue = next.catch(() => false);
  return next;
}

/** After a refusal: the fields it names are marked, their values kept. */
function markFields() {
  for (const d of model.refused?.diagnostics ?? []) {
    const key = fieldOfFinding(d.pointer ?? "", selected);
    const control = key && inspector.querySelector(`[data-field="${CSS.escape(key)}"]`);
    if (control) {
      control.setAttribute("aria-invalid", "true");
      control.closest(".field")?.querySelector(".node-findings-list")?.append(findingItem({ ...d, unsaved: true }));
    }
  }
  // The field the refused edit was typed in keeps its text, marked; a refusal (a flow UIKit
  // refuses) sits on that field and on its node's list at the inspector's top.
  const edited = model.refused?.editPath;
  for (const c of inspector.querySelectorAll("[data-pointer]")) {
    if (edited === undefined || c.dataset.pointer !== edited) continue;
    c.setAttribute("aria-invalid", "true");
    const list = c.closest(".field")?.querySelector(".node-findings-list");
    for (const d of model.refused?.refusals ?? []) list?.append(findingItem({ ...d, unsaved: true }));
  }
  for (const d of model.refused?.refusals ?? []) {
    if (nearestNode(d.pointer ?? "")?.dataset.path === selected && !fieldOfFinding(d.pointer ?? "", selected)) {
      inspector.querySelector(":scope > .node-findings-list")?.append(findingItem({ ...d, unsaved: true }));
    }
  }
  const p = model.refused?.path;
  if (p !== undefined && !model.refused?.diagnostics) {
    const key = fieldOfFinding(p, selected);
    inspector.querySelector(`[data-field="${CSS.escape(key ?? "")}"]`)?.setAttribute("aria-invalid", "true");
  }
  outline.querySelectorAll(".node-badge").forEach((b) => b.remove());
  badgeNodes();
}

function take(body) {
  model.doc = body.definition ?? null;
  model.etag = body.etag ?? model.etag;
  model.diagnostics = body.diagnostics ?? [];
}

/** Reads the document; with `ifChanged`, only when its tag is no longer the one held (304). */
async function load({ ifChanged = false, draw = true } = {}) {
  const headers = { Accept: "application/json" };
  if (ifChanged && model.etag) headers["If-None-Match"] = model.etag;
  const answer = await fetch(`/api/prototypes/${encodeURIComponent(prototypeID)}?lang=${encodeURIComponent(lang)}`, {
    headers, credentials: "same-origin", cache: "no-store",
  });
  if (answer.status === 304) return false;
  const body = await answer.json().catch(() => ({}));
  if (!answer.ok) throw new Error(body.detail ?? answer.statusText);
  take(body);
  if (draw) render();
  return true;
}

function render() {
  renderOutline();
  renderInspector();
  renderFindings();
  updateCommands();
  root.dispatchEvent(new CustomEvent("editor-render"));
}

function badgeNodes() {
  const counts = new Map();
  for (const d of allFindings()) {
    const n = nearestNode(d.pointer ?? "");
    if (!n) continue;
    const c = counts.get(n) ?? { n: 0, worst: "info", messages: [] };
    c.n++;
    if (d.severity === "error" || (d.severity === "warning" && c.worst === "info")) c.worst = d.severity;
    c.messages.push(`${d.rule}: ${d.message}`);
    counts.set(n, c);
  }
  for (const [n, c] of counts) {
    const b = document.createElement("span");
    b.className = `node-badge severity-${c.worst}`;
    b.id = `${n.querySelector(".node-label").id}-findings`;
    b.textContent = String(c.n);
    b.title = c.messages.join("\n");
    b.dataset.findings = String(c.n);
    n.querySelector(".node-label").after(b);
    n.setAttribute("aria-describedby", b.id);
    const hidden = document.createElement("bdi");
    hidden.className = "visually-hidden";
    hidden.textContent = c.messages.join("; ");
    b.append(hidden);
  }
}

function renderFindings() {
  findingsList.replaceChildren();
  const list = allFindings();
  for (const d of list) {
    const li = findingItem(d);
    const go = document.createElement("button");
    go.type = "button";
    go.className = "finding-go";
    go.textContent = d.path ?? d.pointer ?? "$";
    go.addEventListener("click", () => select(nearestNode(d.pointer ?? "")?.dataset.path ?? "", { focus: true }));
    li.append(" ", go);
    findingsList.append(li);
  }
  if (!list.length) {
    const li = document.createElement("li");
    li.className = "finding none";
    li.textContent = t("findingsNone");
    findingsList.append(li);
  }
  root.dataset.findings = String(list.length);
  root.dataset.errors = String(list.filter((d) => d.severity === "error").length);
  outline.querySelectorAll(".node-badge").forEach((b) => b.remove());
  badgeNodes();
}

function setStatus(text) {
  statusLine.textContent = text;
}

function showError(text, path, diagnostics) {
  errorBox.hidden = false;
  errorBox.replaceChildren();
  const p = document.createElement("p");
  const words = document.createElement("bdi");
  words.textContent = text;
  p.append(words);
  errorBox.append(p);
  if (path) {
    const at = document.createElement("p");
    const code = document.createElement("code");
    code.dataset.errorPath = path;
    code.textContent = path;
    at.append(t("editorAtPath", { path: "" }).trim(), " ", code);
    errorBox.append(at);
  }
  if (diagnostics?.length) {
    const ul = document.createElement("ul");
    for (const d of diagnostics) ul.append(findingItem(d));
    errorBox.append(ul);
  }
}

function hideError() {
  errorBox.hidden = true;
  errorBox.replaceChildren();
  refusalBox.hidden = true;
  refusalBox.querySelector("[data-refusal-list]").replaceChildren();
}

/** A change refused before saving: each new finding with its rule's id, name and message (the
 * panel's words and buttons are the template's). */
function showRefusal(refusals) {
  errorBox.hidden = true;
  errorBox.replaceChildren();
  const list = refusalBox.querySelector("[data-refusal-list]");
  list.replaceChildren(...refusals.map((d) => findingItem({ ...d, unsaved: true })));
  refusalBox.hidden = false;
  refusalBox.querySelector('[data-command="discard"]').focus({ preventScroll: true });
}

// ---------------------------------------------------------------------------------------------
// Structure: add, duplicate, delete, move
// ---------------------------------------------------------------------------------------------

function arrayElement(ptr) {
  const { parent, key } = parentOf(ptr);
  const arr = valueAt(model.doc, parent);
  return Array.isArray(arr) && /^\d+$/.test(key ?? "") ? { array: parent, index: Number(key), list: arr } : null;
}

function remove(ptr) {
  if (ptr === "") return;
  const old = valueAt(model.doc, ptr);
  if (old === undefined) return;
  const el = arrayElement(ptr);
  const after = el ? (el.list.length > 1 ? pointer([...parsePointer(el.array), Math.max(0, el.index - (el.index === el.list.length - 1 ? 1 : 0))]) : el.array) : parentOf(ptr).parent;
  apply([{ op: "remove", path: ptr }], [{ op: "add", path: ptr, value: old }], after, t("editorDeleted")).then((ok) => {
    if (ok) select(nearestNode(after)?.dataset.path ?? "", { focus: true });
  });
}

function withFreshIDs(value, taken) {
  if (Array.isArray(value)) return value.map((v) => withFreshIDs(v, taken));
  if (value === null || typeof value !== "object") return value;
  const out = {};
  for (const [k, v] of Object.entries(value)) out[k] = k === "id" && typeof v === "string" ? freshID(v.replace(/-\d+$/, ""), taken) : withFreshIDs(v, taken);
  return out;
}

function duplicate(ptr) {
  const el = arrayElement(ptr);
  if (!el) return;
  const copy = withFreshIDs(el.list[el.index], collectIDs(model.doc).all);
  const at = pointer([...parsePointer(el.array), el.index + 1]);
  apply([{ op: "add", path: at, value: copy }], [{ op: "remove", path: at }], at).then((ok) => {
    if (ok) select(at, { focus: true });
  });
}

function move(ptr, by) {
  const el = arrayElement(ptr);
  if (!el) return;
  moveTo(ptr, el.index + by);
}

function moveTo(ptr, index) {
  const el = arrayElement(ptr);
  if (!el || index < 0 || index >= el.list.length || index === el.index) return;
  const to = pointer([...parsePointer(el.array), index]);
  apply([{ op: "move", from: ptr, path: to }], [{ op: "move", from: to, path: ptr }], to, t("editorMoved")).then((ok) => {
    if (ok) select(to, { focus: true });
  });
}

/** The node the new `kind` goes into, and the member to add: a JSON Patch `add`. */
function placeFor(kind, group) {
  const doc = model.doc;
  const ids = collectIDs(doc).all;
  const controlTypes = resolve(model.schema.$defs.control).properties.type.enum;
  const segs = parsePointer(selected);
  const defAt = (s) => schemaAt(pointer(s))?.$def;
  const appendTo = (arrayPtr, value) => valueAt(doc, arrayPtr) === undefined
    ? { path: arrayPtr, value: [value], select: arrayPtr + "/0" }
    : { path: arrayPtr + "/-", value, select: `${arrayPtr}/${valueAt(doc, arrayPtr).length}` };
  const insertAfter = (ptr, value) => {
    const el = arrayElement(ptr);
    const at = pointer([...parsePointer(el.array), el.index + 1]);
    return { path: at, value, select: at };
  };
  if (group === "modals") {
    const value = newModal(kind, ids);
    const inModals = segs[0] === "modals" && segs.length >= 2 ? pointer(segs.slice(0, 2)) : null;
    return inModals ? insertAfter(inModals, value) : appendTo("/modals", value);
  }
  if (kind === "screen") {
    const value = { id: freshID("screen", ids), title: "Screen" };
    return segs[0] === "modals" && segs.length >= 2 ? appendTo(pointer(segs.slice(0, 2)) + "/screens", value) : appendTo("/screens", value);
  }
  if (kind === "task") {
    const start = doc.start ?? doc.screens?.[0]?.id ?? "home";
    return appendTo("/tasks", { id: freshID("task", ids), prompt: "Task", success: { screen: start } });
  }
  if (kind === "menu") {
    // Into the nearest menu, else onto the nearest control.
    for (let n = segs.length; n >= 0; n--) {
      const here = segs.slice(0, n);
      const def = defAt(here);
      if (def === "menu" || def === "menuElement") {
        const item = { id: freshID("item", ids), title: "Item" };
        return appendTo(pointer(here) + "/children", item);
      }
      if (def === "control" || def === "listItem") {
        const ptr = pointer(here);
        const value = { children: [{ id: freshID("item", ids), title: "Item" }] };
        if (valueAt(doc, ptr + "/menu") === undefined) return { path: ptr + "/menu", value, select: ptr + "/menu" };
        return appendTo(ptr + "/menu/children", value.children[0]);
      }
    }
    return null;
  }
  if (controlTypes.includes(kind)) {
    for (let n = segs.length; n >= 0; n--) {
      const here = segs.slice(0, n);
      const ptr = pointer(here);
      const def = defAt(here);
      const v = valueAt(doc, ptr);
      // An alert's or action sheet's buttons are its actions.
      if (def === "modal" && (v?.style === "alert" || v?.style === "actionSheet") && kind === "button") {
        return appendTo(ptr + "/actions", { title: "Button" });
      }
      if (def === "alertAction" && kind === "button") return insertAfter(ptr, { title: "Button" });
      if (def === "control" && arrayElement(ptr)) return insertAfter(ptr, newControl(kind, ids));
      if (Array.isArray(v) && isArrayOfObjects(schemaAt(ptr) ?? {}) && resolve(schemaAt(ptr).items).$def === "control") {
        return appendTo(ptr, newControl(kind, ids));
      }
      if (def === "navigationBar") return appendTo(ptr + "/trailing", newControl(kind, ids));
      if (def === "screen" || (def === "modal" && !["alert", "actionSheet", "activity"].includes(v?.style))) {
        return appendTo(ptr + "/content", newControl(kind, ids));
      }
    }
    const start = Math.max(0, (doc.screens ?? []).findIndex((s) => s.id === doc.start));
    return appendTo(`/screens/${start}/content`, newControl(kind, ids));
  }
  return null;
}

function newControl(type, ids) {
  const c = { type, id: freshID(type, ids) };
  switch (type) {
    case "button": c.title = "Button"; break;
    case "textField": c.label = "Field"; break;
    case "textArea": c.placeholder = "Text"; break;
    case "toggle": c.label = "Toggle"; break;
    case "list": c.items = [{ id: freshID("row", ids), title: "Row" }]; break;
    case "text": c.text = "Text"; break;
    case "image": c.label = "Image"; c.height = 120; break;
    case "segmented": c.segments = ["One", "Two"]; c.value = 0; break;
  }
  return c;
}

/** A new modal of `style`: an alert with one button, an action sheet with an action and Cancel,
 * an activity view that copies; any other style titled, with Cancel and Done in its bar (a sheet
 * needs a button that dismisses it, and Done an alternative: modal.dismiss-button-required,
 * sheet.done-needs-alternative). */
function newModal(style, ids) {
  const id = freshID(style.replace(/([A-Z])/g, "-$1").toLowerCase(), ids);
  const m = { id, style };
  switch (style) {
    case "alert": m.title = "Title"; m.actions = [{ title: "OK" }]; break;
    case "actionSheet": m.actions = [{ title: "Action" }, { title: "Cancel", role: "cancel" }]; break;
    case "activity": m.activities = ["copy"]; break;
    default:
      m.title = "Title";
      m.navigationBar = {
        leading: [{ id: freshID(`${id}-cancel`, ids), title: "Cancel", role: "cancel", action: "dismiss" }],
        trailing: [{ id: freshID(`${id}-done`, ids), title: "Done", role: "done", action: "dismiss" }],
      };
  }
  return m;
}

function add(kind, group) {
  if (!model.doc) return;
  const place = placeFor(kind, group);
  if (!place) { showError(t("editorCannotAdd", { kind })); return; }
  const inverse = place.path.endsWith("/-")
    ? [{ op: "remove", path: place.select }]
    : [{ op: "remove", path: place.path }];
  // A new node is a skeleton to fill in (a popover before its source is picked): added as it
  // is, its findings shown on it; the refusal comes with the edit that makes the flow.
  apply([{ op: "add", path: place.path, value: place.value }], inverse, place.select, t("editorAdded", { kind }), undefined, { strict: false }).then((ok) => {
    if (ok) select(place.select, { focus: true });
  });
}

function renderPalette() {
  const defs = model.schema.$defs;
  const groups = {
    controls: resolve(defs.control).properties.type.enum,
    modals: resolve(defs.modal).properties.style.enum,
    other: ["screen", "menu", "task"],
  };
  for (const [group, kinds] of Object.entries(groups)) {
    const box = root.querySelector(`[data-palette="${group}"]`);
    box.replaceChildren();
    for (const kind of kinds) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.add = kind;
      b.dataset.addGroup = group;
      b.textContent = kind;
      box.append(b);
    }
  }
}

root.querySelector(".editor-palette").addEventListener("click", (ev) => {
  const b = ev.target.closest("[data-add]");
  if (b) add(b.dataset.add, b.dataset.addGroup);
});

// ---------------------------------------------------------------------------------------------
// Commands and keys
// ---------------------------------------------------------------------------------------------

function updateCommands() {
  const cmd = (name) => root.querySelector(`[data-command="${name}"]`);
  cmd("undo").disabled = !undoStack.length && !model.refused;
  cmd("redo").disabled = !redoStack.length;
  const el = model.doc ? arrayElement(selected) : null;
  cmd("duplicate").disabled = !el;
  cmd("delete").disabled = selected === "" || !model.doc;
  cmd("moveUp").disabled = !el || el.index === 0;
  cmd("moveDown").disabled = !el || el.index === el.list.length - 1;
  root.dataset.undo = String(undoStack.length);
  root.dataset.redo = String(redoStack.length);
  // Undo lasts the browser tab's session: a reload of the page keeps it.
  try {
    sessionStorage.setItem(historyKey, JSON.stringify({ undo: undoStack.slice(-200), redo: redoStack.slice(-200) }));
  } catch { /* storage full or refused: undo lasts the page */ }
}

const historyKey = `modallab-editor-history:${prototypeID}`;

function restoreHistory() {
  try {
    const saved = JSON.parse(sessionStorage.getItem(historyKey) ?? "null");
    if (Array.isArray(saved?.undo)) undoStack.push(...saved.undo);
    if (Array.isArray(saved?.redo)) redoStack.push(...saved.redo);
  } catch { /* nothing kept */ }
}

refusalBox.addEventListener("click", (ev) => {
  const b = ev.target.closest("[data-command]");
  if (b?.dataset.command === "saveAnyway") saveAnyway();
  else if (b?.dataset.command === "discard") discard();
});

root.querySelector(".editor-actions").addEventListener("click", (ev) => {
  const b = ev.target.closest("[data-command]");
  if (!b) return;
  ({
    undo, redo, duplicate: () => duplicate(selected), delete: () => remove(selected),
    moveUp: () => move(selected, -1), moveDown: () => move(selected, 1),
  })[b.dataset.command]?.();
});

document.addEventListener("keydown", (ev) => {
  const mod = ev.metaKey || ev.ctrlKey;
  if (!mod || ev.altKey) return;
  const key = ev.key.toLowerCase();
  const target = ev.target;
  // Typing not yet committed (no change event since) is the text field's own to undo.
  const typing = target.matches?.("input[type=text], input[type=number], textarea") && target.dataset.typing === "true";
  if (key === "z" && !typing) {
    ev.preventDefault();
    if (ev.shiftKey) redo(); else undo();
  } else if (key === "y" && ev.ctrlKey && !typing) {
    ev.preventDefault();
    redo();
  } else if (key === "d" && outline.contains(target)) {
    ev.preventDefault();
    duplicate(selected);
  }
});

inspector.addEventListener("input", (ev) => { ev.target.dataset.typing = "true"; });
// Escape in the inspector goes back to the node in the outline.
inspector.addEventListener("keydown", (ev) => {
  if (ev.key === "Escape" && !ev.defaultPrevented) {
    ev.preventDefault();
    nodeFor(selected)?.focus();
  }
});
inspector.addEventListener("change", (ev) => { ev.target.dataset.typing = "false"; }, true);

// ---------------------------------------------------------------------------------------------
// The version history (GET /api/prototypes/{id}/versions): each version the API wrote, newest
// first; restoring one is a change like any other (a replace of the whole document), undoable.
// ---------------------------------------------------------------------------------------------

const historyList = root.querySelector("[data-history]");
let historyTimer = null;

function refreshHistory() {
  clearTimeout(historyTimer);
  historyTimer = setTimeout(loadHistory, 300);
}

async function loadHistory() {
  if (!historyList) return;
  let body;
  try {
    const answer = await fetch(`/api/prototypes/${encodeURIComponent(prototypeID)}/versions`, {
      headers: { Accept: "application/json" }, credentials: "same-origin", cache: "no-store",
    });
    if (!answer.ok) return;
    body = await answer.json();
  } catch { return; }
  historyList.replaceChildren();
  for (const v of body.versions ?? []) {
    const li = document.createElement("li");
    li.dataset.version = v.version;
    const time = document.createElement("time");
    time.dateTime = v.time;
    time.textContent = new Date(v.time).toLocaleString(lang);
    const via = document.createElement("code");
    via.textContent = [v.via, ...(v.paths ?? []).slice(0, 3)].join(" ");
    li.append(time, " ", via, " ");
    if (v.version === body.current) {
      li.setAttribute("aria-current", "true");
      const cur = document.createElement("span");
      cur.className = "badge";
      cur.textContent = t("editorCurrent");
      li.append(cur);
    } else {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.restore = v.version;
      b.textContent = t("editorRestore");
      b.setAttribute("aria-label", `${t("editorRestore")} ${time.textContent}`);
      li.append(b);
    }
    historyList.append(li);
  }
}

historyList?.addEventListener("click", async (ev) => {
  const b = ev.target.closest("[data-restore]");
  if (!b || !model.doc) return;
  const answer = await fetch(`/api/prototypes/${encodeURIComponent(prototypeID)}/versions/${encodeURIComponent(b.dataset.restore)}`, {
    headers: { Accept: "application/json" }, credentials: "same-origin", cache: "no-store",
  });
  const doc = await answer.json().catch(() => null);
  if (!answer.ok || !doc) { showError(t("requestFailed", { error: String(answer.status) })); return; }
  const time = b.closest("li").querySelector("time").textContent;
  apply([{ op: "replace", path: "", value: doc }], [{ op: "replace", path: "", value: model.doc }], selected,
    t("editorRestored", { time }), undefined, { strict: false });
});

// ---------------------------------------------------------------------------------------------
// The player: a click on an element selects its node
// ---------------------------------------------------------------------------------------------

function pointerOfID(id) {
  let found = null;
  const walk = (v, ptr) => {
    if (found) return;
    if (Array.isArray(v)) { v.forEach((x, i) => walk(x, ptr + "/" + i)); return; }
    if (v === null || typeof v !== "object") return;
    if (v.id === id) { found = ptr; return; }
    for (const [k, x] of Object.entries(v)) walk(x, ptr + pointer([k]));
  };
  walk(model.doc, "");
  return found;
}

function watchPlayer() {
  let doc;
  try { doc = player.contentDocument; } catch { return; }
  if (!doc || doc.documentElement.dataset.editorWatched) return;
  doc.documentElement.dataset.editorWatched = "true";
  doc.addEventListener("click", (ev) => {
    const el = ev.target.closest?.("[data-id], [data-modal], [data-screen]");
    if (!el || !model.doc) return;
    const id = el.dataset.id ?? el.dataset.modal ?? el.dataset.screen;
    const ptr = pointerOfID(id);
    if (ptr !== null) select(ptr);
  }, true);
}
player.addEventListener("load", watchPlayer);

// ---------------------------------------------------------------------------------------------
// Start
// ---------------------------------------------------------------------------------------------

(async () => {
  try {
    const [schemaAnswer, docsAnswer] = await Promise.all([
      fetch("/schema/prototype.json", { credentials: "same-origin" }),
      fetch("/schema/format-docs.json", { credentials: "same-origin" }).catch(() => null),
    ]);
    model.schema = await schemaAnswer.json();
    model.docs = docsAnswer?.ok ? await docsAnswer.json().catch(() => null) : null;
    renderPalette();
    restoreHistory();
    await load();
    loadHistory();
    select("", {});
    watchPlayer();
    // A change made elsewhere (the file edited on disk, another page) is read in, between patches;
    // the undo history stays, and a step that no longer applies is refused (422) when tried.
    onPrototypeChange(prototypeID, () => {
      queue = queue.then(() => load({ ifChanged: true }).catch(() => false));
    });
    root.dataset.ready = "true";
  } catch (error) {
    showError(t("editorLoadFailed", { error: String(error.message ?? error) }));
  }
})();

// For tests: what the page holds.
window.modallabEditor = { model, undoStack, redoStack, idle: () => root.dataset.busy !== "true" };

/** What the editor's other parts (Public/editor-assets.js: assets and hotspots) change the
 * document through: the same patches, undo and selection as the outline's. */
export const editorAPI = {
  model, root, player, valueAt, pointer, parsePointer, schemaAt, pointerOfID, freshID, change, apply, select,
  setStatus, selected: () => selected,
};
