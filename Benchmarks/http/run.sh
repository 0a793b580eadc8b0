#!/usr/bin/env bash
# HTTP benchmark: the HTTPServer module (http-testserver, release) against nginx, same file,
# same machine, alternating runs; then 10,000 idle keep-alive connections.
#
#   Benchmarks/http/run.sh            # 3 rounds of 10 s each
#   ROUNDS=1 DURATION=5s Benchmarks/http/run.sh
#
# Needs: wrk, nginx, python3 (apt-get install -y wrk nginx). Prints req/s and p99 per run and
# the median ratio to nginx.
set -euo pipefail
cd "$(dirname "$0")/../.."

ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
OURS_PORT=${OURS_PORT:-18181}
NGINX_PORT=${NGINX_PORT:-18182}
IDLE_PORT=${IDLE_PORT:-18183}
IDLE_CONNECTIONS=${IDLE_CONNECTIONS:-10000}

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

# nginx as it is usually tuned for static files: one worker per core, sendfile, open-file cache,
# no access log, long keep-alive.
cat > "$WORK/nginx/nginx.conf" <<CONF
worker_processes 2;
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
nginx -c "$WORK/nginx/nginx.conf" -p "$WORK/nginx"

"$BIN" --port "$OURS_PORT" --root "$WORK/public" > "$WORK/ours.out" 2>&1 &
PIDS+=($!)
for _ in $(seq 50); do
    curl -sf "http://127.0.0.1:$OURS_PORT/healthz" >/dev/null 2>&1 && curl -sf "http://127.0.0.1:$NGINX_PORT/healthz" >/dev/null 2>&1 && break
    sleep 0.1
done

# wrk → "req/s p99_ms"
measure() {
    local out
    out=$(wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency "$1")
    local rps p99
    rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
    p99=$(awk '$1 == "99%" {v=$2; if (v ~ /us$/) {sub("us","",v); v=v/1000} else if (v ~ /ms$/) {sub("ms","",v)} else if (v ~ /s$/) {sub("s","",v); v=v*1000}; print v}' <<<"$out")
    echo "$rps $p99"
}

# Warm up both.
wrk -t2 -c"$CONNECTIONS" -d2s "http://127.0.0.1:$OURS_PORT/public/file1k.txt" >/dev/null
wrk -t2 -c"$CONNECTIONS" -d2s "http://127.0.0.1:$NGINX_PORT/public/file1k.txt" >/dev/null

declare -a OURS_STATIC NGINX_STATIC OURS_HEALTH NGINX_HEALTH
printf "%-6s %-22s %12s %10s\n" round target "req/s" "p99 ms"
for round in $(seq "$ROUNDS"); do
    read -r rps p99 < <(measure "http://127.0.0.1:$OURS_PORT/public/file1k.txt")
    OURS_STATIC+=("$rps"); printf "%-6s %-22s %12s %10s\n" "$round" "ModalLab static 1KiB" "$rps" "$p99"; OURS_STATIC_P99+=("$p99")
    read -r rps p99 < <(measure "http://127.0.0.1:$NGINX_PORT/public/file1k.txt")
    NGINX_STATIC+=("$rps"); printf "%-6s %-22s %12s %10s\n" "$round" "nginx static 1KiB" "$rps" "$p99"
    read -r rps p99 < <(measure "http://127.0.0.1:$OURS_PORT/healthz")
    OURS_HEALTH+=("$rps"); printf "%-6s %-22s %12s %10s\n" "$round" "ModalLab /healthz" "$rps" "$p99"
    read -r rps p99 < <(measure "http://127.0.0.1:$NGINX_PORT/healthz")
    NGINX_HEALTH+=("$rps"); printf "%-6s %-22s %12s %10s\n" "$round" "nginx /healthz" "$rps" "$p99"
done

median() { printf "%s\n" "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
ms=$(median "${OURS_STATIC[@]}"); ns=$(median "${NGINX_STATIC[@]}")
mh=$(median "${OURS_HEALTH[@]}"); nh=$(median "${NGINX_HEALTH[@]}")
echo
echo "median static: ModalLab $ms req/s, nginx $ns req/s, ratio $(awk -v a="$ms" -v b="$ns" 'BEGIN {printf "%.2f", a/b}')"
echo "median healthz: ModalLab $mh req/s, nginx $nh req/s, ratio $(awk -v a="$mh" -v b="$nh" 'BEGIN {printf "%.2f", a/b}')"
echo "max p99 static ModalLab: $(printf "%s\n" "${OURS_STATIC_P99[@]}" | sort -g | tail -1) ms"

# 10,000 idle keep-alive connections: RSS, and a normal request still served promptly.
ulimit -n "$(ulimit -Hn)"  # 10,000 sockets on each side need more than the usual 1,024
"$BIN" --port "$IDLE_PORT" --root "$WORK/public" --max-connections $((IDLE_CONNECTIONS + 100)) > "$WORK/idle.out" 2>&1 &
IDLE_PID=$!
PIDS+=($IDLE_PID)
sleep 0.5
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
