#!/usr/bin/env bash
# Player page benchmark: the real server (release) rendering /p/mail from its Mustache templates,
# wrk -t2 -c64 keep-alive as the owner (bearer token). Prints req/s and latency percentiles.
#
#   Benchmarks/pages/run.sh              # 10 s
#   DURATION=5s Benchmarks/pages/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
command -v wrk >/dev/null || { echo "missing wrk: apt-get install -y wrk" >&2; exit 1; }
swift build -c release --product modallab >"${TMPDIR:-/tmp}/pages-bench-build.log" 2>&1 || { cat "${TMPDIR:-/tmp}/pages-bench-build.log" >&2; exit 1; }
BIN="$(swift build -c release --show-bin-path)/modallab"
WORK=$(mktemp -d)
MODALLAB_OWNER_TOKEN=bench "$BIN" serve --port 0 --data "$WORK/data" >"$WORK/out" 2>"$WORK/err" &
PID=$!
trap 'kill $PID 2>/dev/null; wait $PID 2>/dev/null; rm -rf "$WORK"' EXIT
for _ in $(seq 100); do [[ -s "$WORK/out" ]] && break; sleep 0.05; done
URL=$(head -1 "$WORK/out")
BASE=${URL%%/\?*}
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $(date -u +%Y-%m-%dT%H:%MZ)"
for path in /p/mail "/p/safari?device=ipad-pro-13"; do
    echo "== GET $path"
    wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency -H "Authorization: Bearer bench" "$BASE$path" | grep -E "Requests/sec|Latency  |50%|90%|99%|Non-2xx"
done
