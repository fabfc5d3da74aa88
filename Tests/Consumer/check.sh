#!/usr/bin/env bash
# Checks that a package depending only on the core library resolves, fetches and builds no other
# package: the framework adapters' dependencies are behind package traits it does not enable.
# With `--with-trait NAME` it enables that trait instead, and the check must then fail: run by
# hand to see that the check can fail.
set -euo pipefail
. "$(dirname "$0")/consumer.sh"

traits=""
[ "${1:-}" = "--with-trait" ] && traits=", traits: [\"$2\"]"

mkdir -p "$consumer/Sources/Consumer"
write_manifest "$traits" ".executableTarget(name: \"Consumer\", dependencies: [$library])"
cat >"$consumer/Sources/Consumer/main.swift" <<'SOURCE'
import URLEncodedForm

let text = try URLEncodedFormEncoder().encode(["a": "b c"])
print(text)
SOURCE

(cd "$consumer" && swift package resolve && swift build -q && swift run -q Consumer) | tee "$consumer/output.txt"
pins=0
[ -f "$consumer/Package.resolved" ] && pins=$(grep -c '"identity"' "$consumer/Package.resolved" || true)
checkouts=$(ls "$consumer/.build/checkouts" 2>/dev/null | wc -l)
echo "pins in Package.resolved: $pins; checkouts: $checkouts"
[ "$(tail -1 "$consumer/output.txt")" = "a=b%20c" ] || { echo "the consumer did not run" >&2; exit 1; }
if [ "$pins" -ne 0 ] || [ "$checkouts" -ne 0 ]; then
    echo "a consumer of the core library resolved other packages" >&2
    exit 1
fi
echo "a consumer of the core library resolves no other package"
