#!/usr/bin/env bash
# System calls and context switches per request under wrk's keep-alive load, for nginx (LOOPS
# workers, 1 by default), `modallab serve` (LOOPS loops, all its middleware) and the bare
# `http-testserver` (LOOPS loops),
# on /healthz, a 1 KiB file of Public/ and a real one (comments.js). The measure that holds on a
# shared machine, where req/s does not: the kernel's TCP work is most of a small request's CPU,
# and every system call per request is paid at every load.
#
#   BIN_DIR=.build/release Benchmarks/http/syscalls.sh
#   SERVERS="nginx modallab" TARGETS=healthz DURATION=3s Benchmarks/http/syscalls.sh
#   LOOPS=2 SERVERS="nginx modallab" TARGETS=healthz Benchmarks/http/syscalls.sh
#
# How: `perf stat -e 'syscalls:sys_enter_*' -e context-switches -p PID -- wrk …` counts every
# system call of every thread of the server while one wrk run lasts (wrk -t2 -cCONNECTIONS), and
# the counts are divided by the requests wrk completed. strace -c counts the same calls but
# slows each one, so requests pile up and every read finds the next one waiting; perf's
# tracepoints cost far less and keep the batching what it is. Instructions per request: this
# machine's VM exposes no hardware counters to perf, so they are counted in user space by
# callgrind (Benchmarks/profile/run.sh), with allocations per request.
#
# Prints one line per server and target: requests/s (with perf attached: lower than without),
# then the calls per request of each system call at or above 0.005, the context switches per
# request and the server's CPU µs per request (user + system from /proc; perf's tracepoints add
# a little of their own). Needs perf, wrk, nginx, curl.
set -euo pipefail
cd "$(dirname "$0")/../.."
source Benchmarks/lib.sh

DURATION=${DURATION:-4s}
CONNECTIONS=${CONNECTIONS:-64}
SERVERS=${SERVERS:-"nginx modallab testserver"}
TARGETS=${TARGETS:-"healthz 1k real"}
PORT=${PORT:-18191}
LOOPS=${LOOPS:-1}
REAL_FILE=${REAL_FILE:-comments.js}

for tool in perf wrk nginx curl; do
    command -v "$tool" >/dev/null || { echo "missing $tool" >&2; exit 1; }
done
build_http_bins syscalls

WORK=$(mktemp -d)
SERVER_PID=""
cleanup() {
    [[ -n "$SERVER_PID" ]] && kill "$SERVER_PID" 2>/dev/null || true
    [[ -f "$WORK/nginx.pid" ]] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null || true
    sleep 0.3
    rm -rf "$WORK"
}
trap cleanup EXIT
make_served_root "$WORK"
mkdir -p "$WORK/nginx"
export MODALLAB_OWNER_TOKEN="syscalls-$$"
HZ=$(getconf CLK_TCK)

wait_ready() {
    for _ in $(seq 100); do
        [[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT$1")" == 200 ]] && return 0
        sleep 0.1
    done
    echo "no 200 for $1 on port $PORT" >&2
    return 1
}

# start SERVER: the server on $PORT; SERVER_PID is the process whose threads are counted (for
# nginx its workers, comma-separated as perf -p takes them).
start() {
    case $1 in
    nginx)
        write_nginx_conf "$WORK" "$LOOPS" "$PORT"
        nginx -c "$WORK/nginx/nginx.conf" -p "$WORK/nginx"
        wait_ready /healthz
        SERVER_PID=$(pgrep -P "$(cat "$WORK/nginx.pid")" | paste -sd,)
        ;;
    modallab)
        "$BIN_DIR/modallab" serve --port "$PORT" --root "$WORK/root" --data "$WORK/data" --event-loops "$LOOPS" \
            >"$WORK/server.out" 2>&1 &
        SERVER_PID=$!
        wait_ready /healthz
        ;;
    testserver)
        "$BIN_DIR/http-testserver" --port "$PORT" --root "$WORK/root/Public" --event-loops "$LOOPS" >"$WORK/server.out" 2>&1 &
        SERVER_PID=$!
        wait_ready /healthz
        ;;
    esac
}

stop() {
    if [[ $1 == nginx ]]; then
        kill "$(cat "$WORK/nginx.pid")"
        for _ in $(seq 50); do [[ -f "$WORK/nginx.pid" ]] || break; sleep 0.1; done
    else
        kill "$SERVER_PID"
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    SERVER_PID=""
}

# CPU ticks (user + system) of the comma-separated processes.
ticks() {
    local total=0 pid
    for pid in ${1//,/ }; do total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat"))); done
    echo "$total"
}

echo "# $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $(uname -sr), load $(cut -d' ' -f1-3 /proc/loadavg);" \
    "wrk -t2 -c$CONNECTIONS -d$DURATION under perf stat, $LOOPS loop(s) / worker(s)"
for server in $SERVERS; do
    start "$server"
    for target in $TARGETS; do
        [[ $server == testserver && $target == real ]] && continue
        url="http://127.0.0.1:$PORT$(path_of "$target")"
        wait_ready "$(path_of "$target")"
        wrk -t2 -c"$CONNECTIONS" -d1s "$url" >/dev/null # warm up: Dispatch's threads exist before perf attaches
        before=$(ticks "$SERVER_PID")
        perf stat -x, -o "$WORK/perf.txt" -e 'syscalls:sys_enter_*' -e context-switches -p "$SERVER_PID" -- \
            wrk -t2 -c"$CONNECTIONS" -d"$DURATION" "$url" >"$WORK/wrk.txt"
        after=$(ticks "$SERVER_PID")
        if grep -q Non-2xx "$WORK/wrk.txt"; then echo "$server $target: $(grep Non-2xx "$WORK/wrk.txt")" >&2; exit 1; fi
        requests=$(awk '/requests in/ {print $1}' "$WORK/wrk.txt")
        rps=$(awk '/Requests\/sec/ {printf "%.0f", $2}' "$WORK/wrk.txt")
        awk -F, -v n="$requests" -v server="$server" -v target="$target" -v rps="$rps" \
            -v cpu="$(awk -v t=$((after - before)) -v hz="$HZ" -v n="$requests" 'BEGIN {printf "%.1f", t * 1e6 / hz / n}')" '
            $3 ~ /^syscalls:sys_enter_/ && $1 + 0 > 0 {
                name = $3; sub(/^syscalls:sys_enter_/, "", name)
                if ($1 / n >= 0.005) { calls = calls sprintf(" %s %.3f", name, $1 / n) }
                total += $1
            }
            $3 == "context-switches" { switches = $1 / n }
            END {
                printf "%-10s %-8s %8s req/s  calls/request %.3f:%s; context switches %.3f; CPU %s µs/request\n",
                    server, target, rps, total / n, calls, switches, cpu
            }' "$WORK/perf.txt"
    done
    stop "$server"
done
