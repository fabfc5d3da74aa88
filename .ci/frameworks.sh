#!/usr/bin/env bash
# The frameworks' part of CI, which `.ci/run` starts in the background at its beginning: the
# adapters' tests against Hummingbird and Vapor, the consumer package built from README.md's
# dependency line with the documentation's server blocks (Tests/Consumer/servers.sh), then the
# Benchmarks package's build, all in the scratch path `$1` with the flags that follow it. Each step prints its seconds since CI started
# (`CI_STARTED_AT`, seconds since the epoch).
#
# The adapters' tests are compiled in a package of their own that depends on this one with both
# traits, so that the build compiles the frameworks, the library and the adapters, not every test
# target of this package (`swift test --traits Hummingbird,Vapor` here compiled the core's tests
# and the command-line tools too).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
frameworks=$1
shift
started=${CI_STARTED_AT:-$(date +%s)}
step() { printf '\n==> %s  [%d s since the start]\n' "$*" "$(($(date +%s) - started))"; }

step "adapters: URLEncodedFormHummingbird and URLEncodedFormVapor built with their traits and tested against Hummingbird 2.28.1 and Vapor 4.122.3"
work=${ADAPTER_TESTS_DIR:-$root/.build-adapter-tests}
rm -rf "$work/Tests"
library=$(basename "$root")
# CI builds this scratch path with `--disable-index-store`; SwiftPM's test discovery on Linux reads
# the index of the test targets alone, so those two write their records where it looks.
index_store="$frameworks/$(uname -m)-unknown-linux-gnu/debug/index/store"
# One test target per framework: its adapter's test file, compiled with the trait's condition,
# beside the table of refusals both read.
mkdir -p "$work/Tests/AdapterRefusals"
ln -sf "$root/Tests/AdapterRefusals/RefusalCase.swift" "$work/Tests/AdapterRefusals/"
targets="
        .target(name: \"AdapterRefusals\", path: \"Tests/AdapterRefusals\"),"
for framework in Hummingbird:hummingbird Vapor:vapor; do
    name=${framework%%:*}
    package=${framework##*:}
    mkdir -p "$work/Tests/${name}AdapterTests"
    ln -s "$root/Tests/URLEncodedForm${name}Tests/${name}AdapterTests.swift" "$work/Tests/${name}AdapterTests/"
    targets+="
        .testTarget(
            name: \"${name}AdapterTests\",
            dependencies: [
                \"AdapterRefusals\",
                .product(name: \"URLEncodedForm\", package: \"$library\"),
                .product(name: \"URLEncodedForm${name}\", package: \"$library\"),
                .product(name: \"${name}\", package: \"${package}\"),
                .product(name: \"${name}Testing\", package: \"${package}\"),
            ],
            path: \"Tests/${name}AdapterTests\",
            swiftSettings: [.define(\"${name}\"), .unsafeFlags([\"-index-store-path\", \"$index_store\"])]
        ),"
done
cat >"$work/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "adapter-tests",
    dependencies: [
        .package(path: "$root", traits: ["Hummingbird", "Vapor"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
    ],
    targets: [$targets
    ],
    swiftLanguageModes: [.v6]
)
MANIFEST
swift test --package-path "$work" --scratch-path "$frameworks" "$@" 2>&1 | tee "$work/test.log"
# The test files compile to nothing without their trait's condition: a run of no tests passes.
for suite in "Hummingbird adapter, against Hummingbird 2.28.1" "Vapor adapter, against Vapor 4.122.3"; do
    grep -q "Suite \"$suite\" passed" "$work/test.log" || { echo "the suite \"$suite\" did not run and pass" >&2; exit 1; }
done

# The same graph as the adapters' tests, so that no framework's checkout is removed and made again.
step "consumer: a package that depends on this one by README.md's dependency line, traits and all, compiles the documentation's server blocks"
bash Tests/Consumer/servers.sh "$frameworks" "$@"

step "benchmark package builds (run it with: cd Benchmarks && swift package benchmark --target FormCoding)"
swift build --package-path Benchmarks --scratch-path "$frameworks" "$@"
step "done"
