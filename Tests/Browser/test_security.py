#!/usr/bin/env python3
"""Owner access against a real browser: a page on another port of 127.0.0.1 tries to act as the
owner, the token leaves the address bar, the Content-Security-Policy holds, and a revoked link's
stream closes — in headless Chromium through WebDriver.

The suite starts `modallab serve --port 0` over a temporary data folder, and a second HTTP server
(Python's http.server, on another free port of 127.0.0.1: the same *site*, another *origin*)
that serves the attacker's page.

    python3 Tests/Browser/test_security.py [-v] [unittest arguments]
    python3 Tests/Browser/test_security.py --check      # exit 3 and name what is missing

Environment: MODALLAB_BIN (default .build/debug/modallab), CHROMEDRIVER, CHROME.
No fixed sleeps: every wait polls a condition with a deadline.
"""

import http.server
import json
import os
import secrets
import subprocess
import sys
import tempfile
import threading
import unittest
import urllib.request
from pathlib import Path

# The player suite's harness: finding the browser, reading the owner URL, stopping it all, and
# its test case's helpers (`d`, `js`, `wait_for`). Its `Harness` holds this suite's server too.
sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_player import (  # noqa: E402
    MISSING_EXIT, ROOT, Harness, PlayerTestCase, cleanup, find_chrome, find_chromedriver, missing_dependencies,
    read_first_line)

# The attacker's page: every way a page of another origin can send a body without a CORS
# preflight (no-cors fetches of Blobs, untyped and text/plain; a text/plain form), plus a
# CORS fetch with JSON (whose preflight the server never grants). `window.attack` ends as the
# list of what the page could observe.
ATTACK_PAGE = """<!doctype html>
<meta charset="utf-8"><title>Not ModalLab</title>
<iframe name="sink"></iframe>
<script>
const target = new URLSearchParams(location.search).get("target");
const bodies = {
  "/api/shares": {prototype: "mail", role: "comment", label: "attacker"},
  "/api/comments": {prototype: "mail", x: 1, y: 2, text: "pwned"},
  "/api/sessions": {prototype: "mail"},
};
async function attack() {
  const seen = [];
  for (const [path, body] of Object.entries(bodies)) {
    const text = JSON.stringify(body);
    for (const blob of [new Blob([text]), new Blob([text], {type: "text/plain"})]) {
      try {
        const r = await fetch(target + path, {mode: "no-cors", method: "POST", credentials: "include", body: blob});
        seen.push([path, "no-cors", r.type]);
      } catch (e) { seen.push([path, "no-cors", "error " + e]); }
    }
    try {
      const r = await fetch(target + path, {method: "POST", credentials: "include",
        headers: {"Content-Type": "application/json"}, body: text});
      seen.push([path, "cors", r.status]);
    } catch (e) { seen.push([path, "cors", "blocked"]); }
  }
  // A form in text/plain whose one field spells JSON: {"prototype": "mail", "role": "comment", "x": "="}.
  const form = document.createElement("form");
  form.method = "POST"; form.enctype = "text/plain"; form.target = "sink"; form.action = target + "/api/shares";
  const input = document.createElement("input");
  input.name = '{"prototype": "mail", "role": "comment", "x": "'; input.value = '"}';
  form.append(input); document.body.append(form);
  const loaded = new Promise((resolve) => document.querySelector("iframe").addEventListener("load", resolve, {once: true}));
  form.submit();
  await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, 10000))]);
  seen.push(["/api/shares", "form", "sent"]);
  window.attack = seen;
}
attack();
</script>
"""


class Attacker:
    """The other origin: a page server on another free port of 127.0.0.1."""
    server = None


class AttackerHandler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 (the standard library's name)
        body = ATTACK_PAGE.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def setUpModule():
    missing = missing_dependencies()
    if missing:
        raise RuntimeError("the browser tests need " + "; ".join(missing))
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    binary = os.environ.get("MODALLAB_BIN") or str(ROOT / ".build" / "debug" / "modallab")
    if not os.access(binary, os.X_OK):
        raise RuntimeError(f"no modallab executable at {binary}; run `swift build --product modallab` or set MODALLAB_BIN")
    Harness.tmp = Path(tempfile.mkdtemp(prefix="modallab-security-"))
    unittest.addModuleCleanup(cleanup)  # runs even when the set-up below fails
    unittest.addModuleCleanup(stop_attacker)
    Harness.token = secrets.token_urlsafe(16)
    env = dict(os.environ, MODALLAB_OWNER_TOKEN=Harness.token)
    Harness.server = subprocess.Popen(
        [binary, "serve", "--port", "0", "--data", str(Harness.tmp / "data")],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    Harness.owner_url = read_first_line(Harness.server, 30)
    if not Harness.owner_url.startswith("http://"):
        raise RuntimeError(f"modallab serve printed {Harness.owner_url!r} instead of its URL")
    Harness.base = Harness.owner_url.split("/?")[0]

    Attacker.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), AttackerHandler)
    threading.Thread(target=Attacker.server.serve_forever, daemon=True).start()

    options = Options()
    options.binary_location = find_chrome()
    for a in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1200,1000", "--disable-gpu"):
        options.add_argument(a)
    Harness.driver = webdriver.Chrome(options=options, service=Service(find_chromedriver()))
    Harness.driver.set_page_load_timeout(30)
    # Every document records the Content-Security-Policy violations it sees, from its first script on.
    Harness.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
        window.__violations = [];
        document.addEventListener("securitypolicyviolation",
            (e) => window.__violations.push(e.violatedDirective + " " + (e.blockedURI || e.sample || "")));
    """})


def stop_attacker():
    if Attacker.server:
        Attacker.server.shutdown()
        Attacker.server.server_close()
        Attacker.server = None


class SecurityTestCase(PlayerTestCase):
    def api(self, method, path, body=None):
        """The owner's API as a script calls it: a bearer token, no Origin."""
        req = urllib.request.Request(Harness.base + path, method=method,
                                     data=json.dumps(body).encode() if body is not None else None,
                                     headers={"Authorization": "Bearer " + Harness.token,
                                              "Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as r:
            raw = r.read()
            return json.loads(raw) if raw and r.headers.get("Content-Type", "").startswith("application/json") else raw.decode()

    def sign_in(self):
        """Opens the URL `serve` printed, as the designer does; returns the owner cookie."""
        self.d.get(Harness.owner_url)
        self.wait_for("return document.readyState === 'complete'")
        port = Harness.base.rsplit(":", 1)[1]
        cookies = {c["name"]: c for c in self.d.get_cookies()}
        self.assertIn(f"modallab_owner_{port}", cookies, "the owner cookie is named by the server's port")
        return cookies[f"modallab_owner_{port}"]

    def metric(self, route, status, method="POST"):
        """`http_requests_total` of a route and status, from `/metrics`."""
        text = self.api("GET", "/metrics")
        prefix = f'http_requests_total{{method="{method}",route="{route}",status="{status}"}} '
        return sum(int(line[len(prefix):]) for line in text.splitlines() if line.startswith(prefix))


class OwnerAccessTests(SecurityTestCase):
    def test_the_token_is_traded_for_a_cookie_that_is_not_the_token(self):
        cookie = self.sign_in()
        self.assertEqual(self.d.current_url, Harness.base + "/", "the token left the address bar")
        self.assertNotIn(Harness.token, cookie["value"])
        self.assertTrue(cookie["httpOnly"])
        self.assertEqual(cookie.get("sameSite"), "Strict")
        self.assertEqual(self.js("return document.cookie"), "", "scripts can't read it")
        self.assertIn("Mail", self.d.page_source)

    def test_a_page_on_another_port_cannot_act_as_the_owner(self):
        self.sign_in()
        attacker = f"http://127.0.0.1:{Attacker.server.server_address[1]}"
        shares_before = len(self.api("GET", "/api/shares"))
        routes = ("/api/shares", "/api/comments", "/api/sessions")
        before = {(r, status): self.metric(r, status) for r in routes for status in (201, 403, 415)}
        self.d.get(f"{attacker}/?target={Harness.base}")
        seen = self.wait_for("return window.attack", timeout=30)
        # The browser sent them (no-cors fetches are opaque; the CORS one is blocked by its preflight)…
        self.assertEqual([s[2] for s in seen if s[1] == "no-cors"], ["opaque"] * 6, seen)
        self.assertEqual([s[2] for s in seen if s[1] == "cors"], ["blocked"] * 3, seen)
        # …and the server refused every one for its origin: nothing was created as the owner.
        after = {key: self.metric(*key) - count for key, count in before.items()}
        self.assertEqual({r: after[(r, 403)] for r in routes}, {"/api/shares": 3, "/api/comments": 2, "/api/sessions": 2},
                         "the two fetches of each route (and the form) reached the server and were refused")
        self.assertEqual([after[(r, 201)] for r in routes], [0, 0, 0])
        self.assertEqual(len(self.api("GET", "/api/shares")), shares_before)
        self.assertEqual(self.api("GET", "/api/comments?prototype=mail"), [])
        # The same request from the server's own page works: the browser's cookie is good.
        self.d.get(Harness.base + "/rules")
        status = self.d.execute_async_script("""
            const done = arguments[arguments.length - 1];
            fetch("/api/shares", {method: "POST", headers: {"Content-Type": "application/json"},
                                  body: JSON.stringify({prototype: "mail", label: "own page"})}).then((r) => done(r.status));
        """)
        self.assertEqual(status, 201)
        self.assertEqual(len(self.api("GET", "/api/shares")), shares_before + 1)


class ContentSecurityPolicyTests(SecurityTestCase):
    def test_the_player_runs_under_the_policy_and_injected_code_does_not(self):
        self.sign_in()
        self.d.get(Harness.base + "/p/mail?device=iphone-16")
        self.wait_for("return document.querySelector('.player')?.dataset.ready === 'true'", timeout=30)
        self.d.find_element("css selector", '[data-id="compose"]').click()
        self.wait_for("return document.querySelector('[data-modal=\"compose\"]')")
        self.wait_for("return document.querySelector('.player')?.dataset.busy === 'false'")
        self.assertEqual(self.js("return window.__violations"), [], "the product's own pages break no rule")
        # Geometry from style attributes still applies.
        self.assertGreater(self.js("return document.querySelector('[data-window]').getBoundingClientRect().width"), 300)
        # Injected inline code and style elements do not run.
        self.js("""
            const s = document.createElement("script"); s.textContent = "window.__inline = 1"; document.body.append(s);
            const st = document.createElement("style"); st.textContent = "body { display: none !important }";
            document.head.append(st);
            document.body.insertAdjacentHTML("beforeend", '<img src="x:" onerror="window.__handler = 1">');
        """)
        self.wait_for("return window.__violations.length >= 2")
        self.assertIsNone(self.js("return window.__inline ?? null"))
        self.assertIsNone(self.js("return window.__handler ?? null"))
        self.assertNotEqual(self.js("return getComputedStyle(document.body).display"), "none")

    def test_the_board_frames_its_players(self):
        self.sign_in()
        self.d.get(Harness.base + "/p/mail/board")
        frame = self.d.find_element("css selector", ".board-cell iframe")
        self.d.switch_to.frame(frame)
        try:
            self.wait_for("return document.querySelector('.player')?.dataset.ready === 'true'", timeout=30)
        finally:
            self.d.switch_to.default_content()
        self.assertEqual(self.js("return window.__violations"), [])


class RevocationTests(SecurityTestCase):
    def test_a_revoked_links_stream_closes_and_stays_closed(self):
        link = self.api("POST", "/api/shares", {"prototype": "mail", "role": "view"})
        try:
            self.d.delete_all_cookies()
            self.d.get(link["url"])
            self.wait_for("return document.querySelector('.player')?.dataset.ready === 'true'", timeout=30)
            self.js("""
                window.__stream = new EventSource("/api/stream?prototype=mail");
                window.__opened = false;
                window.__stream.onopen = () => { window.__opened = true; };
            """)
            self.wait_for("return window.__opened")
            self.api("DELETE", f"/api/shares/{link['id']}")
            # The stream ends; the browser reconnects, is refused (401) and gives up: CLOSED.
            self.wait_for("return window.__stream.readyState === EventSource.CLOSED", timeout=30,
                          message="the revoked link's stream should end and stay closed")
            status = self.d.execute_async_script("""
                const done = arguments[arguments.length - 1];
                fetch("/api/sessions", {method: "POST", headers: {"Content-Type": "application/json"},
                                        body: JSON.stringify({prototype: "mail"})}).then((r) => done(r.status));
            """)
            self.assertEqual(status, 401)
        finally:
            self.d.delete_all_cookies()


if __name__ == "__main__":
    if "--check" in sys.argv:
        missing = missing_dependencies()
        for m in missing:
            print("missing:", m)
        sys.exit(MISSING_EXIT if missing else 0)
    unittest.main()
