#!/usr/bin/env bash
# Hummingbird's adapter against collecting the body and decoding it, by instructions and heap
# allocations per request (callgrind and memcheck, N against 2N requests, so start-up cancels
# out): in one process with no network, which the load runs cannot resolve (their rounds differ
# by 10-30%, the two routes by a few percent). Repeatable to a few instructions.
#
#   bash Benchmarks/Load/count.sh              # small, medium and large bodies
#   BODIES="small" bash Benchmarks/Load/count.sh
#
# LoadAdapters without `count` times the same operations by the clock instead, in interleaved
# rounds: `.build-load/release/LoadAdapters .build-load/bodies`.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
command -v valgrind >/dev/null || { echo "count.sh needs valgrind: sudo apt-get install valgrind" >&2; exit 1; }
scratch="$root/.build-load"
bodies="$scratch/bodies"
swift build -c release --package-path "$here" --scratch-path "$scratch" --product LoadAdapters >&2
python3 "$here/bodies.py" "$bodies" >&2
# Valgrind 3.19 gives up on the debug information of the frameworks' C modules ("possibly
# corrupted debuginfo"); a copy without it keeps the symbols, and the counts are the same.
binary="$scratch/LoadAdapters-for-valgrind"
strip --strip-debug -o "$binary" "$scratch/release/LoadAdapters"
instructions() {  # operation body requests
    local out="$scratch/callgrind.out"
    valgrind --tool=callgrind --callgrind-out-file="$out" "$binary" count "$1" "$2" "$bodies" "$3" >/dev/null 2>&1
    awk '/^summary:/ { print $2 }' "$out"
}
allocations() {  # operation body requests
    valgrind --tool=memcheck --leak-check=no "$binary" count "$1" "$2" "$bodies" "$3" 2>&1 >/dev/null |
        awk '/total heap usage/ { gsub(",", "", $5); print $5 }'
}
printf '%-8s %-10s %14s %8s %12s\n' body operation instructions mallocs "× collect"
for body in ${BODIES:-small medium large}; do
    n=200
    [ "$body" = large ] && n=4
    collect=""
    for operation in collect adapter; do
        per=$((($(instructions "$operation" "$body" $((2 * n))) - $(instructions "$operation" "$body" "$n")) / n))
        mallocs=$(awk -v a="$(allocations "$operation" "$body" "$n")" -v b="$(allocations "$operation" "$body" $((2 * n)))" -v n="$n" 'BEGIN { print (b - a) / n }')
        [ -n "$collect" ] || collect=$per
        printf '%-8s %-10s %14d %8.1f %12.3f\n' "$body" "$operation" "$per" "$mallocs" "$(awk -v a="$per" -v b="$collect" 'BEGIN { print a / b }')"
    done
done
