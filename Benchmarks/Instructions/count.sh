#!/usr/bin/env bash
# Instructions per operation, counted by callgrind: each workload and operation is run N and 2N
# times, and the difference divided by N, so start-up and set-up cancel out. Repeatable to a few
# instructions, unlike wall-clock time on a shared machine.
#
#   bash Benchmarks/Instructions/count.sh [OPERATIONS...]   (default: encode decode floor; also decodestream, decodechunks, decodeuserinfo, floordecode, jsonencode, jsondecode, hummingbird)
#
# `hummingbird` encodes with Hummingbird 2.28.1's own encoder: asked for, it adds that package to
# the build (a few minutes the first time). `Benchmarks/Instructions/clock.py` times the same
# binary by the clock (`--peers` for that build).
#
# Prints one line per workload and operation: instructions (callgrind) and heap allocations
# (memcheck's count, likewise N against 2N) per operation. CACHES=1 adds what the code's size and
# branches cost where instructions do not show it, from cachegrind's model of this machine's
# caches (32 KiB instruction cache, 8-way) and of a simple branch predictor, likewise N against
# 2N: instruction-cache misses (code that does not fit, fetched again on every operation even in
# a hot loop) and mispredicted branches (conditional and indirect). Counts of a model, not of the
# processor, which this machine's VM does not expose; they repeat exactly for one build but move
# with the code's layout, so they tell a coder from the floor, not two close builds apart.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
operations=("$@")
[ ${#operations[@]} -gt 0 ] || operations=(encode decode floor)
work=${INSTRUCTIONS_DIR:-$root/.build-instructions}
peer_package="" peer_product=""
if [[ " ${operations[*]} " == *" hummingbird "* ]]; then
    # A build of its own, so that the one without the peer is not made again each time.
    work=${INSTRUCTIONS_DIR:-$root/.build-instructions-peers}
    peer_package='.package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1"),'
    peer_product='.product(name: "Hummingbird", package: "hummingbird"),'
fi
mkdir -p "$work/Sources/instructions"
cp "$root/Benchmarks/Instructions/main.swift" "$root/Benchmarks/Benchmarks/FormCoding/Workloads.swift" \
    "$root/Benchmarks/Benchmarks/FormCoding/Floor.swift" "$work/Sources/instructions/"
cat >"$work/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "instructions",
    dependencies: [.package(path: "$root"), $peer_package],
    targets: [
        .executableTarget(
            name: "instructions",
            dependencies: [.product(name: "URLEncodedForm", package: "$(basename "$root")"), $peer_product]
        )
    ],
    swiftLanguageModes: [.v6]
)
MANIFEST
swift build -c release --package-path "$work" >&2
binary="$work/.build/release/instructions"
if [ -n "$peer_package" ]; then
    # Valgrind 3.19 gives up on the debug information of this build's C modules ("possibly
    # corrupted debuginfo"); a copy without it keeps the symbols, and the counts are the same.
    strip --strip-debug -o "$work/instructions-for-valgrind" "$binary"
    binary="$work/instructions-for-valgrind"
fi
export SWIFT_DETERMINISTIC_HASHING=1
count() {  # workload operation iterations → "instructions"
    local out="$work/callgrind.out"
    valgrind --tool=callgrind --callgrind-out-file="$out" "$binary" "$1" "$2" "$3" >/dev/null 2>&1
    awk '/^summary:/ { print $2 }' "$out"
}
allocations() {  # workload operation iterations → the heap allocations memcheck counted
    valgrind --tool=memcheck --leak-check=no "$binary" "$1" "$2" "$3" 2>&1 >/dev/null |
        awk '/total heap usage/ { gsub(",", "", $5); print $5 }'
}
caches() {  # workload operation iterations → "I1-misses mispredicted-branches"
    local out="$work/cachegrind.out"
    valgrind --tool=cachegrind --cache-sim=yes --branch-sim=yes --cachegrind-out-file="$out" "$binary" "$1" "$2" "$3" >/dev/null 2>&1
    awk '/^events:/ { for (i = 2; i <= NF; i++) column[$i] = i }
        /^summary:/ { print $(column["I1mr"]), $(column["Bcm"]) + $(column["Bim"]) }' "$out"
}
if [ "${CACHES:-0}" = 1 ]; then
    printf '%-14s %-11s %14s %8s %10s %12s\n' workload operation instructions mallocs i1-misses mispredicts
else
    printf '%-14s %-11s %14s %8s\n' workload operation instructions mallocs
fi
# `empty` and `one` (a struct of no members, and of one `Int`) show what a call costs before and
# for its first field; `signup` decodes the load benchmark's small body (Benchmarks/Load) as its
# client sent it, brackets escaped; WORKLOADS picks some, e.g. WORKLOADS="empty small".
for workload in ${WORKLOADS:-empty one small medium text large largeBrackets rows signup}; do
    n=400
    case $workload in large | largeBrackets | rows) n=20 ;; esac
    for operation in "${operations[@]}"; do
        one=$(count "$workload" "$operation" "$n")
        two=$(count "$workload" "$operation" $((2 * n)))
        m=$((n / 4))
        first=$(allocations "$workload" "$operation" "$m")
        second=$(allocations "$workload" "$operation" $((2 * m)))
        line=$(printf '%-14s %-11s %14d %8.1f' "$workload" "$operation" $(((two - one) / n)) "$(awk -v a="$first" -v b="$second" -v m="$m" 'BEGIN { print (b - a) / m }')")
        if [ "${CACHES:-0}" = 1 ]; then
            read -r misses1 branches1 < <(caches "$workload" "$operation" "$n")
            read -r misses2 branches2 < <(caches "$workload" "$operation" $((2 * n)))
            line+=$(printf ' %10.1f %12.1f' "$(awk -v a="$misses1" -v b="$misses2" -v n="$n" 'BEGIN { print (b - a) / n }')" \
                "$(awk -v a="$branches1" -v b="$branches2" -v n="$n" 'BEGIN { print (b - a) / n }')")
        fi
        echo "$line"
    done
done
