#!/usr/bin/env python3
"""Computes a study's task, session and modal figures from the raw interaction log with DuckDB,
independently of ModalLab's summary, and prints them as JSON for the Swift test to compare.

Usage: study_check.py LOGS_DIR DUCKDB_COLUMNS [DEVICE]

With DEVICE, only the sessions whose session_start names that device count (whole sessions).
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

logs, columns = sys.argv[1], ast.literal_eval(sys.argv[2])
device = sys.argv[3] if len(sys.argv) > 3 else None
con = duckdb.connect()
con.execute(
    f"CREATE VIEW raw AS SELECT * FROM read_json('{logs}/**/*.ndjson', format = 'newline_delimited', "
    f"hive_partitioning = true, columns = {columns})")
where = "TRUE" if device is None else f"device = '{device}'"
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

print(json.dumps({"tasks": tasks, "sessions": sessions, "open_at_end": open_at_end, "cancels": cancels}))
