#!/usr/bin/env python3
"""Computes a study's task, session and modal figures from the raw interaction log with DuckDB,
independently of ModalLab's summary, and prints them as JSON for the Swift test to compare.

Usage: study_check.py LOGS_DIR DUCKDB_COLUMNS [DEVICE] [--audience AUDIENCE]

With DEVICE, only the sessions whose session_start names that device count (whole sessions);
with --audience (owner, link, participant), only the sessions that audience ran (a log written
before the audience column counts a session without a share link as the owner's, one with a
link as a link's).
Exit status 0 with the JSON on stdout; 3 when the duckdb module is missing.
"""
import ast
import json
import sys

try:
    import duckdb
except ImportError as error:
    print(f"{error}; install it with: pip install duckdb", file=sys.stderr)
    sys.exit(3)

args = sys.argv[1:]
audience = None
if "--audience" in args:
    i = args.index("--audience")
    audience = args[i + 1]
    del args[i:i + 2]
logs, columns = args[0], ast.literal_eval(args[1])
device = args[2] if len(args) > 2 else None
con = duckdb.connect()
con.execute(
    f"CREATE VIEW raw AS SELECT * FROM read_json('{logs}/**/*.ndjson', format = 'newline_delimited', "
    f"hive_partitioning = true, columns = {columns})")
where = "TRUE" if device is None else f"device = '{device}'"
if audience is not None:
    where += (f" AND coalesce(audience, CASE WHEN share IS NULL THEN 'owner' ELSE 'link' END) = '{audience}'")
con.execute(f"CREATE VIEW chosen AS SELECT DISTINCT session FROM raw WHERE type = 'session_start' AND {where}")
con.execute("CREATE VIEW ev AS SELECT * FROM raw WHERE session IN (SELECT session FROM chosen)")

tasks = {}
for row in con.execute("""
    SELECT task,
      count(*) FILTER (WHERE type = 'task_start'),
      count(*) FILTER (WHERE type = 'task_end' AND outcome = 'direct'),
      count(*) FILTER (WHERE type = 'task_end' AND outcome = 'indirect'),
      count(*) FILTER (WHERE type = 'task_end' AND outcome = 'gaveUp'),
      count(*) FILTER (WHERE type = 'task_end' AND outcome = 'timedOut'),
      quantile_cont(duration_ms, 0.5) FILTER (WHERE type = 'task_end' AND outcome IN ('direct', 'indirect')),
      quantile_cont(duration_ms, 0.9) FILTER (WHERE type = 'task_end' AND outcome IN ('direct', 'indirect')),
      count(*) FILTER (WHERE type = 'tap'),
      count(*) FILTER (WHERE type = 'misclick')
    FROM ev WHERE task IS NOT NULL GROUP BY task ORDER BY task""").fetchall():
    (task, attempts, direct, indirect, gave_up, timed_out, median, p90, taps, misclicks) = row
    tasks[task] = {
        "attempts": attempts, "direct": direct, "indirect": indirect, "gave_up": gave_up,
        "timed_out": timed_out,
        "success_rate": None if attempts == 0 else (direct + indirect) / attempts,
        "median_time_ms": median, "p90_time_ms": p90, "taps": taps, "misclicks": misclicks,
        "misclick_rate": None if taps == 0 else misclicks / taps,
    }

sessions = {}
for (session, ended, taps, misclicks) in con.execute("""
    SELECT session, bool_or(type = 'session_end'), count(*) FILTER (WHERE type = 'tap'),
      count(*) FILTER (WHERE type = 'misclick')
    FROM ev GROUP BY session""").fetchall():
    sessions[session] = {"status": "ended" if ended else "abandoned", "taps": taps, "misclicks": misclicks}

# A modal is open at the end of a session when it has more presents than dismisses there.
open_at_end = {}
for (modal, n) in con.execute("""
    SELECT modal, count(*) FROM (
      SELECT session, modal, count(*) FILTER (WHERE type = 'present') - count(*) FILTER (WHERE type = 'dismiss') AS up
      FROM ev WHERE modal IS NOT NULL AND type IN ('present', 'dismiss') GROUP BY session, modal)
    WHERE up > 0 GROUP BY modal""").fetchall():
    open_at_end[modal] = n

# Cancels per modal, by docs/log.md's definition word for word.
cancels = {}
for (modal, n) in con.execute("""
    SELECT modal, count(*) FROM ev
    WHERE type = 'dismiss' AND (props->>'cancel' = 'true' OR props->>'role' = 'cancel')
    GROUP BY modal""").fetchall():
    cancels[modal] = n

# The Single Ease Question: a session's last answer about a task counts (1-7).
for (task, scores) in con.execute("""
    SELECT task, list(score) FROM (
      SELECT session, task, arg_max(CAST(props->>'score' AS INTEGER), seq) AS score
      FROM ev WHERE type = 'answer' AND target = 'seq' GROUP BY session, task)
    GROUP BY task""").fetchall():
    entry = tasks.setdefault(task, {})
    entry["seq_answers"] = len(scores)
    entry["seq_mean"] = sum(scores) / len(scores)
    entry["seq_distribution"] = [scores.count(v) for v in range(1, 8)]

# SUS per session (Brooke 1996): each item's last answer; odd items score - 1, even 5 - score,
# the sum times 2.5, when all ten were answered.
for (session, items) in con.execute("""
    SELECT session, list((item, score)) FROM (
      SELECT session, CAST(substr(target, 4) AS INTEGER) AS item,
        arg_max(CAST(props->>'score' AS INTEGER), seq) AS score
      FROM ev WHERE type = 'answer' AND target LIKE 'sus%' GROUP BY session, target)
    GROUP BY session""").fetchall():
    answers = {i: v for (i, v) in items}
    score = None
    if len(answers) == 10:
        score = 2.5 * sum(v - 1 if i % 2 == 1 else 5 - v for (i, v) in answers.items())
    sessions[session]["sus_score"] = score

# Status: completed when every task the session was given (its session_start's props.tasks,
# else the tasks it started) has a task_end; else dropped when it ended (not by the server's
# stop); else in progress.
for (session, given, started, ended_tasks, ended) in con.execute("""
    SELECT session,
      any_value(CAST(props->'tasks' AS VARCHAR[])) FILTER (WHERE type = 'session_start'),
      list(target ORDER BY seq) FILTER (WHERE type = 'task_start'),
      list(DISTINCT target) FILTER (WHERE type = 'task_end'),
      bool_or(type = 'session_end' AND coalesce(how, '') <> 'shutdown')
    FROM ev GROUP BY session""").fetchall():
    order = list(given or [])
    if not order:
        for t in started or []:
            if t not in order:
                order.append(t)
    done = set(ended_tasks or [])
    if order and all(t in done for t in order):
        status = "completed"
    elif ended:
        status = "completed" if not order else "dropped"
    else:
        status = "in progress"
    sessions[session]["study_status"] = status
    sessions[session].setdefault("sus_score", None)

# The results table: per session and task started, the last task_end's outcome and time
# (unfinished without one), taps (below) and misclicks made during the task, the SEQ answer.
results = {}
for (session, task, outcome, time_ms, taps, misclicks, seq) in con.execute("""
    SELECT session, task,
      arg_max(outcome, seq) FILTER (WHERE type = 'task_end'),
      arg_max(duration_ms, seq) FILTER (WHERE type = 'task_end'),
      count(*) FILTER (WHERE type = 'tap'),
      count(*) FILTER (WHERE type = 'misclick'),
      arg_max(CAST(props->>'score' AS INTEGER), seq) FILTER (WHERE type = 'answer' AND target = 'seq')
    FROM ev WHERE task IS NOT NULL GROUP BY session, task""").fetchall():
    results[f"{session}/{task}"] = {
        "outcome": outcome or "unfinished", "time_ms": time_ms, "taps": taps, "misclicks": misclicks, "seq": seq,
    }

# The results' taps (docs/log.md): every touch of a control or a text field during the task —
# each tap, and a person's focus of a field (neither automatic nor an alert's field) unless the
# step just before it on the task's path was a tap on that field (the browser sends both).
for (session, task, taps) in con.execute("""
    WITH steps AS (
      SELECT session, task, type, coalesce(props->>'button', target) AS step,
        lag(coalesce(props->>'button', target)) OVER (PARTITION BY session, task ORDER BY t_ms, seq) AS prev
      FROM ev WHERE task IS NOT NULL AND (type = 'tap' OR
        (type = 'focus' AND props->>'automatic' IS NULL AND props->>'field' IS NULL)))
    SELECT session, task, count(*) FILTER (WHERE type = 'tap' OR prev IS DISTINCT FROM step)
    FROM steps GROUP BY session, task""").fetchall():
    if f"{session}/{task}" in results:
        results[f"{session}/{task}"]["taps"] = taps

print(json.dumps({
    "tasks": tasks, "sessions": sessions, "open_at_end": open_at_end, "cancels": cancels, "results": results,
}))
