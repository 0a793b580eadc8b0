#!/usr/bin/env python3
"""Strict-client check of the HTTPServer module: h11 reads every response of a scripted run.

Usage: h11_check.py PORT

The server must expose the routes of HTTPServerTests' h11 test (strictClientH11ReadsEveryResponse
in ExternalClientTests.swift). h11 raises on any framing or syntax error in a response; this
script exits non-zero on the first one and prints "h11 check: N responses ok" on success.
"""
import socket
import sys

import h11

PORT = int(sys.argv[1])
checked = 0


def connect():
    # A deadline, not a wait: as the Swift tests' (testDeadline), long, because the whole suite
    # runs at once and a handler's task can queue behind other tests' work for many seconds.
    sock = socket.create_connection(("127.0.0.1", PORT), timeout=60)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock, h11.Connection(our_role=h11.CLIENT)


def read_response(sock, conn):
    """Events of one response up to EndOfMessage: (response, body bytes)."""
    global checked
    response = None
    body = b""
    while True:
        event = conn.next_event()
        if event is h11.NEED_DATA:
            data = sock.recv(65536)
            conn.receive_data(data)
            continue
        if isinstance(event, h11.InformationalResponse):
            continue
        if isinstance(event, h11.Response):
            response = event
        elif isinstance(event, h11.Data):
            body += event.data
        elif isinstance(event, h11.EndOfMessage):
            checked += 1
            return response, body
        elif isinstance(event, h11.ConnectionClosed):
            raise AssertionError("connection closed before the response ended")


def header(response, name):
    for key, value in response.headers:
        if key.decode().lower() == name:
            return value.decode()
    return None


def request(sock, conn, method, target, headers=(), body=None):
    hdrs = [("Host", "127.0.0.1")] + list(headers)
    if body is not None:
        hdrs.append(("Content-Length", str(len(body))))
    sock.sendall(conn.send(h11.Request(method=method, target=target, headers=hdrs)))
    if body:
        sock.sendall(conn.send(h11.Data(data=body)))
    sock.sendall(conn.send(h11.EndOfMessage()))
    return read_response(sock, conn)


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


# 1. Keep-alive: many requests of different kinds on one connection.
sock, conn = connect()
for method, target, body, status in [
    ("GET", "/hello", None, 200),
    ("HEAD", "/hello", None, 200),
    ("GET", "/missing", None, 404),
    ("DELETE", "/hello", None, 405),
    ("POST", "/echo", b"x" * 10000, 200),
    ("GET", "/public/file.txt", None, 200),
    ("GET", "/stream", None, 200),
    ("GET", "/empty", None, 204),
    ("OPTIONS", "/hello", None, 204),
]:
    response, data = request(sock, conn, method, target, body=body)
    expect(response.status_code == status, f"{method} {target}: {response.status_code}")
    if method == "POST":
        expect(data == body, "echo mismatch")
    if method == "HEAD":
        expect(data == b"", "HEAD had a body")
    conn.start_next_cycle()

# 2. Conditional and range requests.
response, data = request(sock, conn, "GET", "/public/file.txt")
etag = header(response, "etag")
conn.start_next_cycle()
response, data = request(sock, conn, "GET", "/public/file.txt", [("If-None-Match", etag)])
expect(response.status_code == 304, "304 expected")
conn.start_next_cycle()
response, data = request(sock, conn, "GET", "/public/file.txt", [("Range", "bytes=2-5")])
expect(response.status_code == 206 and len(data) == 4, "206 expected")
conn.start_next_cycle()
response, data = request(sock, conn, "GET", "/public/file.txt", [("Range", "bytes=999999-")])
expect(response.status_code == 416, "416 expected")
conn.start_next_cycle()

# 3. Chunked upload with 100-continue.
sock.sendall(conn.send(h11.Request(method="POST", target="/echo", headers=[
    ("Host", "x"), ("Transfer-Encoding", "chunked"), ("Expect", "100-continue")])))
event = conn.next_event()
while event is h11.NEED_DATA:
    conn.receive_data(sock.recv(65536))
    event = conn.next_event()
expect(isinstance(event, h11.InformationalResponse) and event.status_code == 100, "100 Continue expected")
sock.sendall(conn.send(h11.Data(data=b"abc")))
sock.sendall(conn.send(h11.Data(data=b"def")))
sock.sendall(conn.send(h11.EndOfMessage()))
response, data = read_response(sock, conn)
expect(data == b"abcdef", "chunked echo mismatch")
conn.start_next_cycle()

# 4. Connection: close is honoured.
response, data = request(sock, conn, "GET", "/hello", [("Connection", "close")])
expect(conn.their_state is h11.MUST_CLOSE, "server should close")
sock.close()

# 5. Error responses to malformed requests are well-formed too. h11 is told a normal request
#    went out while the socket carries the malformed bytes.
for raw in [
    b"GET /hello HTTP/1.1\r\n\r\n",
    b"GET /hello HTTP/1.1\r\nHost : x\r\n\r\n",
    b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n",
    b"GET /hello HTTP/2.0\r\nHost: x\r\n\r\n",
    b"POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n",
    b"GET /" + b"a" * 20000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET /hello HTTP/1.1\r\nHost: x\r\nX: " + b"b" * 40000 + b"\r\n\r\n",
    b"POST /small HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n" + b"z" * 100,
    b"\x00\x01\x02garbage\r\n\r\n",
]:
    sock, conn = connect()
    conn.send(h11.Request(method="GET", target="/", headers=[("Host", "x")]))
    conn.send(h11.EndOfMessage())
    try:
        sock.sendall(raw)
    except (BrokenPipeError, ConnectionResetError):
        pass
    response, data = read_response(sock, conn)
    expect(400 <= response.status_code < 600, f"error status expected for {raw[:40]!r}")
    expect(header(response, "content-type") == "application/problem+json", "problem+json expected")
    sock.close()

# 6. Pipelined requests, read one after another.
sock, conn = connect()
raw = b"".join(b"GET /hello HTTP/1.1\r\nHost: x\r\n\r\n" for _ in range(5))
sock.sendall(raw)
for _ in range(5):
    conn.send(h11.Request(method="GET", target="/hello", headers=[("Host", "x")]))
    conn.send(h11.EndOfMessage())
    response, data = read_response(sock, conn)
    expect(response.status_code == 200 and data == b"hello", "pipelined response")
    conn.start_next_cycle()
sock.close()

print(f"h11 check: {checked} responses ok")
