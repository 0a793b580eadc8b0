// A participant's tasks (a share link with the participant role): the prompt of each task with
// Start and Give up, then the next. The server runs the task: it detects success after each
// action and says so in the state (`task` goes back to null). When the prototype asks questions
// (docs/format.md, "Questions"), the panel asks the Single Ease Question and a comment after each
// task and the System Usability Scale after the last; each answer is an `answer` action.
import { t } from "./strings.js";

export class StudyPanel {
  #tasks = [];
  #index = 0;
  #running = false;
  #gaveUp = false;
  /** The task whose questions the panel asks (the one that just ended). */
  #asking = null;

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
    this.afterTask = this.panel.querySelector("[data-study-after-task]");
    this.sus = this.panel.querySelector("[data-study-sus]");
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
    this.afterTask?.addEventListener("submit", (ev) => {
      ev.preventDefault();
      this.#answerTask();
    });
    this.sus?.addEventListener("submit", (ev) => {
      ev.preventDefault();
      this.#answerSUS();
    });
    this.#render();
  }

  /**
   * The tasks in the order this participant plays them: the session's answer lists them (a
   * counterbalanced link gives each participant another order than the page's). Taken only
   * before the first task starts.
   */
  order(ids) {
    if (!this.panel || !Array.isArray(ids) || this.#running || this.#index > 0) return;
    const byId = new Map(this.#tasks.map((task) => [task.id, task]));
    const tasks = ids.map((id) => byId.get(id)).filter(Boolean);
    if (tasks.length === 0) return;
    this.#tasks = tasks;
    this.#render();
  }

  /**
   * Goes on where a participant who reopened their link was (`POST /api/sessions` answered
   * `resumed`): `ids` their order, `ended` the tasks already over, `state` the session's state
   * (its `task` when one is running).
   */
  resume(ids, ended, state) {
    if (!this.panel) return;
    this.order(ids);
    const over = new Set(ended ?? []);
    this.#index = this.#tasks.filter((task) => over.has(task.id)).length;
    const running = state?.task?.id ?? state?.task;
    if (running && this.#tasks[this.#index]?.id === running) this.#running = true;
    if (this.#index >= this.#tasks.length) {
      this.start.hidden = this.giveUp.hidden = true;
      this.#afterQuestions();
      return;
    }
    this.#render();
  }

  /** Whether the participant is through: every task over and the questions, if any, answered. */
  get complete() { return this.panel?.dataset.complete === "true"; }

  /** Follows the state: the running task ended (done, given up or timed out). */
  update(state) {
    if (!this.panel || !this.#running || state?.task) return;
    this.#running = false;
    const ended = this.#tasks[this.#index];
    this.#index += 1;
    this.prompt.textContent = this.#gaveUp ? t("taskEnded") : t("taskSucceeded");
    this.panel.dataset.outcome = this.#gaveUp ? "ended" : "done";
    this.start.hidden = true;
    this.giveUp.hidden = true;
    this.next.hidden = true;
    if (this.afterTask && ended) {
      this.#asking = ended.id;
      this.#show(this.afterTask);
      return;
    }
    this.#afterQuestions();
  }

  /** After a task's questions (or without any): the next task, the SUS, or the end. */
  #afterQuestions() {
    if (this.#index < this.#tasks.length) {
      this.next.hidden = false;
      return;
    }
    if (this.sus && !this.sus.dataset.sent) {
      this.step.textContent = "";
      this.prompt.textContent = "";
      this.#show(this.sus);
      this.sus.querySelector("[data-study-sus-heading]")?.focus();
      return;
    }
    this.step.textContent = t("studyComplete");
    this.panel.dataset.complete = "true";
  }

  /** Shows `form` (empty) and hides the other; the first control takes the focus. */
  #show(form) {
    for (const f of [this.afterTask, this.sus]) if (f) f.hidden = f !== form;
    form.reset();
    this.panel.dataset.asking = form === this.sus ? "sus" : "task";
    if (form === this.afterTask) form.querySelector("input, textarea")?.focus();
  }

  /** Sends the SEQ (1–7) and the comment, if written, about the task that ended. */
  #answerTask() {
    const task = this.#asking;
    const data = new FormData(this.afterTask);
    const seq = Number(data.get("seq"));
    if (seq >= 1 && seq <= 7) this.send({ type: "answer", question: "seq", task, value: seq });
    const comment = String(data.get("comment") ?? "").trim();
    if (comment) this.send({ type: "answer", question: "comment", task, value: comment });
    this.afterTask.hidden = true;
    delete this.panel.dataset.asking;
    this.#asking = null;
    this.#afterQuestions();
    if (!this.next.hidden) this.next.focus();
  }

  /** Sends the SUS's ten answers (1–5 each), in order. */
  #answerSUS() {
    const data = new FormData(this.sus);
    for (let n = 1; n <= 10; n += 1) {
      const score = Number(data.get(`sus${n}`));
      if (score >= 1 && score <= 5) this.send({ type: "answer", question: `sus${n}`, value: score });
    }
    this.sus.dataset.sent = "true";
    this.sus.hidden = true;
    delete this.panel.dataset.asking;
    this.#afterQuestions();
  }

  /** The link stopped working (revoked or expired) while the participant was in the study: the
   * panel says so in its live region and offers nothing more to do. */
  stop(message) {
    if (!this.panel) return false;
    clearTimeout(this.timer);
    this.#running = false;
    this.panel.dataset.stopped = "true";
    this.step.textContent = message;
    this.prompt.textContent = "";
    this.start.hidden = this.giveUp.hidden = this.next.hidden = true;
    return true;
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
