// Live reload: the server's event stream names each prototype whose file changed ("*" for all).

/** Calls `changed()` whenever prototype `id`'s file changes. */
export function onPrototypeChange(id, changed) {
  if (!id || !window.EventSource) return;
  const es = new EventSource(`/api/stream?prototype=${encodeURIComponent(id)}`);
  es.addEventListener("reload", (ev) => {
    if (!ev.data || ev.data === id || ev.data === "*") changed();
  });
}
