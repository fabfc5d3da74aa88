#!/usr/bin/env bash
# Runs ByteAccessTests in a release build, where `precondition` stays and `assert` goes: the checks
# that stop an out-of-bounds read or write in production. The tests are compiled in a package of
# their own that depends on this one, so the release build compiles the library and this one
# file, not every test target of the package (about 20 s against 75 s from a clean clone).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${BOUNDS_DIR:-$root/.build-bounds}
rm -rf "$work/Tests"
mkdir -p "$work/Tests/BoundsTests"
ln -s "$root/Tests/URLEncodedFormTests/Common/ByteAccessTests.swift" "$work/Tests/BoundsTests/ByteAccessTests.swift"
cat >"$work/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "bounds",
    dependencies: [.package(path: "$root")],
    targets: [
        .testTarget(
            name: "BoundsTests",
            dependencies: [.product(name: "URLEncodedForm", package: "$(basename "$root")")],
            path: "Tests/BoundsTests"
        )
    ],
    swiftLanguageModes: [.v6]
)
MANIFEST
swift test -c release --package-path "$work"
