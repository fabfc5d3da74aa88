#!/usr/bin/env bash
# End-to-end test of the plain SwiftNIO examples: `nio-forms` decodes form bodies as they arrive
# (checked with curl, limits included), and `nio-multipart-forms` reads the text fields of a
# multipart form that a real headless Chromium fills in and submits with a file. Installs
# Debian's chromium when it is absent. Stops the servers it started.
#
# With `--size`, it also builds `nio-forms` in release with `--static-swift-stdlib` twice, with
# the library's FoundationAPI trait off and on, and prints both sizes.
set -euo pipefail
cd "$(dirname "$0")"

. ../../Tools/Browser/setup.sh

# EXAMPLES_SCRATCH shares one build of SwiftNIO and the frameworks with CI's other steps.
scratch=${EXAMPLES_SCRATCH:-.build}

echo "==> building the examples"
# shellcheck disable=SC2086 # EXAMPLES_BUILD_FLAGS: the flags CI's shared scratch path is built with
swift build --scratch-path "$scratch" ${EXAMPLES_BUILD_FLAGS:-}

failures=0
expect() {  # expect NAME CONDITION-OUTPUT DETAIL: passes when the output is "yes"
    if [ "$2" = yes ]; then echo "   ok: $1"; else
        echo "!! $1: $3" >&2
        failures=$((failures + 1))
    fi
}
same() { [ "$1" = "$2" ] && echo yes || echo no; }

servers=()
trap 'for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null || true; done' EXIT
start() {  # start EXECUTABLE → sets $base
    local port=$((20000 + RANDOM % 20000))
    "$scratch/debug/$1" "$port" >"$scratch/$1.log" 2>&1 &
    servers+=($!)
    base="http://127.0.0.1:$port"
    for _ in $(seq 1 100); do
        curl -s -o /dev/null "$base/" 2>/dev/null && return
        sleep 0.2
    done
    cat "$scratch/$1.log" >&2
    echo "$1 did not start" >&2
    exit 1
}

echo "==> nio-forms, with curl"
start nio-forms
post() { curl -s -H 'Content-Type: application/x-www-form-urlencoded' --data-binary "$1" "$base/signup"; }
expect "a nested form decodes" "$(same "$(post 'name=J%C3%BCrgen&address%5Bcity%5D=K%C3%B6ln&tags%5B%5D=a&tags%5B%5D=b+c')" "$(printf 'name: Jürgen\ncity: Köln\ntags: a, b c')")" "$(post 'name=J%C3%BCrgen&address%5Bcity%5D=K%C3%B6ln&tags%5B%5D=a&tags%5B%5D=b+c')"
# 400 KB of pairs: refused at the 101st, with the rest of the body unread.
head -c 400000 /dev/zero | tr '\0' 'x' | sed 's/xxxx/a=1\&/g' >$scratch/flood.txt
answer=$(curl -s -H 'Content-Type: application/x-www-form-urlencoded' --data-binary @$scratch/flood.txt "$base/signup" || true)
read_bytes=$(echo "$answer" | sed -n 's/.*(\([0-9]*\) bytes read)/\1/p')
expect "a parameter flood is refused at the 101st pair, long before its end" \
    "$([ -n "$read_bytes" ] && [ "$read_bytes" -lt 400000 ] && [ "${answer%% (*}" = "The form has more than the 100 parameters Limits.maximumParameterCount allows." ] && echo yes || echo no)" "$answer"
echo "   (the server read $read_bytes of 400000 bytes)"

echo "==> nio-multipart-forms, with curl"
start nio-multipart-forms
printf 'binary \000 bytes\n' >$scratch/attachment.bin
answer=$(curl -s -F 'customer[name]=Ada' -F 'customer[email]=ada@example.com' -F 'items[0][sku]=A' -F 'items[0][qty]=3' \
    -F "attachment=@$scratch/attachment.bin" "$base/order")
expect "a multipart form's text fields decode with their key paths; the file is counted" \
    "$(same "$answer" "$(printf 'customer: Ada <ada@example.com>\nitem: A × 3\ntags: \nfile: attachment attachment.bin 15 bytes')")" "$answer"

echo "==> nio-multipart-forms, in headless Chromium"
rendered=$(timeout 120 python3 browser.py "$base/" $scratch/attachment.bin)
expected=$(printf 'customer: Jürgen Müller <j@example.com>\nitem: A-1 & "B" × 2\nitem: C+D %%41 × 1\ntags: gift, ünïcödé\nfile: attachment attachment.bin 15 bytes')
expect "the form Chromium fills in and submits with a file decodes: nested fields, Unicode, + and % as typed" "$(same "$rendered" "$expected")" "got: $rendered"
rendered=$(timeout 120 python3 browser.py "$base/" $scratch/attachment.bin invalid)
expected=$(printf '2 fields could not be decoded:\n- items[0][qty]: Expected Int (a whole number) at "items[0][qty]", but found the value "two".\n- items[1][qty]: Expected Int (a whole number) at "items[1][qty]", but found the value "".')
expect "two bad fields come back with their paths and messages" "$(same "$rendered" "$expected")" "got: $rendered"

if [ "${1:-}" = "--size" ]; then
    echo "==> static size of nio-forms, release, --static-swift-stdlib"
    for traits in lean foundation; do
        FORM_TRAITS=$traits swift build -c release --static-swift-stdlib --product nio-forms --scratch-path ".build-$traits" 2>&1 | tail -1
        binary=".build-$traits/release/nio-forms"
        strip -o ".build-$traits/nio-forms.stripped" "$binary"
        echo "$traits: $(stat -c %s "$binary") bytes, $(stat -c %s ".build-$traits/nio-forms.stripped") stripped;" \
            "symbols of Foundation: $(nm "$binary" | grep -c -E '\$s10Foundation|26FoundationInternationalization' || true)," \
            "of ICU: $(nm "$binary" | grep -c ' swift_u[a-z0-9]*_' || true)"
    done
fi

if [ "$failures" -gt 0 ]; then
    echo "$failures check(s) failed" >&2
    exit 1
fi
echo "end-to-end test passed"
