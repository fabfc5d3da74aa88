#!/usr/bin/env python3
"""Differential test of `urlform decode` against two outside decoders.

- qs-codec 1.6.3, a port of Node's qs, for the untyped value of bracketed and dotted forms, with
  the same depth and limits as the decoder's defaults and qs options chosen to match ours;
- Python's urllib.parse.parse_qsl(keep_blank_values=True) for splitting and unescaping pairs.

Bodies come in the shapes browsers, jQuery, qs and Rails send, plus hostile ones, from a seeded
generator. Each difference must fall in one of the deliberate categories below, each checked by a
precise rule (the README lists them with the reasons); any other difference fails the run.

    python3 Tests/Differential/differential.py PATH/TO/urlform [--count N] [--seed S] [--verbose]
"""
import argparse
import collections
import json
import random
import re
import subprocess
import sys
from urllib.parse import parse_qsl, quote

from qs_codec import DecodeOptions, decode as qs_decode

# Our decoder's default limits, and the qs options that mean the same.
MAX_PARAMETERS = 1000
MAX_DEPTH = 32  # components, the first name included; qs counts the bracketed ones
MAX_ARRAY = 1000


def qs_options(dots):
    return DecodeOptions(
        allow_dots=dots,
        depth=MAX_DEPTH - 1,
        strict_depth=True,
        parameter_limit=MAX_PARAMETERS,
        list_limit=MAX_ARRAY,
        raise_on_limit_exceeded=True,
    )


# MARK: Bodies


def escape_bracket(rng, char):
    return rng.choice([char, char, quote(char), quote(char).lower()])


def text(rng, alphabet, maximum=6):
    pieces = []
    for _ in range(rng.randint(0, maximum)):
        pieces.append(rng.choice(alphabet))
    return "".join(pieces)


# Name and value fragments: plain, spaces as + and %20, escapes in both cases, UTF-8 raw and
# escaped, invalid escapes and invalid UTF-8, and form punctuation escaped.
NAME_ALPHABET = ["a", "b", "id", "Name", "x", "_", "-", "0", "1", "+", "%20", "%41", "%c3%a9", "%C3%A9", "é", "日本",
                 "%26", "%3D", "%25", "%zz", "%", "%4", "%FF", "%C3%28", "%ED%A0%80", "%F0%9F", "%00", "~", "!", "*"]
VALUE_ALPHABET = NAME_ALPHABET + ["=", "[", "]", ".", "%5B", "%5d", "%2E", "%2b", "+%2B+", "%0D%0A", "🌍", "%F0%9F%8C%8D",
                                  "?", "/", ":", "@", ",", ";"]


def name(rng):
    return text(rng, NAME_ALPHABET, 3) or rng.choice(["a", "b", "c"])


def key_path(rng, dots):
    """A name with 0–4 segments in brackets (raw or escaped in either case) or dots."""
    parts = [name(rng)]
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3, 4])):
        kind = rng.random()
        if dots and kind < 0.3:
            parts.append("." + name(rng))
        elif kind < 0.55:
            parts.append(escape_bracket(rng, "[") + name(rng) + escape_bracket(rng, "]"))
        elif kind < 0.75:
            parts.append(escape_bracket(rng, "[") + escape_bracket(rng, "]"))
        else:
            parts.append(escape_bracket(rng, "[") + str(rng.choice([0, 0, 1, 2, 3, 10, 999])) + escape_bracket(rng, "]"))
    return "".join(parts)


def pair(rng, key):
    form = rng.random()
    if form < 0.08:
        return key  # a bare name
    if form < 0.16:
        return key + "="
    return key + "=" + text(rng, VALUE_ALPHABET)


def browser_body(rng):
    """What an HTML form sends: flat names, repeated checkboxes, + for spaces, UTF-8 escaped."""
    fields = [("name", "Ada+Lovelace"), ("email", "ada%40example.com"), ("bio", "Line+1%0D%0ALine+2+%26+more"),
              ("city", "K%C3%B6ln"), ("tags", "a"), ("tags", "b"), ("agree", "on"), ("note", "")]
    rng.shuffle(fields)
    return "&".join(f"{k}={v}" for k, v in fields[: rng.randint(1, len(fields))])


def jquery_body(rng):
    """jQuery.param: escaped brackets, indices for arrays of objects, [] for plain arrays."""
    return "&".join([
        "user%5Bname%5D=Ada", "user%5Broles%5D%5B%5D=admin", "user%5Broles%5D%5B%5D=dev",
        "items%5B0%5D%5Bid%5D=1", "items%5B0%5D%5Bqty%5D=2", "items%5B1%5D%5Bid%5D=3", "q=a+b",
    ][: rng.randint(1, 7)])


def qs_body(rng, dots):
    """qs.stringify under its array formats, and allowDots."""
    if dots:
        return rng.choice(["a.b.c=d&a.b.e=f", "user.name=Ada&user.address.city=K%C3%B6ln", "a.b=1&a.c=2&x=3"])
    return rng.choice([
        "a%5Bb%5D%5Bc%5D=d", "a%5B0%5D=b&a%5B1%5D=c", "a%5B%5D=b&a%5B%5D=c", "a=b&a=c",
        "a%5B1%5D=c&a%5B0%5D=b", "filter%5Bstatus%5D%5B%5D=open&filter%5Bstatus%5D%5B%5D=closed&page=2",
    ])


def rails_body(rng):
    """Rails forms: nested attributes and arrays of objects by []."""
    return rng.choice([
        "user[name]=Ada&user[roles][]=a&user[roles][]=b",
        "order[items][][name]=pen&order[items][][qty]=1&order[items][][name]=ink&order[items][][qty]=2",
        "utf8=%E2%9C%93&authenticity_token=abc%2B%2F%3D&user[email]=a%40b.c",
        "post[tags][]=&post[title]=Hi",
    ])


def random_body(rng, dots):
    pairs = [pair(rng, key_path(rng, dots)) for _ in range(rng.randint(1, 8))]
    body = "&".join(pairs)
    if rng.random() < 0.1:
        body = "&" + body.replace("&", "&&") + "&"
    return body


def hostile_body(rng, dots):
    choice = rng.randrange(9)
    if choice == 0:  # deep, around the depth limit
        depth = rng.choice([MAX_DEPTH - 2, MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1])
        return "a" + "[b]" * depth + "=1"
    if choice == 1:  # around the parameter limit, with empty pairs
        count = rng.choice([MAX_PARAMETERS - 1, MAX_PARAMETERS, MAX_PARAMETERS + 1])
        return "&".join(f"k{i}=v" for i in range(count)) + "&" * rng.choice([0, 5])
    if choice == 2:  # pushes around the array limit
        return "&".join(["a[]=x"] * rng.choice([10, MAX_ARRAY - 1, MAX_ARRAY]))
    if choice == 3:  # [ and ] soup
        return "a" + "".join(rng.choice(["[", "]", "[]", "%5B", "%5d"]) for _ in range(rng.randint(1, 12))) + "=1"
    if choice == 4:  # a long escaped value
        return "a=" + "%41+" * rng.randint(100, 3000)
    if choice == 5:  # indices in reverse and sparse
        return "&".join(f"a[{i}]=x{i}" for i in reversed(range(0, rng.randint(2, 50), rng.choice([1, 3]))))
    if choice == 6:  # repeated name
        return "&".join(["a=1"] * rng.randint(2, 200))
    if choice == 7:  # only separators
        return rng.choice(["&" * 50, "=" * 50, "&=&=&", "==a==", "a==b"])
    return "a" + ".b" * rng.randint(1, 40) + "=1" if dots else "x" * rng.randint(100, 5000) + "=1"


def bodies(rng, count, dots):
    makers = [random_body, random_body, random_body, hostile_body, lambda r, d: qs_body(r, d),
              lambda r, d: browser_body(r), lambda r, d: jquery_body(r), lambda r, d: rails_body(r)]
    for _ in range(count):
        yield rng.choice(makers)(rng, dots)


# MARK: Running both


def ours(urlform, body, dots):
    arguments = [urlform, "decode", "--no-sort"] + (["--key-path", "dots"] if dots else [])
    # One line break is taken off the end of standard input, so one is added.
    result = subprocess.run(arguments, input=body.encode() + b"\n", capture_output=True)
    if result.returncode == 1:
        return ("error", result.stderr.decode(errors="replace").strip())
    if result.returncode != 0:
        raise SystemExit(f"urlform exited with {result.returncode} for {body[:200]!r}: {result.stderr[:300]!r}")
    return ("value", json.loads(result.stdout))


def theirs(body, dots):
    try:
        return ("value", qs_decode(body, qs_options(dots)))
    except (ValueError, IndexError) as error:
        return ("error", str(error))


def as_lists(value, top=True):
    """qs reads `a[0]`, `a[1]` as a list; the untyped value keeps the indices as member names.
    An object below the top level whose names are all indices qs would make a list of becomes
    that list, in index order, as qs compacts sparse indices."""
    if isinstance(value, list):
        return [as_lists(v, False) for v in value]
    if isinstance(value, dict):
        converted = {k: as_lists(v, False) for k, v in value.items()}
        if not top and converted and all(is_index(k) for k in converted):
            return [converted[k] for k in sorted(converted, key=int)]
        return converted
    return value


def leaves(value, path=()):
    """The (path without indices, value) pairs of a value, as a multiset."""
    if isinstance(value, list):
        return sum((leaves(v, path) for v in value), collections.Counter())
    if isinstance(value, dict):
        return sum((leaves(v, path + (k,)) for k, v in value.items()), collections.Counter())
    return collections.Counter({(path, value): 1})


def is_index(name):
    return name.isdigit() and (name == "0" or not name.startswith("0")) and int(name) <= MAX_ARRAY


def has_mixed_members(value):
    """Whether some object holds both index names and other names."""
    if isinstance(value, list):
        return any(has_mixed_members(v) for v in value)
    if isinstance(value, dict):
        indices = sum(1 for k in value if is_index(k))
        return 0 < indices < len(value) or any(has_mixed_members(v) for v in value.values())
    return False


def named_leaves(value):
    """`leaves`, with index names left out of the paths as well."""
    return collections.Counter({(tuple(k for k in path if not is_index(k)), v): n for (path, v), n in leaves(value).items()})


def split_pairs(body):
    return [p for p in body.split("&") if p]


def unescaped_brackets(text):
    return re.sub("%5d", "]", re.sub("%5b", "[", text, flags=re.I), flags=re.I)


def splits_differently(part):
    """qs turns `%5B` and `%5D` into brackets, then splits a pair after its first `]=` if it has
    one; the WHATWG standard (and urllib) split at the first `=`."""
    clean = unescaped_brackets(part)
    at = clean.find("]=")
    return at != -1 and "=" in clean[:at]


# The deliberate differences, each with the rule that recognises it. README: "Decoding compared
# with qs".
def explain(body, dots, our, their, urlform=None):
    parts = body.split("&")
    if urlform and any(splits_differently(p) for p in parts):
        # The other pairs must agree, or differ only for another of these reasons.
        rest = "&".join(p for p in parts if not splits_differently(p))
        our_rest, their_rest = ours(urlform, rest, dots), theirs(rest, dots)
        if agree(our_rest, their_rest) or explain(rest, dots, our_rest, their_rest, urlform):
            return "qs splits a pair at ]= before its first ="
        return None
    kind, detail = our
    if kind == "error" and their[0] == "value":
        if "is malformed" in detail:
            return "malformed key refused"
        if "conflicts with an earlier key" in detail:
            return "conflicting key refused"
        return None
    if kind == "value" and their[0] == "error":
        if "Parameter limit" in their[1] and len(split_pairs(body)) <= MAX_PARAMETERS < len(body.split("&")):
            return "empty pairs not counted as parameters"
        indices = [int(n) for n in re.findall(r"\[(\d+)\]", unescaped_brackets(body))]
        if "List limit" in their[1] and indices and max(indices) + 1 >= MAX_ARRAY // 2:
            return "an index is a member name, not a count of elements"
        return None
    if kind == "value" and their[0] == "value":
        mine = as_lists(detail)
        if "" in mine and isinstance(mine, dict):
            without = {k: v for k, v in mine.items() if k != ""}
            if without == their[1] or explain(body, dots, ("value", without), their) is not None:
                return "empty name kept"
        if re.search(r"\[\][\[.]" if dots else r"\[\]\[", unescaped_brackets(body)) and leaves(mine) == leaves(their[1]):
            return "[] followed by more segments: grouped as Rails groups it, no list flattened"
        if has_mixed_members(mine) and named_leaves(mine) == named_leaves(their[1]):
            return "indices beside names under one key: one object, where qs nests lists"
    return None


def agree(our, their):
    if our[0] == "error" and their[0] == "error":
        return True
    return our[0] == "value" and their[0] == "value" and as_lists(our[1]) == their[1]


def compare_qs(urlform, rng, count, dots, verbose):
    results = collections.Counter()
    unexplained = []
    for body in bodies(rng, count, dots):
        our, their = ours(urlform, body, dots), theirs(body, dots)
        if agree(our, their):
            results["same: both refuse" if our[0] == "error" else "same value"] += 1
            continue
        reason = explain(body, dots, our, their, urlform)
        if reason:
            results["deliberate: " + reason] += 1
            if verbose:
                print(f"  {reason}: {body[:120]!r}\n    ours {str(our)[:200]}\n    qs   {str(their)[:200]}")
        else:
            results["UNEXPLAINED"] += 1
            unexplained.append((body, our, their))
    return results, unexplained


# MARK: Pairs against urllib

FLAT_ALPHABET = [c for c in VALUE_ALPHABET if not any(p in c.lower() for p in ("[", "]", ".", "%5b", "%5d", "%2e"))]


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
        for key, value in parse_qsl(body, keep_blank_values=True):
            grouped.setdefault(key, []).append(value)
        expected = {k: v[0] if len(v) == 1 else v for k, v in grouped.items()}
        our = ours(urlform, body, False)
        if our == ("value", expected):
            results["same pairs"] += 1
        else:
            results["UNEXPLAINED"] += 1
            unexplained.append((body, our, ("value", expected)))
    return results, unexplained


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("urlform")
    parser.add_argument("--count", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--verbose", action="store_true")
    options = parser.parse_args()
    rng = random.Random(options.seed)
    failures = []
    for label, (results, unexplained) in [
        ("qs, brackets", compare_qs(options.urlform, rng, options.count, False, options.verbose)),
        ("qs, dots", compare_qs(options.urlform, rng, options.count // 2, True, options.verbose)),
        ("urllib.parse.parse_qsl", compare_pairs(options.urlform, rng, options.count // 2)),
    ]:
        print(f"{label}: " + ", ".join(f"{n} {k}" for k, n in sorted(results.items())))
        failures += [(label,) + u for u in unexplained]
    for label, body, our, their in failures[:20]:
        print(f"UNEXPLAINED ({label}): {body[:300]!r}\n  ours   {str(our)[:300]}\n  oracle {str(their)[:300]}")
    if failures:
        print(f"{len(failures)} unexplained difference(s)")
        sys.exit(1)
    print("differential: every difference is a deliberate one")


if __name__ == "__main__":
    main()
