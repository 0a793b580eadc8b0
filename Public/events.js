// Client events: what only the page sees (misclicks, the page hidden or shown), batched to the
// session's event log every 2 s, and sent with a beacon when the page is hidden or left.
import { request } from "./net.js";

/** The client events of `session`, waiting to be sent. */
export class ClientEvents {
  #queued = [];

  constructor(session) {
    this.session = session;
    setInterval(() => this.flush(), 2000);
    document.addEventListener("visibilitychange", () => {
      this.record({ type: "visibility", props: { state: document.visibilityState } });
      if (document.visibilityState === "hidden") this.beacon();
    });
  }

  /** Queues an event `{type, x?, y?, target?, props?}`, with an id and the page's time. */
  record(e) {
    if (!this.session.id) return;
    const id = crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
    this.#queued.push({ event_id: id, t_ms: Math.round(performance.now()), props: {}, ...e });
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
