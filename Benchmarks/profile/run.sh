#!/usr/bin/env bash
# Per-request costs of `modallab serve` (release, with all its middleware) that hold on a busy
# machine, where wrk's throughput does not: for each target, the user-space instructions per
# request (valgrind --tool=callgrind: the same count whatever else runs), the system calls per
# request (strace -c) and the server's CPU time per request at 64 connections (utime + stime
# from /proc: this one grows when other work shares the cores), next to nginx's for the static
# targets. One command:
#
#   Benchmarks/profile/run.sh                  # every target
#   TARGETS="healthz action" COUNT=1000 Benchmarks/profile/run.sh
#   BIN=/path/to/modallab Benchmarks/profile/run.sh   # another build (say, before a change)
#
# Targets: `real` (a real file of Public/, comments.js, 11 KB), `1k` (a 1 KiB file in the same
# folder), `healthz`, `action` (POST /api/sessions/{sid}/actions as the owner, Mail's tap
# Compose / swipe down, each logged with fsync before its answer) and `page` (the player page
# /p/mail as the owner). Keep-alive connections, one request in flight on each
# (Benchmarks/profile/drive.py). Allocations per request are the calls to malloc, calloc,
# realloc and posix_memalign in the same callgrind profile (Swift's allocations go through
# malloc). The callgrind profiles stay in $OUT (default /tmp/modallab-profile) for
# `callgrind_annotate --inclusive=yes FILE`.
#
# Needs valgrind, strace, nginx, curl, python3.
set -euo pipefail
cd "$(dirname "$0")/../.."
REPO=$(pwd)
source Benchmarks/lib.sh

TARGETS=${TARGETS:-"real 1k healthz action page"}
COUNT=${COUNT:-2000}            # requests counted per target under callgrind
WARM=${WARM:-300}               # requests before counting (caches filled, sessions warm)
CG_CONNECTIONS=${CG_CONNECTIONS:-1}   # connections under callgrind (1: no batching effects)
LOAD_COUNT=${LOAD_COUNT:-40000} # requests for the CPU-time and system-call counts
CONNECTIONS=${CONNECTIONS:-64}
LOOPS=${LOOPS:-1}
OUT=${OUT:-/tmp/modallab-profile}
PORT=${PORT:-18411}
NGINX_PORT=${NGINX_PORT:-18412}
REAL_FILE=${REAL_FILE:-comments.js}

for tool in valgrind callgrind_control strace nginx curl python3; do
    command -v "$tool" >/dev/null || { echo "missing $tool" >&2; exit 1; }
done
build_modallab profile
mkdir -p "$OUT"
WORK=$(mktemp -d)
SERVER=""
cleanup() {
    [[ -n "$SERVER" ]] && kill "$SERVER" 2>/dev/null && wait "$SERVER" 2>/dev/null
    [[ -f "$WORK/nginx.pid" ]] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null
    rm -rf "$WORK"
}
trap cleanup EXIT

# The product's resources, with a 1 KiB file added to its Public/ (nginx serves the same folder).
make_served_root "$WORK"
mkdir -p "$WORK/nginx"
export MODALLAB_OWNER_TOKEN="profile-$$"
AUTH="Authorization: Bearer $MODALLAB_OWNER_TOKEN"
DRIVE="python3 $REPO/Benchmarks/profile/drive.py"


# start_server [wrapper...]: modallab serve on $PORT, under the wrapper (valgrind) if given.
start_server() {
    rm -rf "$WORK/data"
    "$@" "$BIN" serve --port "$PORT" --root "$WORK/root" --data "$WORK/data" --event-loops "$LOOPS" \
        >"$WORK/stdout" 2>"$WORK/stderr" &
    SERVER=$!
    for _ in $(seq 600); do
        curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 && break
        kill -0 "$SERVER" 2>/dev/null || { cat "$WORK/stderr" >&2; exit 1; }
        sleep 0.1
    done
    # Sessions for the actions: 4 per connection, as the HTTP benchmark has.
    : >"$WORK/sessions"
    local n=$((4 * CONNECTIONS))
    for _ in $(seq "$n"); do
        curl -sf -H "$AUTH" -H 'Content-Type: application/json' -d '{"prototype":"mail","device":"iphone-16"}' \
            "http://127.0.0.1:$PORT/api/sessions" | grep -o '"session":"[^"]*"' | cut -d'"' -f4 >>"$WORK/sessions"
    done
}

stop_server() {
    kill "$SERVER" 2>/dev/null || true
    wait "$SERVER" 2>/dev/null || true
    SERVER=""
}

# drive TARGET COUNT CONNECTIONS [PORT]: prints the number of requests answered (about COUNT).
drive() {
    local target=$1 count=$2 connections=$3 port=${4:-$PORT}
    if [[ $target == action ]]; then
        # Sessions in turn, at most 4 per connection (a session answers at most 5,000 actions).
        head -n $((4 * connections)) "$WORK/sessions" >"$WORK/sessions.$connections"
        $DRIVE "$port" "$count" "$connections" --actions "$WORK/sessions.$connections" --header "$AUTH"
    elif [[ $target == page ]]; then
        $DRIVE "$port" "$count" "$connections" --get /p/mail --header "$AUTH"
    else
        $DRIVE "$port" "$count" "$connections" --get "$(path_of "$target")"
    fi | awk '{print $2}'
}

# allocations FILE N: malloc-family calls per request in callgrind profile FILE of N requests
# (the calls into each function, summed from its `calls=` lines).
allocations() {
    awk -v n="$2" '
        /^cfn=/ {
            name = $0; sub(/^cfn=\([0-9]+\) ?/, "", name); id = $0; sub(/^cfn=/, "", id); sub(/\).*/, ")", id)
            if (name != "") names[id] = name; else name = names[id]
            counting = (name ~ /^(malloc|calloc|realloc|posix_memalign)( |'"'"'|$)/)
            next
        }
        /^fn=/ {
            name = $0; sub(/^fn=\([0-9]+\) ?/, "", name); id = $0; sub(/^fn=/, "", id); sub(/\).*/, ")", id)
            if (name != "") names[id] = name
            counting = 0; next
        }
        /^calls=/ && counting { split($0, f, /[= ]/); total += f[2]; counting = 0 }
        END { printf "%.1f", total / n }' "$1"
}

ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
HZ=$(getconf CLK_TCK)

echo "# $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $BIN, $LOOPS loop(s)"

# 1. Instructions per request, under callgrind.
declare -A IR ALLOC
count_dumps() { (compgen -G "$OUT/callgrind.$VG.*" || true) | wc -l; }
start_server valgrind --tool=callgrind --callgrind-out-file="$OUT/callgrind.%p"
VG=$SERVER
for target in $TARGETS; do
    drive "$target" "$WARM" "$CG_CONNECTIONS" >/dev/null
    callgrind_control -z "$VG" >/dev/null 2>&1
    n=$(drive "$target" "$COUNT" "$CG_CONNECTIONS")
    dumps=$(count_dumps)
    # (A hint that starts with a digit would be taken for a process id.)
    callgrind_control -d "target-$target" "$VG" >/dev/null 2>&1
    # The dump is written when valgrind next looks at its commands: wait for the file.
    for _ in $(seq 300); do
        (($(count_dumps) > dumps)) && break
        sleep 0.1
    done
    (($(count_dumps) > dumps)) || { echo "callgrind wrote no profile for $target" >&2; exit 1; }
    sleep 0.5
    dump=$(ls -t "$OUT"/callgrind."$VG".* | head -n 1)
    cp "$dump" "$OUT/callgrind.$target"
    IR[$target]=$(awk -v n="$n" '/^(summary|totals):/ {print int($2 / n); exit}' "$dump")
    ALLOC[$target]=$(allocations "$dump" "$n")
done
stop_server

# 2. CPU time and system calls per request at $CONNECTIONS connections, without valgrind.
declare -A CPU SYSCALLS
start_server
for target in $TARGETS; do
    drive "$target" 2000 "$CONNECTIONS" >/dev/null
    before=$(ticks "$SERVER")
    n=$(drive "$target" "$LOAD_COUNT" "$CONNECTIONS")
    after=$(ticks "$SERVER")
    CPU[$target]=$(awk -v t=$((after - before)) -v hz="$HZ" -v n="$n" 'BEGIN {printf "%.1f", t * 1e6 / hz / n}')
    strace -c -f -o "$WORK/strace.$target" -p "$SERVER" 2>/dev/null &
    TRACER=$!
    sleep 0.5
    n=$(drive "$target" 5000 "$CONNECTIONS")
    kill -INT "$TRACER"
    wait "$TRACER" 2>/dev/null || true
    SYSCALLS[$target]=$(awk -v n="$n" '$NF ~ /^[a-z_0-9]+$/ && $4 ~ /^[0-9]+$/ && $NF != "total" && $4 / n >= 0.01 {
        printf "%s%s %.2f", sep, $NF, $4 / n; sep = ", " }' "$WORK/strace.$target")
done
stop_server

# 3. nginx on the same files (one worker; `return 200` for /healthz), for the static targets.
declare -A NGINX_CPU NGINX_SYSCALLS
write_nginx_conf "$WORK" 1 "$NGINX_PORT"
nginx -c "$WORK/nginx/nginx.conf" -p "$WORK/nginx"
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$NGINX_PORT/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
WORKER=$(pgrep -P "$(cat "$WORK/nginx.pid")")
for target in $TARGETS; do
    [[ $target == action || $target == page ]] && continue
    drive "$target" 2000 "$CONNECTIONS" "$NGINX_PORT" >/dev/null
    before=$(ticks "$WORKER")
    n=$(drive "$target" "$LOAD_COUNT" "$CONNECTIONS" "$NGINX_PORT")
    after=$(ticks "$WORKER")
    NGINX_CPU[$target]=$(awk -v t=$((after - before)) -v hz="$HZ" -v n="$n" 'BEGIN {printf "%.1f", t * 1e6 / hz / n}')
    strace -c -f -o "$WORK/nginx-strace.$target" -p "$WORKER" 2>/dev/null &
    TRACER=$!
    sleep 0.5
    n=$(drive "$target" 5000 "$CONNECTIONS" "$NGINX_PORT")
    kill -INT "$TRACER"
    wait "$TRACER" 2>/dev/null || true
    NGINX_SYSCALLS[$target]=$(awk -v n="$n" '$NF ~ /^[a-z_0-9]+$/ && $4 ~ /^[0-9]+$/ && $NF != "total" && $4 / n >= 0.01 {
        printf "%s%s %.2f", sep, $NF, $4 / n; sep = ", " }' "$WORK/nginx-strace.$target")
done
kill "$(cat "$WORK/nginx.pid")"

echo
printf "| %-8s | %14s | %11s | %22s | %s |\n" target "instructions" "allocations" "CPU µs/request (nginx)" "system calls per request (nginx)"
printf "|%s|%s|%s|%s|%s|\n" "----------" "---------------:" "------------:" "-----------------------:" "---"
for target in $TARGETS; do
    nginx_cpu=${NGINX_CPU[$target]:-}
    printf "| %-8s | %14s | %11s | %22s | %s |\n" "$target" "${IR[$target]}" "${ALLOC[$target]}" \
        "${CPU[$target]}${nginx_cpu:+ ($nginx_cpu)}" \
        "${SYSCALLS[$target]}${NGINX_SYSCALLS[$target]:+ (${NGINX_SYSCALLS[$target]})}"
done
echo
echo "load at the end $(cut -d' ' -f1-3 /proc/loadavg); callgrind profiles: $OUT/callgrind.TARGET"
