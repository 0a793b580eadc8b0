// Client events: what only the page sees (misclicks, scrolls, sampled pointer moves, the page
// hidden or shown), batched to the session's event log every 2 s, and sent with a beacon when the
// page is hidden or left. Each event says when it happened (`t_ms` from the session's start, as
// the server counts it), where (the screen and modal under it) and which frame the person saw
// (`state_seq`, the `seq` of the last state shown).
import { request } from "./net.js";

/** Pointer moves are sampled at most this often (ms): 10 a second. */
const POINTER_INTERVAL = 100;
/** A scroll is logged once it has rested this long (ms). */
const SCROLL_REST = 200;

/** The client events of `session`, waiting to be sent. */
export class ClientEvents {
  #queued = [];
  /** The state last shown (the player sets it): where events land when the page can't tell. */
  state = null;

  constructor(session, frame = null) {
    this.session = session;
    this.frame = frame;
    setInterval(() => this.flush(), 2000);
    document.addEventListener("visibilitychange", () => {
      this.record({ type: "visibility", props: { state: document.visibilityState } });
      if (document.visibilityState === "hidden") this.beacon();
    });
    if (frame) this.#watch(frame);
  }

  /** Scrolls (once they rest) and pointer moves (sampled) on the device. */
  #watch(frame) {
    let lastMove = 0;
    frame.stage.addEventListener("pointermove", (ev) => {
      const now = performance.now();
      if (now - lastMove < POINTER_INTERVAL || !ev.isPrimary) return;
      const p = frame.pointIn({ clientX: ev.clientX, clientY: ev.clientY, detail: 1 });
      if (p.x === undefined) return;
      lastMove = now;
      this.record({ type: "pointer", ...p, props: { pointerType: ev.pointerType } }, ev.target);
    });
    const resting = new Map();
    frame.stage.addEventListener("scroll", (ev) => {
      const el = ev.target;
      if (!(el instanceof Element)) return;
      const at = performance.now();
      clearTimeout(resting.get(el));
      resting.set(el, setTimeout(() => {
        resting.delete(el);
        const target = el.closest("[data-id]")?.dataset.id ?? el.closest("[data-screen]")?.dataset.screen ?? null;
        this.record({ type: "scroll", target, props: { top: Math.round(el.scrollTop), left: Math.round(el.scrollLeft) } }, el, at);
      }, SCROLL_REST));
    }, true);
  }

  /** Where `el` is: the screen and modal of the layer it belongs to, else the state's top. */
  #where(el) {
    const modalEl = el?.closest?.("[data-modal]");
    const screenEl = el?.closest?.("[data-screen]");
    const stack = this.state?.stack ?? [];
    const top = stack.length ? stack[stack.length - 1] : null;
    const shown = [...stack].reverse().find((e) => e.screen)?.screen ?? this.state?.screen ?? null;
    if (!el) return { screen: shown, modal: top?.modal ?? null };
    return {
      screen: screenEl?.dataset.screen ?? (modalEl ? shown : this.state?.screen ?? null),
      modal: modalEl?.dataset.modal ?? null,
    };
  }

  /**
   * Queues an event `{type, x?, y?, target?, props?}` that happened on `el` (to say where) at
   * `at` (`performance.now()`, by default now), with an id, its time since the session started
   * and the seq of the state shown.
   */
  record(e, el = null, at = performance.now()) {
    if (!this.session.id) return;
    const id = crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
    const t_ms = Math.max(0, Math.round(at - (this.session.startedAt ?? 0)));
    const seq = this.state?.seq;
    this.#queued.push({ event_id: id, t_ms, ...(seq === undefined ? {} : { state_seq: seq }), props: {}, ...this.#where(el), ...e });
  }

  /** Sends what is queued; a batch the server failed to take is retried (it deduplicates ids). */
  async flush() {
    if (!this.session.id || !this.#queued.length) return;
    const batch = this.#queued;
    this.#queued = [];
    const { status } = await request("POST", this.session.eventsURL, { events: batch });
    if (status >= 500) this.#queued = batch.concat(this.#queued);
  }

  /** Sends what is queued with a beacon, which survives the page going away. */
  beacon() {
    if (!this.session.id || !this.#queued.length) return;
    const body = new Blob([JSON.stringify({ events: this.#queued })], { type: "application/json" });
    navigator.sendBeacon(this.session.eventsURL, body);
    this.#queued = [];
  }
}
