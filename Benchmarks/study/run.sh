#!/usr/bin/env bash
# A usability study's speed (issue 16): summaries and heat maps of 1,000,000 events and a
# 500-step replay (in process), then how soon a watcher sees each frame over SSE.
set -euo pipefail
cd "$(dirname "$0")/../.."
# One product per call: given two, `swift build` builds only the last.
for product in modallab-bench modallab; do
  swift build -c release --product "$product" >"${TMPDIR:-/tmp}/bench-study-build.log" 2>&1 \
    || { cat "${TMPDIR:-/tmp}/bench-study-build.log" >&2; exit 1; }
done
bin="$(swift build -c release --show-bin-path)"
"$bin/modallab-bench" study
python3 Benchmarks/study/watch_latency.py "$bin/modallab" 300
