#!/usr/bin/env python3
"""How long after the participant's answer a watcher sees the frame (issue 16: under 100 ms).

Starts `modallab serve --port 0` over a temporary data folder, starts a session of the Mail
example, follows it with GET /api/sessions/{sid}/watch (Server-Sent Events) and posts ACTIONS
actions (Compose, then Cancel, in turn). For each, the latency is the time from the moment the
action's answer has arrived to the moment the watcher has read the frame of that state (`seq`);
negative when the watcher was first. Prints the median, p90, p99 and the largest.

Usage: watch_latency.py MODALLAB_BINARY [ACTIONS]
"""
import http.client
import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import threading
import time

binary = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 300
data = tempfile.mkdtemp(prefix="modallab-watch-")
token = secrets.token_urlsafe(12)
server = subprocess.Popen([binary, "serve", "--port", "0", "--data", data],
                          env=dict(os.environ, MODALLAB_OWNER_TOKEN=token), stdout=subprocess.PIPE, text=True)
try:
    url = server.stdout.readline().strip()
    host, port = url.split("//")[1].split("/")[0].split(":")
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}

    def post(conn, path, body):
        conn.request("POST", path, json.dumps(body), headers)
        r = conn.getresponse()
        return r.status, json.loads(r.read())

    api = http.client.HTTPConnection(host, int(port))
    for _ in range(200):  # the server answers as soon as it listens
        try:
            status, started = post(api, "/api/sessions", {"prototype": "mail", "device": "iphone-16"})
            break
        except OSError:
            time.sleep(0.05)
            api = http.client.HTTPConnection(host, int(port))
    sid = started["session"]
    seen = {}
    ready = threading.Event()

    def watch():
        conn = http.client.HTTPConnection(host, int(port))
        conn.request("GET", f"/api/sessions/{sid}/watch", headers={"Authorization": f"Bearer {token}"})
        r = conn.getresponse()
        event = "message"
        for raw in r:
            line = raw.decode()
            if line.startswith("event: "):
                event = line[7:].strip()
            elif line.strip() == "":
                event = "message"
            elif event == "end":  # the session ended: its id, no frame; the stream closes
                return
            elif line.startswith("data: "):
                seq = json.loads(line[6:])["state"]["seq"]
                seen[seq] = time.perf_counter()
                ready.set()

    threading.Thread(target=watch, daemon=True).start()
    ready.wait(10)
    latencies = []
    for i in range(count):
        target = "compose" if i % 2 == 0 else "cancel"
        status, answer = post(api, f"/api/sessions/{sid}/actions", {"type": "tap", "target": target})
        answered = time.perf_counter()
        seq = answer["state"]["seq"]
        end = time.monotonic() + 5
        while seq not in seen and time.monotonic() < end:
            time.sleep(0.0002)
        if seq in seen:
            latencies.append((seen[seq] - answered) * 1000)
    latencies.sort()
    at = lambda q: latencies[min(len(latencies) - 1, int(len(latencies) * q))]
    print(f"study.watch actions={count} frames_seen={len(latencies)} median_ms={at(0.5):.2f} "
          f"p90_ms={at(0.9):.2f} p99_ms={at(0.99):.2f} max_ms={latencies[-1]:.2f}")
finally:
    server.terminate()
    server.wait(10)
    shutil.rmtree(data, ignore_errors=True)
