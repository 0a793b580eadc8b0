#!/usr/bin/env bash
# An editor's change round trip (PATCH with lint, then the player's frame at its kept place) over
# HTTP, against the real server (release), for the bundled examples and a 1,000-modal file.
#
#   Benchmarks/editor/run.sh            # 200 changes per example, 50 for the 1,000-modal file
#   CHANGES=500 Benchmarks/editor/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product modallab >"${TMPDIR:-/tmp}/editor-bench-build.log" 2>&1 &&
    swift build -c release --product modallab-bench >>"${TMPDIR:-/tmp}/editor-bench-build.log" 2>&1 ||
    { cat "${TMPDIR:-/tmp}/editor-bench-build.log" >&2; exit 1; }
BIN="$(swift build -c release --show-bin-path)"
python3 Benchmarks/editor/roundtrip.py "$BIN/modallab" "$BIN/modallab-bench" "${CHANGES:-200}"
