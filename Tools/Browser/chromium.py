"""A headless Chromium driven over --remote-debugging-pipe: the DevTools protocol on file
descriptors 3 and 4, so nothing beyond Python's standard library is needed. Used by the example's
browser test and by the legacy-charset recorder.

    with Chromium() as browser:
        session = browser.open("http://127.0.0.1:8080/")
        browser.wait_for(session, "document.readyState === 'complete'")
        browser.evaluate(session, "document.title")
"""
import fcntl
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time


class NavigationError(Exception):
    """The page navigated or closed while a command ran in it: a submitted form's page loading."""


class Chromium:
    def __init__(self):
        executable = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
        if not executable:
            sys.exit("no chromium found")
        self.version = subprocess.run([executable, "--version"], capture_output=True, text=True).stdout.strip()
        to_read, self.to_write = os.pipe()
        self.from_read, from_write = os.pipe()
        self.profile = tempfile.mkdtemp(prefix="chromium-profile-")

        def attach():
            # Copied above 10 first, so that moving one end to 3 or 4 cannot overwrite the other.
            read_end = fcntl.fcntl(to_read, fcntl.F_DUPFD, 10)
            write_end = fcntl.fcntl(from_write, fcntl.F_DUPFD, 10)
            os.dup2(read_end, 3)
            os.dup2(write_end, 4)

        self.process = subprocess.Popen(
            [executable, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--remote-debugging-pipe",
             f"--user-data-dir={self.profile}", "about:blank"],
            preexec_fn=attach, close_fds=False, stdout=subprocess.DEVNULL,
            stderr=open(os.path.join(self.profile, "stderr.log"), "w"),
        )
        os.close(to_read)
        os.close(from_write)
        self.buffer = b""
        self.next_id = 0

    def __enter__(self):
        return self

    def __exit__(self, *arguments):
        self.process.kill()
        self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_write, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self.buffer:
                chunk = os.read(self.from_read, 65536)
                if not chunk:
                    sys.exit("chromium closed the pipe")
                self.buffer += chunk
            raw, self.buffer = self.buffer.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    # -32000 with these words: the page that ran the command was replaced.
                    message = reply["error"].get("message", "")
                    if "navigated or closed" in message or "context" in message.lower():
                        raise NavigationError(f"{method}: {message}")
                    sys.exit(f"{method} failed: {reply['error']}")
                return reply["result"]

    def open(self, url):
        """A new page at `url`, and the session that drives it."""
        target = self.send("Target.createTarget", {"url": url})["targetId"]
        return self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]

    def open_when_ready(self, url, element_id):
        """`open(url)`, returned once the page has loaded and has the element `element_id`."""
        session = self.open(url)
        self.wait_for(session, f"document.readyState === 'complete' && !!document.getElementById({json.dumps(element_id)})")
        return session

    def type_values(self, session, values):
        """Sets the value of each element named by id in `values`, as a person typing would."""
        self.evaluate(session, "".join(
            f"document.getElementById({json.dumps(element_id)}).value = {json.dumps(value)};"
            for element_id, value in values.items()) + "true")

    def evaluate(self, session, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True}, session)
        return result["result"].get("value")

    def click_later(self, session, element_id):
        """Clicks the element after this command has returned, so that the navigation a submit
        button starts cannot cut off the command's reply."""
        self.evaluate(session, f"setTimeout(() => document.getElementById({json.dumps(element_id)}).click(), 0); true")

    def wait_for(self, session, condition, seconds=20):
        """Waits until the JavaScript `condition` holds in the page, or a Python callable returns true."""
        deadline = time.time() + seconds
        while time.time() < deadline:
            try:
                if condition() if callable(condition) else self.evaluate(session, condition):
                    return
            except NavigationError:
                pass  # asked while the next page replaced this one: ask the new page
            time.sleep(0.05)
        sys.exit(f"timed out waiting for {condition}")
