#!/usr/bin/env python3
"""Writes Tests/Fixtures/qs-charset-duplicates.json: what qs-codec 1.6.3 (Node's qs, ported)
decodes for forms with repeated keys, ISO-8859-1 escapes and the `utf8=✓` sentinel, under its
`duplicates`, `charset` and `charset_sentinel` options. The decoder's tests compare with it.

    python3 -m pip install qs-codec==1.6.3
    python3 Tools/Differential/charset_duplicates_fixture.py
"""
import json
import os

from qs_codec import Charset, DecodeOptions, Duplicates, decode

FORMS = [
    "a=1&a=2",
    "a=1&b=2&a=3&a=4",
    "name=%E9t%E9&caf%E9=cr%E8me+br%FBl%E9e",
    "name=%C3%A9t%C3%A9&caf%C3%A9=cr%C3%A8me+br%C3%BBl%C3%A9e",
    "q=%A3100+%26+%A9&x=%FF",
    "utf8=%E2%9C%93&name=%C3%A9t%C3%A9",
    "utf8=%26%2310003%3B&name=%E9t%E9",
    "name=%E9t%E9&utf8=%26%2310003%3B",
    "utf8=%E2%9C%93&name=%E9",
    "utf8=yes&name=%C3%A9",
    "a=1&utf8=%E2%9C%93&utf8=%26%2310003%3B&b=%C3%A9",
    "plain=ascii+only&n=42",
]

CASES = []
for form in FORMS:
    for duplicates in ["first", "last"]:
        for charset in ["utf8", "isoLatin1"]:
            for sentinel in [False, True]:
                options = DecodeOptions(
                    duplicates=Duplicates.FIRST if duplicates == "first" else Duplicates.LAST,
                    charset=Charset.UTF8 if charset == "utf8" else Charset.LATIN1,
                    charset_sentinel=sentinel,
                )
                CASES.append({
                    "form": form,
                    "duplicates": duplicates,
                    "charset": charset,
                    "charsetSentinel": sentinel,
                    "decoded": decode(form, options),
                })

path = os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "Fixtures", "qs-charset-duplicates.json")
with open(path, "w", encoding="utf-8") as out:
    json.dump({"generator": "qs-codec 1.6.3", "cases": CASES}, out, ensure_ascii=False, indent=1)
    out.write("\n")
print(f"{len(CASES)} cases")
