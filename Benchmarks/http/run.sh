#!/usr/bin/env bash
# HTTP benchmark: the HTTPServer module (http-testserver, release, on Dispatch: the default and
# only I/O) against nginx, same file, same machine, alternating runs; then the system calls per
# request (when strace is installed) and 10,000 idle keep-alive connections.
#
#   Benchmarks/http/run.sh            # 3 rounds of 10 s each, with 1 (the default) and 2 event loops
#   ROUNDS=1 DURATION=5s LOOPS=1 Benchmarks/http/run.sh
#
# LOOPS lists the counts to compare: ours runs with --event-loops N (N serial queues) and nginx
# with worker_processes N in the same series.
#
# Needs: wrk, nginx, python3 (apt-get install -y wrk nginx); strace for the system-call count.
# Prints, per run, req/s, p99 and the server's CPU time per request, and the medians of the
# per-round ratios to nginx. On a shared machine req/s and p99 swing with other load; CPU per
# request and system calls per request barely do.
set -euo pipefail
cd "$(dirname "$0")/../.."

ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
OURS_PORT=${OURS_PORT:-18181}
NGINX_PORT=${NGINX_PORT:-18182}
IDLE_PORT=${IDLE_PORT:-18183}
IDLE_CONNECTIONS=${IDLE_CONNECTIONS:-10000}
LOOPS=${LOOPS:-"1 2"}

for tool in wrk nginx python3; do
    command -v "$tool" >/dev/null || { echo "missing $tool: apt-get install -y wrk nginx python3" >&2; exit 1; }
done

swift build -c release --product http-testserver >"${TMPDIR:-/tmp}/http-bench-build.log" 2>&1 || { cat "${TMPDIR:-/tmp}/http-bench-build.log" >&2; exit 1; }
BIN="$(swift build -c release --show-bin-path)/http-testserver"

WORK=$(mktemp -d)
PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    if [[ -f "$WORK/nginx.pid" ]]; then kill "$(cat "$WORK/nginx.pid")" 2>/dev/null || true; fi
    sleep 0.3
    rm -rf "$WORK"
}
trap cleanup EXIT

mkdir -p "$WORK/public" "$WORK/nginx"
head -c 1024 /dev/zero | tr '\0' 'x' > "$WORK/public/file1k.txt"

# nginx as it is usually tuned for static files: sendfile, open-file cache, no access log, long
# keep-alive; write_nginx_conf N gives it N worker processes.
write_nginx_conf() {
cat > "$WORK/nginx/nginx.conf" <<CONF
worker_processes $1;
pid $WORK/nginx.pid;
error_log $WORK/nginx/error.log;
events { worker_connections 4096; }
http {
    access_log off;
    sendfile on;
    tcp_nopush on;
    tcp_nodelay on;
    open_file_cache max=1000 inactive=60s;
    keepalive_requests 1000000;
    keepalive_timeout 60s;
    client_body_temp_path $WORK/nginx;
    proxy_temp_path $WORK/nginx;
    fastcgi_temp_path $WORK/nginx;
    uwsgi_temp_path $WORK/nginx;
    scgi_temp_path $WORK/nginx;
    types { text/plain txt; }
    server {
        listen 127.0.0.1:$NGINX_PORT;
        location /public/ { alias $WORK/public/; }
        location = /healthz { return 200 "ok\n"; }
    }
}
CONF
}

# Waits up to 5 s for a server on 127.0.0.1:PORT to answer /healthz.
wait_ready() {
    local port=$1
    for _ in $(seq 50); do
        curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && return 0
        sleep 0.1
    done
    echo "no server answers on port $port" >&2
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

# wrk → "req/s p99_ms cpu_us_per_request"; the CPU figure hardly depends on what else runs on
# the machine, unlike req/s and p99 when other builds share the two cores.
measure() {
    local url=$1; shift
    local before after out
    before=$(ticks "$@")
    out=$(wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency "$url")
    after=$(ticks "$@")
    local rps p99 requests
    rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
    requests=$(awk '/requests in/ {print $1}' <<<"$out")
    p99=$(awk '$1 == "99%" {v=$2; if (v ~ /us$/) {sub("us","",v); v=v/1000} else if (v ~ /ms$/) {sub("ms","",v)} else if (v ~ /s$/) {sub("s","",v); v=v*1000}; print v}' <<<"$out")
    echo "$rps $p99 $(awk -v t=$((after - before)) -v hz="$HZ" -v n="$requests" 'BEGIN {printf "%.1f", t * 1e6 / hz / n}')"
}

# series N: ours with N event loops against nginx with N workers, ROUNDS rounds alternating.
series() {
local loops=$1
write_nginx_conf "$loops"
nginx -c "$WORK/nginx/nginx.conf" -p "$WORK/nginx"
"$BIN" --port "$OURS_PORT" --root "$WORK/public" --event-loops "$loops" > "$WORK/ours.out" 2>&1 &
OURS_PID=$!
PIDS+=($OURS_PID)
wait_ready "$OURS_PORT"
wait_ready "$NGINX_PORT"
NGINX_WORKERS=$(pgrep -P "$(cat "$WORK/nginx.pid")" | tr '\n' ' ')
echo
echo "== $loops event loop(s) / nginx worker_processes $loops"
# Warm up both.
wrk -t2 -c"$CONNECTIONS" -d2s "http://127.0.0.1:$OURS_PORT/public/file1k.txt" >/dev/null
wrk -t2 -c"$CONNECTIONS" -d2s "http://127.0.0.1:$NGINX_PORT/public/file1k.txt" >/dev/null

local -a STATIC_RATIO HEALTH_RATIO STATIC_CPU_RATIO HEALTH_CPU_RATIO OURS_STATIC_P99 OURS_HEALTH_P99
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-6s %-22s %12s %10s %16s\n" round target "req/s" "p99 ms" "server CPU µs/req"
row() { printf "%-6s %-22s %12s %10s %16s\n" "$@"; }
# compare ROUND LABEL PATH RATIOS CPU_RATIOS P99S: one run of ours and one of nginx on PATH, two
# rows, and the ratios and our p99 appended to the arrays named RATIOS, CPU_RATIOS and P99S.
compare() {
    local round=$1 label=$2 path=$3
    local -n ratios=$4 cpu_ratios=$5 p99s=$6
    local ors op9 ocpu nrs np9 ncpu
    read -r ors op9 ocpu < <(measure "http://127.0.0.1:$OURS_PORT$path" "$OURS_PID")
    row "$round" "ModalLab $label" "$ors" "$op9" "$ocpu"
    read -r nrs np9 ncpu < <(measure "http://127.0.0.1:$NGINX_PORT$path" $NGINX_WORKERS)
    row "$round" "nginx $label" "$nrs" "$np9" "$ncpu"
    ratios+=("$(awk -v a="$ors" -v b="$nrs" 'BEGIN {print a / b}')")
    cpu_ratios+=("$(awk -v a="$ocpu" -v b="$ncpu" 'BEGIN {print b / a}')")
    p99s+=("$op9")
}
for round in $(seq "$ROUNDS"); do
    compare "$round" "static 1KiB" /public/file1k.txt STATIC_RATIO STATIC_CPU_RATIO OURS_STATIC_P99
    compare "$round" "/healthz" /healthz HEALTH_RATIO HEALTH_CPU_RATIO OURS_HEALTH_P99
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"

median() { printf "%s\n" "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo
echo "static 1 KiB: median req/s ratio ModalLab/nginx $(median "${STATIC_RATIO[@]}" | xargs printf %.2f), CPU-efficiency ratio (nginx CPU per request / ours) $(median "${STATIC_CPU_RATIO[@]}" | xargs printf %.2f), ModalLab median p99 $(median "${OURS_STATIC_P99[@]}") ms"
echo "/healthz:     median req/s ratio ModalLab/nginx $(median "${HEALTH_RATIO[@]}" | xargs printf %.2f), CPU-efficiency ratio (nginx CPU per request / ours) $(median "${HEALTH_CPU_RATIO[@]}" | xargs printf %.2f), ModalLab median p99 $(median "${OURS_HEALTH_P99[@]}") ms"

kill "$OURS_PID"
wait "$OURS_PID" 2>/dev/null || true
kill "$(cat "$WORK/nginx.pid")"
for _ in $(seq 50); do [[ -f "$WORK/nginx.pid" ]] || break; sleep 0.1; done
}

for loops in $LOOPS; do series "$loops"; done

# System calls per request (the kernel's TCP stack is most of the CPU, so count them): strace -c
# on our server for 3 s of a 64-connection run, divided by the sendto calls (one per response).
# strace slows every call, so this counts calls; it does not time them.
if command -v strace >/dev/null; then
    "$BIN" --port "$IDLE_PORT" --root "$WORK/public" > "$WORK/strace.out" 2>&1 &
    TRACED_PID=$!
    PIDS+=($TRACED_PID)
    wait_ready "$IDLE_PORT"
    wrk -t2 -c"$CONNECTIONS" -d6s "http://127.0.0.1:$IDLE_PORT/public/file1k.txt" >/dev/null &
    WRK_PID=$!
    sleep 1.5
    timeout 3 strace -c -f -p "$TRACED_PID" -o "$WORK/strace.txt" >/dev/null 2>&1 || true
    wait "$WRK_PID" || true
    kill "$TRACED_PID"
    wait "$TRACED_PID" 2>/dev/null || true
    echo
    awk '$NF == "sendto" {n = $4} {calls[$NF] = $4}
        END {
            if (!n) { print "system calls per request: no sendto seen"; exit }
            printf "system calls per request (static 1 KiB, 64 connections, strace -c):"
            for (c in calls) if (calls[c] ~ /^[0-9]+$/ && c != "total" && calls[c] / n >= 0.01) printf " %s %.2f", c, calls[c] / n
            printf "\n"
        }' "$WORK/strace.txt"
fi

# 10,000 idle keep-alive connections: RSS, and a normal request still served promptly.
ulimit -n "$(ulimit -Hn)"  # 10,000 sockets on each side need more than the usual 1,024
# Every client is 127.0.0.1 here: no per-address limit (0), or it would refuse past 512.
"$BIN" --port "$IDLE_PORT" --root "$WORK/public" --max-connections $((IDLE_CONNECTIONS + 100)) \
    --max-connections-per-address 0 > "$WORK/idle.out" 2>&1 &
IDLE_PID=$!
PIDS+=($IDLE_PID)
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
