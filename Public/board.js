// The review board: one event stream for the page (the embedded players open none), and a
// prototype change reloads every frame.
import { onPrototypeChange } from "./live.js";

onPrototypeChange(document.querySelector(".board")?.dataset.prototype, () => {
  for (const frame of document.querySelectorAll(".board-cell iframe")) frame.contentWindow?.location.reload();
});
