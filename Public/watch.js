// Watching a session live: GET /api/sessions/{sid}/watch sends a `frame` event with the answer
// the participant got (state and server-rendered frame) each time one goes out.
import { t } from "./strings.js";

const root = document.querySelector("[data-watch]");
const stage = root.querySelector("[data-watch-stage]");
const status = root.querySelector("[data-watch-status]");
const source = new EventSource(root.dataset.watch);
let frames = 0;

source.addEventListener("frame", (ev) => {
  const answer = JSON.parse(ev.data);
  stage.innerHTML = answer.html;
  frames += 1;
  stage.dataset.frames = String(frames);
  stage.dataset.seq = String(answer.state?.seq ?? "");
  status.textContent = answer.state ? `${answer.state.screen}${answer.state.stack.length ? " › " + answer.state.stack.map((e) => e.modal).join(" › ") : ""}` : "";
});
source.addEventListener("error", () => {
  if (source.readyState === EventSource.CLOSED) status.textContent = t("watchEnded");
});
