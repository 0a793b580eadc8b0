// The click a press's release brings. When a press became something else (a long press that
// opened a menu, a drag that moved a sheet), its release's click is not a tap. The browser may
// not send that click (when the frame replaced what was pressed), and on a busy page it can come
// after other tasks have run, so it is known by its time: it carries its release's.

/** A click this soon after the release is that release's own (milliseconds). */
const RELEASE_CLICK_MS = 100;

/**
 * One swallowed click: `swallowNext(ev)` at a release that was not a tap; `pressed()` at the
 * next press (a new gesture); `swallows(ev)` in the click handler, true (once) for the
 * release's own click, false for any other.
 */
export function releaseClick() {
  let releasedAt = null;
  return {
    swallowNext(ev) { releasedAt = ev.timeStamp; },
    pressed() { releasedAt = null; },
    swallows(ev) {
      if (releasedAt === null) return false;
      const own = ev.timeStamp - releasedAt < RELEASE_CLICK_MS;
      releasedAt = null;
      return own;
    },
  };
}
