#!/usr/bin/env python3
"""What a real browser submits from pages in legacy charsets: serves a form in each charset on
127.0.0.1, has a headless Chromium type each text into it and submit it, and records the body
the server received. Needs only Python's standard library and Chromium (Debian's `chromium`).

    python3 Tools/Browser/legacy_forms.py > Tests/Fixtures/chromium-legacy-forms.json
    python3 Tools/Browser/legacy_forms.py --check Tests/Fixtures/chromium-legacy-forms.json

Each page declares its charset in its Content-Type and a <meta> tag, and its form has the hidden
input `_charset_`, which the browser fills with the charset it encodes the form in. A page
labelled ISO-8859-1 is encoded as windows-1252 (the WHATWG Encoding standard), and a character
the charset lacks is sent as a numeric character reference. `--check` records again and fails
unless the bodies are the committed ones.
"""
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from chromium import Chromium

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
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    results = []
    try:
        with Chromium() as browser:
            session = browser.open("about:blank")
            for label, sentinel, text in cases:
                browser.send("Page.navigate", {"url": f"{base}/form?charset={label}&sentinel={sentinel}"}, session)
                browser.wait_for(session, "document.readyState === 'complete' && !!document.getElementById('t')")
                count = len(bodies)
                browser.type_values(session, {"t": text})
                browser.click_later(session, "submit")
                browser.wait_for(session, lambda: len(bodies) > count)
                results.append({"label": label, "sentinel": sentinel, "typed": text, "body": bodies[-1]})
            version = browser.version
    finally:
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
    print('{"source": ' + json.dumps(f"{version}, Tools/Browser/legacy_forms.py") + ', "cases": [\n'
          + ",\n".join(json.dumps(result, ensure_ascii=False) for result in results) + "\n]}")


if __name__ == "__main__":
    main()
