// Watching a session live: GET /api/sessions/{sid}/watch sends a `frame` event with the state
// of the answer the participant got each time one goes out, and its server-rendered frame when
// that differs from the frame sent before (no `html`: the frame shown stays), and a `stats` event
// with the session's misclicks so far each time the participant's page logs some.
import { t } from "./strings.js";

const root = document.querySelector("[data-watch]");
const stage = root.querySelector("[data-watch-stage]");
const status = root.querySelector("[data-watch-status]");
// A session this server doesn't hold (ended, or abandoned) has nothing to watch: the page says
// so and has no stream (`data-watch` is empty).
if (root.dataset.watch) {
  const source = new EventSource(root.dataset.watch);
  let frames = 0;
  // The steps so far: the page's count (the log's, when it was made) plus one per answer after
  // the first frame, which shows the state the count led to.
  const live = root.querySelector("[data-watch-live]");
  const stepsAtLoad = Number(live?.dataset.steps ?? 0);
  // The running task (from the latest frame's state) and the misclicks so far: the page's
  // count, then each `stats` event's total (misclicks are client events, which draw no frame).
  let task = null;
  let misclicks = Number(live?.dataset.misclicks ?? 0);
  const showLive = () => {
    if (!live) return;
    const steps = Number(live.dataset.steps ?? 0);
    live.dataset.misclicks = String(misclicks);
    live.textContent = [
      steps === 1 ? t("watchStepOne") : t("watchSteps", { steps }),
      misclicks === 1 ? t("watchMisclickOne") : t("watchMisclicks", { misclicks }),
      ...(task ? [t("watchTask", { task })] : []),
    ].join(" · ");
  };

  source.addEventListener("frame", (ev) => {
    const answer = JSON.parse(ev.data);
    if (typeof answer.html === "string") stage.innerHTML = answer.html;
    frames += 1;
    stage.dataset.frames = String(frames);
    stage.dataset.seq = String(answer.state?.seq ?? "");
    if (live) {
      live.dataset.steps = String(stepsAtLoad + frames - 1);
      task = answer.state?.task?.id ?? null;
      showLive();
    }
    status.textContent = answer.state ? `${answer.state.screen}${answer.state.stack.length ? " › " + answer.state.stack.map((e) => e.modal).join(" › ") : ""}` : "";
  });
  source.addEventListener("stats", (ev) => {
    const stats = JSON.parse(ev.data);
    if (Number.isInteger(stats.misclicks)) misclicks = stats.misclicks;
    showLive();
  });
  source.addEventListener("error", () => {
    if (source.readyState === EventSource.CLOSED) status.textContent = t("watchEnded");
  });
  // The session ended (or the link was revoked): stop, rather than reconnect to a closed stream.
  source.addEventListener("end", () => {
    source.close();
    status.textContent = t("watchEnded");
    root.dataset.ended = "true";
  });
}
