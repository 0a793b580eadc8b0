// The software keyboard the frame draws (its size and place are the server's: FrameLayout).
// Its keys type into the field it is up for, as the computer's keyboard does; Return ends
// editing (a text field), starts a new line (a text area) or runs an alert's Return action;
// the iPad's hide key ends editing. Every touch on it stays on it: nothing beneath is tapped,
// and the field keeps the focus.

/** Types `text` at the caret of `el` (replacing the selection), as an `input` event tells the editor. */
function typeInto(el, text) {
  const start = el.selectionStart ?? el.value.length;
  const end = el.selectionEnd ?? start;
  el.setRangeText(text, start, end, "end");
  el.dispatchEvent(new Event("input", { bubbles: true }));
}

/** Deletes the selection, or the character before the caret. */
function deleteBackward(el) {
  const start = el.selectionStart ?? el.value.length;
  const end = el.selectionEnd ?? start;
  if (start === end && start === 0) return;
  el.setRangeText("", start === end ? start - 1 : start, end, "end");
  el.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * Whether the Shift key is down by itself at the caret of `el`: UIKit's default
 * autocapitalization, `.sentences`, presses it at the start of the text and at the start of each
 * sentence (Apple, "UITextInputTraits.autocapitalizationType": it "determines at what times the
 * Shift key is automatically pressed", and the default is `UITextAutocapitalizationType.sentences`).
 * ModalLab's reading (unverified): a sentence starts after `.`, `!` or `?` and white space, and on
 * a new line; a password field, and a field for an email address, a URL or numbers (an alert's
 * `secure` and `keyboard`), are typed without it, as apps set them.
 */
export function startsSentence(el) {
  if (el.type === "password" || !["", "text"].includes(el.inputMode ?? "")) return false;
  const before = el.value.slice(0, el.selectionStart ?? el.value.length);
  return /^\s*$/.test(before) || /[.!?]\s+$/.test(before) || /\n[ \t]*$/.test(before);
}

/** Presses or releases the drawn keyboard's Shift key for the caret of the field it is up for. */
export function autoShift(frame) {
  const keyboard = frame.keyboard(), field = frame.keyboardField();
  if (keyboard && field) keyboard.classList.toggle("shifted", startsSentence(field));
}

/** Wires the drawn keyboard's keys. `send(action)` posts an action. */
export function installSoftKeyboard({ frame, send }) {
  const stage = frame.stage;
  const onKeyboard = (ev) => ev.target.closest?.(".keyboard");
  // What is typed, by its keys or the computer's, moves the caret: Shift follows it.
  stage.addEventListener("input", () => autoShift(frame));
  // A press on the keyboard neither moves the focus nor starts a drag or a tap beneath.
  for (const type of ["pointerdown", "mousedown"]) {
    stage.addEventListener(type, (ev) => {
      if (!onKeyboard(ev)) return;
      ev.preventDefault();
      ev.stopPropagation();
    }, true);
  }
  stage.addEventListener("click", (ev) => {
    const keyboard = onKeyboard(ev);
    if (!keyboard) return;
    ev.preventDefault();
    ev.stopPropagation();
    const key = ev.target.closest("[data-key]")?.dataset.key;
    const field = frame.keyboardField();
    if (!key) return;
    switch (key) {
      case "shift":
        keyboard.classList.toggle("shifted");
        return;
      case "delete":
        if (field) deleteBackward(field);
        return;
      case "hide":
        send({ type: "endEditing" });
        return;
      case "return": {
        const what = keyboard.dataset.return;
        if (what === "newline" && field) typeInto(field, "\n");
        else if (what === "alert") send({ type: "key", key: "Return" });
        else send({ type: "endEditing" });
        return;
      }
      case "numbers":
      case "globe":
        return;
      default: {
        if (!field) return;
        const shifted = keyboard.classList.contains("shifted");
        // Its `input` event sets Shift for the next key (autoShift).
        typeInto(field, shifted ? key.toUpperCase() : key);
      }
    }
  }, true);
}
