#!/usr/bin/env bash
# Writes the package CI's ThreadSanitizer step builds in (`.build-tsan-tests`, printed): the
# shared-coder tests alone (Tests/URLEncodedFormTests/Concurrency/SharedCoderTests.swift, which
# needs nothing else of the test target), depending on this package. They are the only tests
# that call the library from several threads at once, so the only ones CI runs under
# ThreadSanitizer; built this way, the sanitized build compiles the library and that file, not
# every test target and tool of this package.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${TSAN_DIR:-$root/.build-tsan-tests}
rm -rf "$work/Tests"
mkdir -p "$work/Tests/SharedCoderTests"
ln -s "$root/Tests/URLEncodedFormTests/Concurrency/SharedCoderTests.swift" "$work/Tests/SharedCoderTests/SharedCoderTests.swift"
library=$(basename "$root")
cat >"$work/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "tsan-checks",
    dependencies: [.package(path: "$root")],
    targets: [
        .testTarget(
            name: "SharedCoderTests",
            dependencies: [.product(name: "URLEncodedForm", package: "$library")],
            path: "Tests/SharedCoderTests"
        )
    ],
    swiftLanguageModes: [.v6]
)
MANIFEST
echo "$work"
