#!/usr/bin/env bash
# HTTP benchmark against nginx, one command for the whole table: what users run —
# `modallab serve` (release) with all its middleware — serving a real file of Public/
# (comments.js, 11 KB), a 1 KiB file in the same folder and /healthz; then the bare HTTPServer
# module (http-testserver: no middleware, the lower bound of what the product can cost) on the
# 1 KiB file and /healthz. nginx serves the same folder (sendfile, open-file cache, no access
# log; /healthz is `return 200` with the same JSON). Runs alternate, ours then nginx's, with as
# many event loops as nginx has workers, for each count in LOOPS. Then what nginx has no
# counterpart for, with the same loop counts: actions (POST /api/sessions/{sid}/actions, each
# fsynced to the log before its answer; Benchmarks/actions/actions.lua over 8 sessions per
# connection) with their p99 and server CPU per action, next to a static request's, and the
# player page (/p/mail) with its p99. Then the system calls per request, and 10,000 idle
# keep-alive connections.
#
#   Benchmarks/http/run.sh                        # 3 rounds of 10 s, 1 and 2 loops/workers
#   ROUNDS=5 Benchmarks/http/run.sh               # the lead's quiet-machine run
#   ROUNDS=1 DURATION=5s LOOPS=1 SERVERS=modallab Benchmarks/http/run.sh
#
# SERVERS lists what to compare with nginx: modallab (the product) and testserver. DYNAMIC lists
# the product's own targets: actions and page (DYNAMIC="" skips them).
# Needs: wrk, nginx, python3, curl (apt-get install -y wrk nginx); strace for the system calls.
# Prints every run (req/s, p99, the server's CPU time per request from /proc), then one table of
# medians per loop count and target: the req/s ratio to nginx, CPU per request next to nginx's,
# and p99. The load average before and after is printed: on a shared machine req/s and p99
# follow the other load; CPU per request and system calls per request much less.
set -euo pipefail
cd "$(dirname "$0")/../.."
REPO=$(pwd)
source Benchmarks/lib.sh

ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
OURS_PORT=${OURS_PORT:-18181}
NGINX_PORT=${NGINX_PORT:-18182}
IDLE_PORT=${IDLE_PORT:-18183}
IDLE_CONNECTIONS=${IDLE_CONNECTIONS:-10000}
LOOPS=${LOOPS:-"1 2"}
SERVERS=${SERVERS:-"modallab testserver"}
DYNAMIC=${DYNAMIC-"actions page"}
REAL_FILE=${REAL_FILE:-comments.js}

for tool in wrk nginx python3 curl; do
    command -v "$tool" >/dev/null || { echo "missing $tool: apt-get install -y wrk nginx python3 curl" >&2; exit 1; }
done

# BIN_DIR=DIR: use the modallab and http-testserver already built in DIR (say, another build of the
# code before a change) instead of building them.
build_http_bins http-bench
# A BIN_DIR that holds only modallab: the test server's rows are left out, saying so.
if [[ " $SERVERS " == *" testserver "* && ! -x "$BIN_DIR/http-testserver" ]]; then
    echo "testserver: skipped, no $BIN_DIR/http-testserver (swift build -c release --product http-testserver)"
    SERVERS=$(tr ' ' '\n' <<<"$SERVERS" | grep -vx testserver | paste -sd' ' || true)
fi

WORK=$(mktemp -d)
PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    if [[ -f "$WORK/nginx.pid" ]]; then kill "$(cat "$WORK/nginx.pid")" 2>/dev/null || true; fi
    sleep 0.3
    rm -rf "$WORK"
}
trap cleanup EXIT

# The product's resources with a 1 KiB file added to its Public/; both servers serve that folder.
make_served_root "$WORK"
mkdir -p "$WORK/nginx"
export MODALLAB_OWNER_TOKEN="bench-$$"


# Waits up to 10 s until 127.0.0.1:PORT answers PATH with 200, else fails (a 403 or 404 would be
# measured as if it were the file).
wait_ready() {
    local port=$1 path=${2:-/healthz}
    for _ in $(seq 100); do
        [[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port$path")" == 200 ]] && return 0
        sleep 0.1
    done
    echo "no 200 for $path on port $port: $(curl -s -i "http://127.0.0.1:$port$path" | head -n 1)" >&2
    return 1
}

# Server CPU time in clock ticks (utime + stime of the given processes).
ticks() {
    local total=0 pid
    for pid in "$@"; do
        total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat")))
    done
    echo "$total"
}
HZ=$(getconf CLK_TCK)

# wrk → "req/s p99_ms cpu_us_per_request"; fails when any answer was not 2xx.
measure() {
    local url=$1
    shift
    local before after out
    before=$(ticks "$@")
    out=$(wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency "$url")
    after=$(ticks "$@")
    if grep -q "Non-2xx" <<<"$out"; then
        echo "$url: $(grep Non-2xx <<<"$out")" >&2
        return 1
    fi
    local rps p99 requests
    rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
    requests=$(awk '/requests in/ {print $1}' <<<"$out")
    p99=$(awk '$1 == "99%" {v=$2; if (v ~ /us$/) {sub("us","",v); v=v/1000} else if (v ~ /ms$/) {sub("ms","",v)} else if (v ~ /s$/) {sub("s","",v); v=v*1000}; print v}' <<<"$out")
    echo "$rps $p99 $(awk -v t=$((after - before)) -v hz="$HZ" -v n="$requests" 'BEGIN {printf "%.1f", t * 1e6 / hz / n}')"
}

# start_ours SERVER LOOPS PORT: the server on PORT, its pid in OURS_PID.
start_ours() {
    local server=$1 loops=$2 port=$3
    case $server in
    modallab)
        "$BIN_DIR/modallab" serve --port "$port" --root "$WORK/root" --data "$WORK/data-$port" \
            --event-loops "$loops" >"$WORK/ours.out" 2>&1 &
        ;;
    testserver)
        "$BIN_DIR/http-testserver" --port "$port" --root "$WORK/root/Public" --event-loops "$loops" \
            >"$WORK/ours.out" 2>&1 &
        ;;
    esac
    OURS_PID=$!
    PIDS+=("$OURS_PID")
    wait_ready "$port"
}

targets_of() {
    case $1 in
    modallab) echo "real 1k healthz" ;;
    testserver) echo "1k healthz" ;;
    esac
}
label_of() {
    case $1 in
    real) echo "$REAL_FILE $(($(wc -c <"$WORK/root/Public/$REAL_FILE") / 1000)) KB" ;;
    1k) echo "1 KiB file" ;;
    healthz) echo "/healthz" ;;
    esac
}

row() { printf "%-6s %-11s %-20s %12s %10s %18s\n" "$@"; }
SUMMARY="$WORK/summary"
: >"$SUMMARY"

echo "# $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $(uname -sr), wrk -t2 -c$CONNECTIONS, $ROUNDS rounds of $DURATION"

# series SERVER N: SERVER with N event loops against nginx with N workers, ROUNDS rounds alternating.
series() {
    local server=$1 loops=$2
    write_nginx_conf "$WORK" "$loops" "$NGINX_PORT"
    nginx -c "$WORK/nginx/nginx.conf" -p "$WORK/nginx"
    start_ours "$server" "$loops" "$OURS_PORT"
    wait_ready "$NGINX_PORT"
    local target
    for target in $(targets_of "$server"); do
        wait_ready "$OURS_PORT" "$(path_of "$target")"
        wait_ready "$NGINX_PORT" "$(path_of "$target")"
    done
    local nginx_workers
    nginx_workers=$(pgrep -P "$(cat "$WORK/nginx.pid")" | tr '\n' ' ')
    echo
    echo "== $server, $loops event loop(s) / nginx worker_processes $loops; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
    # Warm up both.
    wrk -t2 -c"$CONNECTIONS" -d2s "http://127.0.0.1:$OURS_PORT/public/file1k.txt" >/dev/null
    wrk -t2 -c"$CONNECTIONS" -d2s "http://127.0.0.1:$NGINX_PORT/public/file1k.txt" >/dev/null
    row round server target "req/s" "p99 ms" "CPU µs/request"
    local round ors op9 ocpu nrs np9 ncpu
    for round in $(seq "$ROUNDS"); do
        for target in $(targets_of "$server"); do
            read -r ors op9 ocpu < <(measure "http://127.0.0.1:$OURS_PORT$(path_of "$target")" "$OURS_PID")
            row "$round" "$server" "$(label_of "$target")" "$ors" "$op9" "$ocpu"
            read -r nrs np9 ncpu < <(measure "http://127.0.0.1:$NGINX_PORT$(path_of "$target")" $nginx_workers)
            row "$round" nginx "$(label_of "$target")" "$nrs" "$np9" "$ncpu"
            echo "$server $loops $target $ors $op9 $ocpu $nrs $np9 $ncpu" >>"$SUMMARY"
        done
    done
    echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
    kill "$OURS_PID"
    wait "$OURS_PID" 2>/dev/null || true
    kill "$(cat "$WORK/nginx.pid")"
    for _ in $(seq 50); do [[ -f "$WORK/nginx.pid" ]] || break; sleep 0.1; done
}

for loops in $LOOPS; do
    for server in $SERVERS; do series "$server" "$loops"; done
done

# Actions and the player page: `modallab serve` with N loops, 8 sessions of Mail per connection
# (a session answers at most 5,000 actions; 5 rounds of 10 s at 20k actions/s stay under it).
DYNAMIC_SUMMARY="$WORK/dynamic"
: >"$DYNAMIC_SUMMARY"
AUTH="Authorization: Bearer $MODALLAB_OWNER_TOKEN"
dynamic_series() {
    local loops=$1
    start_ours modallab "$loops" "$OURS_PORT"
    : >"$WORK/sessions"
    local sid
    for _ in $(seq $((8 * CONNECTIONS))); do
        sid=$(curl -sf -H "$AUTH" -H 'Content-Type: application/json' -d '{"prototype":"mail","device":"iphone-16"}' \
            "http://127.0.0.1:$OURS_PORT/api/sessions" | grep -o '"session" *: *"[A-Za-z0-9_-]*"' | head -n 1 |
            sed -E 's/.*"([A-Za-z0-9_-]+)"$/\1/')
        [[ -n "$sid" ]] || { echo "could not create a session" >&2; exit 1; }
        echo "$sid" >>"$WORK/sessions"
    done
    reset_sessions() {
        for sid in $(cat "$WORK/sessions"); do
            curl -sf -o /dev/null -H "$AUTH" -H 'Content-Type: application/json' -d '{"type":"swipeDown"}' \
                "http://127.0.0.1:$OURS_PORT/api/sessions/$sid/actions" || true
        done
    }
    echo
    echo "== modallab serve, $loops event loop(s): actions (fsynced) and the player page; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
    local lua="$REPO/Benchmarks/actions/actions.lua"
    SESSIONS_FILE="$WORK/sessions" WRK_THREADS=2 wrk -t2 -c"$CONNECTIONS" -d2s -s "$lua" "http://127.0.0.1:$OURS_PORT" >/dev/null
    reset_sessions
    wrk -t2 -c"$CONNECTIONS" -d2s -H "$AUTH" "http://127.0.0.1:$OURS_PORT/p/mail" >/dev/null
    row round server target "req/s" "p99 ms" "CPU µs/request"
    local round before after out requests rps p99 cpu
    for round in $(seq "$ROUNDS"); do
        if [[ " $DYNAMIC " == *" actions "* ]]; then
            before=$(ticks "$OURS_PID")
            out=$(SESSIONS_FILE="$WORK/sessions" WRK_THREADS=2 wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --timeout 5s \
                -s "$lua" "http://127.0.0.1:$OURS_PORT")
            after=$(ticks "$OURS_PID")
            grep -q '^RESULT' <<<"$out" || { echo "actions: no RESULT from wrk: $out" >&2; exit 1; }
            # A 409 (a session's next action before its last answer, when one answer is slower
            # than 511 others) is counted, not fatal: the round is still actions.
            if ! grep -q 'non2xx=0 ' <<<"$out"; then echo "actions, not 2xx: $(grep '^RESULT' <<<"$out")" >&2; fi
            requests=$(grep '^RESULT' <<<"$out" | sed -E 's/.*requests=([0-9]+).*/\1/')
            rps=$(grep '^RESULT' <<<"$out" | sed -E 's/.*req_per_s=([0-9.]+).*/\1/')
            p99=$(grep '^RESULT' <<<"$out" | sed -E 's/.*p99_ms=([0-9.]+).*/\1/')
            cpu=$(awk -v t=$((after - before)) -v hz="$HZ" -v n="$requests" 'BEGIN {printf "%.1f", t * 1e6 / hz / n}')
            row "$round" modallab "action" "$rps" "$p99" "$cpu"
            echo "$loops action $rps $p99 $cpu" >>"$DYNAMIC_SUMMARY"
            reset_sessions
        fi
        if [[ " $DYNAMIC " == *" page "* ]]; then
            before=$(ticks "$OURS_PID")
            out=$(wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency -H "$AUTH" "http://127.0.0.1:$OURS_PORT/p/mail")
            after=$(ticks "$OURS_PID")
            if grep -q "Non-2xx" <<<"$out"; then echo "/p/mail: $(grep Non-2xx <<<"$out")" >&2; exit 1; fi
            requests=$(awk '/requests in/ {print $1}' <<<"$out")
            rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
            p99=$(awk '$1 == "99%" {v=$2; if (v ~ /us$/) {sub("us","",v); v=v/1000} else if (v ~ /ms$/) {sub("ms","",v)} else if (v ~ /s$/) {sub("s","",v); v=v*1000}; print v}' <<<"$out")
            cpu=$(awk -v t=$((after - before)) -v hz="$HZ" -v n="$requests" 'BEGIN {printf "%.1f", t * 1e6 / hz / n}')
            row "$round" modallab "/p/mail" "$rps" "$p99" "$cpu"
            echo "$loops page $rps $p99 $cpu" >>"$DYNAMIC_SUMMARY"
        fi
    done
    echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
    kill "$OURS_PID"
    wait "$OURS_PID" 2>/dev/null || true
}
if [[ -n "$DYNAMIC" ]]; then
    for loops in $LOOPS; do dynamic_series "$loops"; done
fi

# The table: medians over the rounds, per server, loop count and target.
echo
echo "Medians of $ROUNDS rounds (ratio: ours ÷ nginx req/s, per round, then the median; CPU: server CPU time per request):"
echo
echo "| server | loops = workers | target | req/s ratio to nginx | CPU µs/request, ours · nginx | p99 ms, ours · nginx |"
echo "|---|---:|---|---:|---:|---:|"
python3 - "$SUMMARY" "$REAL_FILE" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
labels = {"real": sys.argv[2], "1k": "1 KiB file", "healthz": "/healthz"}
names = {"modallab": "`modallab serve`", "testserver": "http-testserver"}
groups = {}
for server, loops, target, ors, op9, ocpu, nrs, np9, ncpu in rows:
    groups.setdefault((server, loops, target), []).append(
        (float(ors) / float(nrs), float(ocpu), float(ncpu), float(op9), float(np9)))
for (server, loops, target), values in groups.items():
    med = lambda i: statistics.median(v[i] for v in values)
    print(f"| {names[server]} | {loops} | {labels[target]} | **{med(0):.2f}×** | {med(1):.1f} · {med(2):.1f} | {med(3):.2f} · {med(4):.2f} |")
PY
if [[ -s "$DYNAMIC_SUMMARY" ]]; then
    echo
    echo "Actions (every one fsynced before its answer) and the player page, medians of $ROUNDS rounds; an action's CPU"
    echo "next to a static request's (the 1 KiB file's median above, same loops); targets: action CPU ≤ 4× static,"
    echo "p99 < 10 ms at $CONNECTIONS connections:"
    echo
    echo "| loops | target | req/s | p99 ms | CPU µs/request | ÷ static 1 KiB CPU |"
    echo "|---:|---|---:|---:|---:|---:|"
    python3 - "$DYNAMIC_SUMMARY" "$SUMMARY" <<'PY'
import statistics, sys
static = {}
for l in open(sys.argv[2]):
    f = l.split()
    if f and f[0] == "modallab" and f[2] == "1k":
        static.setdefault(f[1], []).append(float(f[5]))
groups = {}
for l in open(sys.argv[1]):
    loops, target, rps, p99, cpu = l.split()
    groups.setdefault((loops, target), []).append((float(rps), float(p99), float(cpu)))
for (loops, target), values in groups.items():
    med = lambda i: statistics.median(v[i] for v in values)
    ratio = f"{med(2) / statistics.median(static[loops]):.1f}×" if loops in static else "–"
    name = "action (POST, fsynced)" if target == "action" else "player page /p/mail"
    print(f"| {loops} | {name} | {med(0):,.0f} | **{med(1):.2f}** | {med(2):.1f} | {ratio} |")
PY
fi
echo
echo "load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"

# System calls per request (the kernel's TCP stack is most of the CPU, so count them): strace -c
# on `modallab serve` (one loop) for 3 s of a 64-connection run, divided by the sendto and sendmsg
# calls (one per response). strace slows every call, so this counts calls; it does not time them.
if command -v strace >/dev/null; then
    echo
    for target in real healthz; do
        start_ours modallab 1 "$IDLE_PORT"
        wrk -t2 -c"$CONNECTIONS" -d6s "http://127.0.0.1:$IDLE_PORT$(path_of "$target")" >/dev/null &
        WRK_PID=$!
        sleep 1.5
        timeout 3 strace -c -f -p "$OURS_PID" -o "$WORK/strace.txt" >/dev/null 2>&1 || true
        wait "$WRK_PID" || true
        kill "$OURS_PID"
        wait "$OURS_PID" 2>/dev/null || true
        awk -v label="$(label_of "$target")" '$NF == "sendto" || $NF == "sendmsg" {n += $4} {calls[$NF] = $4}
            END {
                if (!n) { print "system calls per request: no sendto or sendmsg seen"; exit }
                printf "system calls per request (modallab serve, %s, 64 connections, strace -c):", label
                for (c in calls) if (calls[c] ~ /^[0-9]+$/ && c != "total" && calls[c] / n >= 0.01) printf " %s %.2f", c, calls[c] / n
                printf "\n"
            }' "$WORK/strace.txt"
    done
fi

# 10,000 idle keep-alive connections: RSS, and a normal request still served promptly. They are
# held by http-testserver, which a BIN_DIR of another build may not have.
if [[ ! -x "$BIN_DIR/http-testserver" ]]; then
    echo "idle connections: skipped, no $BIN_DIR/http-testserver (swift build -c release --product http-testserver)"
    exit 0
fi
ulimit -n "$(ulimit -Hn)" # 10,000 sockets on each side need more than the usual 1,024
# Every client is 127.0.0.1 here: no per-address limit (0), or it would refuse past 512.
"$BIN_DIR/http-testserver" --port "$IDLE_PORT" --root "$WORK/root/Public" --max-connections $((IDLE_CONNECTIONS + 100)) \
    --max-connections-per-address 0 >"$WORK/idle.out" 2>&1 &
IDLE_PID=$!
PIDS+=("$IDLE_PID")
wait_ready "$IDLE_PORT"
python3 - "$IDLE_PORT" "$IDLE_CONNECTIONS" "$IDLE_PID" <<'PY'
import socket, sys, time
port, count, pid = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
def rss_mb():
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
before = rss_mb()
socks = []
request = b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
for i in range(count):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(request)
    socks.append(s)
    if len(socks) % 500 == 0:  # read answers in batches so the backlog never overflows
        for t in socks[-500:]:
            t.recv(4096)
for t in socks[len(socks) - len(socks) % 500:]:
    t.recv(4096)
time.sleep(1)
rss = rss_mb()
worst = 0.0
for _ in range(20):
    start = time.time()
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(request)
    data = s.recv(4096)
    assert data.startswith(b"HTTP/1.1 200"), data
    worst = max(worst, time.time() - start)
    s.close()
print(f"idle: {count} keep-alive connections open, RSS {rss:.1f} MB (was {before:.1f} MB before), "
      f"normal request served, worst of 20: {worst * 1000:.2f} ms")
for s in socks:
    s.close()
PY
