#!/usr/bin/env python3
"""What a real browser submits from pages in legacy charsets: serves a form in each charset on
127.0.0.1, has a headless Chromium type each text into it and submit it, and records the body
the server received. Needs only Python's standard library and Chromium (Debian's `chromium`).

    python3 Tests/Browser/legacy_forms.py > Tests/Fixtures/chromium-legacy-forms.json
    python3 Tests/Browser/legacy_forms.py --check Tests/Fixtures/chromium-legacy-forms.json

Each page declares its charset in its Content-Type and a <meta> tag, and its form has the hidden
input `_charset_`, which the browser fills with the charset it encodes the form in. A page
labelled ISO-8859-1 is encoded as windows-1252 (the WHATWG Encoding standard), and a character
the charset lacks is sent as a numeric character reference. `--check` records again and fails
unless the bodies are the committed ones.
"""
import fcntl
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LABELS = ["utf-8", "iso-8859-1", "windows-1252", "latin1"]
TEXTS = ["plain", "é ü ß", "€ 5", "“quoted” ‘single’ …", "Ÿ ž Œ ‰", "日本", "😀", "a&b=c+d %41", "naïve café € 日本 😀",
         # Typed as text: from a legacy page it arrives as the reference a character would.
         "AT&T &#26085;"]
# The two sentinels: the hidden `_charset_` input the browser fills, and Rails' `utf8=✓`.
SENTINELS = ["_charset_", "utf8"]

bodies = []


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        if not self.path.startswith("/form?"):
            self.send_error(404)  # the browser's /favicon.ico
            return
        query = dict(part.split("=", 1) for part in self.path.split("?", 1)[1].split("&"))
        label = query.get("charset", "utf-8")
        # ✓ as an HTML reference, so that the page's bytes are ASCII in every charset.
        sentinel = '<input type="hidden" name="utf8" value="&#10003;">' if query.get("sentinel") == "utf8" else '<input type="hidden" name="_charset_">'
        page = (
            f'<!doctype html><html><head><meta charset="{label}"><title>form</title></head><body>'
            f'<form method="post" action="/submit">{sentinel}'
            '<input id="t" name="t"><button id="submit" type="submit">Send</button></form></body></html>'
        )
        data = page.encode("ascii")
        self.send_response(200)
        self.send_header("Content-Type", f"text/html; charset={label}")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        bodies.append(self.rfile.read(length).decode("ascii"))
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"ok")

    def log_message(self, *arguments):
        pass


def run_chromium(cases):
    chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if not chromium:
        sys.exit("no chromium found")
    version = subprocess.run([chromium, "--version"], capture_output=True, text=True).stdout.strip()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"

    to_read, to_write = os.pipe()
    from_read, from_write = os.pipe()
    profile = tempfile.mkdtemp(prefix="chromium-profile-")

    def attach():
        # Copied above 10 first, so that moving one end to 3 or 4 cannot overwrite the other.
        read_end = fcntl.fcntl(to_read, fcntl.F_DUPFD, 10)
        write_end = fcntl.fcntl(from_write, fcntl.F_DUPFD, 10)
        os.dup2(read_end, 3)
        os.dup2(write_end, 4)

    process = subprocess.Popen(
        [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--remote-debugging-pipe",
         f"--user-data-dir={profile}", "about:blank"],
        preexec_fn=attach, close_fds=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    os.close(to_read)
    os.close(from_write)
    state = {"buffer": b"", "id": 0}

    def send(method, params=None, session=None):
        state["id"] += 1
        message = {"id": state["id"], "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(to_write, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in state["buffer"]:
                chunk = os.read(from_read, 65536)
                if not chunk:
                    sys.exit("chromium closed the pipe")
                state["buffer"] += chunk
            raw, state["buffer"] = state["buffer"].split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == state["id"]:
                if "error" in reply:
                    sys.exit(f"{method} failed: {reply['error']}")
                return reply["result"]

    def evaluate(session, expression):
        return send("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session)["result"].get("value")

    def wait_for(condition, seconds=20):
        deadline = time.time() + seconds
        while time.time() < deadline:
            if condition():
                return
            time.sleep(0.05)
        sys.exit("timed out")

    results = []
    try:
        target = send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        send("Page.enable", session=session)
        for label, sentinel, text in cases:
            send("Page.navigate", {"url": f"{base}/form?charset={label}&sentinel={sentinel}"}, session)
            wait_for(lambda: evaluate(session, "document.readyState === 'complete' && !!document.getElementById('t')"))
            count = len(bodies)
            evaluate(session, f"document.getElementById('t').value = {json.dumps(text)}; document.getElementById('submit').click(); true")
            wait_for(lambda: len(bodies) > count)
            results.append({"label": label, "sentinel": sentinel, "typed": text, "body": bodies[-1]})
    finally:
        process.kill()
        process.wait()
        shutil.rmtree(profile, ignore_errors=True)
        server.shutdown()
    return version, results


def main():
    cases = [(label, sentinel, text) for label in LABELS for sentinel in SENTINELS for text in TEXTS]
    version, results = run_chromium(cases)
    if len(sys.argv) > 2 and sys.argv[1] == "--check":
        with open(sys.argv[2]) as file:
            committed = json.load(file)["cases"]
        if committed != results:
            for old, new in zip(committed, results):
                if old != new:
                    print(f"committed {old}\n   now    {new}")
            sys.exit(f"{version} submits other bodies than {sys.argv[2]}")
        print(f"{version}: {len(results)} submissions, the committed bodies")
        return
    print('{"source": ' + json.dumps(f"{version}, Tests/Browser/legacy_forms.py") + ', "cases": [\n'
          + ",\n".join(json.dumps(result, ensure_ascii=False) for result in results) + "\n]}")


if __name__ == "__main__":
    main()
