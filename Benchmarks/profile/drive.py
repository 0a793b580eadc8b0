#!/usr/bin/env python3
"""Sends an exact number of requests over keep-alive connections, each with one request in
flight, and checks every answer: the load for counting a server's instructions, system calls or
CPU time per request (Benchmarks/profile/run.sh), where wrk's timed runs would not give an exact
count.

    drive.py PORT COUNT CONNECTIONS --get /public/file1k.txt [--header 'Name: value']...
    drive.py PORT COUNT CONNECTIONS --actions SESSIONS_FILE --header 'Authorization: Bearer T'

--actions cycles tap Compose / swipe down over the sessions listed (one id per line) as
Benchmarks/actions/actions.lua does, each connection with its own sessions, so one session's
actions never overlap; each connection sends whole cycles (every session taps, then swipes
down), so every session ends where it began and the count may come out a little lower than
asked. Prints "requests N statuses {200: N}" and exits 1 when an answer is not 2xx or a
connection fails.
"""
import argparse
import selectors
import socket
import sys


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("port", type=int)
    p.add_argument("count", type=int)
    p.add_argument("connections", type=int)
    p.add_argument("--get")
    p.add_argument("--actions")
    p.add_argument("--header", action="append", default=[])
    return p.parse_args()


def request(method, path, headers, body=b""):
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    for h in headers:
        head += h + "\r\n"
    if method == "POST":
        head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
    return head.encode() + b"\r\n" + body


class Conn:
    def __init__(self, port, requests):
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sock.setblocking(False)
        self.requests = requests
        self.next = 0
        self.buf = b""

    def send_next(self):
        data = self.requests[self.next % len(self.requests)]
        self.next += 1
        self.sock.setblocking(True)
        self.sock.sendall(data)
        self.sock.setblocking(False)

    def response(self):
        """The status of a whole response in the buffer (removed from it), or None."""
        end = self.buf.find(b"\r\n\r\n")
        if end < 0:
            return None
        head = self.buf[:end].decode("latin-1").split("\r\n")
        status = int(head[0].split(" ")[1])
        length = 0
        for line in head[1:]:
            name, _, value = line.partition(":")
            if name.strip().lower() == "content-length":
                length = int(value.strip())
        if len(self.buf) < end + 4 + length:
            return None
        self.buf = self.buf[end + 4 + length:]
        return status


def main():
    a = parse_args()
    per_connection = []
    if a.actions:
        sessions = [s.strip() for s in open(a.actions) if s.strip()]
        bodies = [b'{"type":"tap","target":"compose"}', b'{"type":"swipeDown","target":"compose"}']
        for c in range(a.connections):
            mine = sessions[c::a.connections]
            assert mine, "fewer sessions than connections"
            # Every session of the connection taps, then every one swipes down: a session's next
            # action is sent only after its last was answered.
            reqs = [request("POST", f"/api/sessions/{s}/actions", a.header, body)
                    for body in bodies for s in mine]
            per_connection.append(reqs)
    else:
        per_connection = [[request("GET", a.get, a.header)]] * a.connections
    sel = selectors.DefaultSelector()
    conns = [Conn(a.port, per_connection[c]) for c in range(min(a.connections, a.count))]
    # Each connection's share, in whole cycles of its requests.
    for c in conns:
        share = a.count // len(conns)
        c.quota = max(len(c.requests), share - share % len(c.requests))
    total = sum(c.quota for c in conns)
    done = 0
    statuses = {}
    for c in conns:
        c.send_next()
        sel.register(c.sock, selectors.EVENT_READ, c)
    while done < total:
        for key, _ in sel.select(timeout=30) or [(None, None)]:
            if key is None:
                print(f"timed out after {done} answers", file=sys.stderr)
                sys.exit(1)
            c = key.data
            chunk = c.sock.recv(1 << 20)
            if not chunk:
                print(f"the server closed a connection after {done} answers", file=sys.stderr)
                sys.exit(1)
            c.buf += chunk
            while (status := c.response()) is not None:
                done += 1
                statuses[status] = statuses.get(status, 0) + 1
                if c.next < c.quota:
                    c.send_next()
    for c in conns:
        c.sock.close()
    print(f"requests {done} statuses {dict(sorted(statuses.items()))}")
    if any(s // 100 != 2 for s in statuses):
        sys.exit(1)


if __name__ == "__main__":
    main()
