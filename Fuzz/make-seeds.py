#!/usr/bin/env python3
"""Writes the committed seed corpus: the attack shapes known from other form parsers, each
behind the option bytes a target reads first (all-zero options, then a second set).

With `--large FOLDER`, writes instead hostile shapes of about 200 KiB for the parser target,
under its default and wide limits, into a working corpus that is not committed."""
import hashlib
import os
import sys

attacks = [
    b"a" + b"[b]" * 2000 + b"=1",
    b"a" + b"[" * 1000 + b"]" * 1000 + b"=1",
    b"a" + b"[]" * 1000 + b"=1",
    b"a" + b".b" * 2000 + b"=1",
    b"a[99999999999999999999999]=1",
    b"a[18446744073709551616]=1&a[9223372036854775807]=2",
    b"a[-1]=1&a[1e9]=2&a[0x10]=3&a[ 1]=4",
    b"a[0]=1&a[1000000]=2",
    b"a[5]=x&a[3]=y",
    b"a[0]=1&a[0]=2&a[00]=3",
    b"a=1&" * 1500,
    b"&" * 4000,
    b"=&" * 2000,
    b"a=1&a=2&" * 600,
    b"%", b"%%", b"%4", b"%G0=%0G", b"a%=%zz", b"%%%41=%%%41", b"a%5=1", b"%2",
    b"\xc3\x28=\xff", b"a\xed\xa0\x80=\xc0\xaf", b"%C3%28=%FF%FE", b"a[\xff]=1&\xf0\x9f=2",
    b"a\x00=1", b"a=%00", b"%00[%00]=\x00", b"\x00&\x00=\x00",
    b"]]][[[=1", b"a]b[=", b"[a]=1", b"a[b]]=1", b"a[[b]]=1", b"a.[b]=1", b"a..b=1", b".=", b"[]=1", b"a[b]c=1",
    b"a[=1", b"a]=1", b"a[b=1", b"][", b"a[]b=1",
    b"a=1&a[b]=2&a[]=3", b"a[]=1&a[b]=2", b"a[b]=1&a=2", b"a[0]=1&a[]=2", b"a[][b]=1&a[]=2", b"a[b]=1&a[b][c]=2",
    b"a[][x]=1&a[][y]=2&a[][x]=3", b"a[][]=1&a[][]=2", b"a[]=1&a[][x]=2",
    b"a%5bb%5d=1", b"a[b%5dc]=1", b"a%2eb=1&a.b=2", b"a%5B%5D=1&a%5b%5d=2", b"a%5B0%5D%5Bx%5D=1",
    b"a+b=c+d", b"+=+", b"a=" + b"x" * 5000, b"a=" + b"%41" * 2000, b"a=" + b"+" * 3000,
    b"name=Ada&age=36&admin=on&tags[]=a&tags[]=b&address[street]=x&address[geo][]=1.5&scores[math]=1e309"
    b"&joined=2024-01-01T00:00:00Z&avatar=AAE=&items[0][name]=n&items[0][quantity]=1&matrix[0][0]=1"
    b"&unique[]=x&unique[]=x&link=https://example.com&extra[k]=v",
    b"shape=circle&count=255&when=0&flags[]=true&flags[]=no",
    b"shape=oval&count=256&when=x&flags=maybe",
    b"Name=1&NAME=2&user_name=3&user-name=4",
]

options = [b"\x00" * 9, bytes([1, 1, 2, 1, 3, 2, 1, 1, 5])]

targets = {
    "parser": options,
    "decode": options,
    "roundtrip": [b"\x00\x00\x00", b"\x01\x01\x00"],
}

def large_attacks(size=200 * 1024):
    def fill(prefix, unit, suffix=b""):
        return prefix + unit * ((size - len(prefix) - len(suffix)) // len(unit)) + suffix

    def pairs(make):
        # A running length: summing the list at every pair took 33 s for the 34 seeds.
        out, i, length = [], 0, 0
        while length < size:
            out.append(make(i))
            length += len(out[-1]) + 1
            i += 1
        return b"&".join(out)

    return [
        fill(b"a", b"%5b"), fill(b"a", b"%5bb%5d", b"=1"), fill(b"a", b"%5Bb%5D", b"=1"), fill(b"a", b"[b]", b"=1"),
        fill(b"a", b".b", b"=1"), fill(b"a", b"[][[]]]", b"=1"), fill(b"a=", b"%41+"), fill(b"", b"a", b"=1"),
        fill(b"a[]=x", b"&a[]=x"), fill(b"a=x", b"&a=x"), fill(b"", b"&"), fill(b"", b"="), fill(b"", b"%C3%A9", b"=1"),
        pairs(lambda i: b"k%d=v" % i), pairs(lambda i: b"a[%d]=x" % (30000 - i)), pairs(lambda i: b"%%FF%d%%FE=1" % i),
        pairs(lambda i: b"a[][x%d]=1" % (i % 3)),
    ]


here = os.path.dirname(os.path.abspath(__file__))
if len(sys.argv) == 3 and sys.argv[1] == "--large":
    os.makedirs(sys.argv[2], exist_ok=True)
    # Option bytes: default limits with all-zero options, and wide limits with dots.
    for prefix in [b"\x00" * 9, bytes([2, 0, 0, 0, 0, 0, 1, 0, 0])]:
        for attack in large_attacks():
            data = prefix + attack
            with open(os.path.join(sys.argv[2], hashlib.sha1(data).hexdigest()[:16]), "wb") as file:
                file.write(data)
    sys.exit(0)

for target, prefixes in targets.items():
    folder = os.path.join(here, "Corpus", target)
    os.makedirs(folder, exist_ok=True)
    for prefix in prefixes:
        for attack in attacks:
            data = prefix + attack
            name = hashlib.sha1(data).hexdigest()[:16]
            with open(os.path.join(folder, name), "wb") as file:
                file.write(data)

# The round-trip target reads an input that starts with 0x80 or above as a value and an order
# to write its containers in; a few fixed byte strings start that off.
folder = os.path.join(here, "Corpus", "roundtrip")
for seed in [b"\x80", b"\x81\x00\x03" + bytes(range(1, 200, 3)), b"\x80\x01\x02" + b"\x02\x01" * 40 + bytes(range(64)),
             b"\xff\x01\x03" + b"\x01\x02\x00" * 30 + b"\xff" * 64]:
    with open(os.path.join(folder, hashlib.sha1(seed).hexdigest()[:16]), "wb") as file:
        file.write(seed)

# The agreement target builds values from bytes; a few fixed byte strings start it off.
folder = os.path.join(here, "Corpus", "agreement")
os.makedirs(folder, exist_ok=True)
for seed in [b"", bytes(range(256)), b"\xff" * 64, b"\x01\x00\x01\x00" * 32, b"[]=&%.+#\r\n" * 10]:
    with open(os.path.join(folder, hashlib.sha1(seed).hexdigest()[:16]), "wb") as file:
        file.write(seed)
