// The words the player shows, in the reader's language: the page carries them as JSON in the
// player's `data-strings` (from the server's string tables, Sources/ModalLabServer/Localization),
// so no script has words of its own. `{name}` in a string is a placeholder.

const table = (() => {
  try {
    return JSON.parse(document.querySelector("[data-strings]")?.dataset.strings ?? "{}");
  } catch {
    return {};
  }
})();

/** The string `key` with its `{placeholders}` filled from `args` (the key itself if unknown). */
export function t(key, args = {}) {
  return (table[key] ?? key).replace(/\{(\w+)\}/g, (m, name) => (name in args ? String(args[name]) : m));
}

/**
 * The string `key` as nodes: its words as text, each `{placeholder}` as the node `args[name]`
 * returns (so the prototype's own text can sit in a `<bdi>` of its own).
 */
export function tNodes(key, args = {}) {
  const out = document.createDocumentFragment();
  for (const [i, part] of (table[key] ?? key).split(/\{(\w+)\}/).entries()) {
    if (i % 2 === 0) { if (part) out.append(part); continue; }
    const node = args[part];
    out.append(typeof node === "function" ? node() : node ?? `{${part}}`);
  }
  return out;
}
