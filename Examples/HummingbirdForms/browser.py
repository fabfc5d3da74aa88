#!/usr/bin/env python3
"""Fills and submits the sign-up form in a real headless Chromium, then prints the rendered
result as JSON. Talks to Chromium over --remote-debugging-pipe (the DevTools protocol on file
descriptors 3 and 4), so it needs nothing beyond Python's standard library.

    python3 browser.py http://127.0.0.1:8080/          # a valid signup: prints the result
    python3 browser.py http://127.0.0.1:8080/ invalid  # three bad fields: prints their messages
"""
import fcntl
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

url = sys.argv[1]
invalid = len(sys.argv) > 2 and sys.argv[2] == "invalid"
chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
if not chromium:
    sys.exit("no chromium found")

to_browser_read, to_browser_write = os.pipe()
from_browser_read, from_browser_write = os.pipe()
profile = tempfile.mkdtemp(prefix="chromium-profile-")


def attach_pipes():
    # Copied above 10 first, so that moving one end to 3 or 4 cannot overwrite the other.
    read_end = fcntl.fcntl(to_browser_read, fcntl.F_DUPFD, 10)
    write_end = fcntl.fcntl(from_browser_write, fcntl.F_DUPFD, 10)
    os.dup2(read_end, 3)
    os.dup2(write_end, 4)


process = subprocess.Popen(
    [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
     "--remote-debugging-pipe", f"--user-data-dir={profile}", "about:blank"],
    preexec_fn=attach_pipes, close_fds=False,
    stdout=subprocess.DEVNULL, stderr=open(os.path.join(profile, "stderr.log"), "w"),
)
os.close(to_browser_read)
os.close(from_browser_write)
buffer = b""
next_id = 0


def send(method, params=None, session=None):
    global next_id, buffer
    next_id += 1
    message = {"id": next_id, "method": method, "params": params or {}}
    if session:
        message["sessionId"] = session
    os.write(to_browser_write, json.dumps(message).encode() + b"\0")
    while True:
        while b"\0" not in buffer:
            chunk = os.read(from_browser_read, 65536)
            if not chunk:
                sys.exit("chromium closed the pipe")
            buffer += chunk
        raw, buffer = buffer.split(b"\0", 1)
        reply = json.loads(raw)
        if reply.get("id") == next_id:
            if "error" in reply:
                sys.exit(f"{method} failed: {reply['error']}")
            return reply["result"]


def evaluate(session, expression):
    result = send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True}, session)
    return result["result"].get("value")


def wait_for(session, condition, seconds=20):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if evaluate(session, condition):
            return
        time.sleep(0.1)
    sys.exit(f"timed out waiting for {condition}")


try:
    target = send("Target.createTarget", {"url": url})["targetId"]
    session = send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    wait_for(session, "document.readyState === 'complete' && !!document.getElementById('submit')")
    # Typed as a person would: Unicode text, a multi-line textarea, two checkboxes, two options.
    evaluate(session, """
        document.getElementById('name').value = 'Jürgen Müller';
        document.getElementById('email').value = 'j@example.com';
        document.getElementById('age').value = '""" + ("old" if invalid else "41") + """';
        document.getElementById('guests').value = '""" + ("a few" if invalid else "2") + """';
        document.getElementById('zip').value = '""" + ("SW1A 1AA" if invalid else "50667") + """';
        document.getElementById('bio').value = 'Line one & more\\nLine two = 2 + 2 🌍';
        document.getElementById('newsletter').checked = true;
        document.getElementById('contact-phone').checked = true;
        for (const option of document.getElementById('tags').options) {
            option.selected = option.text === 'swift' || option.text === 'ünïcödé';
        }
        document.getElementById('street').value = 'Hauptstraße 1';
        document.getElementById('city').value = 'Köln';
        document.getElementById('submit').click();
        true
    """)
    wait_for(session, "location.pathname === '/signup' && document.readyState === 'complete'")
    if invalid:
        fields = ["error-count", "error-age", "error-guests", "error-address-zip"]
    else:
        fields = ["name", "email", "bio", "newsletter", "contact", "tags", "street", "city"]
    rendered = evaluate(session, "JSON.stringify({" + ",".join(
        f"'{field}': (document.getElementById('{field}') || {{}}).textContent" for field in fields) + "})")
    print(rendered)
finally:
    process.kill()
    process.wait()
    shutil.rmtree(profile, ignore_errors=True)
