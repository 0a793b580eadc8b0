// The review board: one event stream for the page (the embedded players open none), and a
// prototype change reloads every frame.
const board = document.querySelector(".board");
const id = board?.dataset.prototype;
if (id && window.EventSource) {
  const es = new EventSource(`/api/stream?prototype=${encodeURIComponent(id)}`);
  es.addEventListener("reload", (ev) => {
    if (ev.data && ev.data !== id && ev.data !== "*") return;
    for (const frame of document.querySelectorAll(".board-cell iframe")) frame.contentWindow?.location.reload();
  });
}
