// The owner's share links of a prototype, in the gallery (each card) and the player: the dialog
// of Templates/pages/partials/share-manager.mustache makes a link of any role with a label
// (POST /api/shares; a participant link with its tasks, their order and what it fixes of the
// environment), shows its address once with Copy, lists the prototype's links with their labels
// (GET /api/shares), previews one (its player with ?preview=, whose session is not logged) and
// revokes one (DELETE /api/shares/{id}) once the owner has said yes to the question naming it and
// how many sessions running through it end (`sessionsRunning`). docs/api.md, "Share links and
// comments".
import { t, tNodes } from "./strings.js";

/** A JSON request to the share API: `{status, json}`. */
async function call(method, url, body) {
  const res = await fetch(url, {
    method,
    headers: { Accept: "application/json", ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    credentials: "same-origin",
  });
  let json = null;
  try { json = await res.json(); } catch { /* 204 */ }
  return { status: res.status, json };
}

/** A problem document's words: detail (or title) and the member it names. */
function problemText(json, status) {
  return [json?.detail ?? json?.title ?? String(status), json?.path].filter(Boolean).join(" — ");
}

const roleNames = {
  view: () => t("shareRoleView"),
  comment: () => t("shareRoleComment"),
  participant: () => t("shareRoleParticipant"),
  report: () => t("shareRoleReport"),
};

class ShareManager {
  constructor(dialog, opener) {
    this.dialog = dialog;
    this.prototype = dialog.dataset.shareManager;
    this.form = dialog.querySelector("[data-share-form]");
    this.role = dialog.querySelector("[data-share-role]");
    this.participant = dialog.querySelector("[data-share-participant]");
    this.status = dialog.querySelector("[data-share-status]");
    this.made = dialog.querySelector("[data-share-made]");
    this.url = dialog.querySelector("[data-share-url]");
    this.rows = dialog.querySelector("[data-share-rows]");
    this.list = dialog.querySelector("[data-share-list]");
    this.none = dialog.querySelector("[data-share-none]");
    this.rowTemplate = dialog.querySelector("template[data-share-row]");
    this.confirm = dialog.querySelector("dialog[data-share-confirm]");

    opener.addEventListener("click", () => {
      dialog.showModal();
      this.refresh();
    });
    this.role.addEventListener("change", () => { this.participant.hidden = this.role.value !== "participant"; });
    this.form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      this.create();
    });
    dialog.querySelector("[data-share-copy]").addEventListener("click", () => this.copy());
  }

  /** The form as `POST /api/shares` takes it. */
  body() {
    const data = new FormData(this.form);
    const body = { prototype: this.prototype, role: this.role.value };
    const label = String(data.get("label") ?? "").trim();
    if (label) body.label = label;
    const days = Number(data.get("days"));
    if (days > 0) body.expiresIn = Math.round(days * 86400);
    if (body.role === "participant") {
      body.tasks = data.getAll("task").map(String);
      const order = String(data.get("taskOrder") ?? "");
      if (order) body.taskOrder = order;
      if (data.get("askPid")) body.askPid = true;
      for (const key of ["device", "orientation", "appearance", "contentSize"]) {
        const value = String(data.get(key) ?? "");
        if (value) body[key] = value;
      }
    }
    return body;
  }

  async create() {
    this.status.textContent = "";
    const body = this.body();
    if (body.role === "participant" && body.tasks.length === 0) {
      this.status.textContent = t("sharePickTask");
      this.dialog.querySelector("[data-share-tasks] input")?.focus();
      return;
    }
    let answer;
    try {
      answer = await call("POST", "/api/shares", body);
    } catch (error) {
      this.status.textContent = t("shareCreateFailed", { detail: String(error) });
      return;
    }
    if (answer.status !== 201) {
      this.status.textContent = t("shareCreateFailed", { detail: problemText(answer.json, answer.status) });
      return;
    }
    this.made.hidden = false;
    this.url.value = answer.json.url;
    this.made.dataset.shareId = answer.json.id;
    this.status.textContent = t("shareCreated");
    this.url.focus();
    this.url.select();
    await this.refresh();
  }

  async copy() {
    try {
      await navigator.clipboard.writeText(this.url.value);
      this.status.textContent = t("shareCopied");
    } catch {
      // No clipboard API (an insecure origin, or permission refused): the address stays selected.
      this.url.focus();
      this.url.select();
      this.status.textContent = document.execCommand?.("copy") ? t("shareCopied") : t("shareCopyFailed");
    }
  }

  /** Lists this prototype's links, newest first. */
  async refresh() {
    let answer;
    try {
      answer = await call("GET", "/api/shares");
    } catch (error) {
      this.status.textContent = t("shareListFailed", { detail: String(error) });
      return;
    }
    if (answer.status !== 200 || !Array.isArray(answer.json)) {
      this.status.textContent = t("shareListFailed", { detail: problemText(answer.json, answer.status) });
      return;
    }
    const links = answer.json.filter((link) => link.prototype === this.prototype);
    this.rows.replaceChildren(...links.map((link) => this.row(link)));
    this.list.hidden = links.length === 0;
    this.none.hidden = links.length > 0;
  }

  /** A row of the list, from the template: label, role, expiry, state, Preview and Revoke. */
  row(link) {
    const row = this.rowTemplate.content.firstElementChild.cloneNode(true);
    const label = link.label || t("shareNoLabel");
    row.dataset.shareId = link.id;
    row.querySelector('[data-cell="label"]').textContent = label;
    row.querySelector('[data-cell="role"]').textContent = roleNames[link.role]?.() ?? link.role;
    row.querySelector('[data-cell="fixes"]').textContent = this.fixes(link);
    const expires = row.querySelector('[data-cell="expires"]');
    expires.dateTime = link.expiresAt;
    expires.textContent = new Date(link.expiresAt).toLocaleString(document.documentElement.lang);
    const state = link.revokedAt ? "shareRevoked" : link.active ? "shareActive" : "shareExpired";
    row.querySelector('[data-cell="state"]').textContent = t(state);
    row.dataset.state = state.replace("share", "").toLowerCase();
    const preview = row.querySelector("[data-share-preview]");
    const revoke = row.querySelector("[data-share-revoke]");
    if (link.active) {
      const id = encodeURIComponent(this.prototype);
      preview.href = link.role === "report" ? `/p/${id}/insights` : `/p/${id}?preview=${encodeURIComponent(link.id)}`;
      preview.setAttribute("aria-label", t("sharePreviewOf", { label }));
      revoke.setAttribute("aria-label", t("shareRevokeOf", { label }));
      revoke.addEventListener("click", () => this.revoke(link, label));
    } else {
      preview.remove();
      revoke.remove();
    }
    return row;
  }

  /**
   * What a participant link gives its participants, from its stored options (GET /api/shares:
   * `fixed`, `taskOrder`, `askPid`): each fixed device, orientation, appearance and text size by
   * the name this dialog's own menus give it (the player's menus' names); an appearance not
   * fixed is the participant's browser's (player.js reads `prefers-color-scheme`), and every
   * other setting the prototype's default (a participant has no environment menus); the tasks
   * by their ids when it has some of the prototype's, not all; the task order; whether it asks
   * for a participant ID. "—" for other roles.
   */
  fixes(link) {
    if (link.role !== "participant") return "—";
    const parts = [];
    for (const key of ["device", "orientation", "appearance", "contentSize"]) {
      const value = link.fixed?.[key];
      if (!value) continue;
      const option = [...this.form.querySelectorAll(`select[name="${key}"] option`)].find((o) => o.value === value);
      const name = option?.textContent.trim() || value;
      parts.push(key === "contentSize" ? t("shareFixesTextSize", { size: name }) : name);
    }
    if (!link.fixed?.appearance) parts.push(t("shareFixesBrowserAppearance"));
    parts.push(t("shareFixesRest"));
    // A link with some of the prototype's tasks names them, in the order it lists them.
    const all = [...this.form.querySelectorAll('input[name="task"]')].map((input) => input.value);
    const tasks = link.tasks ?? [];
    if (tasks.length > 0 && tasks.length < all.length) {
      parts.push(t("shareFixesTasks", { count: String(tasks.length), total: String(all.length), tasks: tasks.join(", ") }));
    }
    const order = { fixed: "shareFixesOrderFixed", counterbalanced: "shareFixesOrderCounterbalanced" }[link.taskOrder];
    parts.push(t(order ?? "shareFixesOrderPrototype"));
    if (link.askPid) parts.push(t("shareFixesAskPid"));
    return parts.join(" · ");
  }

  /**
   * Asks before revoking: the link's label and how many sessions running through it end
   * (`sessionsRunning`, read again now), in the dialog's own question, Cancel focused. Resolves
   * true for Revoke; Cancel or Escape, false.
   */
  async ask(link, label) {
    let running = link.sessionsRunning ?? 0;
    try {
      const answer = await call("GET", "/api/shares");
      const now = Array.isArray(answer.json) ? answer.json.find((l) => l.id === link.id) : null;
      if (now) running = now.sessionsRunning ?? running;
    } catch { /* the count of the list shown */ }
    const name = () => Object.assign(document.createElement("bdi"), { textContent: label });
    this.confirm.querySelector("[data-share-confirm-heading]").replaceChildren(tNodes("shareRevokeConfirm", { label: name }));
    const key = running === 0 ? "shareRevokeConfirmNone" : running === 1 ? "shareRevokeConfirmOne" : "shareRevokeConfirmOther";
    const text = this.confirm.querySelector("[data-share-confirm-text]");
    text.textContent = t(key, { count: String(running) });
    text.dataset.running = String(running);
    this.confirm.returnValue = "";
    this.confirm.showModal();
    return new Promise((resolve) => {
      this.confirm.addEventListener("close", () => resolve(this.confirm.returnValue === "revoke"), { once: true });
    });
  }

  async revoke(link, label) {
    if (!(await this.ask(link, label))) {
      this.status.textContent = t("shareRevokeKept", { label });
      return;
    }
    let answer;
    try {
      answer = await call("DELETE", `/api/shares/${encodeURIComponent(link.id)}`);
    } catch (error) {
      this.status.textContent = t("shareRevokeFailed", { detail: String(error) });
      return;
    }
    if (answer.status !== 204 && answer.status !== 200) {
      this.status.textContent = t("shareRevokeFailed", { detail: problemText(answer.json, answer.status) });
      return;
    }
    this.status.textContent = t("shareRevokedStatus", { label });
    if (this.made.dataset.shareId === link.id) this.made.hidden = true;
    await this.refresh();
    this.role.focus();
  }
}

for (const dialog of document.querySelectorAll("dialog[data-share-manager]")) {
  const opener = document.querySelector(`[data-share-open="${CSS.escape(dialog.dataset.shareManager)}"]`);
  if (opener) new ShareManager(dialog, opener);
}
