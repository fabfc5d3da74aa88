#!/usr/bin/env bash
# Builds a package that depends on this one exactly as README.md's install section shows, by its
# GitHub URL and version with the adapters' traits, and compiles in it every Swift block of
# README.md and the DocC articles that imports Hummingbird or Vapor: what a server developer
# copies, compiled as they would compile it.
#
#   bash Tests/Consumer/servers.sh SCRATCH_PATH [BUILD FLAGS...]
#
# The URL resolves to a git repository made here of this checkout's files (the working tree, so
# that a change is checked before it is committed), tagged with CHANGELOG.md's newest version:
# git's `insteadOf`, set for this run alone, points the URL at it. The dependency line is the last
# `.package(url: …URLEncodedForm…, traits: […])` block of README.md that lists both adapters'
# traits, taken as it is written.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$1
shift
url="https://github.com/URLEncodedForm/URLEncodedForm.git"
version=$(sed -n 's/^## \[\{0,1\}\([0-9][0-9.]*[0-9]\).*/\1/p' "$root/CHANGELOG.md" | head -1)
line=$(grep -F ".package(url: \"$url\"" "$root/README.md" | grep -F '"Hummingbird"' | grep -F '"Vapor"' | tail -1 | sed 's/^ *//; s/,$//')
[ -n "$line" ] || { echo "README.md shows no dependency line with both adapters' traits" >&2; exit 1; }
echo "README.md's dependency line: $line"

work=$root/.build-consumer-servers
rm -rf "$work"
mkdir -p "$work/repository" "$work/consumer"
# The checkout's files, as a repository of its own with the version's tag.
(cd "$root" && git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
    [ -e "$file" ] && printf '%s\0' "$file"
done | xargs -0 cp --parents -t "$work/repository")
git -C "$work/repository" init -q
git -C "$work/repository" add -A
git -C "$work/repository" -c user.name=ci -c user.email=ci@localhost commit -q -m "the checkout as CI found it"
git -C "$work/repository" tag "$version"
export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0="url.$work/repository.insteadOf" GIT_CONFIG_VALUE_0="$url"

python3 "$root/Tests/DocExamples/check.py" --framework-sources "$work/consumer/Sources/FrameworkDocExamples"
cat >"$work/consumer/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "server-consumer",
    dependencies: [
        $line,
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
    ],
    targets: [
        .target(
            name: "FrameworkDocExamples",
            dependencies: [
                .product(name: "URLEncodedForm", package: "URLEncodedForm"),
                .product(name: "URLEncodedFormHummingbird", package: "URLEncodedForm"),
                .product(name: "URLEncodedFormVapor", package: "URLEncodedForm"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Vapor", package: "vapor"),
            ],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility"), .unsafeFlags(["-warnings-as-errors"])]
        )
    ],
    swiftLanguageModes: [.v6]
)
MANIFEST
# Neither the shared repository cache nor the fingerprints SwiftPM records for each version of
# a URL, which hold an earlier run's commit for the same tag: both are this run's own.
swift build --package-path "$work/consumer" --scratch-path "$scratch" --disable-dependency-cache \
    --security-path "$work/security" "$@"
echo "the README's dependency line resolves and builds, and the $(ls "$work/consumer/Sources/FrameworkDocExamples" | wc -l) server blocks compile in it"
