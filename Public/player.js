// ModalLab player: the browser draws and animates; the server decides. Every tap, swipe, key
// and toolbar change becomes an action posted to the session; the answer carries the new
// state, the findings and the re-rendered device frame, which replaces the old one after the
// leaving layers have animated out. Each concern is a module of its own:
//   net.js       requests and the session's queue      frame.js     drawing the device frame
//   gestures.js  taps and sheet drags                   keyboard.js  keys, focus and typing
//   softkeyboard.js  the software keyboard's keys        panel.js     the toolbar and the rule panel
//   navigation.js    pushes, pops and the edge swipe      comments.js  comments pinned to elements
//   events.js    client events (misclicks, visibility)  live.js      reloading on file changes
//   menus.js     long presses and taps on open menus
//   strings.js   the words it shows, from the page (the reader's language)
//   environment.js   the environment's members, as the page lists them
import { Comments } from "./comments.js";
import * as environment from "./environment.js";
import { ClientEvents } from "./events.js";
import { Frame } from "./frame.js";
import { installGestures } from "./gestures.js";
import { focusMenu, installMenus } from "./menus.js";
import { installEdgeSwipe } from "./navigation.js";
import { Editor, installFocus, installKeys, restoreFocus, syncKeyboardFocus } from "./keyboard.js";
import { onPrototypeChange } from "./live.js";
import { Session } from "./net.js";
import { Panel } from "./panel.js";
import { autoShift, installSoftKeyboard } from "./softkeyboard.js";
import { t } from "./strings.js";
import { StudyPanel } from "./tasks.js";
import "./shares.js";

const root = document.querySelector(".player");
const stage = document.getElementById("stage");
const embed = new URLSearchParams(location.search).get("embed") === "1";
if (embed) document.body.classList.add("embed");

const frame = new Frame(stage, { embed });
const panel = new Panel(root, { frame, embed });
// The owner's preview of a share link (its session is not logged), a study's participant and
// their participant id (`?pid=`, which /s/{token}?pid= passes on).
const preview = root.dataset.preview ?? null;
const studying = root.dataset.studyTasks !== undefined;
let pid = root.dataset.participant !== undefined ? new URLSearchParams(location.search).get("pid") : null;
const startEnv = environment.initial();
// A study's participant sees the app in their browser's appearance, unless the link fixes one
// (the server then sets it).
if (studying) startEnv.appearance = matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
const session = new Session({
  prototype: root.dataset.prototype,
  embed: embed ? "board" : null,
  extra: () => {
    const out = {};
    if (preview) out.preview = preview;
    // A preview is the owner's: it has no participant to name (the form is shown all the same).
    else if (pid) out.pid = pid;
    // The real browser's viewport in CSS px, logged on session_start.
    const width = Math.round(window.innerWidth);
    const height = Math.round(window.innerHeight);
    if (width >= 1 && height >= 1) out.viewport = { width, height };
    return out;
  },
  env: startEnv,
  onBusy: (pending) => { root.dataset.busy = pending > 0 ? "true" : "false"; },
  onError: (e) => panel.showStatus(t("requestFailed", { error: e.message })),
});
const events = new ClientEvents(session, frame);
let lastState = null;
const comments = new Comments({ prototype: session.prototype, frame, panel, env: () => session.env, state: () => lastState });

// Tests and tools wait on this instead of sleeping: no request in flight, no layer animating.
window.modallab = {
  get session() { return session.id; },
  /** The last state the server answered (the panel shows it too, where there is a panel). */
  get state() { return lastState; },
  idle() { return session.pending === 0 && frame.idle(); },
};

/** Shows an answer: the frame (or only the dirty flags after typing), the state, the findings. */
async function show(json, { initial = false, action = null, label = null } = {}) {
  // The new state first: a field focused again while the frame is drawn finds its keyboard up.
  if (json.state) lastState = json.state;
  const newIds = new Set((json.state?.stack ?? []).map((e) => e.modal));
  const oldIds = new Set(frame.modals());
  const stackChanged = initial || newIds.size !== oldIds.size || [...oldIds].some((id) => !newIds.has(id));
  // A change of the environment redraws without animating.
  const envChanged = json.state && !environment.same(environment.of(json.state), session.env);
  if (action?.type === "edit" && !stackChanged && !envChanged) {
    frame.updateDirty(json.state.stack);
  } else {
    restoreFocus(frame, await frame.render(json.html, { animate: !initial && !envChanged }));
    if (json.state) syncKeyboardFocus(frame, json.state.keyboard);
    autoShift(frame);
    focusMenu(stage);
  }
  if (json.state) {
    lastState = json.state;
    events.state = json.state;
    study.update(json.state);
    // A resizable window's size goes with the environment (a restart keeps it).
    session.env = environment.of(json.state);
    panel.syncToolbar(session.env);
    panel.showState(json.state);
  }
  panel.showDiagnostics(json.diagnosticsHTML, json.diagnostics?.length ?? 0, label);
  comments.render();
}

/** Starts a session; with `restore`, one that keeps the place of a session whose prototype changed. */
async function start(restore = null) {
  let { status, json } = await session.start(restore);
  // Actions this server can't read any more (it was upgraded meanwhile): start from the start.
  if (restore && status === 400) ({ status, json } = await session.start());
  if (status !== 201 && status !== 200) {
    if (!linkEnded(status)) panel.showStatus(json?.detail ?? t("sessionFailed", { status }));
    return;
  }
  root.dataset.session = session.id;
  // A participant link's tasks in this participant's order (counterbalanced links vary it);
  // a participant who reopened their link goes on where they were.
  if (json.resumed) study.resume(json.tasks, json.resumed.ended, json.state);
  else if (json.tasks) study.order(json.tasks);
  await show(json, { initial: true });
  if (json.restored) {
    const { kept, dropped } = json.restored;
    panel.showStatus(dropped.length === 0 ? t("keptPlace", { kept }) : t("keptPlaceDropped", {
      kept,
      dropped: dropped.length,
      reasons: dropped.map((d) => `${d.index + 1}. ${d.type}: ${d.reason}`).join("; "),
    }));
  }
}

// Hot reload keeps the place: before the page reloads for a changed prototype, the session's
// actions wait in this tab's sessionStorage, and the reloaded page's session plays them again.
const placeKey = `modallab.place.${session.prototype}`;
function keepPlace() {
  try {
    const place = session.placeToKeep();
    if (place) sessionStorage.setItem(placeKey, JSON.stringify(place));
  } catch { /* storage full or off: the page starts from the start */ }
}
function takePlace() {
  try {
    const place = JSON.parse(sessionStorage.getItem(placeKey) ?? "null");
    sessionStorage.removeItem(placeKey);
    return place;
  } catch {
    return null;
  }
}

const editor = new Editor(stage, send, (ev) => frame.pointIn(ev));

/** Whether `status` (401, 403) says a participant's link stopped working (revoked or expired):
 * then the study panel says so — a participant sees no status line — and the device takes no
 * more taps. */
function linkEnded(status) {
  if ((status !== 401 && status !== 403) || !study.stop(t("studyLinkEnded"))) return false;
  stage.inert = true;
  return true;
}

/** Posts an action in its turn. Typing waiting for its pause goes first, so a Cancel right
 * after typing finds the sheet dirty and asks before discarding (rule modal.data-loss-confirm). */
function send(action) {
  if (action.type !== "edit" && editor.pending) editor.flush();
  // Named now, while the device still shows what was tapped (an alert's button by its title).
  const label = panel.label(action);
  return session.enqueue(async () => {
    if (!session.id) await start();
    if (!session.id) return;
    const { status, json } = await session.act(action);
    if (status === 200) {
      panel.hideRefusal();
      await show(json, { action, label });
    } else if (status === 409) {
      panel.showRefusal(json);
    } else if (status === 404) {
      // The server forgot the session (it ended, or was evicted): start again where it was.
      const place = session.placeToKeep();
      session.id = null;
      await start(place);
    } else if (!linkEnded(status)) {
      panel.showStatus(json?.detail ? `${json.title}: ${json.detail}` : t("errorStatus", { status }));
    }
  });
}

installMenus({ frame, send });
installGestures({ frame, send, editor, events });
installEdgeSwipe({ frame, send });
const study = new StudyPanel(root, send);
installKeys({ frame, send, editor });
installFocus({ frame, send, state: () => lastState });
installSoftKeyboard({ frame, send });
panel.installToolbar({
  send,
  restart: () => session.enqueue(async () => {
    await session.end();
    panel.hideRefusal();
    await start();
    panel.showStatus(t("restarted"));
  }),
});
window.addEventListener("resize", () => frame.fit());

// Leaving the page ends the session, so the log has its session_end and duration.
// A participant with a participant id keeps their session until they are through, so that
// reopening the link (with the same pid) resumes it; it times out if they never come back.
window.addEventListener("pagehide", () => {
  events.beacon();
  if (pid && !study.complete) return;
  session.leave();
});

// Embedded players (the board's frames) leave reloading to the board: a browser allows only six
// connections per host, and sixteen event streams would starve the frames' own requests.
// A participant's study is not started over by a reload when the file changes. The reload
// waits for the actions in flight, so the place it keeps is the last one answered.
const designing = !embed && root.dataset.participant === undefined;
if (designing) {
  onPrototypeChange(session.prototype, () => session.enqueue(async () => {
    keepPlace();
    location.reload();
  }));
}

// A participant link that asks for the participant id, opened without one: the page asks before
// the study starts (the app waits, inert), and the id goes on the address, so a reload or a
// reopened tab resumes the same session. The rules are the server's (SessionController.isParticipantID).
const pidForm = root.querySelector("[data-study-pid]");
function askPid() {
  if (!pidForm) return Promise.resolve();
  const input = pidForm.querySelector("[data-study-pid-input]");
  const error = pidForm.querySelector("[data-study-pid-error]");
  const studyPanel = root.querySelector("[data-study-panel]");
  stage.inert = true;
  input.focus();
  return new Promise((resolve) => {
    pidForm.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const value = input.value.trim();
      if (!/^[A-Za-z0-9._@-]{1,64}$/.test(value)) {
        input.setAttribute("aria-invalid", "true");
        error.textContent = t("pidInvalid");
        input.focus();
        return;
      }
      pid = value;
      const url = new URL(location.href);
      url.searchParams.set("pid", value);
      history.replaceState(history.state, "", url);
      pidForm.hidden = true;
      if (studyPanel) studyPanel.hidden = false;
      stage.inert = false;
      resolve();
    });
  });
}

frame.fit();
frame.followScrolledSources();
frame.markScrollEdges();
root.dataset.ready = "starting";
if (embed) {
  // The board's frames show the server's first frame and start a session only when someone
  // interacts in one (send() starts it), so looking at the board logs no sessions.
  root.dataset.ready = "true";
} else {
  session.enqueue(async () => {
    await askPid();
    await start(designing ? takePlace() : null);
    root.dataset.ready = session.id ? "true" : "false";
  });
}
