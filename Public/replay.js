// Session replay: the frames of the session's replay (GET /api/sessions/{sid}/replay), one per
// step, shown with a scrubber and played back at the speed they happened; the taps and
// misclicks made before the next step are drawn over the frame, in the window's points.
import { t } from "./strings.js";

const root = document.querySelector("[data-replay]");
const stage = root.querySelector("[data-replay-stage]");
const scrubber = root.querySelector("[data-replay-scrubber]");
const position = root.querySelector("[data-replay-position]");
const actionText = root.querySelector("[data-replay-action]");
const play = root.querySelector("[data-replay-play]");
const SVG = "http://www.w3.org/2000/svg";

const res = await fetch(root.dataset.replay, { credentials: "same-origin" });
const replay = res.ok ? await res.json() : { start: { html: null }, steps: [], marks: [] };
// Frame 0 is the start; frame i the state after step i.
const frames = [replay.start, ...replay.steps];
let current = 0;
let timer = null;

/** The taps and misclicks made while frame `i` was shown: after the step that drew it, up to
 * and with the tap that moved on (by time since the session started: client events are logged
 * late but carry the time they happened). */
function marksFor(i) {
  const from = i === 0 ? -1 : replay.steps[i - 1].tMs;
  const to = i < replay.steps.length ? replay.steps[i].tMs : Infinity;
  return replay.marks.filter((m) => m.tMs > from && m.tMs <= to);
}

function show(i) {
  current = i;
  scrubber.value = String(i);
  position.textContent = t("replayStep", { step: i, count: replay.steps.length });
  const f = frames[i];
  if (f?.html) stage.innerHTML = f.html;
  actionText.textContent = i > 0 ? JSON.stringify(replay.steps[i - 1].action) + (replay.steps[i - 1].refused ? ` ✕ ${replay.steps[i - 1].refused}` : "") : "";
  const win = stage.querySelector("[data-window]");
  if (!win) return;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "heat-dots");
  svg.setAttribute("aria-hidden", "true");
  for (const m of marksFor(i)) {
    const c = document.createElementNS(SVG, "circle");
    c.setAttribute("cx", m.x);
    c.setAttribute("cy", m.y);
    c.setAttribute("r", "9");
    c.setAttribute("class", `heat-dot ${m.type === "misclick" ? "misclick" : "tap"}`);
    svg.append(c);
  }
  win.append(svg);
}

function stop() {
  clearTimeout(timer);
  timer = null;
  play.textContent = t("replayPlay");
}

function next() {
  if (current >= replay.steps.length) return stop();
  const wait = current === 0 ? replay.steps[0].tMs : replay.steps[current].tMs - replay.steps[current - 1].tMs;
  timer = setTimeout(() => { show(current + 1); next(); }, Math.max(0, wait));
}

play.addEventListener("click", () => {
  if (timer) return stop();
  if (current >= replay.steps.length) show(0);
  play.textContent = t("replayPause");
  next();
});
scrubber.addEventListener("input", () => { stop(); show(Number(scrubber.value)); });
show(0);
root.dataset.ready = "true";
