// Talking to the server: JSON requests, and the viewing session, whose requests run one at a
// time in the order they were made (an action waits for the one before it).

/** A JSON request: `{status, json}` (`json` is null without a body). */
export async function request(method, url, body) {
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

/**
 * A viewing session of one prototype: its id once started, the environment it runs in, and
 * the queue its requests wait in. `onBusy(pending)` hears how many requests are queued or in
 * flight; `onError(error)` hears a request that failed to reach the server.
 */
export class Session {
  id = null;
  pending = 0;
  /** The actions the session applied (answered 200), in order: what a hot reload plays again. */
  applied = [];
  /** The environment the session started in. */
  startEnv = null;
  #queue = Promise.resolve();

  constructor({ prototype, env, embed = null, extra = () => ({}), onBusy = () => {}, onError = () => {} }) {
    this.prototype = prototype;
    /** More members of `POST /api/sessions`'s body (a preview's link, a participant's pid, the viewport). */
    this.extra = extra;
    this.env = env;
    /** `"board"` for a frame of the review board (its sessions say so in `session_start`). */
    this.embed = embed;
    this.onBusy = onBusy;
    this.onError = onError;
  }

  /** Runs `task` after every task queued before it. */
  enqueue(task) {
    this.#busy(1);
    this.#queue = this.#queue.then(task).catch((e) => this.onError(e)).finally(() => this.#busy(-1));
    return this.#queue;
  }

  #busy(delta) {
    this.pending += delta;
    this.onBusy(this.pending);
  }

  /**
   * `POST /api/sessions`: starts a session in the current environment, or, with `restore`
   * (what ``placeToKeep()`` gave), in the environment an ended session started in, playing its
   * actions again (the server drops those that no longer apply and says so in `restored`).
   */
  async start(restore = null) {
    // Client events count their time from here (the server's session starts as it answers).
    const sent = performance.now();
    const env = restore?.env ?? this.env;
    const body = { prototype: this.prototype, ...env, ...(this.embed ? { embed: this.embed } : {}), ...this.extra() };
    if (restore) body.restore = { continues: restore.continues, actions: restore.actions };
    const r = await request("POST", "/api/sessions", body);
    // A resumed session (200) has run for `resumed.t_ms` already: its clock goes on from there,
    // so events after a reopened link fall on the task running when they happened.
    const ran = r.status === 200 ? r.json?.resumed?.t_ms : undefined;
    this.startedAt = typeof ran === "number" ? performance.now() - ran : sent;
    // 200: a participant's session resumed (their link reopened with the same pid).
    this.id = r.status === 201 || r.status === 200 ? r.json.session : null;
    if (this.id) {
      this.startEnv = { ...env };
      const dropped = new Set((r.json.restored?.dropped ?? []).map((d) => d.index));
      this.applied = restore ? restore.actions.filter((_, i) => !dropped.has(i)) : [];
    }
    return r;
  }

  /** What a session continuing this one needs to keep its place: `{continues, env, actions}`, or null. */
  placeToKeep() {
    return this.id && this.applied.length ? { continues: this.id, env: this.startEnv, actions: this.applied } : null;
  }

  /** `POST /api/sessions/{id}/actions`; an action answered 200 is remembered in `applied`. */
  async act(action) {
    const r = await request("POST", `/api/sessions/${this.id}/actions`, action);
    // (A tap's scrollTop is the log's, not the action's: a restore doesn't take it.)
    if (r.status === 200) { const { scrollTop, ...kept } = action; this.applied.push(kept); }
    return r;
  }

  /** `DELETE /api/sessions/{id}`: ends the session (and forgets it here). */
  async end() {
    if (this.id) await request("DELETE", `/api/sessions/${this.id}`);
    this.id = null;
  }

  /** Ends the session as the page goes away (a request the browser finishes after unload). */
  leave() {
    if (this.id) fetch(`/api/sessions/${this.id}`, { method: "DELETE", keepalive: true, credentials: "same-origin" });
  }

  /** Where client events of this session go. */
  get eventsURL() { return `/api/sessions/${this.id}/events`; }
}
