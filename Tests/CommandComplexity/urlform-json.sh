#!/usr/bin/env bash
# `urlform encode` reads JSON in time linear in its length: callgrind counts the instructions of
# one run on a string of N `\u00e9` escapes (what Python's json.dumps and jq -a write for é) and
# of one on 8N, and the check fails when the second costs more than 10 times the first. A count,
# not a time: it is the same on a busy machine. Linear work gives under 8 (the start-up is paid
# once in each); work that grows as the square of the input gives about 64.
#
#   bash Tests/CommandComplexity/urlform-json.sh PATH/TO/urlform [N]
set -euo pipefail
urlform=$1
n=${2:-20000}
limit=10
if ! command -v valgrind >/dev/null 2>&1; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends valgrind >/dev/null
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
count() {  # escapes → instructions of one `urlform encode`
    python3 -c "import json, sys; sys.stdout.write(json.dumps({'a': 'é' * $1, 'b': ['x\\n' * ($1 // 8)]}))" >"$work/input.json"
    valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "$urlform" encode \
        <"$work/input.json" >"$work/output.txt" 2>"$work/valgrind.log" ||
        { cat "$work/valgrind.log" "$work/output.txt" >&2; exit 1; }
    sed -n 's/^summary: //p' "$work/callgrind.out"
}
small=$(count "$n")
large=$(count $((8 * n)))
ratio=$(python3 -c "print(f'{$large / $small:.2f}')")
echo "urlform encode: $n escapes $small instructions, $((8 * n)) escapes $large instructions: $ratio times for 8 times the input (limit $limit)"
python3 -c "import sys; sys.exit(0 if $large <= $limit * $small else 1)" || {
    echo "urlform encode is not linear in its JSON input" >&2
    exit 1
}
