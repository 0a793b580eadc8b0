#!/usr/bin/env bash
# Action benchmark over HTTP: `modallab serve` (release) with a temporary data directory, 256
# viewing sessions of the bundled Mail prototype, and wrk with 2 threads and 64 concurrent
# connections cycling tap Compose / swipe down over the sessions (actions.lua: four sessions per
# connection, so a session's next action waits for its last answer unless that answer is
# slower than 127 others; such a collision would be a 409 and count in non2xx). Every action goes
# through the presentation engine, renders the device frame and is fsynced to the interaction
# log (group commit) before its response.
#
#   Benchmarks/actions/run.sh                     # 3 rounds of 10 s
#   ROUNDS=1 DURATION=5s Benchmarks/actions/run.sh
#   THREADS=64 Benchmarks/actions/run.sh         # one wrk thread per connection
#   EVENT_LOOPS=1 Benchmarks/actions/run.sh       # modallab serve --event-loops 1
#
# Needs wrk and curl (apt-get install -y wrk curl). Prints req/s, p50 and p99 per round, and what
# wrk's non2xx were by status (the server's own counts, from /metrics): 409, the engine's refusal
# of an action the session's state does not allow, when a session's next action overtakes its
# last (an answer slower than the thread's cycle through its sessions), and once per run even
# with one connection, where nothing overtakes: the script's order, not the server's.
set -euo pipefail
cd "$(dirname "$0")/../.."

ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
EVENT_LOOPS=${EVENT_LOOPS:-2}
DEVICE=${DEVICE:-iphone-16}

for tool in wrk curl; do
    command -v "$tool" >/dev/null || { echo "missing $tool: apt-get install -y wrk curl" >&2; exit 1; }
done

LOG="${TMPDIR:-/tmp}/actions-bench-build.log"
swift build -c release --product modallab >"$LOG" 2>&1 || { cat "$LOG" >&2; exit 1; }
BIN="$(swift build -c release --show-bin-path)/modallab"

WORK=$(mktemp -d)
SERVER=""
cleanup() {
    if [[ -n "$SERVER" ]]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
    rm -rf "$WORK"
}
trap cleanup EXIT

export MODALLAB_OWNER_TOKEN="bench-$(date +%s)-$$"
"$BIN" serve --port 0 --data "$WORK/data" --event-loops "$EVENT_LOOPS" >"$WORK/stdout" 2>"$WORK/stderr" &
SERVER=$!
URL=""
for _ in $(seq 100); do
    URL=$(head -n 1 "$WORK/stdout" 2>/dev/null || true)
    [[ "$URL" == http* ]] && break
    kill -0 "$SERVER" 2>/dev/null || { cat "$WORK/stderr" >&2; exit 1; }
    sleep 0.1
done
[[ "$URL" == http* ]] || { echo "server did not print its URL" >&2; cat "$WORK/stderr" >&2; exit 1; }
BASE=${URL%%/\?*}
BASE=${BASE%/}
echo "server: $BASE (data in $WORK/data)"

AUTH="Authorization: Bearer $MODALLAB_OWNER_TOKEN"
: >"$WORK/sessions"
for _ in $(seq $((4 * CONNECTIONS))); do
    sid=$(curl -sf -H "$AUTH" -H 'Content-Type: application/json' \
        -d "{\"prototype\":\"mail\",\"device\":\"$DEVICE\"}" "$BASE/api/sessions" |
        grep -o '"session" *: *"[A-Za-z0-9_-]*"' | head -n 1 | sed -E 's/.*"([A-Za-z0-9_-]+)"$/\1/')
    [[ -n "$sid" ]] || { echo "could not create a session" >&2; exit 1; }
    echo "$sid" >>"$WORK/sessions"
done
echo "sessions: $(wc -l <"$WORK/sessions")"
export SESSIONS_FILE="$WORK/sessions" WRK_THREADS="$THREADS"

# Leaves every session with nothing presented (a round may stop between tap and swipe).
reset_sessions() {
    for sid in $(cat "$WORK/sessions"); do
        curl -sf -o /dev/null -H "$AUTH" -H 'Content-Type: application/json' -d '{"type":"swipeDown"}' \
            "$BASE/api/sessions/$sid/actions" || true
    done
}

# The server's CPU time (user + system, in clock ticks) so far.
server_ticks() { awk '{print $14 + $15}' "/proc/$SERVER/stat"; }

wrk -t "$THREADS" -c "$CONNECTIONS" -d 2s -s Benchmarks/actions/actions.lua "$BASE" >/dev/null || true
reset_sessions

# The server's count of actions answered with each status other than 2xx ("STATUS COUNT" lines,
# from its /metrics).
refusals() {
    curl -sf -H "$AUTH" "$BASE/metrics" |
        sed -nE 's|^http_requests_total\{method="POST",route="/api/sessions/\{sid\}/actions",status="([^2][0-9][0-9])"\} ([0-9]+)$|\1 \2|p'
}

ticks_per_second=$(getconf CLK_TCK)
for round in $(seq "$ROUNDS"); do
    refused_before=$(refusals)
    before=$(server_ticks)
    out=$(wrk -t "$THREADS" -c "$CONNECTIONS" -d "$DURATION" --timeout 5s -s Benchmarks/actions/actions.lua "$BASE")
    after=$(server_ticks)
    line=$(grep '^RESULT' <<<"$out" | sed 's/^RESULT //')
    requests=$(sed -E 's/.*requests=([0-9]+).*/\1/' <<<"$line")
    # What wrk's non2xx were: the statuses the server answered during the round.
    statuses=$(awk 'NR == FNR { before[$1] = $2; next } $2 - before[$1] > 0 { printf " %s×%d", $1, $2 - before[$1] }' \
        <(echo "$refused_before") <(refusals))
    echo "round $round: $line server_cpu_us_per_request=$(( (after - before) * 1000000 / ticks_per_second / requests ))" \
        "not_2xx_by_status:${statuses:- none}"
    reset_sessions
done

# The floor without queueing: one connection, its actions spread over 32 sessions in turn (a
# session has at most 5,000 answers, and one connection makes some 40,000 in 10 s).
head -n 32 "$WORK/sessions" >"$WORK/one-session"
out=$(SESSIONS_FILE="$WORK/one-session" WRK_THREADS=1 wrk -t 1 -c 1 -d "$DURATION" -s Benchmarks/actions/actions.lua "$BASE")
echo "1 connection: $(grep '^RESULT' <<<"$out" | sed 's/^RESULT //')"

logged=$(cat "$WORK"/data/logs/date=*/part-*.ndjson 2>/dev/null | wc -l)
echo "log lines written: $logged"
echo "event loops: $EVENT_LOOPS; wrk threads: $THREADS"
echo "machine: $(nproc) cores, $(uname -sr), load average $(cut -d' ' -f1-3 /proc/loadavg); $(date -u +%Y-%m-%dT%H:%MZ)"
