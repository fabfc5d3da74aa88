#!/usr/bin/env python3
"""Fills and submits the sign-up form in a real headless Chromium, then prints the rendered
result as JSON. Talks to Chromium over --remote-debugging-pipe (the DevTools protocol on file
descriptors 3 and 4), so it needs nothing beyond Python's standard library.

    python3 browser.py http://127.0.0.1:8080/          # a valid signup: prints the result
    python3 browser.py http://127.0.0.1:8080/ invalid  # three bad fields: prints their messages
"""
import os
import sys

# The DevTools client the repository's browser tests share.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tools", "Browser"))
from chromium import Chromium  # noqa: E402

url = sys.argv[1]
invalid = len(sys.argv) > 2 and sys.argv[2] == "invalid"

with Chromium() as browser:
    session = browser.open_when_ready(url, "submit")
    # Typed as a person would: Unicode text, a multi-line textarea, two checkboxes, two options.
    browser.type_values(session, {
        "name": "Jürgen Müller", "email": "j@example.com",
        "age": "old" if invalid else "41", "guests": "a few" if invalid else "2",
        "zip": "SW1A 1AA" if invalid else "50667",
        "bio": "Line one & more\nLine two = 2 + 2 🌍",
        "street": "Hauptstraße 1", "city": "Köln",
    })
    browser.evaluate(session, """
        document.getElementById('newsletter').checked = true;
        document.getElementById('contact-phone').checked = true;
        for (const option of document.getElementById('tags').options) {
            option.selected = option.text === 'swift' || option.text === 'ünïcödé';
        }
        true
    """)
    browser.click_later(session, "submit")
    browser.wait_for(session, "location.pathname === '/signup' && document.readyState === 'complete'")
    if invalid:
        fields = ["error-count", "error-age", "error-guests", "error-address-zip"]
    else:
        fields = ["name", "email", "bio", "newsletter", "contact", "tags", "street", "city"]
    rendered = browser.evaluate(session, "JSON.stringify({" + ",".join(
        f"'{field}': (document.getElementById('{field}') || {{}}).textContent" for field in fields) + "})")
    print(rendered)
