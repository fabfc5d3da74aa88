#!/usr/bin/env bash
# Builds every libFuzzer target with AddressSanitizer and fuzzes each for FUZZ_SECONDS (60 by
# default), or, with FUZZ_RUNS=ci, for a fixed number of inputs per target: about 60 s each on a
# quiet two-core machine, the same work however busy the machine is, so CI fuzzes beside other work.
# Fails on any crash, leak, timeout, out-of-memory or failed check.
#
#   FUZZ_SECONDS=600 bash Fuzz/run.sh              # all targets
#   FUZZ_SECONDS=600 bash Fuzz/run.sh roundtrip    # one
#   FUZZ_RUNS=ci bash Fuzz/run.sh                  # what CI runs
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v swiftc >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swiftc ]; then
    export PATH=/opt/swift/usr/bin:$PATH
fi

seconds=${FUZZ_SECONDS:-60}
# Inputs per target under FUZZ_RUNS=ci, from what each ran in 60 s in quiet clean-clone CI runs
# (parser 6,978–7,189; decode 165,289–225,675; agreement 493,949–505,341); roundtrip, which also
# encodes values through JSONEncoder and the form encoder since its containers can be written in
# any order, 60,000 in 61 s on a quiet machine.
declare -A ci_runs=([parser]=7000 [decode]=180000 [roundtrip]=60000 [agreement]=480000)
jobs=${FUZZ_JOBS:-2}
build=.build-fuzz
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(parser decode roundtrip agreement)

declare -A sources=(
    [parser]=Fuzz/Targets/Parser.swift
    [decode]=Fuzz/Targets/Decode.swift
    [roundtrip]=Fuzz/Targets/RoundTrip.swift
    [agreement]=Fuzz/Targets/Agreement.swift
)

mkdir -p "$build/lib"
# The gold linker warns once per sanitizer symbol it cannot export; nothing else is dropped.
quiet() { grep -v "Cannot export local symbol" || true; }
# `-assert-config Debug` keeps the `assert`s of the `unchecked:` accessors, so the fuzzers check
# the bounds the scans rely on.
# Warnings are errors, as in the package build: a fuzzer still using a deprecated option fails.
# The package name is SwiftPM's, so that the library's `package` declarations compile as they do there.
flags=(-O -assert-config Debug -g -sanitize=fuzzer,address -parse-as-library -swift-version 6 -warnings-as-errors -package-name URLEncodedForm)

echo "==> building the library with coverage and AddressSanitizer"
# The library is compiled once, as a static module; each target links it. As one module on two
# threads: 16 s against 26 s file by file.
swiftc "${flags[@]}" -wmo -num-threads 2 -module-name URLEncodedForm -emit-module -emit-module-path "$build/lib/URLEncodedForm.swiftmodule" \
    -emit-library -static -o "$build/lib/libURLEncodedForm.a" $(find Sources/URLEncodedForm -name '*.swift' | sort) 2>&1 | quiet

for target in "${targets[@]}"; do
    source=${sources[$target]:-}
    [ -n "$source" ] || { echo "unknown target: $target" >&2; exit 2; }
    echo "==> building $target"
    swiftc "${flags[@]}" -I "$build/lib" -L "$build/lib" -lURLEncodedForm \
        Fuzz/Support/FuzzInput.swift "$source" -o "$build/$target" 2>&1 | quiet
done

fuzz() {
    local target=$1 corpus="$build/corpus/$1"
    mkdir -p "$corpus" "$build/artifacts/$target"
    # The parser takes inputs up to 256 KiB, starting from hostile shapes of that size, with a
    # timeout that a quadratic cost at that size overruns; the others stay small and fast.
    local limits=(-max_len=8192 -timeout=10)
    if [ "$target" = parser ]; then
        python3 Fuzz/make-seeds.py --large "$corpus"
        limits=(-max_len=262144 -timeout=3)
    fi
    # New inputs go to the working corpus; the committed seeds are only read. Swift's own
    # backtracer is off: under AddressSanitizer it reports itself as the crash, and libFuzzer
    # prints the stack of a failed check anyway.
    # A run count still has a time limit, far past what it takes, against a fuzzer that stalls.
    local budget=(-max_total_time="$seconds")
    [ "${FUZZ_RUNS:-}" != ci ] || budget=(-runs="${ci_runs[$target]}" -max_total_time=900)
    SWIFT_BACKTRACE=enable=no "$build/$target" "$corpus" "Fuzz/Corpus/$target" \
        "${budget[@]}" "${limits[@]}" -rss_limit_mb=2048 -malloc_limit_mb=512 \
        -detect_leaks=1 -print_final_stats=1 \
        -artifact_prefix="$build/artifacts/$target/" >"$build/$target.log" 2>&1
}

# Targets run $jobs at a time, each in one process; the next starts when any one ends.
running=0
for target in "${targets[@]}"; do
    echo "==> fuzzing $target for $([ "${FUZZ_RUNS:-}" = ci ] && echo "${ci_runs[$target]} inputs" || echo "${seconds}s")"
    fuzz "$target" &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then
        wait -n || true
        running=$((running - 1))
    fi
done
wait || true

status=0
for target in "${targets[@]}"; do
    log="$build/$target.log"
    executions=$(awk '/stat::number_of_executed_units/ {print $2}' "$log")
    if [ -z "$executions" ] || grep -qE "==ERROR|ERROR: libFuzzer|Fatal error|deadly signal|SUMMARY: " "$log"; then
        echo "!! $target failed; the input is in $build/artifacts/$target/" >&2
        grep -E "ERROR|Fatal error|Assertion failed|Precondition failed|SUMMARY|deadly signal|Test unit written|input:|written:|first:|second:|text:|value:|decoded:|error:" "$log" | head -30 >&2 || true
        status=1
        continue
    fi
    time=$(awk '/Done [0-9]+ runs in/ {print $(NF-1)}' "$log")
    echo "   $target: $executions executions in ${time:-$seconds}s, corpus of $(find "$build/corpus/$target" -type f | wc -l) inputs"
done
exit $status
