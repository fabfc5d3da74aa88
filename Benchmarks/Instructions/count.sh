#!/usr/bin/env bash
# Instructions per operation, counted by callgrind: each workload and operation is run N and 2N
# times, and the difference divided by N, so start-up and set-up cancel out. Repeatable to a few
# instructions, unlike wall-clock time on a shared machine.
#
#   bash Benchmarks/Instructions/count.sh [OPERATIONS...]   (default: encode decode floor; also decodestream, decodeuserinfo, floordecode, jsonencode, jsondecode, hummingbird)
#
# `hummingbird` encodes with Hummingbird 2.28.1's own encoder: asked for, it adds that package to
# the build (a few minutes the first time). `Benchmarks/Instructions/clock.py` times the same
# binary by the clock (`--peers` for that build).
#
# Prints one line per workload and operation: instructions (callgrind) and heap allocations
# (memcheck's count, likewise N against 2N) per operation.
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
printf '%-14s %-11s %14s %8s\n' workload operation instructions mallocs
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
        printf '%-14s %-11s %14d %8.1f\n' "$workload" "$operation" $(((two - one) / n)) "$(awk -v a="$first" -v b="$second" -v m="$m" 'BEGIN { print (b - a) / m }')"
    done
done
