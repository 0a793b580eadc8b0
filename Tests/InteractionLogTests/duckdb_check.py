#!/usr/bin/env python3
"""Checks that DuckDB and pandas read the interaction log as docs/log.md says.

Usage: duckdb_check.py LOGS_DIR CSV_FILE EXPECTED_ROWS DUCKDB_COLUMNS

- the hive-partitioned NDJSON tree with read_json_auto('LOGS_DIR/**/*.ndjson', hive_partitioning=true)
- the same with the explicit column types DUCKDB_COLUMNS (LogColumns.duckDBColumns), whose keys are
  the columns in order
- the CSV export with read_csv_auto('CSV_FILE')
- null and the empty string: the event with event_id 'empty-target' has target "" and screen null;
  DuckDB's read_csv(allow_quoted_nulls = false) reads them as '' and NULL, pandas'
  read_csv(keep_default_na=False) keeps '' as '', and pandas' read_json(lines=True) reads '' and NA

Exit status: 0 when every check passes, 1 when one fails (the reason on stderr),
3 when the duckdb or pandas module cannot be imported (pip install duckdb pandas).
"""
import ast
import glob
import sys

try:
    import duckdb
    import pandas
except ImportError as error:
    print(f"{error}; install the modules with: pip install duckdb pandas", file=sys.stderr)
    sys.exit(3)

INTEGER = {"TINYINT", "SMALLINT", "INTEGER", "BIGINT", "HUGEINT", "UTINYINT", "USMALLINT", "UINTEGER", "UBIGINT"}
NUMBER = INTEGER | {"DOUBLE", "FLOAT", "DECIMAL"}


def fail(message):
    print("duckdb_check: " + message, file=sys.stderr)
    sys.exit(1)


def expect(condition, message):
    if not condition:
        fail(message)


def types_of(con, relation):
    return {row[0]: row[1] for row in con.execute(f"DESCRIBE SELECT * FROM {relation}").fetchall()}


def main():
    if len(sys.argv) != 5:
        fail(__doc__)
    logs, csv_file, expected, columns = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    COLUMNS = list(ast.literal_eval(columns))
    con = duckdb.connect()

    ndjson = f"read_json_auto('{logs}/**/*.ndjson', hive_partitioning=true)"
    (count,) = con.execute(f"SELECT count(*) FROM {ndjson}").fetchone()
    expect(count == expected, f"NDJSON: {count} rows, expected {expected}")
    types = types_of(con, ndjson)
    expect(list(types)[: len(COLUMNS)] == COLUMNS, f"NDJSON columns {list(types)}")
    expect("date" in types, f"NDJSON: no hive partition column 'date' in {list(types)}")
    for name in ["schema", "seq", "t_ms", "duration_ms"]:
        expect(types[name] in INTEGER, f"NDJSON: {name} is {types[name]}, expected an integer")
    for name in ["x", "y"]:
        expect(types[name] in NUMBER, f"NDJSON: {name} is {types[name]}, expected a number")
    expect(types["ts"].startswith("TIMESTAMP"), f"NDJSON: ts is {types['ts']}, expected a TIMESTAMP")
    expect(types["event_id"] == "VARCHAR", f"NDJSON: event_id is {types['event_id']}")
    (days,) = con.execute(f"SELECT count(DISTINCT date) FROM {ndjson}").fetchone()
    expect(days >= 2, f"NDJSON: {days} distinct days, expected at least 2")
    (bad_days,) = con.execute(
        f"SELECT count(*) FROM {ndjson} WHERE CAST(ts AS DATE) <> CAST(date AS DATE)").fetchone()
    expect(bad_days == 0, f"NDJSON: {bad_days} rows whose ts is not in their date= partition")
    (dupes,) = con.execute(f"SELECT count(*) - count(DISTINCT event_id) FROM {ndjson}").fetchone()
    expect(dupes == 0, f"NDJSON: {dupes} duplicate event ids")

    typed = f"read_json('{logs}/**/*.ndjson', hive_partitioning=true, columns={columns})"
    (count,) = con.execute(f"SELECT count(*) FROM {typed}").fetchone()
    expect(count == expected, f"NDJSON with explicit columns: {count} rows, expected {expected}")
    types = types_of(con, typed)
    expect(list(types)[: len(COLUMNS)] == COLUMNS, f"NDJSON with explicit columns: {list(types)}")
    expected_types = {"share": "VARCHAR", "props": "JSON", "ts": "TIMESTAMP", "x": "DOUBLE", "seq": "BIGINT"}
    for name, kind in expected_types.items():
        expect(types[name] == kind, f"NDJSON with explicit columns: {name} is {types[name]}, expected {kind}")
    rows = con.execute(
        f"SELECT props->>'text' FROM {typed} WHERE props->>'text' LIKE 'café%'").fetchall()
    expect(rows == [('café, "quoted"\n',)], f"NDJSON with explicit columns: props read as {rows!r}")

    csv = f"read_csv_auto('{csv_file}')"
    (count,) = con.execute(f"SELECT count(*) FROM {csv}").fetchone()
    expect(count == expected, f"CSV: {count} rows, expected {expected}")
    types = types_of(con, csv)
    expect(list(types) == COLUMNS, f"CSV columns {list(types)}")
    for name in ["schema", "seq", "t_ms"]:
        expect(types[name] in INTEGER, f"CSV: {name} is {types[name]}, expected an integer")
    for name in ["x", "y"]:
        expect(types[name] in NUMBER, f"CSV: {name} is {types[name]}, expected a number")
    expect(types["props"] == "VARCHAR", f"CSV: props is {types['props']}, expected VARCHAR (JSON text)")
    rows = con.execute(f"SELECT target FROM {csv} WHERE target LIKE 'line1%'").fetchall()
    expect(rows == [("line1\nline2\r\nline3",)], f"CSV: multi-line target read as {rows!r}")
    rows = con.execute(f"SELECT target FROM {csv} WHERE target LIKE 'say%'").fetchall()
    expect(rows == [('say "hi"',)], f"CSV: quoted target read as {rows!r}")
    rows = con.execute(
        f"SELECT json_extract_string(props, '$.text') FROM {csv} WHERE props LIKE '%quoted%'").fetchall()
    expect(rows == [('café, "quoted"\n',)], f"CSV: props JSON read as {rows!r}")
    (same,) = con.execute(
        f"SELECT count(*) FROM {csv} c JOIN {ndjson} n USING (event_id) WHERE c.seq = n.seq").fetchone()
    expect(same == expected, f"CSV and NDJSON agree on {same} of {expected} rows")

    strict = f"read_csv('{csv_file}', allow_quoted_nulls = false)"
    rows = con.execute(f"SELECT target, screen IS NULL FROM {strict} WHERE event_id = 'empty-target'").fetchall()
    expect(rows == [("", True)], f"CSV: an empty target and a null screen read as {rows!r}, expected ('', NULL)")
    (nulls,) = con.execute(f"SELECT count(*) FROM {strict} WHERE share IS NULL").fetchone()
    expect(nulls == expected, f"CSV: {nulls} of {expected} null shares read as NULL")

    frame = pandas.read_csv(csv_file, keep_default_na=False, dtype=str)
    row = frame[frame["event_id"] == "empty-target"]
    expect(list(row["target"]) == [""], f"pandas CSV: the empty target read as {list(row['target'])!r}")
    parts = sorted(glob.glob(f"{logs}/**/*.ndjson", recursive=True))
    lines = pandas.concat([pandas.read_json(p, lines=True, dtype=False) for p in parts])
    row = lines[lines["event_id"] == "empty-target"]
    values = (list(row["target"]), [bool(pandas.isna(v)) for v in row["screen"]])
    expect(values == ([""], [True]), f"pandas NDJSON: target and screen read as {values!r}, expected '' and NA")
    print(f"duckdb {duckdb.__version__}, pandas {pandas.__version__}: {expected} rows read from NDJSON and CSV")


main()
