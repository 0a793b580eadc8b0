// The page around the device: the toolbar (device, orientation, multitasking, Home, Restart)
// and the rule panel (the last action's findings, a refusal, the state). Findings and refusals
// arrive rendered by the server (`diagnosticsHTML`, `refusalHTML`, `toastHTML`), from the same
// partials as the pages; the panel only puts them in place.

/** "tap compose", "rotate landscape", "detent note → large": an action in a few words. */
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

/** Server-rendered HTML as nodes. */
function fragment(html) {
  const tpl = document.createElement("template");
  tpl.innerHTML = html ?? "";
  return tpl.content;
}

/** The toolbar and the rule panel of the player `root`. */
export class Panel {
  #toastTimer = null;

  constructor(root, { frame, embed }) {
    this.root = root;
    this.frame = frame;
    this.embed = embed;
  }

  /** The environment the page was opened in. */
  get initialEnvironment() {
    const d = this.root.dataset;
    return { device: d.device, orientation: d.orientation, multitasking: d.multitasking };
  }

  /** Wires the toolbar: `send(action)` for device, multitasking and orientation; `home`, `restart`. */
  installToolbar({ send, restart }) {
    document.getElementById("device-select")?.addEventListener("change", (ev) => send({ type: "resize", device: ev.target.value }));
    document.getElementById("multitasking-select")?.addEventListener("change", (ev) => send({ type: "resize", multitasking: ev.target.value }));
    for (const b of document.querySelectorAll("button[data-orientation]")) {
      b.addEventListener("click", () => send({ type: "rotate", orientation: b.dataset.orientation }));
    }
    document.getElementById("restart")?.addEventListener("click", restart);
    document.getElementById("home-button")?.addEventListener("click", () => send({ type: "home" }));
  }

  /** The toolbar, the page's data and its address follow the environment `env`. */
  syncToolbar(env) {
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
    Object.assign(this.root.dataset, env);
    if (this.embed) return;
    const url = new URL(location.href);
    url.searchParams.set("device", env.device);
    url.searchParams.set("orientation", env.orientation);
    if (env.multitasking !== "full") url.searchParams.set("multitasking", env.multitasking); else url.searchParams.delete("multitasking");
    history.replaceState(null, "", url);
  }

  /** The state, as the panel's JSON. */
  showState(state) {
    const pre = document.getElementById("state-json");
    if (pre) pre.textContent = JSON.stringify(state, null, 2);
  }

  showStatus(text) {
    const p = document.getElementById("action-status");
    if (p) p.textContent = text;
  }

  /** The last action's findings (`count` of them, rendered as `html`), and a status line. */
  showDiagnostics(html, count, action) {
    document.getElementById("action-diagnostics")?.replaceChildren(fragment(html));
    if (action) this.showStatus(`${describe(action)}: ${count ? `${count} finding${count === 1 ? "" : "s"}` : "no findings"}`);
  }

  /** A refused action: in the panel, in the device (a toast for 8 s), with a shake. */
  showRefusal(problem) {
    const rule = problem?.rule ?? "";
    const box = document.getElementById("refusal");
    if (box) {
      box.replaceChildren(fragment(problem?.refusalHTML));
      box.hidden = false;
      box.dataset.rule = rule;
    }
    document.getElementById("action-diagnostics")?.replaceChildren(fragment(problem?.diagnosticsHTML));
    this.showStatus(`Refused: ${rule}`);
    const screen = this.frame.stage.querySelector(".device-screen");
    if (screen && !window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
      screen.classList.remove("refused-shake");
      void screen.offsetWidth;
      screen.classList.add("refused-shake");
    }
    // The refusal shows in the device too, where the reviewer looks.
    const win = this.frame.window;
    if (win && problem?.toastHTML) {
      win.querySelector(".refusal-toast")?.remove();
      win.appendChild(fragment(problem.toastHTML));
      const toast = win.querySelector(".refusal-toast");
      clearTimeout(this.#toastTimer);
      this.#toastTimer = setTimeout(() => toast?.remove(), 8000);
    }
  }

  hideRefusal() {
    const box = document.getElementById("refusal");
    if (box) box.hidden = true;
    this.frame.window?.querySelector(".refusal-toast")?.remove();
  }
}
