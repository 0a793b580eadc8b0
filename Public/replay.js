// Session replay: the frames of the session's replay (GET /api/sessions/{sid}/replay, NDJSON),
// shown with a scrubber and played back at the speed they happened; the taps and misclicks made
// before the next step are drawn over the frame, in the window's points.
//
// The replay loads progressively: each line is shown as it arrives (the start frame first), a
// step that changed nothing of the state or the frame carries neither and reuses the one
// before, and an answer that stopped at the server's size limit (`more`) is followed by the
// next only when the viewer gets near its end.
import { t } from "./strings.js";

const root = document.querySelector("[data-replay]");
const stage = root.querySelector("[data-replay-stage]");
const scrubber = root.querySelector("[data-replay-scrubber]");
const position = root.querySelector("[data-replay-position]");
const actionText = root.querySelector("[data-replay-action]");
const play = root.querySelector("[data-replay-play]");
const SVG = "http://www.w3.org/2000/svg";
// The page's count of steps (the server counted them); the scrubber can't go past it.
const total = Number(scrubber.max) || 0;
// `?bytes=` on the page asks for smaller answers (the most the server sends at once).
const bytes = new URLSearchParams(location.search).get("bytes");
// How close to the last loaded step the viewer may come before the next answer is asked for.
const AHEAD = 10;

// Frame 0 is the start; frame i the state after step i: {html, step}.
const frames = [];
const marks = new Map();
let current = 0;
let wanted = null;
let timer = null;
// Where the next answer starts (`more`), or null when the replay is complete or failed.
let next = 0;
let loading = null;

/** The taps and misclicks made while frame `i` was shown: after the step that drew it, up to
 * and with the tap that moved on (by time since the session started: client events are logged
 * late but carry the time they happened). */
function marksFor(i) {
  const from = i === 0 ? -1 : frames[i].step.tMs;
  const to = i + 1 < frames.length ? frames[i + 1].step.tMs : Infinity;
  return [...marks.values()].filter((m) => m.tMs > from && m.tMs <= to);
}

/** Takes one line of an answer. */
function take(line) {
  if (line.replay) {
    if (frames.length === 0) frames.push({ html: line.replay.start.html, step: null });
  } else if (line.step) {
    const before = frames[frames.length - 1];
    frames.push({ html: line.step.html === undefined ? before.html : line.step.html, step: line.step });
  } else if (line.mark) {
    marks.set(line.mark.seq, line.mark);
  } else if (line.more) {
    next = line.more.from;
  } else if (line.end) {
    root.dataset.complete = "true";
  } else if (line.error) {
    position.textContent = line.error.detail ?? line.error.title;
    root.dataset.failed = "true";
  }
}

/** Reads the answer from step `from` line by line, showing what arrives. */
async function load(from) {
  next = null;
  const url = `${root.dataset.replay}?from=${from}${bytes ? `&bytes=${encodeURIComponent(bytes)}` : ""}`;
  const res = await fetch(url, { credentials: "same-origin" });
  if (!res.ok || !res.body) {
    root.dataset.failed = "true";
    root.dataset.ready = "true";
    return;
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value;
    let end;
    while ((end = buffer.indexOf("\n")) >= 0) {
      const text = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      if (text) take(JSON.parse(text));
    }
    loaded();
    if (done) break;
  }
}

/** Asks for the next answer when the replay stopped at a limit and the viewer is near its end. */
function loadMore() {
  if (loading || next === null || (wanted ?? current) + AHEAD < frames.length - 1) return;
  loading = load(next).finally(() => {
    loading = null;
    loadMore();
  });
}

/** After lines arrived: the first frame shows, the counts follow, a wanted step shows once here. */
function loaded() {
  root.dataset.loaded = String(Math.max(0, frames.length - 1));
  if (frames.length === 0) return;
  if (root.dataset.ready !== "true") {
    show(0);
    root.dataset.ready = "true";
  } else if (wanted !== null && wanted < frames.length) {
    show(wanted);
  } else {
    position.textContent = t("replayStep", { step: current, count: Math.max(total, frames.length - 1) });
  }
}

function show(i) {
  // A step not here yet is shown when it arrives.
  wanted = i >= frames.length ? i : null;
  i = Math.min(i, frames.length - 1);
  current = i;
  scrubber.value = String(wanted ?? i);
  position.textContent = t("replayStep", { step: i, count: Math.max(total, frames.length - 1) });
  const f = frames[i];
  if (f?.html) stage.innerHTML = f.html;
  const step = f?.step;
  actionText.textContent = step ? JSON.stringify(step.action) + (step.refused ? ` ✕ ${step.refused}` : "") : "";
  root.dataset.current = String(i);
  loadMore();
  const win = stage.querySelector("[data-window]");
  if (!win) return;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "heat-dots");
  svg.setAttribute("aria-hidden", "true");
  const dots = marksFor(i).map((m) => {
    const c = document.createElementNS(SVG, "circle");
    c.setAttribute("cx", m.x);
    c.setAttribute("r", "9");
    c.setAttribute("class", `heat-dot ${m.type === "misclick" ? "misclick" : "tap"}`);
    svg.append(c);
    return { m, c, picture: pictureOf(m) };
  });
  win.append(svg);
  // A picture (an image screen) is shown scrolled as it was at the frame's last tap on it, and
  // each tap on it is drawn where it was on the picture: its y in the window, plus how far the
  // picture was scrolled then (scrollTop, the log's props.scrollTop), less how far it is now.
  // Again once a picture has loaded (it can't scroll before it has its height).
  const place = () => {
    for (const { m, picture } of dots) if (picture) picture.scrollTop = m.scrollTop ?? 0;
    for (const { m, c, picture } of dots) c.setAttribute("cy", m.y + (picture ? (m.scrollTop ?? 0) - picture.scrollTop : 0));
  };
  place();
  for (const img of new Set(dots.map((d) => d.picture?.querySelector("img")).filter(Boolean))) {
    if (!img.complete) img.addEventListener("load", place, { once: true });
  }
}

/** The picture (an image screen's scroller) a mark landed on: on its modal's layer, or the
 * app's; null when that layer is no image screen. */
function pictureOf(m) {
  const layer = m.modal ? stage.querySelector(`[data-modal="${CSS.escape(m.modal)}"]`) : stage.querySelector(".app-layer");
  return layer?.querySelector(".image-screen") ?? null;
}

function stop() {
  clearTimeout(timer);
  timer = null;
  play.textContent = t("replayPlay");
}

function advance() {
  if (current >= frames.length - 1) {
    // At the end of what is loaded: wait for more, unless the replay is complete.
    if (next === null && !loading) return stop();
    timer = setTimeout(advance, 100);
    return;
  }
  const at = frames[current + 1].step.tMs;
  const wait = current === 0 ? at : at - frames[current].step.tMs;
  timer = setTimeout(() => { show(current + 1); advance(); }, Math.max(0, wait));
}

play.addEventListener("click", () => {
  if (timer) return stop();
  if (current >= frames.length - 1 && next === null && !loading) show(0);
  play.textContent = t("replayPause");
  advance();
});
scrubber.addEventListener("input", () => { stop(); show(Number(scrubber.value)); });
loading = load(0).finally(() => {
  loading = null;
  loadMore();
});
