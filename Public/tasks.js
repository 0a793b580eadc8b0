// A participant's tasks (a share link with the participant role): the prompt of each task with
// Start and Give up, then the next. The server runs the task: it detects success after each
// action and says so in the state (`task` goes back to null).
import { t } from "./strings.js";

export class StudyPanel {
  #tasks = [];
  #index = 0;
  #running = false;
  #gaveUp = false;

  /** The panel of `root`'s `data-study-tasks`; `send(action)` posts an action in its turn. */
  constructor(root, send) {
    this.panel = root.querySelector("[data-study-panel]");
    if (!this.panel) return;
    try { this.#tasks = JSON.parse(root.dataset.studyTasks ?? "[]"); } catch { this.#tasks = []; }
    this.send = send;
    this.step = this.panel.querySelector("[data-study-step]");
    this.prompt = this.panel.querySelector("[data-study-prompt]");
    this.start = this.panel.querySelector("[data-study-start]");
    this.giveUp = this.panel.querySelector("[data-study-give-up]");
    this.next = this.panel.querySelector("[data-study-next]");
    this.start.addEventListener("click", () => {
      const task = this.#tasks[this.#index];
      if (!task) return;
      this.#running = true;
      this.#gaveUp = false;
      this.#render();
      this.send({ type: "taskStart", task: task.id });
      // Past its limit the server ends the task as timedOut at the next request: one is sent
      // then (a giveUp after the limit is logged as the time-out it is), with a margin.
      clearTimeout(this.timer);
      if (task.timeLimitSeconds) {
        this.timer = setTimeout(() => {
          if (!this.#running) return;
          this.#gaveUp = true;
          this.send({ type: "giveUp" });
        }, task.timeLimitSeconds * 1000 + 500);
      }
    });
    this.giveUp.addEventListener("click", () => {
      this.#gaveUp = true;
      this.send({ type: "giveUp" });
    });
    this.next.addEventListener("click", () => this.#render());
    this.#render();
  }

  /** Follows the state: the running task ended (done, given up or timed out). */
  update(state) {
    if (!this.panel || !this.#running || state?.task) return;
    this.#running = false;
    this.#index += 1;
    this.prompt.textContent = this.#gaveUp ? t("taskEnded") : t("taskSucceeded");
    this.panel.dataset.outcome = this.#gaveUp ? "ended" : "done";
    this.start.hidden = true;
    this.giveUp.hidden = true;
    this.next.hidden = this.#index >= this.#tasks.length;
    if (this.#index >= this.#tasks.length) this.step.textContent = t("studyComplete");
  }

  #render() {
    const task = this.#tasks[this.#index];
    this.next.hidden = true;
    this.panel.dataset.running = String(this.#running);
    if (!task) {
      this.step.textContent = t("studyComplete");
      this.prompt.textContent = "";
      this.start.hidden = this.giveUp.hidden = true;
      return;
    }
    this.panel.dataset.task = task.id;
    delete this.panel.dataset.outcome;
    this.step.textContent = t("taskOf", { step: this.#index + 1, count: this.#tasks.length });
    this.prompt.textContent = task.prompt;
    this.start.hidden = this.#running;
    this.giveUp.hidden = !this.#running;
  }
}
