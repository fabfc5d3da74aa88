# Seeded bodies in the shapes that PHP's `parse_str` and Rack's `parse_nested_query` (what Rails
# reads `params` with) are compared on: nested names, `[]` and indices mixed, `[][]`, repeated
# names, malformed names (a bracket never closed, text after a bracket, ASP.NET's `items[0].name`),
# escaped brackets, spaces and dots in names, empty names and values. Written once, one body a
# line, as Tests/Fixtures/bracket-bodies.json; the PHP and Rack recorders read that file, and CI
# runs this again and compares byte for byte.
#
#   python3 Tools/PeerSuites/bracket-bodies.py > Tests/Fixtures/bracket-bodies.json
import json
import random

generator = random.Random(2026)
pick = generator.choice

# Valid UTF-8 and valid escapes only: what each peer does with invalid ones is its own business
# (Rack refuses the form, PHP keeps the bytes), and the qs differential covers them.
NAMES = ["a", "b", "id", "user", "name", "tags", "x", "0", "1", "a+b", "a%20b", "%C3%A9", "é", "a.b", "_", "-"]
VALUES = ["1", "x", "", "a+b", "%26", "%3D", "%C3%A9", "é", "[z]", "1,2", "%2B", "%5B%5D", "0", "on"]


def name():
    return pick(NAMES)


def bracket(text):
    return pick(["[", "[", "[", "%5B"]) + text + pick(["]", "]", "]", "%5D"])


# PHP makes a space or a dot in a top-level name `_` (`a.b=1` is `a_b`), which no other reader
# does; most top-level names hold neither, so that most bodies compare the brackets.
PLAIN_NAMES = [text for text in NAMES if text not in ("a+b", "a%20b", "a.b")]


def key_path():
    key = (pick(PLAIN_NAMES) if generator.random() < 0.9 else name()) if generator.random() > 0.03 else ""
    for _ in range(pick([0, 0, 1, 1, 1, 2, 2, 3])):
        kind = generator.random()
        if kind < 0.35:
            key += bracket(name())
        elif kind < 0.6:
            key += bracket("")
        elif kind < 0.9:
            key += bracket(str(pick([0, 0, 1, 1, 2, 3, 5, 17])))
        else:
            # A name that is no key path: a bracket never closed, one closed twice, text after a
            # bracket, a dot after a bracket.
            key += pick(["[", "]", "[x", "x]", "]]", "[b]c", ".name", "[[b]]"])
    return key


def pair(key):
    form = generator.random()
    if form < 0.06:
        return key
    if form < 0.12:
        return key + "="
    return key + "=" + "".join(pick(VALUES) for _ in range(generator.randint(1, 2)))


def body():
    pairs = []
    names = [key_path() for _ in range(generator.randint(1, 4))]
    for _ in range(generator.randint(1, 7)):
        # Names come back: repeated names, rows of one array, members of one object.
        pairs.append(pair(pick(names) if generator.random() < 0.6 else key_path()))
    return "&".join(pairs)


# Shapes from real forms, each once.
fixed = [
    "name=x&a[b]]=1", "name=x&[]=y", "name=x&a[b]c=1", "name=x&items[0].name=y", "a[b=1", "a]=1",
    "a[][]=1&a[][]=2", "a[5]=x&a[]=y", "a[]=x&a[3]=y", "a[]=x&a[0]=y", "user[admin]=0&user[admin]=1",
    "a[][x]=1&a[][y]=2&a[][x]=3", "items[0][sku]=a&items[2][sku]=c", "a=1&a=2&a=3", "tags[]=a&tags[]=b",
    "user[name]=Ada&user[langs][]=en&user[langs][]=fr", "a[]=1&a[1][b]=2", "a=b&a[1]=c",
]
bodies = fixed + [body() for _ in range(2000 - len(fixed))]
print('{"source": "Tools/PeerSuites/bracket-bodies.py, seed 2026", "bodies": [')
print(",\n".join(json.dumps(text, ensure_ascii=False) for text in bodies))
print("]}")
