#!/usr/bin/env bash
# Writes the package CI's release checks build in (`.build-release`, printed): the complexity
# check (Tests/ComplexityCheck) and ByteAccessTests, which run in a release build, where
# `precondition` stays and `assert` goes: the checks that stop an out-of-bounds read or write in
# production; and `urlform`, for the differential check. It depends on this package, so that a
# release build compiles the library and those, not every test target of this package (about
# 20 s against 75 s from a clean clone).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${RELEASE_DIR:-$root/.build-release}
rm -rf "$work/Tests"
mkdir -p "$work/Tests/BoundsTests" "$work/Tests/ComplexityCheck"
ln -s "$root/Tests/URLEncodedFormTests/Bytes/ByteAccessTests.swift" "$work/Tests/BoundsTests/ByteAccessTests.swift"
ln -s "$root/Tests/ComplexityCheck/main.swift" "$work/Tests/ComplexityCheck/main.swift"
library=$(basename "$root")
cat >"$work/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "release-checks",
    dependencies: [.package(path: "$root")],
    targets: [
        .executableTarget(
            name: "form-complexity-check",
            dependencies: [.product(name: "URLEncodedForm", package: "$library")],
            path: "Tests/ComplexityCheck"
        ),
        .testTarget(
            name: "BoundsTests",
            // urlform only to be built with the rest, for the differential check.
            dependencies: [.product(name: "URLEncodedForm", package: "$library"), .product(name: "urlform", package: "$library")],
            path: "Tests/BoundsTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
MANIFEST
echo "$work"
