#!/usr/bin/env python3
"""Reads the raw interaction log with DuckDB in the order docs/log.md gives a session's events
(ORDER BY session, t_ms, seq) and the rows of export files in the order they hold them, and
prints both as JSON for the Swift test to compare.

Usage: export_order_check.py LOGS_DIR DUCKDB_COLUMNS [EXPORT_FILE ...]

Each EXPORT_FILE is NDJSON, or CSV (RFC 4180, a header row) when its name ends in .csv; a
spreadsheet-safe CSV (a name starting with "safe") has the `'` it put before a text cell that
starts with =, +, -, @, a tab or a carriage return taken off again (docs/log.md), so a random
id that starts with - reads as itself.
Prints {"sql": [[session, event_id, t_ms, seq], ...], "files": {FILE: [[...], ...]}}.
Exit status 0 with the JSON on stdout; 3 when the duckdb module is missing.
"""
import ast
import csv
import json
import os
import sys

try:
    import duckdb
except ImportError as error:
    print(f"{error}; install it with: pip install duckdb", file=sys.stderr)
    sys.exit(3)

logs, columns = sys.argv[1], ast.literal_eval(sys.argv[2])
con = duckdb.connect()
cols = ", ".join(f"'{k}': '{v}'" for k, v in columns.items())
sql = con.execute(
    f"SELECT session, event_id, t_ms, seq FROM read_json('{logs}/**/*.ndjson', hive_partitioning = true, "
    f"columns = {{{cols}}}) ORDER BY session, t_ms, seq"
).fetchall()

files = {}
for path in sys.argv[3:]:
    rows = []
    if path.endswith(".csv"):
        with open(path, newline="", encoding="utf-8") as f:
            reader = csv.reader(f)
            header = next(reader)
            at = {name: header.index(name) for name in ("session", "event_id", "t_ms", "seq")}
            safe = os.path.basename(path).startswith("safe")
            for r in reader:
                if safe:
                    r = [c[1:] if c[:1] == "'" and c[1:2] in ("=", "+", "-", "@", "\t", "\r") else c for c in r]
                rows.append([r[at["session"]] or None, r[at["event_id"]], int(r[at["t_ms"]]), int(r[at["seq"]])])
    else:
        with open(path, encoding="utf-8") as f:
            for line in f:
                o = json.loads(line)
                rows.append([o["session"], o["event_id"], o["t_ms"], o["seq"]])
    files[path] = rows

print(json.dumps({"sql": [list(r) for r in sql], "files": files}))
