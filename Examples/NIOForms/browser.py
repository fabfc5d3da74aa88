#!/usr/bin/env python3
"""Fills the order form of `nio-multipart-forms` in a real headless Chromium — nested text
fields, a multi-select with Unicode, and a file chosen for its file input — submits it as
multipart/form-data, and prints the page the server answers with.

    python3 browser.py http://127.0.0.1:8080/ PATH/TO/FILE            # a valid order
    python3 browser.py http://127.0.0.1:8080/ PATH/TO/FILE invalid    # two bad fields
"""
import os
import sys

# The DevTools client the repository's browser tests share.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tools", "Browser"))
from chromium import Chromium  # noqa: E402

url, attachment = sys.argv[1], os.path.abspath(sys.argv[2])
invalid = len(sys.argv) > 3 and sys.argv[3] == "invalid"

with Chromium() as browser:
    session = browser.open_when_ready(url, "submit")
    browser.type_values(session, {
        "name": "Jürgen Müller", "email": "j@example.com",
        "sku0": 'A-1 & "B"', "qty0": "two" if invalid else "2",
        "sku1": "C+D %41", "qty1": "" if invalid else "1",
    })
    browser.evaluate(session, """
        for (const option of document.getElementById('tags').options) {
            option.selected = option.text === 'gift' || option.text === 'ünïcödé';
        }
        true
    """)
    # A file input is filled through the DevTools protocol, as a person choosing a file would.
    document = browser.send("DOM.getDocument", {}, session)["root"]["nodeId"]
    node = browser.send("DOM.querySelector", {"nodeId": document, "selector": "#attachment"}, session)["nodeId"]
    browser.send("DOM.setFileInputFiles", {"files": [attachment], "nodeId": node}, session)
    browser.click_later(session, "submit")
    browser.wait_for(session, "location.pathname === '/order' && document.readyState === 'complete' && !!document.body")
    print(browser.evaluate(session, "document.body.innerText"))
