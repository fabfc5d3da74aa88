#!/usr/bin/env python3
"""Writes the load benchmark's bodies into a folder (default: .build/load-bodies):

  small.txt      the sign-up form: ten fields, a nested address, six tags (about 390 bytes)
  medium.txt     the same with 4 KB of notes (escaped), spaces, & / and ü in them
  large.txt      the same with 900 KB of notes (escaped)
  flood.txt      hostile: 5,000 parameters, past the decoder's 1,000
  huge.txt       hostile: 3 MB, past the decoder's 1 MiB and the server's 2 MiB
  conflict.txt   hostile: a key that is both a value and an object (address=x&address[city]=y)
  malformed.txt  hostile: a value that is not a number where the model wants one
"""
import pathlib
import sys
import urllib.parse

folder = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".build/load-bodies")
folder.mkdir(parents=True, exist_ok=True)


def form(notes=None, **changes):
    fields = [
        ("name", "Jürgen Müller"), ("email", "juergen@example.com"), ("age", "42"), ("agree", "true"),
        ("plan", "team"), ("referrer", "https://example.com/pricing?plan=team"),
        ("address[street]", "Hauptstraße 12"), ("address[city]", "Köln"), ("address[zip]", "50667"),
        ("address[country]", "DE"),
    ] + [("tags[]", tag) for tag in ["swift", "server", "forms", "vapor", "hummingbird", "nio"]]
    fields = [(name, changes.get(name, value)) for name, value in fields]
    if notes is not None:
        fields.append(("notes", notes))
    return urllib.parse.urlencode(fields)


def text(length):
    """Prose of `length` bytes once escaped, with spaces, `&`, `/` and `ü` to escape."""
    words = "the quick brown fox & a lazy dog / grüße "
    escaped = len(urllib.parse.quote_plus(words))
    return words * (length // escaped) + "x" * (length % escaped)


bodies = {
    "small": form(),
    "medium": form(text(4000)),
    "large": form(text(900_000)),
    "flood": "&".join(f"p{i}=v" for i in range(5000)),
    "huge": form(text(3_000_000)),
    "conflict": form() + "&address=x",
    "malformed": form(age="forty-two"),
}
for name, body in bodies.items():
    (folder / f"{name}.txt").write_text(body)
    print(f"{name}: {len(body.encode())} bytes")
