// An error page about a prototype reloads when the prototype's file changes, so fixing the
// file brings the player back without a manual refresh.
import { onPrototypeChange } from "./live.js";

onPrototypeChange(document.querySelector("[data-prototype]")?.dataset.prototype, () => location.reload());
