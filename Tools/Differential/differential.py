#!/usr/bin/env python3
"""Differential test of `urlform decode` against Python's urllib.parse.parse_qsl(keep_blank_values=True),
for splitting and unescaping pairs: `+`, invalid escapes, invalid UTF-8, bare names, empty names
and values, `=` in values. Nested names are compared with the real qs in the Swift tests
(`QsDifferentialTests`, over `Tests/Fixtures/qs-6.11-differential.json`, which CI checks against
Debian's qs 6.11).

    python3 Tools/Differential/differential.py PATH/TO/urlform [--count N] [--seed S]
"""
import argparse
import collections
import json
import random
import re
import subprocess
import sys
from urllib.parse import parse_qsl, urlsplit


def text(rng, alphabet, maximum=6):
    pieces = []
    for _ in range(rng.randint(0, maximum)):
        pieces.append(rng.choice(alphabet))
    return "".join(pieces)


# Name and value fragments: plain, spaces as + and %20, escapes in both cases, UTF-8 raw and
# escaped, invalid escapes and invalid UTF-8, and form punctuation escaped.
NAME_ALPHABET = ["a", "b", "id", "Name", "x", "_", "-", "0", "1", "+", "%20", "%41", "%c3%a9", "%C3%A9", "é", "日本",
                 "%26", "%3D", "%25", "%zz", "%", "%4", "%FF", "%C3%28", "%ED%A0%80", "%F0%9F", "%00", "~", "!", "*"]
VALUE_ALPHABET = NAME_ALPHABET + ["=", "%2b", "+%2B+", "%0D%0A", "🌍", "%F0%9F%8C%8D", "?", "/", ":", "@", ",", ";"]
FLAT_ALPHABET = VALUE_ALPHABET


def ours(urlform, body):
    arguments = [urlform, "decode", "--no-sort"]
    # One line break is taken off the end of standard input, so one is added.
    result = subprocess.run(arguments, input=body.encode() + b"\n", capture_output=True)
    if result.returncode == 1:
        return ("error", result.stderr.decode(errors="replace").strip())
    if result.returncode != 0:
        raise SystemExit(f"urlform exited with {result.returncode} for {body[:200]!r}: {result.stderr[:300]!r}")
    return ("value", json.loads(result.stdout))


def form_of(body):
    """The form `urlform decode` reads in `body`: a URL's query, or the text after a leading `?`,
    without the fragment (urllib's urlsplit finds a URL's); any other text whole."""
    if body.startswith("?"):
        return body[1:].split("#")[0]
    if re.match(r"[A-Za-z][A-Za-z0-9+.-]*://", body):
        return urlsplit(body).query
    return body


def compare_pairs(urlform, rng, count):
    """Flat names only, so that the untyped value is the pairs grouped by name."""
    results = collections.Counter()
    unexplained = []
    for _ in range(count):
        pairs = []
        for _ in range(rng.randint(1, 8)):
            key = text(rng, FLAT_ALPHABET, 3) or "k"
            form = rng.random()
            pairs.append(key if form < 0.1 else key + "=" + text(rng, FLAT_ALPHABET + ["="]))
        body = "&".join(pairs)
        grouped = {}
        for key, value in parse_qsl(form_of(body), keep_blank_values=True):
            grouped.setdefault(key, []).append(value)
        expected = {k: v[0] if len(v) == 1 else v for k, v in grouped.items()}
        our = ours(urlform, body)
        if our == ("value", expected):
            results["same pairs"] += 1
        else:
            results["UNEXPLAINED"] += 1
            unexplained.append((body, our, ("value", expected)))
    return results, unexplained


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("urlform")
    parser.add_argument("--count", type=int, default=750)
    parser.add_argument("--seed", type=int, default=2026)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    results, unexplained = compare_pairs(options.urlform, rng, options.count)
    print("urllib.parse.parse_qsl: " + ", ".join(f"{n} {k}" for k, n in sorted(results.items())))
    for body, our, their in unexplained[:20]:
        print(f"DIFFERENT: {body[:300]!r}\n  ours   {str(our)[:300]}\n  urllib {str(their)[:300]}")
    if unexplained:
        print(f"{len(unexplained)} difference(s)")
        sys.exit(1)
    print("differential: every body splits and unescapes as urllib does")


if __name__ == "__main__":
    main()
