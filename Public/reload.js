// An error page about a prototype reloads when the prototype's file changes, so fixing the
// file brings the player back without a manual refresh.
const id = document.querySelector("[data-prototype]")?.dataset.prototype;
if (id && window.EventSource) {
  const es = new EventSource(`/api/stream?prototype=${encodeURIComponent(id)}`);
  es.addEventListener("reload", (ev) => { if (!ev.data || ev.data === id || ev.data === "*") location.reload(); });
}
