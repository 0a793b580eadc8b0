// The environment a session runs in (device, orientation, multitasking share, resizable window,
// appearance, text size, layout direction, iOS version), by the names the server's one codec
// gives its members (Sources/Prototype/EnvironmentRequest.swift). The player's page lists them
// (`data-environment-keys`) with the environment it opened in (`data-environment`) and the
// values its address leaves out (`data-environment-defaults`), so no script keeps a list of its
// own: a new trait needs nothing here.

const page = document.querySelector("[data-environment-keys]");

/** The members' names, in the server's order. */
export const KEYS = JSON.parse(page?.dataset.environmentKeys ?? "[]");

/** The environment the page opened in, as `POST /api/sessions` takes it. */
export function initial() {
  return JSON.parse(page?.dataset.environment ?? "{}");
}

/** The values a page's address leaves out (the prototype's defaults, but for the device and the
 * orientation, which it always names). */
export function defaults() {
  return JSON.parse(page?.dataset.environmentDefaults ?? "{}");
}

/** The environment a state (an answer's `state`) is in: its members, a window's size only for
 * a resizable window (the state reports every window's size). */
export function of(state) {
  const env = {};
  for (const key of KEYS) {
    if (key === "window") {
      if (state.multitasking === "window" && state.window) env.window = { width: state.window.width, height: state.window.height };
    } else if (state[key] !== undefined) {
      env[key] = state[key];
    }
  }
  return env;
}

/** A member's value as a page's address writes it: a window as `WIDTHxHEIGHT`. */
export function text(key, value) {
  if (value === undefined || value === null) return undefined;
  return key === "window" ? `${value.width}x${value.height}` : String(value);
}

/** Whether two environments are the same. */
export function same(a, b) {
  return KEYS.every((key) => text(key, a[key]) === text(key, b[key]));
}
