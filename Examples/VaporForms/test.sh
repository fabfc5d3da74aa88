#!/usr/bin/env bash
# End-to-end test of the Vapor example: builds it with the `Vapor` trait, starts it on 127.0.0.1,
# and checks with curl a nested form body, a query string and a body with bad fields.
# Usage: bash Examples/VaporForms/test.sh [scratch path, default .build-adapters]
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH=/opt/swift/usr/bin:$PATH
fi
scratch=${1:-.build-adapters}

echo "==> building the example with the Vapor trait"
# VAPOR_EXAMPLE_TRAITS lets CI build with the traits its other steps use, so that it resolves
# the same packages in the scratch path they share.
# EXAMPLES_BUILD_FLAGS likewise: the flags that scratch path is built with.
# shellcheck disable=SC2086 # the flags are words
swift build --traits "${VAPOR_EXAMPLE_TRAITS:-Vapor}" --scratch-path "$scratch" --product url-encoded-form-vapor-example ${EXAMPLES_BUILD_FLAGS:-}

port=${PORT:-$((20000 + RANDOM % 20000))}
base="http://127.0.0.1:$port"
"$scratch/debug/url-encoded-form-vapor-example" serve --hostname 127.0.0.1 --port "$port" >"$scratch/vapor-server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true' EXIT
for _ in $(seq 1 150); do
    curl -s -o /dev/null "$base/search?q=x" 2>/dev/null && break
    kill -0 "$server" 2>/dev/null || { cat "$scratch/vapor-server.log" >&2; echo "the server exited" >&2; exit 1; }
    sleep 0.2
done

failures=0
check() {  # check NAME EXPECTED ACTUAL
    if [ "$2" = "$3" ]; then echo "   ok: $1"; else echo "!! $1: expected $2, got $3" >&2; failures=$((failures + 1)); fi
}
json() {  # json FILE: the JSON in FILE with sorted keys, for an exact comparison
    python3 -c 'import json, sys; print(json.dumps(json.load(open(sys.argv[1])), sort_keys=True, ensure_ascii=False))' "$1"
}

echo "==> curl"
status=$(curl -s -o "$scratch/response.json" -w '%{http_code}' -H 'Content-Type: application/x-www-form-urlencoded' \
    --data-binary 'name=J%C3%BCrgen+M%C3%BCller&age=41&tags%5B%5D=swift&tags%5B%5D=forms&address%5Bstreet%5D=Hauptstra%C3%9Fe+1&address%5Bcity%5D=K%C3%B6ln' \
    "$base/signup")
check "a nested form body is a 200" 200 "$status"
check "the nested form decodes" '{"address": {"city": "Köln", "street": "Hauptstraße 1"}, "age": 41, "name": "Jürgen Müller", "tags": ["swift", "forms"]}' "$(json "$scratch/response.json")"

status=$(curl -s -o "$scratch/response.json" -w '%{http_code}' "$base/search?q=form+coding&page=2&tags=a&tags%5B%5D=b")
check "a query string is a 200" 200 "$status"
check "the query string decodes: repeated keys and brackets are one array" '{"page": 2, "q": "form coding", "tags": ["a", "b"]}' "$(json "$scratch/response.json")"

status=$(curl -s -o "$scratch/response.json" -w '%{http_code}' -H 'Content-Type: application/x-www-form-urlencoded' \
    --data-binary 'name=Ada&age=old&tags%5B%5D=x&address%5Bstreet%5D=y' "$base/signup")
check "a body with bad fields is a 422" 422 "$status"
reason=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["reason"])' "$scratch/response.json")
check "the 422 names both bad fields" "2 fields could not be decoded:
- age: Expected Int (a whole number) at \"age\", but found the value \"old\".
- address[city]: No value for the key \"city\": the form has no \"address[city]\"." "$reason"

if [ "$failures" -gt 0 ]; then
    echo "$failures check(s) failed; server log: $scratch/vapor-server.log" >&2
    exit 1
fi
echo "Vapor end-to-end test passed"
