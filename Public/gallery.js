// The gallery's "New prototype" form: POST /api/prototypes {id, name, from?} (docs/api.md,
// "Creating"), then the new prototype's editor. Without script the form does nothing harmful:
// its action is the API, which refuses a form's media type with a problem document.
import { t } from "./strings.js";
import "./shares.js";

const form = document.querySelector("[data-new-prototype]");
if (form) {
  const name = form.querySelector("[data-new-name]");
  const id = form.querySelector("[data-new-id]");
  const from = form.querySelector("[data-new-from]");
  const status = form.querySelector("[data-new-status]");
  let idEdited = false;

  // The id follows the name until the designer types one: lower case, digits and hyphens.
  id.addEventListener("input", () => { idEdited = id.value !== ""; });
  name.addEventListener("input", () => {
    if (idEdited) return;
    id.value = name.value.normalize("NFKD").toLowerCase().replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "").slice(0, 64);
  });

  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    status.textContent = "";
    const body = { id: id.value.trim(), name: name.value.trim() };
    if (from.value) body.from = from.value;
    let answer;
    try {
      answer = await fetch("/api/prototypes", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body),
        credentials: "same-origin",
      });
    } catch (error) {
      status.textContent = t("editorCreateFailed", { detail: String(error) });
      return;
    }
    if (answer.status === 201) {
      location.assign(`/p/${encodeURIComponent(body.id)}/edit`);
      return;
    }
    const problem = await answer.json().catch(() => ({}));
    const detail = [problem.detail ?? problem.title ?? answer.statusText, problem.path].filter(Boolean).join(" — ");
    status.textContent = t("editorCreateFailed", { detail });
    // The field the problem names takes the focus, keeping what was typed.
    const field = { "$.id": id, "$.name": name, "$.from": from }[problem.path];
    if (field) {
      field.setAttribute("aria-invalid", "true");
      field.focus();
    }
  });
  for (const field of [id, name, from]) {
    field.addEventListener("input", () => field.removeAttribute("aria-invalid"));
  }
}
