# Sourced by check.sh and lean.sh: a temporary package, removed on exit, that depends on this one.
#   write_manifest DEPENDENCY_ARGUMENTS TARGETS   writes its Package.swift
#   $library                                      the core library's product, for a target's dependencies
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
root=$PWD

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH=/opt/swift/usr/bin:$PATH
fi

consumer=$(mktemp -d)
trap 'rm -rf "$consumer"' EXIT
library=".product(name: \"URLEncodedForm\", package: \"$(basename "$root")\")"

write_manifest() {
    cat >"$consumer/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Consumer",
    dependencies: [.package(path: "$root"$1)],
    targets: [$2]
)
MANIFEST
}
