#!/usr/bin/env bash
# The frameworks' part of CI, which `.ci/run` starts in the background at its beginning: the
# adapters' tests against Hummingbird and Vapor, then the Benchmarks package's build, both in the
# scratch path `$1` with the flags that follow it. Each step prints its seconds since CI started
# (`CI_STARTED_AT`, seconds since the epoch).
set -euo pipefail
cd "$(dirname "$0")/.."
frameworks=$1
shift
started=${CI_STARTED_AT:-$(date +%s)}
step() { printf '\n==> %s  [%d s since the start]\n' "$*" "$(($(date +%s) - started))"; }

step "adapters: URLEncodedFormHummingbird and URLEncodedFormVapor built with their traits and tested against Hummingbird 2.28.1 and Vapor 4.122.3"
# One command: `swift test` after `swift build --build-tests` with these traits compiled the
# library, its tests and Hummingbird again (measured: 259 s for the two, 213 s for this alone).
swift test --traits Hummingbird,Vapor --scratch-path "$frameworks" "$@" --filter 'HummingbirdAdapterTests|VaporAdapterTests'

step "benchmark package builds (run it with: cd Benchmarks && swift package benchmark --target FormCoding)"
swift build --package-path Benchmarks --scratch-path "$frameworks" "$@"
step "done"
