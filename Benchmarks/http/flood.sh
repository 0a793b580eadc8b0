#!/usr/bin/env bash
# The connection cap under a flood: `modallab serve` (release) filled with idle connections, and
# the owner's requests on new connections meanwhile (docs/security.md, "Fair limits"; issue: every owner
# connection got 503 for 20 s before the cap made room).
#
#   Benchmarks/http/flood.sh        # both scenarios
#   BIN=/path/to/modallab Benchmarks/http/flood.sh   # another build (before a change, say)
#
# 1. 10,100 connections from 25 addresses (127.0.0.2 … 127.0.0.26, 404 each, under the
#    per-address limit of 512), each reopened as soon as the server closes it, for 20 s; the
#    owner opens a new connection every 100 ms and asks for GET /api/prototypes.
# 2. Behind a proxy (--max-connections-per-address 0): 10,200 connections from one address,
#    then the owner's first request.
#
# Prints, per scenario, the owner's answers (statuses, latency p50 / max) and the connections
# the server held. Linux (several loopback addresses); needs python3 and curl.
set -euo pipefail
cd "$(dirname "$0")/../.."
source Benchmarks/lib.sh
build_modallab flood
ulimit -n "$(ulimit -Hn)"
WORK=$(mktemp -d)
SERVER=""
cleanup() {
    [[ -n "$SERVER" ]] && kill "$SERVER" 2>/dev/null && wait "$SERVER" 2>/dev/null
    rm -rf "$WORK"
}
trap cleanup EXIT
export MODALLAB_OWNER_TOKEN="flood-$$"
PORT=${PORT:-18431}

serve() {
    rm -rf "$WORK/data"
    "$BIN" serve --port "$PORT" --data "$WORK/data" "$@" >"$WORK/stdout" 2>"$WORK/stderr" &
    SERVER=$!
    for _ in $(seq 100); do
        curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 && return
        sleep 0.1
    done
    cat "$WORK/stderr" >&2
    exit 1
}

flood() {
    python3 - "$PORT" "$MODALLAB_OWNER_TOKEN" "$@" <<'PY'
import selectors, socket, statistics, sys, threading, time
port, token, addresses, per_address, seconds = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
junk = b"GET /nope HTTP/1.1\r\nHost: x\r\n\r\n"
owner = f"GET /api/prototypes HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {token}\r\nConnection: close\r\n\r\n".encode()
sel = selectors.DefaultSelector()
opened = reopened = 0

def connect(source):
    global opened
    s = socket.socket()
    s.bind((source, 0))
    s.connect(("127.0.0.1", port))
    s.sendall(junk)
    s.setblocking(False)
    sel.register(s, selectors.EVENT_READ, source)
    opened += 1

sources = [f"127.0.0.{2 + i}" for i in range(addresses)]
start = time.time()
for source in sources:
    for _ in range(per_address):
        connect(source)
        if opened % 200 == 0:  # read answers now and then so the backlog never overflows
            for key, _ in sel.select(timeout=0):
                try:
                    key.fileobj.recv(65536)
                except OSError:
                    pass
print(f"  opened {opened} connections from {addresses} address(es) in {time.time() - start:.1f} s")
stop = False

def attacker():
    # Reads answers and reopens what the server closed, as the attack did.
    global reopened
    while not stop:
        for key, _ in sel.select(timeout=0.05):
            try:
                data = key.fileobj.recv(65536)
            except OSError:
                data = b""
            if not data:
                sel.unregister(key.fileobj)
                key.fileobj.close()
                if not stop:
                    try:
                        connect(key.data)
                        reopened += 1
                    except OSError:
                        pass

thread = threading.Thread(target=attacker)
thread.start()
latencies, statuses = [], {}
deadline = time.time() + seconds
while True:
    t = time.time()
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.sendall(owner)
        answer = b""
        while b"\r\n" not in answer:
            chunk = s.recv(65536)
            if not chunk:
                break
            answer += chunk
        s.close()
        status = answer.split(b" ")[1].decode() if answer else "closed"
    except OSError as e:
        status = type(e).__name__
    latencies.append(time.time() - t)
    statuses[status] = statuses.get(status, 0) + 1
    if time.time() >= deadline:
        break
    time.sleep(0.1)
# What the server holds, with the flood still on.
s = socket.create_connection(("127.0.0.1", port), timeout=5)
s.sendall(owner.replace(b"/api/prototypes", b"/metrics"))
metrics = b""
while chunk := s.recv(65536):
    metrics += chunk
s.close()
held = [l for l in metrics.decode().splitlines() if l.startswith(("http_open_connections ", "http_server_refusals_total"))]
stop = True
thread.join()
ms = sorted(x * 1000 for x in latencies)
print(f"  owner: {len(ms)} requests on new connections, statuses {statuses}, latency p50 {statistics.median(ms):.2f} ms, max {ms[-1]:.2f} ms")
print(f"  the flood reopened {reopened} connections the server closed; the server, with the flood on: {', '.join(held)}")
PY
    echo "  server RSS after: $(awk '/VmRSS/ {printf "%.1f MB", $2 / 1024}' "/proc/$SERVER/status")"
    kill "$SERVER"
    wait "$SERVER" 2>/dev/null || true
    SERVER=""
}

echo "# $(date -u +%Y-%m-%dT%H:%MZ), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "1. 10,100 idle connections from 25 addresses (404 each), reopened as closed, 20 s:"
serve
flood 25 404 20
echo "2. --max-connections-per-address 0: 10,200 connections from one address, then the owner:"
serve --max-connections-per-address 0
flood 1 10200 2
