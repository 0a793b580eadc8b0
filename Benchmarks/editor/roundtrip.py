#!/usr/bin/env python3
"""An editor's change round trip over HTTP (issue 25: p99 under 50 ms for the bundled examples,
under 200 ms for a 1,000-modal file).

One change, as the editor and its player make it, timed from the first byte sent to the last
byte read, one change at a time:
  1. PATCH /api/prototypes/{id} (JSON Patch, If-Match, and Prefer: handling=strict, as the editor
     sends it): the server applies it, checks the format, lints it, compares its refusals with the
     file's, writes the file atomically in the stable layout and records the version (200 with
     the findings and the new ETag);
  2. GET /p/{id}: the player's page again (the player reloads on the file's change);
  3. POST /api/sessions with `restore`: the player's new session on the new version, playing its
     place again (one tap that presents a modal), answered with the drawn device frame.
The session is ended afterwards, outside the timing.

Usage: [ONLY=mail|safari|big] roundtrip.py MODALLAB_BINARY BENCH_BINARY [CHANGES]
Prints, for each prototype, the median, p90, p99 and largest of the whole round trip and of
each part, in milliseconds.
"""
import http.client
import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import time

binary, bench = sys.argv[1], sys.argv[2]
changes = int(sys.argv[3]) if len(sys.argv) > 3 else 200
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
work = tempfile.mkdtemp(prefix="modallab-editor-bench-")
protos = os.path.join(work, "prototypes")
os.mkdir(protos)
# The bundled examples, each with the tap that presents its first modal, and the generated file.
cases = [("mail", "compose"), ("safari", None)]
for name, _ in cases:
    shutil.copy(os.path.join(root, "Templates", "prototypes", name + ".json"), protos)
big = json.loads(subprocess.run([bench, "document", "1000"], check=True, capture_output=True).stdout)
big["id"], big["name"] = "big", "1,000 modals"
with open(os.path.join(protos, "big.json"), "w") as f:
    json.dump(big, f)
cases.append(("big", "b2"))

token = secrets.token_urlsafe(12)
server = subprocess.Popen([binary, "serve", "--port", "0", "--data", os.path.join(work, "data"),
                           "--prototypes", protos],
                          env=dict(os.environ, MODALLAB_OWNER_TOKEN=token), stdout=subprocess.PIPE, text=True)


def cpu_ms(pid):
    """The process's CPU time so far (user + system), in milliseconds, from /proc (Linux); None elsewhere."""
    try:
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")
    except OSError:
        return None


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


try:
    url = server.stdout.readline().strip()
    host, port = url.split("//")[1].split("/")[0].split(":")
    conn = http.client.HTTPConnection(host, int(port))
    auth = {"Authorization": f"Bearer {token}"}

    def call(method, path, body=None, headers=None):
        conn.request(method, path, body, {**auth, **(headers or {})})
        r = conn.getresponse()
        return r.status, r.getheaders(), r.read()

    deadline = time.monotonic() + 30
    while True:  # poll until the server serves (no fixed sleep)
        try:
            if call("GET", "/healthz")[0] == 200:
                break
        except OSError:
            conn = http.client.HTTPConnection(host, int(port))
        if time.monotonic() > deadline:
            sys.exit("the server did not answer /healthz")
        time.sleep(0.05)

    print(f"machine: {os.cpu_count()} cores, load {' '.join(open('/proc/loadavg').read().split()[:3])}; "
          f"{time.strftime('%Y-%m-%dT%H:%MZ', time.gmtime())}; {changes} changes each")
    only = os.environ.get("ONLY")  # one prototype's id: mail, safari or big
    for proto, tap in cases:
        if only and proto != only:
            continue
        status, headers, body = call("GET", f"/api/prototypes/{proto}")
        if status != 200:
            sys.exit(f"GET /api/prototypes/{proto}: {status} {body[:200]!r}")
        etag = dict(headers)["ETag"]
        if not tap:
            first = json.loads(body)["definition"]["screens"][0]
            tap = next((c["id"] for c in first.get("content", []) if c.get("id") and "action" in c), None)
        actions = [{"type": "tap", "target": tap}] if tap else []
        n = changes if proto != "big" else max(10, changes // 4)
        total, patch_ms, page_ms, frame_ms = [], [], [], []
        patch_cpu = 0.0  # the server's CPU time while PATCHes ran (a busy machine stretches the wall time, not this)
        cpu_start = cpu_ms(server.pid)
        for i in range(n):
            c0 = cpu_ms(server.pid)
            ops = json.dumps([{"op": "replace", "path": "/name", "value": f"{proto} change {i}"}])
            t0 = time.perf_counter()
            status, headers, body = call("PATCH", f"/api/prototypes/{proto}", ops,
                                         {"If-Match": etag, "Content-Type": "application/json-patch+json",
                                          "Prefer": "handling=strict"})
            t1 = time.perf_counter()
            if c0 is not None:
                patch_cpu += cpu_ms(server.pid) - c0
            if status != 200:
                sys.exit(f"PATCH {proto}: {status} {body[:300]!r}")
            etag = dict(headers)["ETag"]
            status, _, page = call("GET", f"/p/{proto}")
            tp = time.perf_counter()
            if status != 200:
                sys.exit(f"GET /p/{proto}: {status}")
            status, _, body = call("POST", "/api/sessions", json.dumps(
                {"prototype": proto, "restore": {"actions": actions}}), {"Content-Type": "application/json"})
            t2 = time.perf_counter()
            if status != 201:
                sys.exit(f"POST /api/sessions {proto}: {status} {body[:300]!r}")
            answer = json.loads(body)
            if actions and answer["restored"]["kept"] != len(actions):
                sys.exit(f"{proto}: the place was not kept: {answer['restored']}")
            call("DELETE", f"/api/sessions/{answer['session']}")
            total.append((t2 - t0) * 1000)
            patch_ms.append((t1 - t0) * 1000)
            page_ms.append((tp - t1) * 1000)
            frame_ms.append((t2 - tp) * 1000)
        size = os.path.getsize(os.path.join(protos, proto + ".json"))  # as the API writes it
        if cpu_start is not None:
            whole = cpu_ms(server.pid) - cpu_start
            print(f"{proto:6} ({size // 1024} KiB) server CPU per change: {whole / n:6.1f} ms, of which the PATCH "
                  f"{patch_cpu / n:6.1f} ms")
        for label, xs in (("round trip", total), ("  PATCH + lint", patch_ms), ("  player page", page_ms),
                          ("  session+frame", frame_ms)):
            print(f"{proto:6} ({size // 1024} KiB) {label:15} median {pct(xs, 50):6.1f}  p90 {pct(xs, 90):6.1f}  "
                  f"p99 {pct(xs, 99):6.1f}  max {max(xs):6.1f} ms")
finally:
    server.terminate()
    server.wait(10)
    shutil.rmtree(work, ignore_errors=True)
